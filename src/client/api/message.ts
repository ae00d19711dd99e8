import { getData, postData, type Page } from '../http.ts';
import { businessOfTable, type BusinessKind } from './flow.ts';

/**
 * A message of the drawer (spec §3: status 0 unread, content, createTime). A workflow message also says what it is
 * about: the task it asks to handle, or the process and its business record.
 */
export interface Message {
  id: string;
  title: string;
  content: string;
  status: number;
  createTime: string;
  category: number;
  taskId?: string | null;
  processInstanceId?: string | null;
  businessTable?: string;
  businessId?: string | null;
}

export const MESSAGE_UNREAD = 0;

export const fetchMessages = (params: { status?: number; current?: number; size?: number }) =>
  getData<Page<Message>>('/api/blade-system/message/list', { current: 1, size: 50, ...params });
export const fetchUnreadCount = () => getData<number>('/api/blade-system/message/unread-count');
export const markRead = (ids: string[]) =>
  postData<null>('/api/blade-system/message/read', undefined, { ids: ids.join(',') });
export const markAllRead = () => postData<{ count: number }>('/api/blade-system/message/read-all');

/** What a click on a message opens: its task (a new to-do), else its request; undefined for a plain message. */
export type MessageTarget =
  | { open: 'task'; kind: BusinessKind | undefined; taskId: string; processInstanceId: string; businessId: string }
  | { open: 'record'; kind: BusinessKind | undefined; processInstanceId: string; businessId: string };

export function messageTarget(message: Message): MessageTarget | undefined {
  if (!message.processInstanceId) return undefined;
  const common = {
    kind: businessOfTable(message.businessTable ?? ''),
    processInstanceId: message.processInstanceId,
    businessId: message.businessId ?? '',
  };
  return message.taskId ? { open: 'task', taskId: message.taskId, ...common } : { open: 'record', ...common };
}
