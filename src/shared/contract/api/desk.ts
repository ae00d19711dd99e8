/** The desk module's own routes (modules/desk) and the message entity's list; what they answer: desk.schemas.ts. */

/** The drawer's messages (the message entity's page). */
export const MESSAGE_LIST_URL = '/api/blade-system/message/list';
export const MESSAGE_READ_URL = '/api/blade-system/message/read';
export const MESSAGE_READ_ALL_URL = '/api/blade-system/message/read-all';
export const MESSAGE_UNREAD_COUNT_URL = '/api/blade-system/message/unread-count';
/** Where BladeX consoles upload their kept error logs (contract auth.md §5): the logout URL, POSTed to. */
export { LOGOUT_URL } from './auth.ts';

/** The notice entity's list and detail (the engine's routes). */
export const NOTICE_LIST_URL = '/api/blade-desk/notice/list';
export const NOTICE_DETAIL_URL = '/api/blade-desk/notice/detail';
/** The latest notices published to the caller (`current`, `size`), for the popover, the home page and the phone. */
export const NOTICE_FEED_URL = '/api/blade-desk/notice/feed';
/** Who has read a notice (`id`): its author and the tenant's administrators only. */
export const NOTICE_RECEIPTS_URL = '/api/blade-desk/notice/receipts';
/** The message entity's removal (the caller's own messages only). */
export const MESSAGE_REMOVE_URL = '/api/blade-system/message/remove';

/** The home page (issue 36): screens the caller opened, reported in batches (`visits`: [{path, count}]). */
export const HOME_VISITS_URL = '/api/blade-desk/home/visits';
/** The caller's most opened screens (`size`), most first: the home page's shortcuts. */
export const HOME_SHORTCUTS_URL = '/api/blade-desk/home/shortcuts';
/** The charts of the modules whose figures the caller may see and has (finance, warehouse, approvals). */
export const HOME_CHARTS_URL = '/api/blade-desk/home/charts';
