// The phone's movement form, as it is: antd-mobile's pop-ups need the shim, its fields the phone's styles (all
// prefixed `m-` or `adm-`, so nothing of the console changes). This module is loaded when the drawer first opens.
import '../../../mobile/render-shim.ts';
import '../../../mobile/mobile.css';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useTranslation } from 'react-i18next';
import { NewMovementForm } from '../../../mobile/pages/warehouse/MovementForm.tsx';

/** The keeper's movement form in antd-mobile's language. */
export default function QuickMovementForm(props: { firstScan?: string; onStored: () => void }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <NewMovementForm {...props} />
    </ConfigProvider>
  );
}
