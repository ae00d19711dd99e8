import type { BladeFlow, ReturnTarget } from '../../shared/contract/api/flow.schemas.ts';
import type { SignType } from '../../shared/flow/actions.ts';
import {
  WORK_ADD_SIGN_URL,
  WORK_COPY_LIST_URL,
  WORK_COPY_READ_URL,
  WORK_COPY_TASK_URL,
  WORK_DELEGATE_TASK_URL,
  WORK_REMOVE_SIGN_URL,
  WORK_RESOLVE_TASK_URL,
  WORK_RETURN_TARGETS_URL,
  WORK_RETURN_TASK_URL,
  WORK_REVOKE_PROCESS_URL,
  WORK_TODO_LIST_URL,
  WORK_URGE_TASK_URL,
} from '../../shared/contract/api/flow.ts';
import { getData, http, type Page, type R } from '../http.ts';
import type { WorkFilter } from './flow.ts';

/**
 * The Chinese approval actions (issue 34 point 5), for the desktop and the phone: 加签, 减签, 委派 and its answer,
 * 抄送 and its list, 退回, 撤回, 催办. Actions resolve with the server's message (加签成功 ...).
 */

export type { ReturnTarget, SignType };

async function post(url: string, body: Record<string, unknown>): Promise<string> {
  return (await http.post<R<unknown>>(url, body)).data.msg;
}

/** The caller's own open task as its to-do row (its 加签 / 委派 state), undefined when it is not his any more. */
export const fetchOwnTask = async (taskId: string): Promise<BladeFlow | null> =>
  (await getData<Page<BladeFlow>>(WORK_TODO_LIST_URL, { taskId, size: 1 })).records[0] ?? null;

export const addSign = ({ type, ...input }: { taskId: string; userIds: string[]; type: SignType; comment?: string }) =>
  post(WORK_ADD_SIGN_URL, { ...input, signType: type });
export const removeSign = (input: { taskId: string; taskIds: string[] }) => post(WORK_REMOVE_SIGN_URL, input);
export const delegateTask = (input: { taskId: string; userId: string; comment?: string }) =>
  post(WORK_DELEGATE_TASK_URL, input);
export const resolveTask = (input: { taskId: string; comment?: string }) => post(WORK_RESOLVE_TASK_URL, input);
export const copyTask = (input: {
  taskId?: string;
  processInstanceId?: string;
  userIds: string[];
  roleIds?: string[];
  comment?: string;
}) => post(WORK_COPY_TASK_URL, input);
export const fetchCopyList = (filter: WorkFilter = {}) =>
  getData<Page<BladeFlow>>(
    WORK_COPY_LIST_URL,
    Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')),
  );
export const markCopyRead = (processInstanceId: string) => post(WORK_COPY_READ_URL, { processInstanceId });
export const fetchReturnTargets = (taskId: string) => getData<ReturnTarget[]>(WORK_RETURN_TARGETS_URL, { taskId });
export const returnTask = (input: { taskId: string; targetKey: string; comment?: string }) =>
  post(WORK_RETURN_TASK_URL, input);
export const revokeProcess = (processInstanceId: string) => post(WORK_REVOKE_PROCESS_URL, { processInstanceId });
export const urgeProcess = (processInstanceId: string, comment?: string) =>
  post(WORK_URGE_TASK_URL, { processInstanceId, comment });
