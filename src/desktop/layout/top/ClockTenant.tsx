import { tenantInfoQuery } from '../../../client/queries.ts';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../client/session.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';

/** Clock (in the tenant's time zone, as the server writes dates) and the tenant's name (resolved from the host), else the user's tenant id. */
export function ClockTenant() {
  const { t } = useTranslation();
  const { userInfo, tenantId } = useSession();
  const { data } = useQuery(tenantInfoQuery);
  const [now, setNow] = useState(() => formatDateTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(formatDateTime()), 1000);
    return () => clearInterval(timer);
  }, []);
  const tenant = data?.tenantName || userInfo?.tenant_id || tenantId;
  return (
    <div className="tenon-clock" title={t('shell.top.tenant')}>
      <span className="tenon-clock-tenant">{tenant}</span>
      <span className="tenon-clock-time">{now}</span>
    </div>
  );
}
