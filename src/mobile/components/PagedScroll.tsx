import { InfiniteScroll, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../client/http.ts';
import { useOnline } from '../../client/pwa.ts';

/**
 * The page after `last` of a list loaded `size` rows at a time, or undefined at its end. A capped total (more rows
 * than the server counts, `totalCapped`) says only that more follow.
 */
export function nextPageOf(last: Page<unknown>, size: number): number | undefined {
  const current = Number(last.current) || 1;
  const more = last.totalCapped || current * (Number(last.size) || size) < Number(last.total);
  return more && last.records.length > 0 ? current + 1 : undefined;
}

/** What NextPages needs of an infinite query (`useInfiniteQuery`'s result). */
interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/** The end of a paged list: loads the next page while scrolling, online only; a failed page is retried by scrolling. */
export function NextPages({ query }: { query: PagedQuery }) {
  const online = useOnline();
  return (
    <InfiniteScroll
      hasMore={Boolean(query.hasNextPage) && online}
      loadMore={async () => {
        const result = await query.fetchNextPage();
        if (result.isError) throw result.error;
      }}
    />
  );
}

/** A list's pull-to-refresh: `reload` when online, else a toast that the network is needed. */
export function useOnlineRefresh(reload: () => Promise<unknown>): () => Promise<void> {
  const { t } = useTranslation();
  const online = useOnline();
  return async () => {
    if (!online) {
      Toast.show({ content: t('common.needNetwork') });
      return;
    }
    await reload();
  };
}
