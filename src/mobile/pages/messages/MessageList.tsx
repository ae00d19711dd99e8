import { useState } from 'react';
import { List, PullToRefresh } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchMessages, markRead, messageTarget, MESSAGE_UNREAD, type Message } from '../../../client/api/message.ts';
import type { Page } from '../../../client/http.ts';
import { useOnline } from '../../../client/pwa.ts';
import { NextPages, nextPageOf, useOnlineRefresh } from '../../components/PagedScroll.tsx';
import { keys } from '../../hooks.ts';
import { APPROVAL_PATHS } from '../../paths.ts';
import { QueryState } from '../QueryState.tsx';
import { MessageDetail } from './MessageDetail.tsx';

const PAGE_SIZE = 20;
const READ = 1;

/**
 * One message list (all, or one status): pull to refresh, pages loaded while scrolling. A tap opens what a workflow
 * message is about (a new to-do its task, another its request), any other message in a sheet.
 */
export function MessageList({ status }: { status?: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Message>();
  const [visible, setVisible] = useState(false);
  const query = useInfiniteQuery({
    queryKey: [...keys.messages, status ?? 'all'],
    queryFn: ({ pageParam }) =>
      fetchMessages(
        status === undefined
          ? { current: pageParam, size: PAGE_SIZE }
          : { status, current: pageParam, size: PAGE_SIZE },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: Page<Message>) => nextPageOf(last, PAGE_SIZE),
  });
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  const refresh = useOnlineRefresh(() =>
    Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: keys.unreadCount })]),
  );

  const open = (message: Message) => {
    const target = messageTarget(message);
    // A notice's message shows its text here; the notice itself is on the notices tab.
    if (target && target.open !== 'notice') {
      const kind = target.kind ?? 'process';
      navigate(target.open === 'task' ? APPROVAL_PATHS.handle(kind, target) : APPROVAL_PATHS.detail(kind, target));
    } else {
      setOpened(message);
      setVisible(true);
    }
    if (message.status !== MESSAGE_UNREAD || !online) return;
    markRead([message.id]).then(
      () => {
        // Mirror the server's change in every loaded list, so nothing jumps while the detail is open.
        queryClient.setQueriesData<InfiniteData<Page<Message>>>(
          { queryKey: keys.messages },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                records: page.records.map((record) =>
                  record.id === message.id ? { ...record, status: READ } : record,
                ),
              })),
            },
        );
        void queryClient.invalidateQueries({ queryKey: keys.unreadCount });
      },
      () => undefined,
    );
  };

  return (
    <PullToRefresh onRefresh={refresh}>
      <QueryState query={query} empty={records.length === 0}>
        <List>
          {records.map((message) => {
            const unread = message.status === MESSAGE_UNREAD;
            return (
              <List.Item
                key={message.id}
                onClick={() => open(message)}
                arrowIcon={false}
                description={
                  <>
                    <div className="m-msg-content">{message.content}</div>
                    <div className="m-msg-time">{message.createTime}</div>
                  </>
                }
              >
                <span className={unread ? 'm-msg-title m-unread' : 'm-msg-title'}>
                  {unread && <span className="m-dot" role="img" aria-label={t('mobile.messages.unreadMark')} />}
                  {message.title || t('mobile.messages.untitled')}
                </span>
              </List.Item>
            );
          })}
        </List>
        <NextPages query={query} />
      </QueryState>
      <MessageDetail message={opened} visible={visible} onClose={() => setVisible(false)} />
    </PullToRefresh>
  );
}
