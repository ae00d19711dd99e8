import { useState } from 'react';
import { Badge, Button, Tabs, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MESSAGE_UNREAD, markAllRead } from '../../../client/api/message.ts';
import { useOnline } from '../../../client/pwa.ts';
import { badgeText, keys, useUnreadCount, useUnreadNotices } from '../../hooks.ts';
import { MessageList } from './MessageList.tsx';
import { NoticeList } from './NoticeList.tsx';

type Filter = 'all' | 'unread' | 'notices';

/**
 * Messages: all / unread (status 0), and mark all as read; and the notices published to the user, his unread ones
 * counted on their tab.
 */
export function MessagesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const unread = useUnreadCount();
  const unreadNotices = useUnreadNotices();
  const [filter, setFilter] = useState<Filter>('all');

  const onMarkAllRead = async () => {
    try {
      await markAllRead();
    } catch {
      return; // the interceptor has told the user
    }
    Toast.show({ icon: 'success', content: t('mobile.messages.allMarkedRead') });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.messages }),
      queryClient.invalidateQueries({ queryKey: keys.unreadCount }),
    ]);
  };

  return (
    <>
      <div className="m-toolbar">
        <Tabs
          activeKey={filter}
          activeLineMode="fixed"
          onChange={(key) => setFilter(key === 'unread' || key === 'notices' ? key : 'all')}
        >
          <Tabs.Tab key="all" title={t('mobile.messages.all')} />
          <Tabs.Tab key="unread" title={t('mobile.messages.unread')} />
          <Tabs.Tab
            key="notices"
            title={<Badge content={badgeText(unreadNotices)}>{t('shell.notice.notices')}</Badge>}
          />
        </Tabs>
        {filter !== 'notices' && (
          <Button
            className="m-toolbar-button"
            fill="none"
            color="primary"
            loading="auto"
            disabled={!online || unread === 0}
            onClick={onMarkAllRead}
          >
            {t('mobile.messages.markAllRead')}
          </Button>
        )}
      </div>
      {filter === 'notices' ? (
        <NoticeList />
      ) : (
        <MessageList key={filter} status={filter === 'unread' ? MESSAGE_UNREAD : undefined} />
      )}
    </>
  );
}
