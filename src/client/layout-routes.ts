import type { MenuNode } from './api/system.ts';
import { site } from './config.ts';
import { routeOf } from './menu-route.ts';

/**
 * The two layouts' routes and how one's paths lead into the other. The window crossing 768 px swaps the layout under
 * the address it shows, and links are shared between phones and desktops: each layout sends the other's paths to its
 * own equivalent, or to its home, and shows /404 only for a path neither knows.
 */

/** Routes of the phone layout: the four tabs of the tab bar, in order, and "me" (reached from the header avatar). */
export const TAB_PATHS = {
  approvals: '/approvals',
  messages: '/messages',
  inventoryLogs: '/inventory-logs',
  lock: '/lock-screen',
  me: '/me',
} as const;

/** The desktop console's own screens; its server menus add the rest. */
export const DESKTOP_PATHS = {
  home: site.firstPage.value,
  dashboard: '/wel/dashboard',
  test: '/test/index',
  info: '/info/index',
  /** Spec §2: the two dictionary pairs, side by side and stacked. */
  dictHorizontal: '/dict-horizontal/index',
  dictVertical: '/dict-vertical/index',
  iframe: '/myiframe/:routerPath',
} as const;

export const PHONE_HOME = TAB_PATHS.approvals;

export type Layout = 'phone' | 'desktop';

/** One path of each layout showing the same thing; `only` reads the row one way, into that layout. */
interface Equivalence {
  phone: string;
  desktop: string;
  only?: Layout;
}

// The pages of approvable entities (leave, fund approval): any kind here, checked against the definitions when the
// page loads (shared/entities/approvals.ts), which this module keeps off the login page's way.
const BUSINESS = ':business([a-z]+)';
const TASK = ':taskId/:processInstanceId/:businessId';
const REQUEST = ':processInstanceId/:businessId';

/**
 * Read top down, the first row whose pattern matches wins. Patterns: `:name` is one segment, `:name(re)` one segment
 * the regular expression matches whole, a `?key=value` must be in the address (other query keys are ignored).
 * The phone's approvals tab is its home and the desktop's 首页 its own: widening on it returns to where the desktop was.
 */
const EQUIVALENT_ROUTES: readonly Equivalence[] = [
  // A task to claim shows with its claim button on the phone; the desktop claims from its list.
  { phone: `/approvals/:kind/handle/${TASK}?claim=1`, desktop: '/work/claim/index', only: 'desktop' },
  // A process without a business form has no page of its own on the desktop: the list it is in.
  { phone: `/approvals/process/handle/${TASK}`, desktop: '/work/todo/index', only: 'desktop' },
  { phone: `/approvals/process/detail/${REQUEST}`, desktop: '/work/send/index', only: 'desktop' },
  { phone: '/approvals/process/form/:processDefinitionId', desktop: '/work/start/index', only: 'desktop' },
  { phone: `/approvals/${BUSINESS}/handle/${TASK}`, desktop: `/work/process/${BUSINESS}/handle/${TASK}` },
  { phone: `/approvals/${BUSINESS}/detail/${REQUEST}`, desktop: `/work/process/${BUSINESS}/detail/${REQUEST}` },
  {
    phone: `/approvals/${BUSINESS}/form/:processDefinitionId`,
    desktop: `/work/process/${BUSINESS}/form/:processDefinitionId`,
  },
  { phone: `${TAB_PATHS.approvals}?tab=claim`, desktop: '/work/claim/index' },
  { phone: `${TAB_PATHS.approvals}?tab=mine`, desktop: '/work/send/index' },
  { phone: TAB_PATHS.approvals, desktop: '/work/todo/index', only: 'phone' },
  { phone: TAB_PATHS.messages, desktop: '/desk/message/index' },
  { phone: TAB_PATHS.inventoryLogs, desktop: '/warehouse/inventorylog/index' },
  { phone: TAB_PATHS.me, desktop: DESKTOP_PATHS.info },
  { phone: TAB_PATHS.lock, desktop: DESKTOP_PATHS.home, only: 'desktop' },
  { phone: PHONE_HOME, desktop: DESKTOP_PATHS.home },
];

const PARAM = /^:(\w+)(?:\(([^)]*)\))?$/;

/** The pattern's values in `pathname` and `search`, or undefined when it does not match. */
function matchPattern(pattern: string, pathname: string, search: URLSearchParams): Record<string, string> | undefined {
  const [path, query = ''] = pattern.split('?');
  const want = path.split('/');
  const have = pathname.replace(/(.)\/+$/, '$1').split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const param = PARAM.exec(want[i]);
    if (!param) {
      if (want[i] !== have[i]) return undefined;
      continue;
    }
    const [, name, choices] = param;
    if (!have[i] || (choices !== undefined && !new RegExp(`^(?:${choices})$`).test(have[i]))) return undefined;
    params[name] = have[i];
  }
  for (const [key, value] of new URLSearchParams(query)) if (search.get(key) !== value) return undefined;
  return params;
}

/** The pattern with the values put in (they stay URL-encoded as they were in the address). */
function fillPattern(pattern: string, params: Record<string, string>): string {
  const [path, query] = pattern.split('?');
  const filled = path
    .split('/')
    .map((segment) => {
      const param = PARAM.exec(segment);
      return param ? params[param[1]] : segment;
    })
    .join('/');
  return query ? `${filled}?${query}` : filled;
}

/** A path of the other layout as this layout's equivalent (`to`), or undefined when the table has no row for it. */
export function equivalentPath(to: Layout, pathname: string, search = ''): string | undefined {
  const from: Layout = to === 'phone' ? 'desktop' : 'phone';
  const query = new URLSearchParams(search);
  for (const row of EQUIVALENT_ROUTES) {
    if (row.only && row.only !== to) continue;
    const params = matchPattern(row[from], pathname, query);
    if (params) return fillPattern(row[to], params);
  }
  return undefined;
}

/** Paths the desktop shows without a menu: its own screens, the approval pages, `/wel` and its public pages. */
const DESKTOP_OWN = [
  ...Object.values(DESKTOP_PATHS),
  '/wel',
  '/login',
  site.lockPage,
  '/404',
  '/403',
  '/500',
  `/work/process/${BUSINESS}/handle/${TASK}`,
  `/work/process/${BUSINESS}/detail/${REQUEST}`,
  `/work/process/${BUSINESS}/form/:processDefinitionId`,
];

/**
 * Whether the desktop console has a screen at `pathname`: one of its own, or a route of a server menu (`menus`, the
 * session's menu tree), including a leaf's bare menu path, which the desktop forwards to its `/index` route.
 */
export function isDesktopPath(pathname: string, menus: MenuNode[]): boolean {
  const none = new URLSearchParams();
  if (DESKTOP_OWN.some((pattern) => matchPattern(pattern, pathname, none))) return true;
  const walk = (nodes: MenuNode[]): boolean =>
    nodes.some((node) => {
      const leaf = !node.children || node.children.length === 0;
      if (!leaf) return walk(node.children ?? []);
      const { routePath, openMode } = routeOf(node);
      return openMode === 'route' && (routePath === pathname || node.path === pathname);
    });
  return walk(menus);
}
