import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../../client/http.ts';
import { useSession } from '../../../client/session.ts';
import {
  ONLINE_USER_FORCE_LOGOUT,
  ONLINE_USER_LOGOUT_URL,
  ONLINE_USER_PAGE_URL,
} from '../../../shared/contract/api/online-user.ts';
import type { OnlineSession, OnlineSessionPage } from '../../../shared/contract/api/online-user.schemas.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';

const PLATFORM_TENANT = '000000';

/**
 * 在线用户 (/monitor/online): the live logins of the caller's tenant (every tenant's for the platform), who, from
 * where, since when, with which client; 强制退出 ends one on every server process at once.
 */
export default function OnlineUserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const platform = useSession().tenantId === PLATFORM_TENANT;
  const client = useQueryClient();
  const [filters, setFilters] = useState({ account: '', tenantId: '' });
  const [typed, setTyped] = useState(filters);
  const [paging, setPaging] = useState({ current: 1, size: 20 });

  const key = [DESKTOP_KEY, 'online-user', filters, paging];
  const sessions = useQuery({
    queryKey: key,
    queryFn: () => getData<OnlineSessionPage>(ONLINE_USER_PAGE_URL, { ...paging, ...filters }),
    placeholderData: keepPreviousData,
  });
  const logout = useMutation({
    mutationFn: (sessionId: string) => postData(ONLINE_USER_LOGOUT_URL, undefined, { sessionIds: sessionId }),
    onSuccess: () => {
      void message.success(t('online.done'));
      void client.invalidateQueries({ queryKey: [DESKTOP_KEY, 'online-user'] });
    },
  });

  const columns: ColumnsType<OnlineSession> = [
    ...(platform
      ? [{ title: t('online.tenant'), key: 'tenant', render: (_: unknown, r: OnlineSession) => tenantOf(r) }]
      : []),
    { title: t('online.account'), dataIndex: 'account' },
    {
      title: t('online.realName'),
      dataIndex: 'realName',
      render: (name: string, r) => (
        <Space size={4}>
          {name}
          {r.current && <Tag color="blue">{t('online.current')}</Tag>}
        </Space>
      ),
    },
    { title: t('online.client'), dataIndex: 'clientId' },
    { title: t('online.ip'), dataIndex: 'ip' },
    {
      title: t('online.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: { showTitle: false },
      render: (agent: string) => (
        <Tooltip title={agent} placement="topLeft">
          {agent}
        </Tooltip>
      ),
    },
    { title: t('online.loginTime'), dataIndex: 'loginTime', width: 170 },
    { title: t('online.lastActive'), dataIndex: 'lastActiveTime', width: 170 },
    ...(can(ONLINE_USER_FORCE_LOGOUT)
      ? [
          {
            title: t('online.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, r: OnlineSession) =>
              r.current ? null : (
                <Popconfirm
                  title={t('online.confirm', { name: r.realName || r.account })}
                  onConfirm={() => logout.mutateAsync(r.sessionId)}
                >
                  <Button type="link" size="small" danger>
                    {t('online.forceLogout')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  const search = () => {
    setFilters({ account: typed.account.trim(), tenantId: typed.tenantId.trim() });
    setPaging((p) => ({ ...p, current: 1 }));
  };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="tenon-online-users">
      <Card size="small">
        <Space wrap>
          {platform && (
            <Input
              placeholder={t('online.tenantId')}
              aria-label={t('online.tenantId')}
              value={typed.tenantId}
              onChange={(e) => setTyped({ ...typed, tenantId: e.target.value })}
              onPressEnter={search}
              allowClear
            />
          )}
          <Input
            placeholder={t('online.account')}
            aria-label={t('online.account')}
            value={typed.account}
            onChange={(e) => setTyped({ ...typed, account: e.target.value })}
            onPressEnter={search}
            allowClear
          />
          <Button type="primary" onClick={search}>
            {t('online.search')}
          </Button>
          <Button
            onClick={() => {
              setTyped({ account: '', tenantId: '' });
              setFilters({ account: '', tenantId: '' });
            }}
          >
            {t('online.reset')}
          </Button>
          <Button onClick={() => void sessions.refetch()}>{t('online.refresh')}</Button>
        </Space>
      </Card>
      <Card size="small">
        <Table<OnlineSession>
          rowKey="sessionId"
          size="small"
          loading={sessions.isFetching}
          dataSource={sessions.data?.records ?? []}
          columns={columns}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: sessions.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
      </Card>
    </Space>
  );
}

const tenantOf = (row: OnlineSession) => (row.tenantName ? `${row.tenantName} (${row.tenantId})` : row.tenantId);
