import './render-shim.ts';
import './mobile.css';
import { Suspense, useEffect } from 'react';
import { preloadLogin } from '../client/auth.ts';
// antd-mobile by its components' own paths, not its index: everything the index reaches (pop-ups, their animation
// library) would load before the login form. Its global style (the index's side effect) is imported as it would.
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { site } from '../client/config.ts';
import { setNavigator } from '../client/navigation.ts';
import { setNotifier } from '../client/notify.ts';
import { lazyPage } from '../client/lazy.ts';
import { LockOnly, PublicOnly, RequireAuth } from './guard.tsx';
import { UpdatePrompt } from './layout/UpdatePrompt.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { showToast } from './toast.ts';
import type { Status } from './pages/StatusPage.tsx';

// The tabs and the lock page are one chunk loaded after the login form (see main-area.tsx).
const mainArea = () => import('./main-area.tsx');
const MainArea = lazyPage(mainArea);
const LockPage = lazyPage<object>(() => mainArea().then((m) => ({ default: m.LockPage })));
const StatusPage = lazyPage<{ status: Status }>(() => mainArea().then((m) => ({ default: m.StatusPage })));

const loading = (
  <div className="m-state" aria-busy="true">
    <DotLoading color="primary" />
  </div>
);

/** Once the login form is drawn: md5 and the tabs, fetched while the user types. */
function PrefetchAfterLogin() {
  useEffect(() => preloadLogin(() => void MainArea.preload()), []);
  return null;
}

/** Shared code (axios 401, logout) moves with this router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => navigate(path, { replace: true })), [navigate]);
  return null;
}

export function MobileRoutes() {
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route
          path="/login"
          element={
            <PublicOnly>
              <LoginPage />
              <PrefetchAfterLogin />
            </PublicOnly>
          }
        />
        <Route
          path={site.lockPage}
          element={
            <LockOnly>
              <LockPage />
            </LockOnly>
          }
        />
        <Route path="/404" element={<StatusPage status="404" />} />
        <Route path="/403" element={<StatusPage status="403" />} />
        <Route path="/500" element={<StatusPage status="500" />} />
        <Route
          path="/*"
          element={
            <RequireAuth>
              <MainArea />
            </RequireAuth>
          }
        />
      </Routes>
    </Suspense>
  );
}

/** The phone layout (width < 768): antd-mobile only, never antd or anything of the desktop console. */
export default function MobileApp() {
  const { i18n } = useTranslation();
  useEffect(() => {
    setNotifier({
      error: (text) => showToast('fail', text),
      success: (text) => showToast('success', text),
    });
  }, []);
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <BrowserRouter>
        <NavigatorBridge />
        <MobileRoutes />
        <UpdatePrompt />
      </BrowserRouter>
    </ConfigProvider>
  );
}
