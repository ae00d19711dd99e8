import { Button, Card, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { REQUEST_STATUS, type BladeFlow } from '../../../client/api/flow.ts';
import { useSession } from '../../../client/session.ts';
import type { ApprovalKind } from '../../paths.ts';
import { StateTag } from './BusinessView.tsx';
import { alertTexts, cardTexts, shortTime, summaryFields } from './business.ts';
import { useBusiness, type WorkListKind } from './approval-queries.ts';

/**
 * A task or request as a card: process, applicant, the key fields of its request (its definition's summary; loaded
 * per card and shared with the detail page's cache), the step it is at, and when. A task to decide has 同意 on it
 * (`onApprove`: one tap, with an undo), once its request says it is a decision and not the applicant's own rejected
 * request to resubmit.
 */
export function FlowCard({
  row,
  kind,
  list,
  onOpen,
  onApprove,
}: {
  row: BladeFlow;
  kind: ApprovalKind;
  list: WorkListKind;
  onOpen: () => void;
  onApprove?: () => void;
}) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const query = useBusiness(kind, row.businessId);
  const business = query.data;
  const mine = list === 'send' || list === 'copy';
  const backToApplicant =
    business?.record.status === REQUEST_STATUS.rejected && business.record.createUser === userInfo?.user_id;
  const decidable = !mine && onApprove && (kind === 'process' || query.isSuccess) && !backToApplicant;
  const fields: [string, string][] = [
    ...(mine
      ? []
      : ([[t('mobile.approvals.applicant'), row.startUserName || business?.record.flow?.assigneeName || '']] as [
          string,
          string,
        ][])),
    ...(business ? summaryFields(business) : []),
    [mine ? t('mobile.approvals.lastTask') : t('mobile.approvals.currentTask'), row.taskName],
  ];
  const title = row.processDefinitionName || row.categoryName || row.taskName;
  // A request's state is its record's (rejected and approved look alike in the list row): shown once it is loaded.
  const extra = mine ? (
    (business || kind === 'process') && <StateTag business={business} processIsFinished={row.processIsFinished} />
  ) : list === 'claim' ? (
    <Tag color="warning" fill="outline" className="m-state-tag">
      {t('mobile.approvals.claimable')}
    </Tag>
  ) : undefined;
  return (
    <Card
      className="m-flow-card"
      title={<span className="m-flow-card-title">{title}</span>}
      extra={
        <span className="m-flow-card-extra">
          {extra}
          <RightOutline className="m-flow-card-arrow" />
        </span>
      }
      onClick={onOpen}
    >
      {business &&
        alertTexts(business).map((alert) => (
          <Tag key={alert} color="danger" fill="solid" className="m-card-alert">
            {alert}
          </Tag>
        ))}
      {fields
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="m-card-field">
            <span>{label}</span>
            {value}
          </div>
        ))}
      {business &&
        cardTexts(business).map((text, i) => (
          <div key={i} className="m-card-field m-card-reason">
            {text}
          </div>
        ))}
      <div className="m-card-footer">
        <div className="m-card-time">
          {mine ? t('mobile.approvals.startedAt') : t('mobile.approvals.receivedAt')} {shortTime(row.createTime)}
        </div>
        {decidable && (
          <Button
            className="m-card-approve"
            size="small"
            color="primary"
            onClick={(event) => {
              event.stopPropagation();
              onApprove();
            }}
          >
            {t('mobile.approvals.approve')}
          </Button>
        )}
      </div>
    </Card>
  );
}
