import { useState } from 'react';
import { List, NavBar, Popup, PullToRefresh, Tag } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchNotice, fetchNoticeFeed } from '../../../client/api/notice.ts';
import { keys } from '../../hooks.ts';
import { QueryState } from '../QueryState.tsx';

const FEED_SIZE = 50;

/** The notices published to the caller, latest first, his unread ones marked; a tap opens one full screen. */
export function NoticeList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<string | null>(null);
  const feed = useQuery({ queryKey: [...keys.notices, 'feed'], queryFn: () => fetchNoticeFeed(FEED_SIZE) });
  const notice = useQuery({
    queryKey: [...keys.notices, 'detail', opened],
    queryFn: async () => {
      const found = await fetchNotice(opened ?? '');
      // The reading is recorded: the list's mark and the unread badges follow.
      void queryClient.invalidateQueries({ queryKey: keys.notices, predicate: (q) => q.queryKey[2] !== 'detail' });
      return found;
    },
    enabled: opened !== null,
  });
  const records = feed.data?.records ?? [];
  return (
    <>
      <PullToRefresh onRefresh={async () => void (await feed.refetch())}>
        <QueryState query={feed} empty={records.length === 0}>
          <List>
            {records.map((line) => (
              <List.Item
                key={line.id}
                onClick={() => setOpened(line.id)}
                description={`${line.categoryName} · ${line.releaseTime}`}
                extra={line.read ? undefined : <Tag color="danger">{t('desk.notice.unread')}</Tag>}
              >
                {line.title}
              </List.Item>
            ))}
          </List>
        </QueryState>
      </PullToRefresh>
      <Popup
        visible={opened !== null}
        position="right"
        bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }}
      >
        <NavBar onBack={() => setOpened(null)}>{notice.data?.title ?? ''}</NavBar>
        {notice.data && (
          <article className="m-detail" aria-label={notice.data.title}>
            <div className="m-msg-time">
              {notice.data.categoryName} · {notice.data.releaseTime}
            </div>
            {/* Sanitised by the server on every write: nothing in it runs. */}
            <div className="m-detail-content tenon-html" dangerouslySetInnerHTML={{ __html: notice.data.content }} />
          </article>
        )}
      </Popup>
    </>
  );
}
