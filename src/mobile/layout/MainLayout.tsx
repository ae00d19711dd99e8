import { Avatar, NavBar, TabBar } from 'antd-mobile';
import { CheckShieldOutline, LockOutline, MessageOutline, TruckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../client/session.ts';
import { inventoryLog } from '../../shared/entities/warehouse/inventory-log.ts';
import { badgeText, useUnreadCount, useUnreadNotices } from '../hooks.ts';
import { useDocumentTitle } from '../page-hooks.ts';
import { useHoldsMenu } from '../menu-codes.ts';
import { subPageTitleKey, TAB_PATHS } from '../paths.ts';
import { OfflineBanner } from './OfflineBanner.tsx';

/**
 * Header with the "me" avatar, the offline banner, the page, and the tab bar of four tabs (出入库 for the holders of
 * 出入库记录 only: the others have no movements to see). A page below a tab
 * (an approval, a request form) has a back arrow instead and no tab bar: its own actions sit at the bottom.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  const { userInfo } = useSession();
  // The messages tab counts the unread notices with the unread messages: both are read there.
  const unread = useUnreadCount() + useUnreadNotices();
  const movements = useHoldsMenu(inventoryLog.code) === true;
  const tabs = [
    { key: TAB_PATHS.approvals, title: t('mobile.tabs.approvals'), icon: <CheckShieldOutline /> },
    { key: TAB_PATHS.messages, title: t('mobile.tabs.messages'), icon: <MessageOutline />, badge: badgeText(unread) },
    ...(movements
      ? [{ key: TAB_PATHS.inventoryLogs, title: t('mobile.tabs.inventoryLogs'), icon: <TruckOutline /> }]
      : []),
    { key: TAB_PATHS.lock, title: t('mobile.tabs.lock'), icon: <LockOutline /> },
  ];
  const onMe = pathname === TAB_PATHS.me;
  const subTitle = subPageTitleKey(pathname);
  const back = onMe || subTitle !== undefined;
  const title = subTitle
    ? t(subTitle)
    : onMe
      ? t('mobile.tabs.me')
      : (tabs.find((tab) => tab.key === pathname)?.title ?? '');
  useDocumentTitle(title);

  const avatar = (
    <button
      type="button"
      className="m-avatar-button"
      aria-label={t('mobile.tabs.me')}
      onClick={() => navigate(TAB_PATHS.me)}
    >
      <Avatar src={userInfo?.avatar ?? ''} style={{ '--size': '32px', '--border-radius': '50%' }} />
    </button>
  );
  return (
    <div className="m-app">
      <header className="m-header">
        <NavBar
          back={back ? '' : null}
          onBack={() => (key === 'default' ? navigate('/') : navigate(-1))}
          right={back ? null : avatar}
        >
          {title}
        </NavBar>
      </header>
      <OfflineBanner />
      <main className="m-body">
        <Outlet />
      </main>
      {subTitle === undefined && (
        <TabBar className="m-tab-bar" activeKey={onMe ? null : pathname} onChange={(key) => navigate(key)} safeArea>
          {tabs.map((tab) => (
            <TabBar.Item key={tab.key} icon={tab.icon} title={tab.title} badge={tab.badge} />
          ))}
        </TabBar>
      )}
    </div>
  );
}
