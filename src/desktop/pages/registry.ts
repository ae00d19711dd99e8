import { createElement, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyPage } from '../../client/lazy.ts';
import type { EntityDef } from '../../shared/entities/define.ts';
import type { CrudOptions } from '../components/crud/fields.ts';

/**
 * A plain entity's screen: the shared CRUD page over its definition. The page and the definition load together in
 * the screen's chunk, so the shell carries neither.
 */
function crudScreen(load: () => Promise<EntityDef>, options?: CrudOptions) {
  return lazyPage(async () => {
    const [{ CrudPage }, entity] = await Promise.all([import('../components/crud/CrudPage.tsx'), load()]);
    return { default: function EntityScreen() { return createElement(CrudPage, { entity, options }); } };
  });
}

/**
 * Screens by menu path (`/system/param`), each a lazy chunk: `'/system/param': lazyPage(() => import('./system/ParamPage.tsx'))`.
 * A menu whose path is not here shows the "not available yet" page.
 */
export const pageRegistry: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
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
  '/system/user': lazyPage(() => import('./system/UserPage.tsx')),
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
