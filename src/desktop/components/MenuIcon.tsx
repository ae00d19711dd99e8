import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  ContactsOutlined,
  ControlOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FundOutlined,
  MessageOutlined,
  MonitorOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/** Server menus name Saber iconfont classes (`iconfont iconicon_setting`); the console shows the nearest antd icon. */
const ICONS: Record<string, ComponentType> = {
  airplay: DesktopOutlined,
  whole: MonitorOutlined,
  tool: ToolOutlined,
  dispose: BarChartOutlined,
  coinpurse_line: WalletOutlined,
  send: SendOutlined,
  task_done: CheckSquareOutlined,
  addresslist: ContactsOutlined,
  shop: ShopOutlined,
  discount: FundOutlined,
  cspace: ControlOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  message: MessageOutlined,
  sms: MessageOutlined,
  doc: FileTextOutlined,
  attestation: AuditOutlined,
};

export function MenuIcon({ source }: { source: string }) {
  const name = /iconicon_([\w-]+)/.exec(source)?.[1] ?? '';
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
