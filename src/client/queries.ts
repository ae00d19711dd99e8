import { queryOptions } from '@tanstack/react-query';
import { fetchTenantInfo } from './api/system.ts';

/** Query options both layouts share. */

/** The tenant configured for this console's origin (login form, clock area): public, cached for the page's life. */
export const tenantInfoQuery = queryOptions({
  queryKey: ['tenant-info', typeof window === 'undefined' ? '' : window.location.origin],
  queryFn: () => fetchTenantInfo(window.location.origin),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
