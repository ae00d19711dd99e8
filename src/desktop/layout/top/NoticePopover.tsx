import { useState } from 'react';
import { Badge, Button, Empty, Popover, Spin, Tabs } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { businessOfTable, processRoutes } from '../../../client/api/flow.ts';
import { markRead, MESSAGE_UNREAD, type Message } from '../../../client/api/message.ts';
import { useOpenMessage } from '../../pages/desk/use-open-message.tsx';
import { getData, type Page } from '../../../client/http.ts';
import type { BladeFlow } from '../../../shared/contract/api/flow.schemas.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { MESSAGES_KEY, UNREAD_KEY } from './MessageDrawer.tsx';
import { WORK_TODO_LIST_URL } from '../../../shared/contract/api/flow.ts';
import { MESSAGE_LIST_URL } from '../../../shared/contract/api/desk.ts';
import { fetchNoticeFeed } from '../../../client/api/notice.ts';
import { NoticeReader, NOTICES_KEY } from '../../pages/desk/NoticeReader.tsx';

/** The first few of each list: the popover is a glance, the work lists and the drawer hold the rest. */
const GLANCE = 5;
const NOTICE_KEY = [DESKTOP_KEY, 'notice'] as const;

/**
 * Read quietly: a user without the work lists (no flow menu) simply has no to-dos here, rather than a refusal toast
 * each time he opens the popover.
 */
const fetchTodos = () => getData<Page<BladeFlow>>(WORK_TODO_LIST_URL, { current: 1, size: GLANCE }, { silent: true });
const fetchUnread = () =>
  getData<Page<Message>>(MESSAGE_LIST_URL, { current: 1, size: GLANCE, status: MESSAGE_UNREAD }, { silent: true });

interface Item {
  key: string;
  title: string;
  time: string;
  unread?: boolean;
  open?: () => void;
}

function NoticeList({ items, loading, empty }: { items: Item[]; loading: boolean; empty: string }) {
  if (loading) return <Spin className="tenon-drawer-spin" />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className="tenon-notice-list">
      {items.map((item) => (
        <li key={item.key} className={item.unread ? 'is-unread' : undefined}>
          <button type="button" onClick={item.open} disabled={!item.open}>
            <span className="tenon-notice-title">{item.title}</span>
            <span className="tenon-notice-time">{item.time}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top bar's 通知: the signed-in user's own to-dos, unread messages and the latest notices published to him (his
 * unread ones marked), each opening what it is about.
 */
export function NoticePopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const todos = useQuery({ queryKey: [...NOTICE_KEY, 'todo'], queryFn: fetchTodos, enabled: open, retry: false });
  const unread = useQuery({ queryKey: [...NOTICE_KEY, 'unread'], queryFn: fetchUnread, enabled: open, retry: false });
  const notices = useQuery({
    queryKey: [...NOTICES_KEY, 'feed', GLANCE],
    queryFn: () => fetchNoticeFeed(GLANCE),
    enabled: open,
    retry: false,
  });
  const [reading, setReading] = useState<string | null>(null);
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  const todoItems: Item[] = (todos.data?.records ?? []).map((row) => {
    const kind = businessOfTable(row.businessTable);
    return {
      key: row.taskId,
      title: `${row.processDefinitionName} · ${row.taskName}`,
      time: row.createTime,
      open: kind ? () => go(processRoutes.handle(kind, row)) : undefined,
    };
  });
  const opener = useOpenMessage(() => setOpen(false));
  const readAndOpen = (message: Message) => {
    void markRead([message.id]).then(() =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NOTICE_KEY }),
        queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
        queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
      ]),
    );
    opener.open(message);
  };
  const messageItems: Item[] = (unread.data?.records ?? []).map((message) => ({
    key: message.id,
    title: message.title || t('shell.message.untitled'),
    time: message.createTime,
    open: () => readAndOpen(message),
  }));
  const noticeItems: Item[] = (notices.data?.records ?? []).map((notice) => ({
    key: notice.id,
    title: notice.title,
    time: `${notice.categoryName} · ${notice.releaseTime}`,
    unread: !notice.read,
    open: () => {
      setOpen(false);
      setReading(notice.id);
    },
  }));
  const more = (total: number | undefined, shown: number) =>
    total !== undefined && total > shown ? (
      <div className="tenon-notice-more">{t('shell.notice.more', { total })}</div>
    ) : null;
  /** A tab of the popover: its count on the label, its first entries, and how many more there are. */
  const tab = (
    key: string,
    label: string,
    list: { data?: { total?: number; unread?: number }; isPending: boolean },
    items: Item[],
    empty: string,
  ) => ({
    key,
    label: (
      <Badge count={list.data?.unread ?? list.data?.total ?? 0} size="small" offset={[8, -2]}>
        {label}
      </Badge>
    ),
    children: (
      <>
        <NoticeList items={items} loading={list.isPending} empty={empty} />
        {more(list.data?.total, items.length)}
      </>
    ),
  });

  const content = (
    <div className="tenon-notice">
      <Tabs
        size="small"
        items={[
          tab('todo', t('shell.notice.todo'), todos, todoItems, t('shell.notice.noTodo')),
          tab('unread', t('shell.notice.unread'), unread, messageItems, t('shell.notice.noUnread')),
          tab('notices', t('shell.notice.notices'), notices, noticeItems, t('desk.notice.empty')),
        ]}
      />
    </div>
  );
  return (
    <>
      {reading && <NoticeReader id={reading} onClose={() => setReading(null)} />}
      {opener.reader}
      <Popover
        trigger="click"
        placement="bottomRight"
        content={content}
        arrow={false}
        open={open}
        onOpenChange={setOpen}
      >
        <Button
          type="text"
          className="tenon-top-item"
          aria-label={t('shell.notice.title')}
          title={t('shell.notice.title')}
        >
          <NotificationOutlined className="tenon-top-icon" />
        </Button>
      </Popover>
    </>
  );
}
