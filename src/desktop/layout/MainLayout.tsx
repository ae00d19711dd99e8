import { Suspense, useEffect, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router-dom';
import type { ScreenClass } from '../../client/config.ts';
import { ErrorBoundary } from '../../client/ErrorBoundary.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { useTabGenerations } from '../tabs/tab-store.ts';
import { SHELL_THEMES } from '../theme/themes.ts';
import { useThemeState } from '../theme/theme-store.ts';
import { Logo } from './Logo.tsx';
import { SideMenu } from './SideMenu.tsx';
import { StatusBanners } from './StatusBanners.tsx';
import { TabBar } from './TabBar.tsx';
import { TopBar } from './TopBar.tsx';
import { WarmUp } from './WarmUp.tsx';
import { useScreenVisits } from './use-screen-visits.ts';

/** The main layout: sidebar, top bar, tab bar and the current page. */
export default function MainLayout({ screen }: { screen: ScreenClass }) {
  const { themeKey } = useThemeState();
  const shell = SHELL_THEMES[themeKey];
  const [collapsed, setCollapsed] = useState(screen <= 1);
  const [topMenuId, setTopMenuId] = useState('');
  const location = useLocation();
  const generations = useTabGenerations();
  const fullPath = `${location.pathname}${location.search}`;
  useScreenVisits();

  // Screen class 1 (768–991 px) collapses the sidebar; wider screens keep the user's choice.
  useEffect(() => {
    if (screen <= 1) setCollapsed(true);
  }, [screen]);

  return (
    <Layout className={`tenon-shell tenon-theme-${shell.key}`} hasSider>
      <Layout.Sider
        className="tenon-sider"
        collapsed={collapsed}
        trigger={null}
        width={220}
        collapsedWidth={64}
        style={{ background: shell.siderBg }}
      >
        <Logo collapsed={collapsed} color={shell.logoColor} />
        <div className="tenon-sider-scroll">
          <SideMenu topMenuId={topMenuId} collapsed={collapsed} dark={shell.siderDark} />
        </div>
      </Layout.Sider>
      <Layout className="tenon-main">
        <Layout.Header className="tenon-header" style={{ background: shell.headerBg, color: shell.headerText }}>
          <TopBar
            screen={screen}
            collapsed={collapsed}
            onToggle={() => setCollapsed((value) => !value)}
            topMenuId={topMenuId}
            onTopMenu={setTopMenuId}
          />
        </Layout.Header>
        <StatusBanners />
        <TabBar background={shell.tabBarBg} />
        <Layout.Content className="tenon-content">
          <Suspense fallback={<PageLoading />}>
            {/* "Refresh" on a tab bumps its generation: a new key remounts the page. */}
            <div key={`${fullPath}#${generations[fullPath] ?? 0}`} className="tenon-page">
              {/* A page that fails (its code not downloaded while offline) says so inside the shell. */}
              <ErrorBoundary>
                <Outlet />
              </ErrorBoundary>
            </div>
          </Suspense>
        </Layout.Content>
      </Layout>
      <WarmUp />
    </Layout>
  );
}
