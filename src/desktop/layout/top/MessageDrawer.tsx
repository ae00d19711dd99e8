import { useState } from 'react';
import { App, Button, Drawer, Empty, Space, Spin, Tabs } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMessages, markAllRead, markRead, MESSAGE_UNREAD, type Message } from '../../../client/api/message.ts';
import { site } from '../../../client/config.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { useOpenMessage } from '../../pages/desk/use-open-message.tsx';

type Filter = 'all' | 'unread';

export const MESSAGES_KEY = [DESKTOP_KEY, 'messages'] as const;
export const UNREAD_KEY = [DESKTOP_KEY, 'unread-count'] as const;
export const DRAWER_WIDTH = 350;
export const BADGE_MAX = site.messageBadgeMax;

/**
 * The message drawer: all / unread (status 0); cancel and mark-all-read below. A click marks a message read and
 * opens what it is about (useOpenMessage).
 */
export function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const opener = useOpenMessage(onClose);
  const [filter, setFilter] = useState<Filter>('all');
  const list = useQuery({
    queryKey: [...MESSAGES_KEY, filter],
    queryFn: () => fetchMessages(filter === 'unread' ? { status: MESSAGE_UNREAD } : {}),
    enabled: open,
  });
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
      queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
    ]);
  const readOne = useMutation({ mutationFn: (id: string) => markRead([id]), onSuccess: changed });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: async () => {
      await changed();
      void message.success(t('common.operationSuccess'));
    },
  });

  const select = (item: Message) => {
    if (item.status === MESSAGE_UNREAD) readOne.mutate(item.id);
    opener.open(item);
  };
  const records = list.data?.records ?? [];

  return (
    <Drawer
      title={t('shell.message.title')}
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      placement="right"
      styles={{ body: { padding: '0 16px' } }}
      footer={
        <Space className="tenon-drawer-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('shell.message.readAll')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={filter}
        onChange={(key) => setFilter(key === 'unread' ? 'unread' : 'all')}
        items={[
          { key: 'all', label: t('shell.message.all') },
          { key: 'unread', label: t('shell.message.unread') },
        ]}
      />
      {list.isPending && open ? (
        <Spin className="tenon-drawer-spin" />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.message.empty')} />
      ) : (
        <ul className="tenon-message-list">
          {records.map((item) => (
            <li key={item.id} className={item.status === MESSAGE_UNREAD ? 'is-unread' : undefined}>
              <button
                type="button"
                onClick={() => select(item)}
                title={item.status === MESSAGE_UNREAD ? t('shell.message.markRead') : undefined}
              >
                <span className="tenon-message-title">{item.title || t('shell.message.untitled')}</span>
                {item.content && <span className="tenon-message-content">{item.content}</span>}
                <span className="tenon-message-time">{item.createTime}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > records.length && (
        <div className="tenon-message-more">
          {t('shell.message.more', { shown: records.length, total: list.data.total })}
        </div>
      )}
      {opener.reader}
    </Drawer>
  );
}
