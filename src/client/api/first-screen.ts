import { askEarly } from '../http.ts';
import type { MENU_ROUTES_URL as MenuRoutesUrl } from '../../shared/contract/api/system.ts';
import type { WORK_TODO_LIST_URL as TodoListUrl } from '../../shared/contract/api/flow.ts';

/**
 * What the phone's first screen after a login (the 待办 tab) asks for, sent by the login page as soon as the token
 * answers (askEarly) rather than once the tabs' code has arrived: on slow 3G that code comes 0.6 s after the token.
 * The screens' own queries ask the same addresses and take these answers. Kept apart from the API modules so the
 * login page does not download them.
 */
// The shared constants' text, typed by them (a wrong copy fails to compile): an import would add a chunk before the
// login form (bench/bundle).
export const MENU_ROUTES_URL: typeof MenuRoutesUrl = '/api/blade-system/menu/routes';
export const TODO_LIST_URL: typeof TodoListUrl = '/api/blade-flow/work/todo-list';
/** The phone's work lists load ten rows a page. */
export const WORK_LIST_PAGE_SIZE = 10;

export function askPhoneFirstScreen(): void {
  askEarly(MENU_ROUTES_URL);
  askEarly(TODO_LIST_URL, { current: 1, size: WORK_LIST_PAGE_SIZE });
}
