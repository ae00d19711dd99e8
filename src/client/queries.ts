import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDemoAccounts, fetchTenantInfo } from './api/system.ts';
import { useSession } from './session.ts';

/** Query options both layouts share. */

/** The tenant configured for this console's origin (login form, clock area): public, cached for the page's life. */
export const tenantInfoQuery = queryOptions({
  queryKey: ['tenant-info', typeof window === 'undefined' ? '' : window.location.origin],
  queryFn: () => fetchTenantInfo(window.location.origin),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The login page's demo hint: asked once per page, quietly (an older server without the route hints nothing). */
export const demoAccountsQuery = queryOptions({
  queryKey: ['demo-accounts'],
  queryFn: fetchDemoAccounts,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/**
 * The signed-in tenant's name: the one configured for this host (spec §2, fetched by current host), else the one
 * the login answered with (a host bound to no tenant); '' while neither is known.
 */
export function useTenantName(): string {
  const { userInfo, tenantId } = useSession();
  const host = useQuery(tenantInfoQuery).data;
  return (host?.tenantId === tenantId && host.tenantName) || userInfo?.tenant_name || '';
}
