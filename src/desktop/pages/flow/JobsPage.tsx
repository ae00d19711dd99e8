import { useState, type Key } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Select, Spin, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchJobDetail, fetchJobList, retryJobs, type FlowJob } from '../../../client/api/flow.ts';
import { usePermission } from '../../permission.ts';
import { FlowList, useReloadLists } from './FlowList.tsx';
import { FLOW_JOB_RETRY } from '../../../shared/flow/buttons.ts';

const KINDS = ['timer', 'start', 'action', 'async'] as const;
const STATES = ['failed', 'waiting', 'all'] as const;

/**
 * 作业管理 (/flow/job): the jobs processes wait on (timers, start timers, service actions, continuations) of the
 * caller's tenant (every tenant's for the platform), the failed ones first. A failed job (out of its retries) keeps its
 * error, read whole in its details; once its cause is fixed 重试 gives it its retries back and the poller runs it.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const reload = useReloadLists();
  const [selected, setSelected] = useState<Key[]>([]);
  const [detailId, setDetailId] = useState<string>();
  const retry = useMutation({
    mutationFn: (ids: string[]) => retryJobs(ids),
    onSuccess: (text) => {
      void message.success(text);
      setSelected([]);
      void reload();
    },
  });
  const kindName = (kind: string) => (KINDS.includes(kind as never) ? t(`flow.job.kindName.${kind}`) : kind);
  const confirmRetry = (ids: string[]) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('flow.job.retryConfirm', { count: ids.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => retry.mutateAsync(ids).catch(() => undefined),
    });
  const canRetry = can(FLOW_JOB_RETRY);

  return (
    <>
      <FlowList<FlowJob>
        name="job"
        fetch={fetchJobList}
        rowKey={(row) => row.id}
        rowSelection={canRetry ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        filters={
          <>
            <Form.Item name="jobState" label={t('flow.job.state')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('flow.job.stateName.all')}
                options={STATES.map((state) => ({ value: state, label: t(`flow.job.stateName.${state}`) }))}
              />
            </Form.Item>
            <Form.Item name="processKey" label={t('flow.field.processKey')}>
              <Input allowClear placeholder={t('crud.input', { label: t('flow.field.processKey') })} />
            </Form.Item>
            <Form.Item name="kind" label={t('flow.job.kind')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('crud.select', { label: t('flow.job.kind') })}
                options={KINDS.map((kind) => ({ value: kind, label: kindName(kind) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          canRetry && (
            <Button
              type="primary"
              icon={<RedoOutlined />}
              disabled={!selected.length}
              onClick={() => confirmRetry(selected.map(String))}
            >
              {t('flow.job.retrySelected')}
            </Button>
          )
        }
        columns={[
          { key: 'tenantId', dataIndex: 'tenantId', title: t('flow.field.tenantId'), width: 80 },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('flow.job.state'),
            width: 100,
            render: (_state: FlowJob['state'], row) => <JobState job={row} />,
          },
          {
            key: 'process',
            dataIndex: 'processName',
            title: t('flow.field.processName'),
            width: 150,
            ellipsis: { showTitle: true },
            render: (name: string, row) => `${name || row.processKey} v${row.processVersion}`,
          },
          { key: 'kind', dataIndex: 'kind', title: t('flow.job.kind'), width: 90, render: kindName },
          {
            key: 'element',
            dataIndex: 'elementName',
            title: t('flow.job.element'),
            width: 110,
            ellipsis: { showTitle: true },
            render: (name: string, row) => name || row.elementId,
          },
          {
            key: 'instance',
            dataIndex: 'processInstanceId',
            title: t('flow.field.processInstanceId'),
            width: 150,
            ellipsis: { showTitle: true },
          },
          { key: 'startUser', dataIndex: 'startUser', title: t('flow.field.startUser'), width: 80 },
          { key: 'dueTime', dataIndex: 'dueTime', title: t('flow.job.dueTime'), width: 160 },
          { key: 'retries', dataIndex: 'retries', title: t('flow.job.retries'), width: 90, align: 'right' },
          { key: 'error', dataIndex: 'error', title: t('flow.job.error'), width: 220, ellipsis: { showTitle: true } },
        ]}
        actionsWidth={110}
        actions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setDetailId(row.id)}>
              {t('flow.action.detail')}
            </Button>
            {canRetry && (
              <Button type="link" size="small" loading={retry.isPending} onClick={() => retry.mutate([row.id])}>
                {t('flow.job.retry')}
              </Button>
            )}
          </>
        )}
      />
      <JobDetail id={detailId} onClose={() => setDetailId(undefined)} kindName={kindName} />
    </>
  );
}

/** Failed (out of retries), failed and retried later (an error, retries left), or waiting for its time. */
function JobState({ job }: { job: FlowJob }) {
  const { t } = useTranslation();
  if (job.state === 'failed') return <Tag color="error">{t('flow.job.stateName.failed')}</Tag>;
  if (job.error) return <Tag color="warning">{t('flow.job.retrying')}</Tag>;
  return <Tag color="processing">{t('flow.job.stateName.waiting')}</Tag>;
}

/** A job's details with its whole error (the list shows its beginning). */
function JobDetail({ id, onClose, kindName }: { id?: string; onClose: () => void; kindName: (k: string) => string }) {
  const { t } = useTranslation();
  const job = useQuery({ queryKey: ['flow', 'job-detail', id], queryFn: () => fetchJobDetail(id!), enabled: !!id });
  const row = job.data;
  return (
    <Modal open={Boolean(id)} title={t('flow.job.detailTitle')} width={720} footer={null} onCancel={onClose}>
      {!row || job.isFetching ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('flow.field.processName')}>
              {row.processName} ({row.processKey} v{row.processVersion})
            </Descriptions.Item>
            <Descriptions.Item label={t('flow.job.kind')}>{kindName(row.kind)}</Descriptions.Item>
            <Descriptions.Item label={t('flow.job.element')}>
              {row.elementName ? `${row.elementName} (${row.elementId})` : row.elementId}
            </Descriptions.Item>
            <Descriptions.Item label={t('flow.field.processInstanceId')}>{row.processInstanceId}</Descriptions.Item>
            <Descriptions.Item label={t('flow.job.dueTime')}>{row.dueTime}</Descriptions.Item>
            <Descriptions.Item label={t('flow.job.state')}>
              <JobState job={row} />
            </Descriptions.Item>
            <Descriptions.Item label={t('flow.job.retries')}>{row.retries}</Descriptions.Item>
            <Descriptions.Item label={t('flow.job.lockOwner')}>{row.lockOwner}</Descriptions.Item>
            <Descriptions.Item label={t('flow.field.tenantId')}>{row.tenantId}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('flow.job.error')}
          </Typography.Title>
          <Typography.Paragraph copyable={Boolean(row.error)}>
            <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', margin: 0 }}>
              {row.error || t('flow.job.noError')}
            </pre>
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
