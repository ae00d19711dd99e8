import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useTenantName } from '../../../client/queries.ts';
import { useSession } from '../../../client/session.ts';

/** Clock and the tenant's name, else (a session from before names were sent) its id. */
export function ClockTenant() {
  const { t } = useTranslation();
  const { tenantId } = useSession();
  const tenantName = useTenantName();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  const tenant = tenantName || tenantId;
  return (
    <div className="tenon-clock" title={t('shell.top.tenant')}>
      <span className="tenon-clock-tenant">{tenant}</span>
      <span className="tenon-clock-time">{now.format('YYYY-MM-DD HH:mm:ss')}</span>
    </div>
  );
}
