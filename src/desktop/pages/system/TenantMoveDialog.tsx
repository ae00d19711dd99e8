import { useEffect, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Descriptions, Form, Modal, Select, Typography, type BadgeProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../client/http.ts';
import type { TenantMove } from '../../../shared/contract/api/system.schemas.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { tenantApi } from './tenant-api.ts';
import { useTenant, type TenantDialogProps } from './TenantDialogs.tsx';
import { validated } from '../../components/validated.ts';

/** The target select's value for the main database (a data source's is its id). */
const MAIN = 'main';
/** How often a running move's progress is read again. */
const POLL_MS = 1_000;

const BADGES: Record<TenantMove['state'], BadgeProps['status']> = {
  copying: 'processing',
  cutover: 'processing',
  switched: 'processing',
  rollback: 'warning',
  done: 'success',
  failed: 'error',
};

interface Props extends Omit<TenantDialogProps, 'onSaved'> {
  /** The tenant's row id. */
  id: string;
  /** A move shown here ended: the list reloads (its 数据源 column), the dialog stays. */
  onMoved: () => void;
}

/**
 * 迁移租户 of one tenant (`tenant/move`, by code): where it is now, the database to move it to (主库 or a data source),
 * a confirmation of what a move does, then the move's progress read from `tenant/move-status` until it ends. Opened
 * while a move of the tenant runs, it shows that move.
 */
export function TenantMoveDialog({ id, open, onClose, afterClose, onMoved }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ target?: string }>();
  const detail = useTenant(id);
  const row = detail.data;
  const sources = useQuery({
    queryKey: [DESKTOP_KEY, 'tenant-admin', 'datasources'],
    queryFn: tenantApi.datasources,
    gcTime: 0,
    retry: false,
  });
  const statusKey = [DESKTOP_KEY, 'tenant-admin', 'move', row?.tenantId];
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => tenantApi.moveStatus(row!.tenantId),
    enabled: Boolean(row),
    gcTime: 0,
    refetchInterval: (query) => (query.state.data && !query.state.data.endedAt ? POLL_MS : false),
  });
  // The move this dialog follows: one it started, or one that was running when it opened. An older, ended move is
  // history: the dialog offers a new one instead.
  const [followed, setFollowed] = useState<string>();
  const last = status.data ?? undefined;
  if (last && !last.endedAt && followed !== last.id) setFollowed(last.id);
  const shown = last?.id === followed ? last : undefined;
  const start = useMutation({
    mutationFn: (target: string | null) => tenantApi.move(row!.tenantId, target),
    onSuccess: (move) => {
      setFollowed(move.id);
      queryClient.setQueryData(statusKey, move);
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });
  const reported = useRef<string>(undefined);
  useEffect(() => {
    if (!shown?.endedAt || reported.current === shown.id) return;
    reported.current = shown.id;
    onMoved();
  }, [shown, onMoved]);

  const nameOf = (source: string | null) => {
    if (source === null) return t('crud.tenantAdmin.mainDatabase');
    const listed = sources.data?.find((s) => s.id === source)?.name;
    return listed ?? (source === row?.datasourceId && row.datasourceName ? row.datasourceName : source);
  };
  const here = row ? (row.datasourceId ?? null) : null;
  const targets = [
    { value: MAIN, label: t('crud.tenantAdmin.mainDatabase') },
    ...(sources.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ].filter((option) => option.value !== (here ?? MAIN));

  const submit = async () => {
    const values = await validated(form);
    if (!values?.target || !row) return;
    const target = values.target === MAIN ? null : values.target;
    modal.confirm({
      title: t('crud.tenantAdmin.moveConfirmTitle', { tenant: row.tenantName, target: nameOf(target) }),
      content: t('crud.tenantAdmin.moveConfirm'),
      onOk: () => start.mutate(target),
    });
  };

  const loading = detail.isPending || (Boolean(row) && status.isPending);
  const footer = shown
    ? [
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={start.isPending}
          disabled={loading || !row}
          onClick={() => void submit()}
        >
          {t('common.ok')}
        </Button>,
      ];
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t('crud.tenantAdmin.move')}
      width={520}
      mask={{ closable: false }}
      destroyOnHidden
      loading={loading}
      onCancel={onClose}
      footer={footer}
    >
      {row && shown && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('crud.tenantAdmin.moveTenant')}>
            {row.tenantName} ({row.tenantId})
          </Descriptions.Item>
          <Descriptions.Item label={t('crud.tenantAdmin.moveRoute')}>
            {nameOf(shown.fromSource)} → {nameOf(shown.toSource)}
          </Descriptions.Item>
          <Descriptions.Item label={t('crud.tenantAdmin.moveState')}>
            <Badge status={BADGES[shown.state]} text={t(`crud.tenantAdmin.moveStates.${shown.state}`)} />
          </Descriptions.Item>
          {shown.pausedMs !== null && (
            <Descriptions.Item label={t('crud.tenantAdmin.movePause')}>
              {t('crud.tenantAdmin.movePauseMs', { ms: shown.pausedMs })}
            </Descriptions.Item>
          )}
          {/* Not `error && …`: Descriptions would show the blank string as an empty row. */}
          {shown.error ? (
            <Descriptions.Item label={t('crud.tenantAdmin.moveError')}>
              <Typography.Text type="danger">{shown.error}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      )}
      {row && !shown && (
        <Form form={form} layout="horizontal" labelCol={{ flex: '90px' }} wrapperCol={{ flex: 1 }}>
          {sources.isError && (
            <Alert
              type="warning"
              showIcon
              title={t('crud.tenantAdmin.datasourceUnavailable')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item label={t('crud.tenantAdmin.movedFrom')}>{nameOf(here)}</Form.Item>
          <Form.Item
            name="target"
            label={t('crud.tenantAdmin.moveTo')}
            rules={[{ required: true, message: t('crud.tenantAdmin.selectTarget') }]}
          >
            <Select loading={sources.isPending} placeholder={t('crud.tenantAdmin.selectTarget')} options={targets} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
