import { getData, postData, type Page } from '../http.ts';

/** A message of the drawer (spec §3: status 0 unread, content, createTime). */
export interface Message { id: string; title: string; content: string; status: number; createTime: string; category: number }

export const MESSAGE_UNREAD = 0;

export const fetchMessages = (params: { status?: number; current?: number; size?: number }) =>
  getData<Page<Message>>('/api/blade-system/message/list', { current: 1, size: 50, ...params });
export const fetchUnreadCount = () => getData<number>('/api/blade-system/message/unread-count');
export const markRead = (ids: string[]) => postData<null>('/api/blade-system/message/read', undefined, { ids: ids.join(',') });
export const markAllRead = () => postData<{ count: number }>('/api/blade-system/message/read-all');
