import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import {
  fetchRequestDetail,
  REQUEST_STATUS,
  startRequest,
  TASK_USER_PREFIX,
  type BusinessKind,
  type BusinessRequest,
} from '../../../../client/api/flow.ts';
import {
  attachmentFieldsOf,
  edgeOf,
  formFieldsOf,
  isPeriod,
  isSent,
  periodOf,
} from '../../../../client/approval-fields.ts';
import { filesKey } from '../../../../shared/contract/api/attachments.ts';
import type { AttachmentItem } from '../../../components/upload/AttachmentsControl.tsx';
import { approvalOf, type ApprovableDef } from '../../../../shared/entities/approvals.ts';
import { halfOf, leaveTime, type DayHalf } from '../../../../shared/calendar/working-days.ts';
import { flowCategoriesQuery } from '../../flow/flow-screen-queries.ts';

/** The requests of approvable entities (contract §5, §6): their detail call, start call and form values. */

export type { BusinessRequest } from '../../../../client/api/flow.ts';

/**
 * What the request form holds, by field name: a period's start and end as a date (`<field>Date`) and a half day
 * (`<field>Half`: 上午 from 09:00, 下午 until 18:00, as Chinese HR systems count leave), amounts as text, and the
 * first approver.
 */
export type RequestForm = Record<string, unknown> & { taskUser?: string };

const DATE = 'YYYY-MM-DD';
export const dateKey = (name: string) => `${name}Date`;
export const halfKey = (name: string) => `${name}Half`;

/** A new request's period starts in the morning and ends in the evening: picking two dates takes them whole. */
export function newRequest(entity: ApprovableDef): RequestForm {
  const period = periodOf(entity);
  return period ? { [halfKey(period.start)]: 'am', [halfKey(period.end)]: 'pm' } : {};
}

export const isBusiness = (value: string | undefined): value is BusinessKind => Boolean(approvalOf(value));

/**
 * The business kind of a page's address: a built-in one at once; a live model's once its definition is learned, with
 * the flow categories (client/api/flow.ts), which a page opened by its address (a link, a reload) waits for.
 * `undefined` while they load, `null` for a kind nothing declares.
 */
export function useBusinessOfAddress(business: string | undefined): BusinessKind | null | undefined {
  const known = isBusiness(business);
  const categories = useQuery({ ...flowCategoriesQuery, enabled: !known });
  if (known) return business;
  return categories.isPending ? undefined : isBusiness(business) ? business : null;
}

export const fetchRequest = (kind: BusinessKind, businessId: string): Promise<BusinessRequest | null> =>
  fetchRequestDetail(kind, businessId);

/** A period field's value on the wire (`yyyy-MM-dd HH:mm:ss`), once the form has its date. */
export function periodTime(values: RequestForm, name: string, edge: 'start' | 'end'): string | undefined {
  const date = values[dateKey(name)] as Dayjs | undefined;
  const half = (values[halfKey(name)] as DayHalf | undefined) ?? (edge === 'start' ? 'am' : 'pm');
  return date ? leaveTime(date.format(DATE), half, edge) : undefined;
}

/** The period's start and end on the wire, once the form has both dates. */
export function periodValues(entity: ApprovableDef, values: RequestForm): { startTime?: string; endTime?: string } {
  const period = periodOf(entity);
  if (!period) return {};
  return { startTime: periodTime(values, period.start, 'start'), endTime: periodTime(values, period.end, 'end') };
}

/** Saves a request: new (starts its process) or, with `id`, the applicant's adjusted one. */
export function saveRequest(kind: BusinessKind, processDefinitionId: string, values: RequestForm, id?: string) {
  const entity = approvalOf(kind)!;
  const fields: Record<string, unknown> = {};
  for (const { name, field } of formFieldsOf(entity).filter((f) => isSent(f.field))) {
    const numeric = field.type === 'money' || field.type === 'decimal' || field.type === 'int';
    if (isPeriod(field)) fields[name] = periodTime(values, name, edgeOf(field));
    else fields[name] = numeric ? String(values[name] ?? '') : String(values[name] ?? '').trim();
  }
  for (const { name } of attachmentFieldsOf(entity))
    fields[name] = ((values[name] as AttachmentItem[] | undefined) ?? []).map((file) => file.id).join(',');
  return startRequest(kind, { ...(id ? { id } : {}), processDefinitionId, ...fields, taskUser: values.taskUser ?? '' });
}

/**
 * The process variables an adjusted request changes when it is resubmitted: the next approver. The request's own
 * figures (leave days, amount) the server reads from the saved row.
 */
export function resubmitVariables(values: RequestForm): Record<string, unknown> {
  return values.taskUser ? { taskUser: `${TASK_USER_PREFIX}${values.taskUser}` } : {};
}

/** The form's values of a saved request (adjusting it). */
export function formOf(entity: ApprovableDef, request: BusinessRequest): RequestForm {
  const values: RequestForm = { taskUser: request.taskUser };
  for (const { name, field } of formFieldsOf(entity).filter((f) => isSent(f.field))) {
    const value = request[name];
    if (isPeriod(field)) {
      const time = String(value ?? '');
      values[dateKey(name)] = dayjs(time.slice(0, 10));
      values[halfKey(name)] = halfOf(time, edgeOf(field));
    } else {
      values[name] = value;
    }
  }
  for (const { name } of attachmentFieldsOf(entity)) values[name] = request[filesKey(name)] ?? [];
  return values;
}

/** The applicant's own request, sent back to him by a rejection: he may adjust and resubmit it, or withdraw it. */
export const backWithApplicant = (request: BusinessRequest, userId: string | undefined) =>
  request.status === REQUEST_STATUS.rejected && Boolean(userId) && request.createUser === userId;

export const STATUS_COLOURS: Record<number, string> = { 1: 'processing', 2: 'error', 3: 'success', 4: 'default' };
