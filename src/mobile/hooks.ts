import { useQuery } from '@tanstack/react-query';
import { fetchUnreadCount } from '../client/api/message.ts';
import { fetchNoticeFeed } from '../client/api/notice.ts';
import { site } from '../client/config.ts';
import { useSession } from '../client/session.ts';

/** Query keys of the phone layout (the message lists and the badge are refreshed together). */
export const keys = {
  messages: ['mobile', 'messages'] as const,
  unreadCount: ['mobile', 'unread-count'] as const,
  /** The notice list, an opened notice and the unread notices: a reading refreshes them all. */
  notices: ['mobile', 'notices'] as const,
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

/** Unread notices published to the signed-in user (0 without the notice menu: the feed is quiet then). */
export function useUnreadNotices(): number {
  const { token } = useSession();
  const query = useQuery({
    queryKey: [...keys.notices, 'unread'],
    queryFn: async () => (await fetchNoticeFeed(1)).unread,
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
