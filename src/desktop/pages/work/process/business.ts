import dayjs, { type Dayjs } from 'dayjs';
import {
  fetchFinanceDetail, fetchLeaveDetail, REQUEST_STATUS, startFinance, startLeave, TASK_USER_PREFIX,
  type BusinessKind, type FinanceRequest, type LeaveRequest,
} from '../../../../client/api/flow.ts';
import { halfOf, leaveTime, type DayHalf } from '../../../../shared/calendar/working-days.ts';

/** The leave and fund-approval requests (contract §5, §6): their detail call, start call and form values. */

export type BusinessRequest = LeaveRequest | FinanceRequest;

/**
 * What the request form holds: the leave's start and end as a date and a half day (上午 from 09:00, 下午 until
 * 18:00, as Chinese HR systems count leave), the fund's amount as text.
 */
export interface RequestForm {
  startDate?: Dayjs;
  startHalf?: DayHalf;
  endDate?: Dayjs;
  endHalf?: DayHalf;
  reason?: string;
  title?: string;
  amount?: string | number;
  taskUser?: string;
}

/** A new leave starts in the morning and ends in the evening: picking two dates takes them whole. */
export const NEW_REQUEST: RequestForm = { startHalf: 'am', endHalf: 'pm' };

const DATE = 'YYYY-MM-DD';

export const isBusiness = (value: string | undefined): value is BusinessKind => value === 'leave' || value === 'finance';

export const fetchRequest = (kind: BusinessKind, businessId: string): Promise<BusinessRequest | null> =>
  (kind === 'leave' ? fetchLeaveDetail(businessId) : fetchFinanceDetail(businessId));

/** The leave's start and end on the wire (`yyyy-MM-dd HH:mm:ss`), once the form has both dates. */
export function leavePeriod(values: RequestForm): { startTime?: string; endTime?: string } {
  return {
    startTime: values.startDate ? leaveTime(values.startDate.format(DATE), values.startHalf ?? 'am', 'start') : undefined,
    endTime: values.endDate ? leaveTime(values.endDate.format(DATE), values.endHalf ?? 'pm', 'end') : undefined,
  };
}

/** Saves a request: new (starts its process) or, with `id`, the applicant's adjusted one. */
export function saveRequest(kind: BusinessKind, processDefinitionId: string, values: RequestForm, id?: string) {
  const common = { ...(id ? { id } : {}), processDefinitionId, reason: (values.reason ?? '').trim(), taskUser: values.taskUser ?? '' };
  if (kind === 'leave') {
    const { startTime, endTime } = leavePeriod(values);
    return startLeave({ ...common, startTime: startTime!, endTime: endTime! });
  }
  return startFinance({ ...common, title: (values.title ?? '').trim(), amount: String(values.amount ?? '') });
}

/**
 * The process variables an adjusted request changes when it is resubmitted: the next approver. The request's own
 * figures (leave days, amount) the server reads from the saved row.
 */
export function resubmitVariables(values: RequestForm): Record<string, unknown> {
  return values.taskUser ? { taskUser: `${TASK_USER_PREFIX}${values.taskUser}` } : {};
}

/** The form's values of a saved request (adjusting it). */
export function formOf(request: BusinessRequest): RequestForm {
  if ('startTime' in request) {
    return {
      startDate: dayjs(request.startTime.slice(0, 10)), startHalf: halfOf(request.startTime, 'start'),
      endDate: dayjs(request.endTime.slice(0, 10)), endHalf: halfOf(request.endTime, 'end'),
      reason: request.reason, taskUser: request.taskUser,
    };
  }
  return { title: request.title, amount: request.amount, reason: request.reason, taskUser: request.taskUser };
}

/** The applicant's own request, sent back to him by a rejection: he may adjust and resubmit it, or withdraw it. */
export const backWithApplicant = (request: BusinessRequest, userId: string | undefined) =>
  request.status === REQUEST_STATUS.rejected && Boolean(userId) && request.createUser === userId;

export const STATUS_COLOURS: Record<number, string> = { 1: 'processing', 2: 'error', 3: 'success', 4: 'default' };
