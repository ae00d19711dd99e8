import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData, type Page } from '../../../client/http.ts';
import { fetchNoticeFeed } from '../../../client/api/notice.ts';
import { MESSAGE_UNREAD_COUNT_URL } from '../../../shared/contract/api/desk.ts';
import { WORK_TODO_LIST_URL } from '../../../shared/contract/api/flow.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { UNREAD_KEY } from '../../layout/top/MessageDrawer.tsx';
import { NoticeReader, NOTICES_KEY } from './NoticeReader.tsx';
import { fetchHomeCharts } from '../../../client/api/home.ts';
import { HomeShortcuts } from './HomeShortcuts.tsx';

// The charts' chunk (and echarts) loads only for a caller the server drew a chart for.
const HomeCharts = lazy(() => import('./HomeCharts.tsx'));

const LATEST = 6;
// Read quietly: a user without the work lists, messages or notices sees a dash there, not a refusal toast.
const fetchTodoCount = async () =>
  (await getData<Page<unknown>>(WORK_TODO_LIST_URL, { current: 1, size: 1 }, { silent: true })).total;
const fetchUnreadMessages = () => getData<number>(MESSAGE_UNREAD_COUNT_URL, undefined, { silent: true });

/**
 * The home page's desk: the caller's to-dos, unread messages and notices, his most used screens, the latest notices
 * published to him, and his modules' charts (none: no chart box at all).
 */
export function HomeDesk() {
  const { t } = useTranslation();
  const [reading, setReading] = useState<string | null>(null);
  const todos = useQuery({ queryKey: [DESKTOP_KEY, 'home', 'todo'], queryFn: fetchTodoCount, retry: false });
  const messages = useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnreadMessages, retry: false });
  const notices = useQuery({
    queryKey: [...NOTICES_KEY, 'feed', LATEST],
    queryFn: () => fetchNoticeFeed(LATEST),
    retry: false,
  });
  const figure = (title: string, value: number | undefined, pending: boolean) => (
    <Col xs={8}>
      <Card size="small">
        <Statistic title={title} value={value ?? '-'} loading={pending} />
      </Card>
    </Col>
  );
  const charts = useQuery({ queryKey: [DESKTOP_KEY, 'home', 'charts'], queryFn: fetchHomeCharts, retry: false });
  const records = notices.data?.records ?? [];
  return (
    <>
      <Row gutter={[16, 16]} className="tenon-home-figures">
        {figure(t('desk.home.todo'), todos.data, todos.isPending)}
        {figure(t('desk.home.unreadMessages'), messages.data, messages.isPending)}
        {figure(t('desk.home.unreadNotices'), notices.data?.unread, notices.isPending)}
      </Row>
      <Card size="small" title={t('desk.notice.latest')} className="tenon-home-notices" loading={notices.isPending}>
        {records.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.notice.empty')} />
        ) : (
          <ul className="tenon-notice-list">
            {records.map((notice) => (
              <li key={notice.id} className={notice.read ? undefined : 'is-unread'}>
                <button type="button" onClick={() => setReading(notice.id)}>
                  <span className="tenon-notice-title">{notice.title}</span>
                  <span className="tenon-notice-time">
                    {notice.categoryName} · {notice.releaseTime}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <HomeShortcuts />
      {charts.data && charts.data.length > 0 && (
        <Suspense fallback={null}>
          <HomeCharts charts={charts.data} />
        </Suspense>
      )}
      {reading && <NoticeReader id={reading} onClose={() => setReading(null)} />}
    </>
  );
}
