import type { ReactNode } from 'react';
import { DotLoading, Tag } from 'antd-mobile';
import { AttachmentTiles } from '../../components/AttachmentTiles.tsx';
import { useTranslation } from 'react-i18next';
import { Block, Fields } from '../../components/Block.tsx';
import type { ApprovalKind } from '../../paths.ts';
import {
  alertTexts,
  attachedFiles,
  detailFields,
  requestState,
  STATE_COLORS,
  type BusinessRecord,
} from './business.ts';
import { useBusiness } from './approval-queries.ts';

/**
 * The request of a process (leave, fund, ...: its definition's fields), read-only, with its state. Processes without a
 * business form show none.
 */
export function BusinessView({
  kind,
  businessId,
  withoutFiles,
}: {
  kind: ApprovalKind;
  businessId: string;
  /** Its files are edited below it (the applicant adjusting it). */
  withoutFiles?: boolean;
}) {
  const { t } = useTranslation();
  const query = useBusiness(kind, businessId);
  if (kind === 'process' || !businessId) return null;
  const business = query.data;
  let body;
  if (business)
    body = (
      <>
        {alertTexts(business).map((alert) => (
          <Tag key={alert} color="danger" fill="solid" className="m-card-alert">
            {alert}
          </Tag>
        ))}
        <Fields
          fields={[
            ...detailFields(business),
            ...(withoutFiles ? [] : attachedFiles(business)).map(([label, files]): [string, ReactNode] => [
              label,
              <AttachmentTiles key={label} files={files} />,
            ]),
          ]}
        />
      </>
    );
  else if (query.isPending && query.fetchStatus === 'fetching')
    body = (
      <div className="m-state-inline" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  else if (query.isPending || query.isError) body = <div className="m-state-inline">{t('common.networkError')}</div>;
  else body = <div className="m-state-inline">{t('mobile.approvals.recordMissing')}</div>;
  return (
    <Block title={t('mobile.approvals.record')} extra={business && <StateTag business={business} />}>
      {body}
    </Block>
  );
}

export function StateTag({
  business,
  processIsFinished,
}: {
  business?: BusinessRecord | null;
  processIsFinished?: 'finished' | 'unfinished';
}) {
  const { t } = useTranslation();
  const state = requestState(business?.record.status, processIsFinished);
  return (
    <Tag color={STATE_COLORS[state]} fill="outline" className="m-state-tag">
      {t(`mobile.approvals.status.${state}`)}
    </Tag>
  );
}
