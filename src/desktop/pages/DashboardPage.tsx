import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUnreadCount } from '../../client/api/message.ts';
import { countErrorLogs, onErrorLogsChanged } from '../../client/error-log.ts';
import { UNREAD_KEY } from '../layout/top/MessageDrawer.tsx';
import { usePermission } from '../permission.ts';
import { useMenuEntries } from '../queries.ts';

/** The console (hidden from the menu): figures of this session, all from the server or this browser. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const unread = useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnreadCount, retry: false });
  const { entries } = useMenuEntries();
  const { permission } = usePermission();
  const [logs, setLogs] = useState<number>();
  useEffect(() => {
    const refresh = () => {
      void countErrorLogs().then(setLogs, () => setLogs(undefined));
    };
    refresh();
    return onErrorLogsChanged(refresh);
  }, []);

  const cards = [
    { key: 'unread', title: t('shell.dashboard.unread'), value: unread.data },
    { key: 'menus', title: t('shell.dashboard.menus'), value: entries?.filter((e) => e.leaf).length },
    { key: 'buttons', title: t('shell.dashboard.buttons'), value: Object.keys(permission).length },
    { key: 'logs', title: t('shell.dashboard.errorLogs'), value: logs },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} md={12} xl={6}>
          <Card>
            <Statistic title={card.title} value={card.value ?? '-'} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
