import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline'; // not the index: on the login's way
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../client/pwa.ts';

/** Offline: what is shown was loaded before, and changes wait for the network. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="m-offline" role="status">
      <ExclamationCircleOutline className="m-offline-icon" />
      <div>
        <div>{t('common.offline')}</div>
        <div>{t('common.needNetwork')}</div>
      </div>
    </div>
  );
}
