import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantName } from '../../../client/queries.ts';
import { useSession } from '../../../client/session.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';

/**
 * Clock (in the tenant's time zone, as the server writes dates) and the tenant's name, else (a session from before
 * names were sent) its id.
 */
export function ClockTenant() {
  const { t } = useTranslation();
  const { tenantId } = useSession();
  const tenantName = useTenantName();
  const [now, setNow] = useState(() => formatDateTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(formatDateTime()), 1000);
    return () => clearInterval(timer);
  }, []);
  const tenant = tenantName || tenantId;
  return (
    <div className="tenon-clock" title={t('shell.top.tenant')}>
      <span className="tenon-clock-tenant">{tenant}</span>
      <span className="tenon-clock-time">{now}</span>
    </div>
  );
}
