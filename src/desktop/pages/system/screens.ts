import { crudData, crudScreen, lazyPage, withData, type Screens } from '../screens.ts';

const user = async () => (await import('../../../shared/entities/system/user.ts')).user;

/** The system module's desktop screens (menus of modules/system on the server). */
export const systemScreens: Screens = {
  '/system/param': crudScreen(async () => (await import('../../../shared/entities/system/param.ts')).param),
  '/system/post': crudScreen(async () => (await import('../../../shared/entities/system/post.ts')).post),
  '/system/client': crudScreen(async () => (await import('../../../shared/entities/system/client.ts')).client),
  '/system/topmenu': lazyPage(() => import('./TopMenuPage.tsx')),
  // Spec §2: dialog 600, no view button.
  '/system/tenantpackage': crudScreen(
    async () => (await import('../../../shared/entities/system/tenant-package.ts')).tenantPackage,
    { dialogWidth: 600, hideView: true },
  ),
  '/system/tenant': lazyPage(() => import('./TenantPage.tsx')),
  '/authority/role': lazyPage(() => import('../authority/RolePage.tsx')),
  // The users on the shared page and the top of the departments beside them.
  '/system/user': withData(
    lazyPage(() => import('./UserPage.tsx')),
    async () => {
      const [users, { DEPT_ROOT, deptLevelQuery }] = await Promise.all([
        crudData(user)(),
        import('./dept-tree-query.ts'),
      ]);
      return [...users, deptLevelQuery(DEPT_ROOT)];
    },
    user,
  ),
  '/authority/datascope': crudScreen(async () => (await import('../../../shared/entities/system/scopes.ts')).dataScope),
  '/authority/apiscope': crudScreen(async () => (await import('../../../shared/entities/system/scopes.ts')).apiScope),
  '/base/region': lazyPage(() => import('../base/RegionPage.tsx')),
  '/base/workcalendar': crudScreen(
    async () => (await import('../../../shared/entities/system/work-calendar.ts')).workCalendar,
  ),
  // Tree tables loaded level by level: a tenant may have 1,000+ menus.
  '/system/dept': crudScreen(async () => (await import('../../../shared/entities/system/dept.ts')).dept, {
    lazy: true,
  }),
  '/system/menu': crudScreen(async () => (await import('../../../shared/entities/system/menu.ts')).menu, {
    lazy: true,
  }),
  '/system/dict': lazyPage(async () => ({ default: (await import('./DictionaryPage.tsx')).SystemDictionaryPage })),
  '/system/dictbiz': lazyPage(async () => ({ default: (await import('./DictionaryPage.tsx')).BusinessDictionaryPage })),
};
