import { useState } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../../client/config.ts';
import { useSession } from '../../../client/session.ts';
import { useClearCacheConfirm } from '../../components/use-clear-cache-confirm.ts';
import { useLogoutConfirm } from '../../components/use-logout-confirm.ts';
import { HOME_PATH, INFO_PATH } from '../../router/route-table.ts';
import { lazyDialog } from '../../components/LazyDialog.tsx';

const SwitchDeptDialog = lazyDialog(() => import('./SwitchDeptDialog.tsx'));

/** Avatar and name with the user dropdown: home, user info, switch dept (switchMode), clear cache, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [switching, setSwitching] = useState(false);
  const confirmLogout = useLogoutConfirm();
  const clearCache = useClearCacheConfirm();

  const items: MenuProps['items'] = [
    { key: 'home', label: t('shell.route.home') },
    { key: 'info', label: t('shell.user.info') },
    ...(site.switchMode ? [{ key: 'switch', label: t('shell.user.switchDept') }] : []),
    { key: 'cache', label: t('shell.user.clearCache') },
    { type: 'divider' },
    { key: 'logout', label: t('common.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate(HOME_PATH);
    else if (key === 'info') void navigate(INFO_PATH);
    else if (key === 'switch') setSwitching(true);
    else if (key === 'cache') clearCache();
    else if (key === 'logout') confirmLogout();
  };

  const name = userInfo?.real_name || userInfo?.nick_name || userInfo?.user_name || '';
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <button type="button" className="tenon-user" aria-label={t('shell.user.menu')}>
          <Avatar size={28} src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
          <span className="tenon-user-name">{name}</span>
        </button>
      </Dropdown>
      {site.switchMode && <SwitchDeptDialog open={switching} onClose={() => setSwitching(false)} />}
    </>
  );
}
