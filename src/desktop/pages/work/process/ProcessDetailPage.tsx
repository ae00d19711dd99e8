import { Button, Card, Empty, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { FlowDiagram } from '../../flow/FlowDiagram.tsx';
import { modelViewQuery } from '../../flow/flow-screen-queries.ts';
import { HistoryTable } from '../../flow/HistoryTable.tsx';
import { approvalOf } from '../../../../shared/entities/approvals.ts';
import { isBusiness } from './business.ts';
import { requestQuery } from './request-query.ts';
import { RequestDescriptions } from './RequestFields.tsx';

/** Spec §2 `/work/process/<kind>/detail/:processInstanceId/:businessId`: read-only, history and diagram. */
export default function ProcessDetailPage() {
  const { business, processInstanceId, businessId } = useParams();
  if (!isBusiness(business) || !processInstanceId || !businessId) return <Navigate to="/404" replace />;
  return <RequestDetail kind={business} processInstanceId={processInstanceId} businessId={businessId} />;
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
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="tenon-flow-detail">
      <Card
        variant="borderless"
        title={t(`flow.route.${kind}Detail`)}
        extra={<Button onClick={() => void navigate(-1)}>{t('flow.action.back')}</Button>}
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
