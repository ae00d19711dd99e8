import { crudData, lazyPage, withData, type Screens } from '../screens.ts';

const user = async () => (await import('../../../shared/entities/system/user.ts')).user;

/** The system module's own desktop screens (menus of modules/system on the server). */
export const systemScreens: Screens = {
  '/system/topmenu': lazyPage(() => import('./TopMenuPage.tsx')),
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
  '/base/region': lazyPage(() => import('../base/RegionPage.tsx')),
  '/system/dict': lazyPage(async () => ({ default: (await import('./DictionaryPage.tsx')).SystemDictionaryPage })),
  '/system/dictbiz': lazyPage(async () => ({ default: (await import('./DictionaryPage.tsx')).BusinessDictionaryPage })),
};
