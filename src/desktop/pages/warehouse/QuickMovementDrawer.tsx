import { Suspense } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../client/lazy.ts';
import { useMediaQuery } from '../../components/use-media-query.ts';

/** A tablet held upright (under 992 px) gives the form the whole width; a wider screen keeps the list in view. */
const NARROW = '(max-width: 991.98px)';
const DRAWER_WIDTH = 480;

// The phone's form and antd-mobile come when the drawer first opens. The drawer itself is antd's, already in the
// console: loaded with the form, it would cut antd's shared chunks differently and grow the login page's bytes.
const QuickMovementForm = lazyPage<{ firstScan?: string; onStored: () => void }>(
  () => import('./QuickMovementForm.tsx'),
);

/**
 * 快速出入库 on the desktop console: the keeper's movement form (part first, one-tap choices, 提交并过账, the next
 * movement on the same form, a wedge scanner's code filling the part) in a drawer beside the movement list.
 */
export function QuickMovementDrawer({
  firstScan,
  onStored,
  onClose,
}: {
  /** The code a scanner typed on the list, which opened the drawer: looked up at once. */
  firstScan?: string;
  onStored: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
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
      <Suspense fallback={null}>
        <QuickMovementForm firstScan={firstScan} onStored={onStored} />
      </Suspense>
    </Drawer>
  );
}
