import { useState } from 'react';
import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUnreadCount } from '../../../client/api/message.ts';
import { BADGE_MAX, MessageDrawer, UNREAD_KEY } from './MessageDrawer.tsx';

const POLL_MS = 60_000;

/** Bell with the unread count (max 99), opening the message drawer. */
export function MessageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: fetchUnreadCount,
    retry: false,
    // Stop polling after a failure (e.g. no permission): the interceptor already said why once.
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_MS),
  });
  return (
    <>
      <Button
        type="text"
        className="tenon-top-item"
        onClick={() => setOpen(true)}
        aria-label={t('shell.message.title')}
        title={t('shell.message.title')}
      >
        <Badge count={data ?? 0} overflowCount={BADGE_MAX} size="small" offset={[4, -2]}>
          <BellOutlined className="tenon-top-icon" />
        </Badge>
      </Button>
      <MessageDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
