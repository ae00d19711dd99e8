import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { site } from '../../client/config.ts';
import { currentLanguage } from '../../client/i18n.ts';
import { session, useSession } from '../../client/session.ts';
import { getStore } from '../../client/storage.ts';
import { useMenuEntries } from '../queries.ts';
import { tabLabel } from '../tabs/tab-list.ts';
import { tabStore } from '../tabs/tab-store.ts';
import { guard, pageTitle } from './guard.ts';
import type { Tab } from './types.ts';
import { describeRoute } from './route-table.ts';

/** Applies the spec §2 guard to every navigation: redirects, local logout, tabs and the page title. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { token, isLock } = useSession();
  const { entries } = useMenuEntries();
  const route = useMemo(() => describeRoute(location.pathname, entries, t), [location.pathname, entries, t]);
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const decision = guard({
    path: location.pathname,
    fullPath: `${location.pathname}${location.search}`,
    query,
    token,
    storedToken: getStore<string>('token') ?? '',
    isLock,
    lockPage: site.lockPage,
    route,
  });

  const tab = decision.action === 'pass' ? decision.tab : undefined;
  const logoutTo = decision.action === 'logout' ? decision.to : undefined;
  useEffect(() => {
    if (logoutTo === undefined) return;
    session.localLogout();
    void navigate(logoutTo, { replace: true });
  }, [logoutTo, navigate]);
  // The decision is a new object every render: enter the tab only when what it shows changes.
  const tabKey = tab ? JSON.stringify(tab) : '';
  useEffect(() => {
    if (tabKey) tabStore.enter(JSON.parse(tabKey) as Tab);
  }, [tabKey]);

  const label = tab ? tabLabel(tab, currentLanguage(), t) : route?.meta.i18n ? t(route.meta.i18n) : route?.label;
  useEffect(() => {
    if (decision.action === 'pass') document.title = pageTitle(label, t('common.appName'));
  }, [decision.action, label, t, i18n.language]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'logout') return null;
  return children;
}
