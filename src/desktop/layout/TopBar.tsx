import { Button } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenClass } from '../../client/config.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { ClockTenant } from './top/ClockTenant.tsx';
import { ColorPick } from './top/ColorPick.tsx';
import { ErrorLogsButton } from './top/ErrorLogsButton.tsx';
import { FullScreenButton } from './top/FullScreenButton.tsx';
import { LockButton } from './top/LockButton.tsx';
import { MenuSearch } from './top/MenuSearch.tsx';
import { MessageButton } from './top/MessageButton.tsx';
import { NoticePopover } from './top/NoticePopover.tsx';
import { ThemePicker } from './top/ThemePicker.tsx';
import { TopMenu } from './top/TopMenu.tsx';
import { UserMenu } from './top/UserMenu.tsx';

interface TopBarProps {
  screen: ScreenClass;
  collapsed: boolean;
  onToggle: () => void;
  topMenuId: string;
  onTopMenu: (id: string) => void;
}

export function TopBar({ screen, collapsed, onToggle, topMenuId, onTopMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <div className="tenon-topbar">
      <Button
        type="text"
        className="tenon-top-item"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={t(collapsed ? 'shell.top.expand' : 'shell.top.collapse')}
        title={t(collapsed ? 'shell.top.expand' : 'shell.top.collapse')}
      />
      <TopMenu selected={topMenuId} onSelect={onTopMenu} />
      <div className="tenon-topbar-right">
        <MenuSearch compact={screen <= 1} />
        {screen >= 2 && <ClockTenant />}
        <MessageButton />
        <NoticePopover />
        <ThemePicker />
        <ColorPick />
        <LanguageSwitch className="tenon-top-item" />
        <LockButton />
        <FullScreenButton />
        <ErrorLogsButton />
        <UserMenu />
      </div>
    </div>
  );
}
