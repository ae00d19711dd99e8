import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useOnline, useUpdateWaiting } from '../../client/pwa.ts';
import { useServerReachable } from '../../client/reachability.ts';

/** Offline notice (the browser offline, or the server out of reach) and the service worker's new-version prompt. */
export function StatusBanners() {
  const { t } = useTranslation();
  const online = useOnline();
  const reachable = useServerReachable();
  const updateWaiting = useUpdateWaiting();
  return (
    <>
      {(!online || !reachable) && <Alert banner type="warning" title={t('common.offline')} />}
      {updateWaiting && (
        <Alert
          banner
          type="info"
          title={t('common.updateAvailable')}
          action={
            <Button size="small" type="primary" onClick={applyUpdate}>
              {t('common.updateNow')}
            </Button>
          }
        />
      )}
    </>
  );
}
