import { createElement } from 'react';
import { lazyPage, type LazyPage } from '../../client/lazy.ts';
import { queryClient } from '../../client/query.ts';
import type { EntityDef } from '../../shared/entities/define.ts';
import type { CrudOptions } from '../components/crud/fields.ts';

/** A screen; one that lists an entity on the shared page can fetch its first rows before it is shown. */
type Screen = LazyPage & { prefetchRows?: () => Promise<void> };

/** A screen whose first rows are the shared page's over `entity` with `options`. */
function withRows(page: LazyPage, entity: () => Promise<EntityDef>, options: CrudOptions = {}): Screen {
  return Object.assign(page, {
    // Two small chunks (the query and the definition) stand between the click and the request, not the CRUD blocks.
    prefetchRows: async () => {
      const [{ prefetchFirstRows }, definition] = await Promise.all([import('../components/crud/use-crud-rows.ts'), entity()]);
      await prefetchFirstRows(queryClient, definition, options);
    },
  });
}

/**
 * A plain entity's screen: the shared CRUD page over its definition. The page and the definition load together in
 * the screen's chunk, so the shell carries neither.
 */
function crudScreen(load: () => Promise<EntityDef>, options?: CrudOptions): Screen {
  return withRows(lazyPage(async () => {
    const [{ CrudPage }, entity] = await Promise.all([import('../components/crud/CrudPage.tsx'), load()]);
    return { default: function EntityScreen() { return createElement(CrudPage, { entity, options }); } };
  }), load, options);
}

/**
 * Screens by menu path (`/system/param`), each a lazy chunk: `'/system/param': lazyPage(() => import('./system/ParamPage.tsx'))`.
 * A menu whose path is not here shows the "not available yet" page.
 */
export const pageRegistry: Readonly<Record<string, Screen>> = {
  '/system/param': crudScreen(async () => (await import('../../shared/entities/system/param.ts')).param),
  '/system/post': crudScreen(async () => (await import('../../shared/entities/system/post.ts')).post),
  '/system/client': crudScreen(async () => (await import('../../shared/entities/system/client.ts')).client),
  '/system/topmenu': lazyPage(() => import('./system/TopMenuPage.tsx')),
  // Spec §2: dialog 600, no view button.
  '/system/tenantpackage': crudScreen(
    async () => (await import('../../shared/entities/system/tenant-package.ts')).tenantPackage,
    { dialogWidth: 600, hideView: true },
  ),
  '/system/tenant': lazyPage(() => import('./system/TenantPage.tsx')),
  '/authority/role': lazyPage(() => import('./authority/RolePage.tsx')),
  '/system/user': withRows(lazyPage(() => import('./system/UserPage.tsx')), async () => (await import('../../shared/entities/system/user.ts')).user),
  '/authority/datascope': crudScreen(async () => (await import('../../shared/entities/system/scopes.ts')).dataScope),
  '/authority/apiscope': crudScreen(async () => (await import('../../shared/entities/system/scopes.ts')).apiScope),
  '/base/region': lazyPage(() => import('./base/RegionPage.tsx')),
  '/base/workcalendar': crudScreen(async () => (await import('../../shared/entities/system/work-calendar.ts')).workCalendar),
  // Tree tables loaded level by level: a tenant may have 1,000+ menus.
  '/system/dept': crudScreen(async () => (await import('../../shared/entities/system/dept.ts')).dept, { lazy: true }),
  '/system/menu': crudScreen(async () => (await import('../../shared/entities/system/menu.ts')).menu, { lazy: true }),
  '/system/dict': lazyPage(async () => ({ default: (await import('./system/DictionaryPage.tsx')).SystemDictionaryPage })),
  '/system/dictbiz': lazyPage(async () => ({ default: (await import('./system/DictionaryPage.tsx')).BusinessDictionaryPage })),
  '/flow/model': lazyPage(() => import('./flow/ModelPage.tsx')),
  '/flow/deploy': lazyPage(() => import('./flow/DeployPage.tsx')),
  '/flow/manager': lazyPage(() => import('./flow/ManagerPage.tsx')),
  '/flow/follow': lazyPage(() => import('./flow/FollowPage.tsx')),
  '/work/start': lazyPage(() => import('./work/StartPage.tsx')),
  '/work/claim': lazyPage(async () => ({ default: (await import('./work/WorkListPage.tsx')).ClaimPage })),
  '/work/todo': lazyPage(async () => ({ default: (await import('./work/WorkListPage.tsx')).TodoPage })),
  '/work/send': lazyPage(async () => ({ default: (await import('./work/WorkListPage.tsx')).SendPage })),
  '/work/done': lazyPage(async () => ({ default: (await import('./work/WorkListPage.tsx')).DonePage })),
  '/tool/datasource': crudScreen(async () => (await import('../../shared/entities/develop/datasource.ts')).datasource),
};

/** The page of every path the console does not declare: it finds the path's menu and shows that menu's screen from this registry. */
export const MenuPage = lazyPage(() => import('./MenuPage.tsx'));

/**
 * Starts loading a menu's screen before it is shown: the screen's chunks and the page that hosts it in parallel,
 * instead of one after the other as rendering would find them (a hovered menu); with `rows`, its first rows too
 * (a clicked one, whose screen is about to ask for them).
 */
export function preloadScreen(menuPath: string, { rows = false } = {}): void {
  const screen = pageRegistry[menuPath];
  void MenuPage.preload();
  void screen?.preload();
  if (rows) void screen?.prefetchRows?.();
}

/** The same for a console route about to start (`/system/user/index`: the page's first address): a known screen's only. */
export function preloadRoute(pathname: string): void {
  const menuPath = pathname.replace(/\/index$/, '');
  if (pageRegistry[menuPath]) preloadScreen(menuPath, { rows: true });
}
