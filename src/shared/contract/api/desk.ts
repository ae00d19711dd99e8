/** The desk module's own routes (modules/desk) and the message entity's list; what they answer: desk.schemas.ts. */

/** The drawer's messages (the message entity's page). */
export const MESSAGE_LIST_URL = '/api/blade-system/message/list';
export const MESSAGE_READ_URL = '/api/blade-system/message/read';
export const MESSAGE_READ_ALL_URL = '/api/blade-system/message/read-all';
export const MESSAGE_UNREAD_COUNT_URL = '/api/blade-system/message/unread-count';
/** Where BladeX consoles upload their kept error logs (contract auth.md §5): the logout URL, POSTed to. */
export { LOGOUT_URL } from './auth.ts';
