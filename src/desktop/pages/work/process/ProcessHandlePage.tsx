import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { useSession } from '../../../../client/session.ts';
import { DESKTOP_KEY } from '../../../queries.ts';
import { tabStore } from '../../../tabs/tab-store.ts';
import { FlowDiagramDialog } from '../../flow/FlowDiagramDialog.tsx';
import { FLOW_LIST_KEY, historyQuery } from '../../flow/flow-screen-queries.ts';
import { HistoryTable } from '../../flow/HistoryTable.tsx';
import { ApprovalBox } from './ApprovalBox.tsx';
import { approvalOf } from '../../../../shared/entities/approvals.ts';
import { backWithApplicant, useBusinessOfAddress } from './business.ts';
import { requestQuery } from './request-query.ts';
import { RequestDescriptions } from './RequestFields.tsx';
import { ResubmitBox } from './ResubmitBox.tsx';

const TODO_PATH = '/work/todo/index';

/**
 * Spec §2 `/work/process/<kind>/handle/:taskId/:processInstanceId/:businessId`: the request read-only,
 * the approval box and the history; the applicant's own rejected request instead comes back as its form, to
 * resubmit or withdraw.
 */
export default function ProcessHandlePage() {
  const { business, taskId, processInstanceId, businessId } = useParams();
  const kind = useBusinessOfAddress(business);
  if (kind === undefined) return <Spin />;
  if (!kind || !taskId || !processInstanceId || !businessId) return <Navigate to="/404" replace />;
  return <HandleTask kind={kind} taskId={taskId} processInstanceId={processInstanceId} businessId={businessId} />;
}

function HandleTask({
  kind,
  taskId,
  processInstanceId,
  businessId,
}: {
  kind: BusinessKind;
  taskId: string;
  processInstanceId: string;
  businessId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const me = useSession().userInfo?.user_id;
  const request = useQuery(requestQuery(kind, businessId));
  const [diagram, setDiagram] = useState(false);
  const done = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: FLOW_LIST_KEY }),
      queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY, 'flow'] }),
    ]);
    void navigate(TODO_PATH);
    tabStore.close(pathname); // the task is done: its tab would only lead to a refusal
  };
  const back = () => void navigate(TODO_PATH);
  // A task opened from an old message or tab may have been handled since (by him, or by another candidate).
  const history = useQuery(historyQuery(processInstanceId));
  const handled = Boolean(history.data?.some((row) => row.taskId === taskId && row.endTime));
  // A decision is offered once the history says the task still waits: not while it loads.
  const waiting = history.isSuccess && !handled;
  const own = request.data && waiting ? backWithApplicant(request.data, me) : false;
  const title = own ? `flow.route.${kind}Resubmit` : `flow.route.${kind}Handle`;
  useEffect(() => {
    tabStore.retitle(pathname, title);
  }, [pathname, title]);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="tenon-flow-handle">
      <Card
        variant="borderless"
        title={t(title)}
        extra={<Button onClick={() => setDiagram(true)}>{t('flow.action.diagram')}</Button>}
      >
        {request.isPending ? (
          <Spin />
        ) : !request.data ? (
          <Empty description={t('flow.process.notFound')} />
        ) : own ? (
          <>
            <Alert type="warning" showIcon title={t('flow.process.rejectedHint')} style={{ marginBottom: 16 }} />
            <ResubmitBox kind={kind} request={request.data} taskId={taskId} onDone={() => void done()} onBack={back} />
          </>
        ) : (
          <>
            {handled && (
              <Alert type="info" showIcon title={t('flow.process.taskHandled')} style={{ marginBottom: 16 }} />
            )}
            <RequestDescriptions entity={approvalOf(kind)!} request={request.data} />
          </>
        )}
      </Card>
      {request.data && !own && waiting && (
        <Card variant="borderless" title={t('flow.process.approval')}>
          <ApprovalBox taskId={taskId} processInstanceId={processInstanceId} onDone={() => void done()} onBack={back} />
        </Card>
      )}
      <Card variant="borderless" title={t('flow.history.title')}>
        <HistoryTable processInstanceId={processInstanceId} />
      </Card>
      <FlowDiagramDialog target={diagram ? { processInstanceId } : undefined} onClose={() => setDiagram(false)} />
    </Space>
  );
}
