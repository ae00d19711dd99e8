// The phone's movement form, as it is: antd-mobile's pop-ups need the shim, its fields the phone's styles (all
// prefixed `m-` or `adm-`, so nothing of the console changes). This module is loaded when the drawer first opens.
import '../../../mobile/render-shim.ts';
import '../../../mobile/mobile.css';
import { Drawer } from 'antd';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useTranslation } from 'react-i18next';
import { NewMovementForm } from '../../../mobile/pages/warehouse/MovementForm.tsx';
import { useMediaQuery } from '../../components/use-media-query.ts';

/** A tablet held upright (under 992 px) gives the form the whole width; a wider screen keeps the list in view. */
const NARROW = '(max-width: 991.98px)';
const DRAWER_WIDTH = 480;

/**
 * 快速出入库 on the desktop console: the keeper's movement form (part first, one-tap choices, 提交并过账, the next
 * movement on the same form, a wedge scanner's code filling the part) in a drawer beside the movement list.
 */
export default function QuickMovementDrawer({
  firstScan,
  onStored,
  onClose,
}: {
  /** The code a scanner typed on the list, which opened the drawer: looked up at once. */
  firstScan?: string;
  onStored: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(NARROW);
  return (
    <Drawer
      open
      title={t('warehouse.quickMovement')}
      placement="right"
      size={narrow ? '100%' : DRAWER_WIDTH}
      onClose={onClose}
      rootClassName="tenon-quick-movement"
      styles={{ body: { padding: 0, background: '#f5f6f8' } }}
    >
      <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
        <NewMovementForm firstScan={firstScan} onStored={onStored} />
      </ConfigProvider>
    </Drawer>
  );
}
