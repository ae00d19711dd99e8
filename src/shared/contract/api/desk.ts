/** The desk module's own routes (modules/desk) and the message entity's list; what they answer: desk.schemas.ts. */

const MESSAGE = '/api/blade-system/message';

/** The drawer's messages (the message entity's page). */
export const MESSAGE_LIST_URL = `${MESSAGE}/list`;
export const MESSAGE_READ_URL = `${MESSAGE}/read`;
export const MESSAGE_READ_ALL_URL = `${MESSAGE}/read-all`;
export const MESSAGE_UNREAD_COUNT_URL = `${MESSAGE}/unread-count`;
/** Where BladeX consoles upload their kept error logs (contract auth.md §5). */
export const LOGOUT_URL = '/api/blade-auth/oauth/logout';
