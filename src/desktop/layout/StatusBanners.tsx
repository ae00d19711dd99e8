import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useOnline, useUpdateWaiting } from '../../client/pwa.ts';

/** Offline notice and the new-version prompt of the service worker. */
export function StatusBanners() {
  const { t } = useTranslation();
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  return (
    <>
      {!online && <Alert banner type="warning" title={t('common.offline')} />}
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
