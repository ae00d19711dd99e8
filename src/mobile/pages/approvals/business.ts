import {
  businessOf, businessOfTable, REQUEST_STATUS, type BladeFlow, type FinanceRequest, type FlowCategory, type LeaveRequest,
} from '../../../client/api/flow.ts';
import { formatNumber } from '../../../client/format.ts';
import { t } from '../../../client/i18n.ts';
import { leaveTimeText } from '../../../client/work-calendar.ts';
import type { ApprovalKind } from '../../paths.ts';

/** A business record as `detail` returns it, with the kind that says which fields it has. */
export type BusinessRecord = { kind: 'leave'; record: LeaveRequest } | { kind: 'finance'; record: FinanceRequest };

/** Which business page a row opens: the `flow` dictionary routes the category, else the business table tells. */
export function kindOf(row: Pick<BladeFlow, 'category' | 'businessTable'>, categories?: readonly FlowCategory[]): ApprovalKind {
  return businessOfTable(row.businessTable) ?? businessOf(categories, row.category) ?? 'process';
}

/** A leave's working days (as the server counted them: the figure its process decided on). */
export const leaveDaysText = (days: number) => t('mobile.approvals.daysValue', { days });

/** `yyyy-MM-dd HH:mm:ss` shown without the seconds. */
export const shortTime = (time: string) => time.slice(0, 16);

export const formatAmount = (amount: string) => `¥${formatNumber(amount)}`;

/** The fields a card shows of a record: leave days and dates, fund amount and title. */
export function summaryFields(business: BusinessRecord): [label: string, value: string][] {
  if (business.kind === 'leave') {
    const { startTime, endTime, days } = business.record;
    return [
      [t('mobile.approvals.days'), leaveDaysText(days)],
      [t('mobile.approvals.period'), `${leaveTimeText(startTime, 'start')} ~ ${leaveTimeText(endTime, 'end')}`],
    ];
  }
  return [
    [t('mobile.approvals.fundTitle'), business.record.title],
    [t('mobile.approvals.amount'), formatAmount(business.record.amount)],
  ];
}

/** Every field of a record, read-only, in form order. */
export function detailFields(business: BusinessRecord): [label: string, value: string][] {
  const applicant: [string, string] = [t('mobile.approvals.applicant'), business.record.flow?.assigneeName ?? ''];
  const applied: [string, string] = [t('mobile.approvals.applyTime'), business.record.applyTime];
  if (business.kind === 'leave') {
    const { startTime, endTime, days, reason } = business.record;
    return [
      applicant,
      [t('mobile.approvals.startTime'), leaveTimeText(startTime, 'start')],
      [t('mobile.approvals.endTime'), leaveTimeText(endTime, 'end')],
      [t('mobile.approvals.days'), leaveDaysText(days)],
      [t('mobile.approvals.leaveReason'), reason],
      applied,
    ];
  }
  const { title, amount, reason } = business.record;
  return [
    applicant,
    [t('mobile.approvals.fundTitle'), title],
    [t('mobile.approvals.amount'), formatAmount(amount)],
    [t('mobile.approvals.fundReason'), reason],
    applied,
  ];
}

export type RequestState = 'running' | 'rejected' | 'approved' | 'withdrawn' | 'finished';

/** A request's state: the business row's status as the server sets it, else only whether its process ended. */
export function requestState(status: number | undefined, processIsFinished: BladeFlow['processIsFinished'] | undefined): RequestState {
  switch (status) {
    case REQUEST_STATUS.running: return 'running';
    case REQUEST_STATUS.rejected: return 'rejected';
    case REQUEST_STATUS.approved: return 'approved';
    case REQUEST_STATUS.withdrawn: return 'withdrawn';
    default: return processIsFinished === 'finished' ? 'finished' : 'running';
  }
}

export const STATE_COLORS: Record<RequestState, 'primary' | 'danger' | 'success' | 'default'> = {
  running: 'primary',
  rejected: 'danger',
  approved: 'success',
  withdrawn: 'default',
  finished: 'default',
};
