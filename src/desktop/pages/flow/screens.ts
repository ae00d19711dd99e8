import { lazyPage, type Screens } from '../screens.ts';

/** The flow module's desktop screens (menus of modules/flow on the server). */
export const flowScreens: Screens = {
  '/flow/model': lazyPage(() => import('./ModelPage.tsx')),
  '/flow/deploy': lazyPage(() => import('./DeployPage.tsx')),
  '/flow/manager': lazyPage(() => import('./ManagerPage.tsx')),
  '/flow/follow': lazyPage(() => import('./FollowPage.tsx')),
  '/flow/job': lazyPage(() => import('./JobsPage.tsx')),
  '/work/start': lazyPage(() => import('../work/StartPage.tsx')),
  '/work/claim': lazyPage(async () => ({ default: (await import('../work/WorkListPage.tsx')).ClaimPage })),
  '/work/todo': lazyPage(async () => ({ default: (await import('../work/WorkListPage.tsx')).TodoPage })),
  '/work/send': lazyPage(async () => ({ default: (await import('../work/WorkListPage.tsx')).SendPage })),
  '/work/done': lazyPage(async () => ({ default: (await import('../work/WorkListPage.tsx')).DonePage })),
  '/work/copy': lazyPage(async () => ({ default: (await import('../work/WorkListPage.tsx')).CopyPage })),
};
