import { Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { site, type ScreenClass } from '../../client/config.ts';
import { DESKTOP_PATHS } from '../../client/layout-routes.ts';
import { preloadLogin } from '../../client/auth.ts';
import { lazyPage } from '../../client/lazy.ts';
import { session } from '../../client/session.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import LoginPage from '../pages/LoginPage.tsx';
import {
  DASHBOARD_PATH,
  DICT_HORIZONTAL_PATH,
  DICT_VERTICAL_PATH,
  HOME_PATH,
  INFO_PATH,
  LOGIN_PATH,
} from './route-table.ts';
import { PROCESS_PATHS } from './route-table.ts';
import { RouteGuard } from './RouteGuard.tsx';

// The login form ships with the desktop entry; the console (antd's App, the shell) and every page load on demand.
const registry = () => import('../pages/screen-loading.ts');
// A screen opened by its address starts loading (its chunks, its first rows) with the shell, not after it.
if (session.get().token && window.location.pathname !== LOGIN_PATH)
  void registry().then((r) => r.preloadRoute(window.location.pathname));

/** A page inside antd's App (ConsoleApp), both chunks fetched together. */
function consolePage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazyPage<P>(async () => {
    const [{ default: Page }, { ConsoleApp }] = await Promise.all([load(), import('../components/ConsoleApp.tsx')]);
    return {
      default: (props: P) => (
        <ConsoleApp>
          <Page {...props} />
        </ConsoleApp>
      ),
    };
  });
}

// The page of the server's menus (nearly every screen) starts loading with the shell.
const MainLayout = consolePage(() => {
  void registry().then((r) => r.MenuPage.preload());
  return import('../layout/MainLayout.tsx');
});
const MenuPage = lazyPage(async () => {
  const { MenuPage: page } = await registry();
  await page.preload();
  return { default: page };
});
const LockPage = consolePage(() => import('../pages/LockPage.tsx'));
const ErrorPage = lazyPage(() => import('../pages/ErrorPage.tsx'));
const HomePage = lazyPage(() => import('../pages/HomePage.tsx'));
const DashboardPage = lazyPage(() => import('../pages/DashboardPage.tsx'));
const TestPage = lazyPage(() => import('../pages/TestPage.tsx'));
const InfoPage = lazyPage(() => import('../pages/InfoPage.tsx'));
const IframePage = lazyPage(() => import('../pages/IframePage.tsx'));
const DictHorizontalPage = lazyPage(async () => ({
  default: (await import('../pages/system/DictionaryPage.tsx')).SystemDictionaryPage,
}));
const DictVerticalPage = lazyPage(async () => ({
  default: (await import('../pages/system/DictionaryPage.tsx')).StackedDictionaryPage,
}));
const ProcessFormPage = lazyPage(() => import('../pages/work/process/ProcessFormPage.tsx'));
const ProcessHandlePage = lazyPage(() => import('../pages/work/process/ProcessHandlePage.tsx'));
const ProcessDetailPage = lazyPage(() => import('../pages/work/process/ProcessDetailPage.tsx'));

/**
 * Beside the login form: once it is drawn, fetches what the login and the home page after it need (md5, the shell,
 * the home page) while the user types, instead of after the token answers.
 */
function PrefetchAfterLogin() {
  useEffect(
    () =>
      preloadLogin(() => {
        void MainLayout.preload();
        void HomePage.preload();
      }),
    [],
  );
  return null;
}

export function DesktopRoutes({ screen }: { screen: ScreenClass }) {
  return (
    <RouteGuard>
      <Suspense fallback={<PageLoading full />}>
        <Routes>
          <Route
            path={LOGIN_PATH}
            element={
              <>
                <LoginPage />
                <PrefetchAfterLogin />
              </>
            }
          />
          <Route path={site.lockPage} element={<LockPage />} />
          <Route path="/404" element={<ErrorPage status="404" />} />
          <Route path="/403" element={<ErrorPage status="403" />} />
          <Route path="/500" element={<ErrorPage status="500" />} />
          <Route path="/" element={<Navigate to="/wel" replace />} />
          <Route path="/wel" element={<Navigate to={HOME_PATH} replace />} />
          <Route element={<MainLayout screen={screen} />}>
            <Route path={HOME_PATH} element={<HomePage />} />
            <Route path={DASHBOARD_PATH} element={<DashboardPage />} />
            <Route path={DESKTOP_PATHS.test} element={<TestPage />} />
            <Route path={INFO_PATH} element={<InfoPage />} />
            <Route path={DICT_HORIZONTAL_PATH} element={<DictHorizontalPage />} />
            <Route path={DICT_VERTICAL_PATH} element={<DictVerticalPage />} />
            <Route path={DESKTOP_PATHS.iframe} element={<IframePage />} />
            {/* Spec §2: the pages of approvable entities (business = an approval kind: shared/entities/approvals.ts). */}
            <Route path={PROCESS_PATHS.form} element={<ProcessFormPage />} />
            <Route path={PROCESS_PATHS.handle} element={<ProcessHandlePage />} />
            <Route path={PROCESS_PATHS.detail} element={<ProcessDetailPage />} />
            {/* Server menus: resolved against the menu tree, unknown paths go to /404. */}
            <Route path="*" element={<MenuPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteGuard>
  );
}
