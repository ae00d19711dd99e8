import { useState } from 'react';
import { App, Button, DatePicker, Form, Tag, type TableColumnsType } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  claimTask,
  deleteTask,
  fetchClaimList,
  fetchDoneList,
  fetchSendList,
  fetchTodoList,
  processRoutes,
  type BladeFlow,
  type FlowResult,
  type WorkFilter,
} from '../../../client/api/flow.ts';
import type { Page } from '../../../client/http.ts';
import { usePermission } from '../../permission.ts';
import { FlowDiagramDialog } from '../flow/FlowDiagramDialog.tsx';
import { FlowList, useReloadLists } from '../flow/FlowList.tsx';
import type { DiagramTarget } from '../flow/flow-screen-queries.ts';
import { CategorySelect } from '../flow/FlowSelects.tsx';
import { useBusinessRoute } from './use-business-route.ts';
import { TaskFormDialog } from './form/TaskFormDialog.tsx';
import '../../../client/flow-forms-i18n.ts';
import { WORK_CLAIM_SIGN, WORK_SEND_REVOKE, WORK_SEND_URGE, WORK_TODO_HANDLE } from '../../../shared/flow/buttons.ts';
import { fetchCopyList, markCopyRead, revokeProcess, urgeProcess } from '../../../client/api/flow-actions.ts';

type Kind = 'claim' | 'todo' | 'send' | 'done' | 'copy';

const RESULT_COLOURS: Record<FlowResult, string> = {
  running: 'processing',
  rejected: 'error',
  approved: 'success',
  withdrawn: 'default',
};

const FETCH: Record<Kind, (filter: WorkFilter) => Promise<Page<BladeFlow>>> = {
  claim: fetchClaimList,
  todo: fetchTodoList,
  send: fetchSendList,
  done: fetchDoneList,
  copy: fetchCopyList,
};

/** The search bar's date range as the lists' beginDate / endDate (whole days). */
function toQuery(values: Record<string, unknown>): Record<string, unknown> {
  const { dates, ...rest } = values as { dates?: [Dayjs | null, Dayjs | null] | null };
  return { ...rest, beginDate: dates?.[0]?.format('YYYY-MM-DD'), endDate: dates?.[1]?.format('YYYY-MM-DD') };
}

/**
 * 我的事务: 待签 (claim), 待办 (todo), 已发 (send), 办结 (done), 抄送 (copy: read or not). Rows open the business's
 * handle or detail page (spec §2 routes, business by the `flow` dictionary) and the diagram dialog.
 */
function WorkListPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const navigate = useNavigate();
  const reload = useReloadLists();
  const routeOf = useBusinessRoute();
  const [diagram, setDiagram] = useState<DiagramTarget>();
  // A task of a process with no business page (通用流程) is handled in its task form's dialog.
  const [handling, setHandling] = useState<BladeFlow>();
  const claim = useMutation({
    mutationFn: (row: BladeFlow) => claimTask(row.taskId),
    onSuccess: (text) => {
      void message.success(text);
      void reload();
    },
  });
  // The starter withdraws a running request through its open task (work/delete-task).
  const withdraw = useMutation({
    mutationFn: (row: BladeFlow) => deleteTask(row.taskId, t('flow.action.withdraw')),
    onSuccess: () => {
      void message.success(t('flow.process.withdrawn'));
      void reload();
    },
  });
  // The starter's 撤回 (while the next step is untouched) and 催办 (work/revoke-process, work/urge-task).
  const starterAction = useMutation({
    mutationFn: ({ row, action }: { row: BladeFlow; action: 'revoke' | 'urge' }) =>
      action === 'revoke' ? revokeProcess(row.processInstanceId) : urgeProcess(row.processInstanceId),
    onSuccess: (text) => {
      void message.success(text);
      void reload();
    },
  });
  const confirmStarter = (row: BladeFlow, action: 'revoke' | 'urge') =>
    modal.confirm({
      title: t('common.tip'),
      content: t(`flow.actions.${action}Confirm`),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => starterAction.mutateAsync({ row, action }).catch(() => undefined),
    });
  // A copy opened is read.
  const openCopy = (row: BladeFlow, path: string) => {
    if (!row.read) void markCopyRead(row.processInstanceId).then(() => reload());
    void navigate(path);
  };
  const confirmWithdraw = (row: BladeFlow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('flow.process.withdrawConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => withdraw.mutateAsync(row).catch(() => undefined),
    });

  // Approved and withdrawn both end the process: the result tells them apart, as the request's own page does.
  const finished = (row: BladeFlow) => (
    <Tag color={RESULT_COLOURS[row.processResult]}>{t(`flow.result.${row.processResult}`)}</Tag>
  );
  const columns: TableColumnsType<BladeFlow> = [
    { key: 'process', dataIndex: 'processDefinitionName', title: t('flow.field.processName'), width: 150 },
    { key: 'category', dataIndex: 'categoryName', title: t('flow.field.category'), width: 120 },
    {
      key: 'task',
      dataIndex: 'taskName',
      title: t(kind === 'send' ? 'flow.field.currentTask' : 'flow.field.taskName'),
      width: 130,
      // A finished request is at no step (the server names none, nor a handler).
      render: (name: string, row: BladeFlow) =>
        kind === 'send' && row.processIsFinished === 'finished' ? t('flow.process.ended') : name,
    },
    ...(kind === 'send'
      ? []
      : [{ key: 'starter', dataIndex: 'startUserName', title: t('flow.field.startUser'), width: 110 }]),
    ...(kind === 'send'
      ? [{ key: 'assignee', dataIndex: 'assigneeName', title: t('flow.field.assignee'), width: 110 }]
      : []),
    ...(kind === 'copy'
      ? [
          { key: 'copyFrom', dataIndex: 'copyFrom', title: t('flow.actions.copyFrom'), width: 110 },
          {
            key: 'read',
            title: t('flow.actions.readState'),
            width: 80,
            align: 'center' as const,
            render: (_v: unknown, row: BladeFlow) =>
              row.read ? <Tag>{t('flow.actions.read')}</Tag> : <Tag color="processing">{t('flow.actions.unread')}</Tag>,
          },
        ]
      : []),
    {
      key: 'version',
      dataIndex: 'processDefinitionVersion',
      title: t('flow.field.version'),
      width: 70,
      align: 'center' as const,
      render: (v: number) => `v${v}`,
    },
    kind === 'done'
      ? { key: 'end', dataIndex: 'historyTaskEndTime', title: t('flow.field.handledTime'), width: 170 }
      : {
          key: 'create',
          dataIndex: 'createTime',
          title: t(
            kind === 'send'
              ? 'flow.field.startTime'
              : kind === 'copy'
                ? 'flow.actions.copyTime'
                : 'flow.field.createTime',
          ),
          width: 170,
        },
    ...(kind === 'todo' || kind === 'claim'
      ? [
          {
            key: 'priority',
            dataIndex: 'priority',
            title: t('flowForm.priority'),
            width: 80,
            align: 'center' as const,
          },
        ]
      : []),
    ...(kind === 'send' || kind === 'done'
      ? [
          {
            key: 'finished',
            title: t('flow.field.processState'),
            width: 100,
            align: 'center' as const,
            render: (_v: unknown, row: BladeFlow) => finished(row),
          },
        ]
      : []),
  ];

  const actions = (row: BladeFlow) => {
    const business = routeOf(row);
    return (
      <>
        {kind === 'claim' && can(WORK_CLAIM_SIGN) && (
          <Button
            type="link"
            size="small"
            loading={claim.isPending && claim.variables?.taskId === row.taskId}
            onClick={() => claim.mutate(row)}
          >
            {t('flow.action.claim')}
          </Button>
        )}
        {kind === 'todo' && can(WORK_TODO_HANDLE) && !business && !row.businessTable && (
          <Button type="link" size="small" onClick={() => setHandling(row)}>
            {t('flow.action.handle')}
          </Button>
        )}
        {kind === 'todo' && can(WORK_TODO_HANDLE) && business && (
          <Button type="link" size="small" onClick={() => void navigate(processRoutes.handle(business, row))}>
            {t('flow.action.handle')}
          </Button>
        )}
        {business && row.businessId && (
          <Button
            type="link"
            size="small"
            onClick={() =>
              kind === 'copy'
                ? openCopy(row, processRoutes.detail(business, row))
                : void navigate(processRoutes.detail(business, row))
            }
          >
            {t('flow.action.detail')}
          </Button>
        )}
        <Button type="link" size="small" onClick={() => setDiagram({ processInstanceId: row.processInstanceId })}>
          {t('flow.action.diagram')}
        </Button>
        {kind === 'send' && row.processIsFinished === 'unfinished' && row.taskId && (
          <Button type="link" size="small" danger onClick={() => confirmWithdraw(row)}>
            {t('flow.action.withdraw')}
          </Button>
        )}
        {kind === 'send' && row.processIsFinished === 'unfinished' && can(WORK_SEND_REVOKE) && (
          <Button type="link" size="small" onClick={() => confirmStarter(row, 'revoke')}>
            {t('flow.actions.revoke')}
          </Button>
        )}
        {kind === 'send' && row.processIsFinished === 'unfinished' && can(WORK_SEND_URGE) && (
          <Button type="link" size="small" onClick={() => confirmStarter(row, 'urge')}>
            {t('flow.actions.urge')}
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      <FlowList<BladeFlow>
        name={kind}
        fetch={FETCH[kind]}
        rowKey={(row) => `${row.taskId}:${row.processInstanceId}`}
        filters={
          <>
            <Form.Item name="category" label={t('flow.field.category')}>
              <CategorySelect allowClear />
            </Form.Item>
            <Form.Item name="dates" label={t(kind === 'done' ? 'flow.field.handledTime' : 'flow.field.createTime')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        toQuery={toQuery}
        columns={columns}
        actionsWidth={kind === 'done' || kind === 'copy' ? 140 : kind === 'send' ? 300 : 190}
        actions={actions}
      />
      <FlowDiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
      <TaskFormDialog
        task={handling}
        onClose={() => setHandling(undefined)}
        onDone={() => {
          setHandling(undefined);
          void reload();
        }}
      />
    </>
  );
}

export const ClaimPage = () => <WorkListPage kind="claim" />;
export const TodoPage = () => <WorkListPage kind="todo" />;
export const SendPage = () => <WorkListPage kind="send" />;
export const DonePage = () => <WorkListPage kind="done" />;
export const CopyPage = () => <WorkListPage kind="copy" />;
