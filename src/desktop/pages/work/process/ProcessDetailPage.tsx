import { App, Button, Card, Empty, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { FlowDiagram } from '../../flow/FlowDiagram.tsx';
import { historyQuery, modelViewQuery } from '../../flow/flow-screen-queries.ts';
import { revokeProcess, urgeProcess } from '../../../../client/api/flow-actions.ts';
import { TASK_USER_PREFIX } from '../../../../client/api/flow.ts';
import { useSession } from '../../../../client/session.ts';
import { WORK_SEND_REVOKE, WORK_SEND_URGE } from '../../../../shared/flow/buttons.ts';
import { usePermission } from '../../../permission.ts';
import { HistoryTable } from '../../flow/HistoryTable.tsx';
import { approvalOf } from '../../../../shared/entities/approvals.ts';
import { useBusinessOfAddress } from './business.ts';
import { requestQuery } from './request-query.ts';
import { RequestDescriptions } from './RequestFields.tsx';

/**
 * Spec §2 `/work/process/<kind>/detail/:processInstanceId/:businessId`: read-only, history and diagram; its starter
 * may 撤回 (while the next step is untouched) or 催办 a running request.
 */
export default function ProcessDetailPage() {
  const { business, processInstanceId, businessId } = useParams();
  const kind = useBusinessOfAddress(business);
  if (kind === undefined) return <Spin />;
  if (!kind || !processInstanceId || !businessId) return <Navigate to="/404" replace />;
  return <RequestDetail kind={kind} processInstanceId={processInstanceId} businessId={businessId} />;
}

function RequestDetail({
  kind,
  processInstanceId,
  businessId,
}: {
  kind: BusinessKind;
  processInstanceId: string;
  businessId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useQuery(requestQuery(kind, businessId));
  const view = useQuery(modelViewQuery({ processInstanceId }));
  const starter = useStarterActions(processInstanceId);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="tenon-flow-detail">
      <Card
        variant="borderless"
        title={t(`flow.route.${kind}Detail`)}
        extra={
          <Space>
            {starter}
            <Button onClick={() => void navigate(-1)}>{t('flow.action.back')}</Button>
          </Space>
        }
      >
        {request.isPending ? (
          <Spin />
        ) : request.data ? (
          <RequestDescriptions entity={approvalOf(kind)!} request={request.data} />
        ) : (
          <Empty description={t('flow.process.notFound')} />
        )}
      </Card>
      <Card variant="borderless" title={t('flow.diagram.title')}>
        {view.data ? <FlowDiagram view={view.data} /> : view.isPending ? <Spin /> : <Empty />}
      </Card>
      <Card variant="borderless" title={t('flow.history.title')}>
        <HistoryTable processInstanceId={processInstanceId} />
      </Card>
    </Space>
  );
}

/** 撤回 and 催办 for the starter of a running request (its history: his start, a step still open). */
function useStarterActions(processInstanceId: string) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const queryClient = useQueryClient();
  const me = useSession().userInfo?.user_id;
  const history = useQuery(historyQuery(processInstanceId)).data ?? [];
  const mine = history.some(
    (row) => row.historyActivityType === 'startEvent' && row.assignee === `${TASK_USER_PREFIX}${me}`,
  );
  const running = history.some((row) => row.historyActivityType === 'userTask' && !row.endTime);
  const act = useMutation({
    mutationFn: (action: 'revoke' | 'urge') =>
      action === 'revoke' ? revokeProcess(processInstanceId) : urgeProcess(processInstanceId),
    onSuccess: (text) => {
      void message.success(text);
      void queryClient.invalidateQueries({ queryKey: historyQuery(processInstanceId).queryKey });
    },
  });
  if (!mine || !running) return null;
  const confirm = (action: 'revoke' | 'urge') =>
    modal.confirm({
      title: t('common.tip'),
      content: t(`flow.actions.${action}Confirm`),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync(action).catch(() => undefined),
    });
  return (
    <>
      {can(WORK_SEND_REVOKE) && <Button onClick={() => confirm('revoke')}>{t('flow.actions.revoke')}</Button>}
      {can(WORK_SEND_URGE) && <Button onClick={() => confirm('urge')}>{t('flow.actions.urge')}</Button>}
    </>
  );
}
