import { getData, postData, type Page } from '../http.ts';
import { businessOfTable, type BusinessKind } from './flow.ts';
import {
  MESSAGE_LIST_URL,
  MESSAGE_READ_ALL_URL,
  MESSAGE_READ_URL,
  MESSAGE_UNREAD_COUNT_URL,
} from '../../shared/contract/api/desk.ts';
import type { Counted, Message } from '../../shared/contract/api/desk.schemas.ts';
import { MESSAGE_CATEGORY, MESSAGE_STATUS } from '../../shared/entities/desk/message.ts';

export type { Message } from '../../shared/contract/api/desk.schemas.ts';

export const MESSAGE_UNREAD = MESSAGE_STATUS.unread;

export const fetchMessages = (params: { status?: number; current?: number; size?: number }) =>
  getData<Page<Message>>(MESSAGE_LIST_URL, { current: 1, size: 50, ...params });
export const fetchUnreadCount = () => getData<number>(MESSAGE_UNREAD_COUNT_URL);
export const markRead = (ids: string[]) => postData<null>(MESSAGE_READ_URL, undefined, { ids: ids.join(',') });
export const markAllRead = () => postData<Counted>(MESSAGE_READ_ALL_URL);

/**
 * What a click on a message opens: its task (a new to-do), else its request; a notice's message its notice;
 * undefined for a plain message.
 */
export type MessageTarget =
  | { open: 'task'; kind: BusinessKind | undefined; taskId: string; processInstanceId: string; businessId: string }
  | { open: 'record'; kind: BusinessKind | undefined; processInstanceId: string; businessId: string }
  | { open: 'notice'; noticeId: string };

export function messageTarget(message: Message): MessageTarget | undefined {
  if (message.category === MESSAGE_CATEGORY.notice && message.businessId)
    return { open: 'notice', noticeId: message.businessId };
  if (!message.processInstanceId) return undefined;
  const common = {
    kind: businessOfTable(message.businessTable ?? ''),
    processInstanceId: message.processInstanceId,
    businessId: message.businessId ?? '',
  };
  return message.taskId ? { open: 'task', taskId: message.taskId, ...common } : { open: 'record', ...common };
}
