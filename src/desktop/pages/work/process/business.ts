import dayjs, { type Dayjs } from 'dayjs';
import {
  fetchFinanceDetail, fetchLeaveDetail, REQUEST_STATUS, startFinance, startLeave, TASK_USER_PREFIX,
  type BusinessKind, type FinanceRequest, type LeaveRequest,
} from '../../../../client/api/flow.ts';

/** The leave and fund-approval requests (contract §5, §6): their detail call, start call and form values. */

export type BusinessRequest = LeaveRequest | FinanceRequest;

/** What the request form holds: the leave's times as dates, the fund's amount as text. */
export interface RequestForm {
  startTime?: Dayjs;
  endTime?: Dayjs;
  reason?: string;
  title?: string;
  amount?: string | number;
  taskUser?: string;
}

const DATETIME = 'YYYY-MM-DD HH:mm:ss';

export const isBusiness = (value: string | undefined): value is BusinessKind => value === 'leave' || value === 'finance';

export const fetchRequest = (kind: BusinessKind, businessId: string): Promise<BusinessRequest | null> =>
  (kind === 'leave' ? fetchLeaveDetail(businessId) : fetchFinanceDetail(businessId));

/** Whole days between start and end, as the server counts them for the leave's `days` variable. */
export const leaveDays = (start: Dayjs | string, end: Dayjs | string) => Math.max(0, dayjs(end).diff(dayjs(start), 'day'));

/** Saves a request: new (starts its process) or, with `id`, the applicant's adjusted one. */
export function saveRequest(kind: BusinessKind, processDefinitionId: string, values: RequestForm, id?: string) {
  const common = { ...(id ? { id } : {}), processDefinitionId, reason: (values.reason ?? '').trim(), taskUser: values.taskUser ?? '' };
  if (kind === 'leave') {
    return startLeave({ ...common, startTime: values.startTime!.format(DATETIME), endTime: values.endTime!.format(DATETIME) });
  }
  return startFinance({ ...common, title: (values.title ?? '').trim(), amount: String(values.amount ?? '') });
}

/** The process variables an adjusted request changes when it is resubmitted. */
export function resubmitVariables(kind: BusinessKind, values: RequestForm): Record<string, unknown> {
  const taskUser = values.taskUser ? { taskUser: `${TASK_USER_PREFIX}${values.taskUser}` } : {};
  return kind === 'leave'
    ? { ...taskUser, days: leaveDays(values.startTime!, values.endTime!) }
    : { ...taskUser, amount: Number(values.amount) };
}

/** The form's values of a saved request (adjusting it). */
export function formOf(request: BusinessRequest): RequestForm {
  if ('startTime' in request) {
    return { startTime: dayjs(request.startTime), endTime: dayjs(request.endTime), reason: request.reason, taskUser: request.taskUser };
  }
  return { title: request.title, amount: request.amount, reason: request.reason, taskUser: request.taskUser };
}

/** The applicant's own request, sent back to him by a rejection: he may adjust and resubmit it, or withdraw it. */
export const backWithApplicant = (request: BusinessRequest, userId: string | undefined) =>
  request.status === REQUEST_STATUS.rejected && Boolean(userId) && request.createUser === userId;

export const STATUS_COLOURS: Record<number, string> = { 1: 'processing', 2: 'error', 3: 'success', 4: 'default' };
