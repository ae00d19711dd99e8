import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { tenantInfoQuery } from '../client/queries.ts';
import { t } from '../client/i18n.ts';

// Apart from hooks.ts: the login page uses these, and hooks.ts reaches the message and approval APIs.

/** The tenant bound to this host (tenant/info?domain=<origin>); `tenantId` is empty when none is bound. */
export function useTenantInfo() {
  return useQuery(tenantInfoQuery);
}

/** "<label> - ERP 系统", as the desktop titles its tabs. */
export function useDocumentTitle(label: string) {
  useEffect(() => {
    document.title = label ? `${label} - ${t('common.appName')}` : t('common.appName');
  }, [label]);
}
