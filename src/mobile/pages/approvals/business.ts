import {
  businessOf,
  businessOfTable,
  REQUEST_STATUS,
  type BladeFlow,
  type BusinessRequest,
  type FlowCategory,
} from '../../../client/api/flow.ts';
import { filesKey, type AttachedFile } from '../../../shared/contract/api/attachments.ts';
import {
  alertsOf,
  attachmentFieldsOf,
  detailFieldsOf,
  edgeOf,
  formFieldsOf,
  isPeriod,
  shownValue,
  summaryRowsOf,
  type NamedField,
} from '../../../client/approval-fields.ts';
import { formatNumber } from '../../../client/format.ts';
import { currentLanguage, t } from '../../../client/i18n.ts';
import { leaveTimeText } from '../../../client/work-calendar.ts';
import { approvalOf, type ApprovableDef } from '../../../shared/entities/approvals.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { ApprovalKind } from '../../paths.ts';

/** A request as `detail` returns it, with the kind whose definition says which fields it has. */
export interface BusinessRecord {
  kind: string;
  record: BusinessRequest;
}

/** Which business page a row opens: the `flow` dictionary routes the category, else the business table tells. */
export function kindOf(
  row: Pick<BladeFlow, 'category' | 'businessTable'>,
  categories?: readonly FlowCategory[],
): ApprovalKind {
  return businessOfTable(row.businessTable) ?? businessOf(categories, row.category) ?? 'process';
}

/** A leave's working days (as the server counted them: the figure its process decided on). */
export const leaveDaysText = (days: number) => t('mobile.approvals.daysValue', { days });

/** `yyyy-MM-dd HH:mm:ss` shown without the seconds. */
export const shortTime = (time: string) => time.slice(0, 16);

export const formatAmount = (amount: string) => `¥${formatNumber(amount)}`;

/** A definition's text in the console's language. */
export const local = (text: LocalText) => text[currentLanguage()];

/** A request field's value for people: a period edge as its half day, days counted, amounts in yuan. */
export function valueText({ field }: NamedField, value: unknown): string {
  if (isPeriod(field)) return leaveTimeText(String(value ?? ''), edgeOf(field));
  if (field.control === 'leave-days') return leaveDaysText(Number(value));
  if (field.type === 'money') return formatAmount(String(value ?? ''));
  return value == null ? '' : String(value);
}

const entityOf = (business: BusinessRecord): ApprovableDef | undefined => approvalOf(business.kind);

/** The fields a card shows of a record (its definition's summary): leave days and period, fund title and amount. */
export function summaryFields(business: BusinessRecord): [label: string, value: string][] {
  const entity = entityOf(business);
  if (!entity) return [];
  const { record } = business;
  return summaryRowsOf(entity).map((row): [string, string] =>
    'field' in row
      ? [local(row.label), valueText(row.field, shownValue(row.field, record))]
      : [
          local(row.label),
          `${valueText(row.from, shownValue(row.from, record))} ~ ${valueText(row.to, shownValue(row.to, record))}`,
        ],
  );
}

/** What the approver must not miss on a record (a claim 超预算 by how much): `<label> ¥<amount>` each. */
export function alertTexts(business: BusinessRecord): string[] {
  const entity = entityOf(business);
  if (!entity) return [];
  return alertsOf(entity, business.record).map((alert) => `${local(alert.label)} ${formatAmount(alert.amount)}`);
}

/** The long texts of a record a card shows below its fields (a leave's reason, a fund's purpose). */
export function cardTexts(business: BusinessRecord): string[] {
  const entity = entityOf(business);
  if (!entity) return [];
  return detailFieldsOf(entity)
    .filter(({ field }) => field.control === 'textarea')
    .map(({ name }) => String(business.record[name] ?? ''))
    .filter(Boolean);
}

/** The record's attachments fields with their files (what `detail` answers beside each). */
export function attachedFiles(business: BusinessRecord): [label: string, files: AttachedFile[]][] {
  const entity = entityOf(business);
  if (!entity) return [];
  return attachmentFieldsOf(entity).map(({ name, field }): [string, AttachedFile[]] => [
    local(field.label),
    (business.record[filesKey(name)] as AttachedFile[] | undefined) ?? [],
  ]);
}

/** Every field of a record, read-only, in form order. */
export function detailFields(business: BusinessRecord): [label: string, value: string][] {
  const applicant: [string, string] = [t('mobile.approvals.applicant'), business.record.flow?.assigneeName ?? ''];
  const applied: [string, string] = [t('mobile.approvals.applyTime'), business.record.applyTime];
  const entity = entityOf(business);
  const fields = entity ? formFieldsOf(entity) : [];
  return [
    applicant,
    ...fields.map((named): [string, string] => [
      local(named.field.label),
      valueText(named, shownValue(named, business.record)),
    ]),
    applied,
  ];
}

export type RequestState = 'running' | 'rejected' | 'approved' | 'withdrawn' | 'finished';

/** A request's state: the business row's status as the server sets it, else only whether its process ended. */
export function requestState(
  status: number | undefined,
  processIsFinished: BladeFlow['processIsFinished'] | undefined,
): RequestState {
  switch (status) {
    case REQUEST_STATUS.running:
      return 'running';
    case REQUEST_STATUS.rejected:
      return 'rejected';
    case REQUEST_STATUS.approved:
      return 'approved';
    case REQUEST_STATUS.withdrawn:
      return 'withdrawn';
    default:
      return processIsFinished === 'finished' ? 'finished' : 'running';
  }
}

export const STATE_COLORS: Record<RequestState, 'primary' | 'danger' | 'success' | 'default'> = {
  running: 'primary',
  rejected: 'danger',
  approved: 'success',
  withdrawn: 'default',
  finished: 'default',
};
