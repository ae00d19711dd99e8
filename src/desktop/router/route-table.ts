import { site } from '../../client/config.ts';
import { DESKTOP_PATHS } from '../../client/layout-routes.ts';
import { findByRoute, type MenuEntry } from './menu-routes.ts';
import type { RouteInfo, RouteMeta } from './types.ts';

export const LOGIN_PATH = '/login';
export const HOME_PATH = DESKTOP_PATHS.home;
export const INFO_PATH = DESKTOP_PATHS.info;
export const DASHBOARD_PATH = DESKTOP_PATHS.dashboard;
export const DICT_HORIZONTAL_PATH = DESKTOP_PATHS.dictHorizontal;
export const DICT_VERTICAL_PATH = DESKTOP_PATHS.dictVertical;

/**
 * Spec §2: the pages of approvable entities (leave, fund approval), one tab per request (the label names the
 * business and the step).
 */
export const PROCESS_PATHS = {
  form: '/work/process/:business/form/:processDefinitionId',
  handle: '/work/process/:business/handle/:taskId/:processInstanceId/:businessId',
  detail: '/work/process/:business/detail/:processInstanceId/:businessId',
} as const;
// Any kind: the page checks it against the definitions when it loads (approvals.ts, kept off the login page's way).
const PROCESS_ROUTE = /^\/work\/process\/([a-z]+)\/(form\/[^/]+|handle\/[^/]+\/[^/]+\/[^/]+|detail\/[^/]+\/[^/]+)$/;
/** The i18n key of an approval page's label (`flow.route.leaveHandle`), undefined for other paths. */
export function processRouteLabel(pathname: string): string | undefined {
  const match = PROCESS_ROUTE.exec(pathname);
  if (!match) return undefined;
  const step = match[2].split('/')[0];
  return `flow.route.${match[1]}${step[0].toUpperCase()}${step.slice(1)}`;
}

const PUBLIC: RouteMeta = { isAuth: false, isTab: false };

/** The console's own routes; everything else comes from the server's menus. */
export const STATIC_ROUTES: Readonly<Record<string, RouteMeta>> = {
  [LOGIN_PATH]: { ...PUBLIC, i18n: 'shell.route.login' },
  [site.lockPage]: { ...PUBLIC, i18n: 'shell.route.lock' },
  '/404': { ...PUBLIC, i18n: 'shell.route.notFound' },
  '/403': { ...PUBLIC, i18n: 'shell.route.forbidden' },
  '/500': { ...PUBLIC, i18n: 'shell.route.serverError' },
  [HOME_PATH]: { i18n: 'shell.route.home' },
  [DASHBOARD_PATH]: { i18n: 'shell.route.dashboard' },
  [DESKTOP_PATHS.test]: { i18n: 'shell.route.test' },
  [INFO_PATH]: { i18n: 'shell.route.info' },
  [DICT_HORIZONTAL_PATH]: { i18n: 'crud.dict.horizontal' },
  [DICT_VERTICAL_PATH]: { i18n: 'crud.dict.vertical' },
};

/** Label and meta of a path, from the static table or the menus; undefined when not (yet) known. */
export function describeRoute(
  pathname: string,
  entries: MenuEntry[] | undefined,
  translate: (key: string) => string,
): RouteInfo | undefined {
  const fixed = STATIC_ROUTES[pathname];
  if (fixed) return { label: fixed.i18n ? translate(fixed.i18n) : undefined, meta: fixed };
  const processLabel = processRouteLabel(pathname);
  // Every approvable kind's pages are titled (modules.test.ts); an untitled kind gets no tab, its page says not found.
  const processTitle = processLabel && translate(processLabel);
  if (processLabel && processTitle !== processLabel) return { label: processTitle, meta: { i18n: processLabel } };
  const entry = entries && findByRoute(entries, pathname);
  return entry ? { label: entry.name, labelEn: entry.nameEn, meta: {} } : undefined;
}
