import { InfiniteScroll, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../client/pwa.ts';

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
