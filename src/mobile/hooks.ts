import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchUnreadCount } from '../client/api/message.ts';
import { tenantInfoQuery } from '../client/queries.ts';
import { site } from '../client/config.ts';
import { t } from '../client/i18n.ts';
import { useSession } from '../client/session.ts';

/** Query keys of the phone layout (the message lists and the badge are refreshed together). */
export const keys = {
  messages: ['mobile', 'messages'] as const,
  unreadCount: ['mobile', 'unread-count'] as const,
};

/** Unread messages of the signed-in user, for the tab badge and the mark-all-read button. */
export function useUnreadCount(): number {
  const { token } = useSession();
  const query = useQuery({
    queryKey: keys.unreadCount,
    queryFn: fetchUnreadCount,
    enabled: Boolean(token),
    refetchInterval: 60_000,
  });
  return Number(query.data ?? 0);
}

/** Badge text as on the desktop: hidden at 0, capped at 99+. */
export function badgeText(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > site.messageBadgeMax ? `${site.messageBadgeMax}+` : String(count);
}

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
