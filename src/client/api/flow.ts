import { REQUEST_STATUS, type FlowExecution, type FlowModelView } from '../../shared/flow/types.ts';
import type {
  BladeFlow,
  Deployed as DeployResult,
  FlowHistory,
  FlowJob,
  FlowModel,
  FlowProcess,
  FlowResult,
  UserOption,
} from '../../shared/contract/api/flow.schemas.ts';
import { approvalOf, approvalOfTable, learnApprovables, type ApprovableDef } from '../../shared/entities/approvals.ts';
import { LIVE_APPROVALS_URL, type LiveEntityWire } from '../../shared/develop/live.ts';
import { startedVia } from '../../shared/entities/define.ts';
import { fetchDictionary, type DictItem } from './system.ts';
import { getData, http, postData, type Page, type R } from '../http.ts';
import {
  FOLLOW_DELETE_PROCESS_INSTANCE_URL,
  FOLLOW_LIST_URL,
  JOB_DETAIL_URL,
  JOB_LIST_URL,
  JOB_RETRY_URL,
  MANAGER_CHANGE_STATE_URL,
  MANAGER_DELETE_DEPLOYMENT_URL,
  MANAGER_DEPLOY_UPLOAD_URL,
  MANAGER_LIST_URL,
  MANAGER_SELECT_URL,
  MODEL_DEPLOY_URL,
  MODEL_DETAIL_URL,
  MODEL_LIST_URL,
  MODEL_REMOVE_URL,
  MODEL_SUBMIT_URL,
  PROCESS_HISTORY_FLOW_LIST_URL,
  PROCESS_MODEL_VIEW_URL,
  WORK_CLAIM_LIST_URL,
  WORK_CLAIM_TASK_URL,
  WORK_COMPLETE_TASK_URL,
  WORK_DELETE_TASK_URL,
  WORK_DONE_LIST_URL,
  WORK_SEND_LIST_URL,
  WORK_TODO_LIST_URL,
  WORK_START_LIST_URL,
  WORK_TRANSFER_TASK_URL,
  WORK_USER_SELECT_URL,
} from '../../shared/contract/api/flow.ts';
import { TENANT_SELECT_URL } from '../../shared/contract/api/system.ts';

/**
 * Workflow calls (contract flow.md), shared by the desktop console and the phone: no UI library here. Lists return
 * the page envelope's `data`; actions resolve with the server's `msg` where the contract gives one (签收事务成功,
 * 激活ID为 [..] 的流程成功 ...).
 */

export type {
  BladeFlow,
  DeployResult,
  FlowExecution,
  FlowHistory,
  FlowJob,
  FlowModel,
  FlowModelView,
  FlowProcess,
  FlowResult,
  UserOption,
};
export { TASK_USER_PREFIX } from '../../shared/flow/types.ts';

export interface Paging {
  current?: number;
  size?: number;
}
/** Filters of the work lists (§2): category (dict `flow` key), task dates `yyyy-MM-dd[ HH:mm:ss]`. */
export interface WorkFilter extends Paging {
  category?: string;
  beginDate?: string;
  endDate?: string;
}

/** Drops empty filters so a blank search box sends nothing. */
function params(input: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

/** An action whose success message the screen shows (the envelope's `msg`). */
async function postMessage(url: string, query?: Record<string, unknown>, body?: unknown): Promise<string> {
  return (await http.post<R<unknown>>(url, body, { params: query })).data.msg;
}

// ---- my work (§2) ----

export const fetchStartList = (filter: Paging & { category?: string; mode?: 1 | 2 } = {}) =>
  getData<Page<FlowProcess>>(WORK_START_LIST_URL, params(filter));
export const fetchClaimList = (filter: WorkFilter = {}) =>
  getData<Page<BladeFlow>>(WORK_CLAIM_LIST_URL, params(filter));
export const fetchTodoList = (filter: WorkFilter = {}) => getData<Page<BladeFlow>>(WORK_TODO_LIST_URL, params(filter));
export const fetchSendList = (filter: WorkFilter = {}) => getData<Page<BladeFlow>>(WORK_SEND_LIST_URL, params(filter));
export const fetchDoneList = (filter: WorkFilter = {}) => getData<Page<BladeFlow>>(WORK_DONE_LIST_URL, params(filter));

/** 签收: a candidate takes the task; resolves with 签收事务成功. */
export const claimTask = (taskId: string) => postMessage(WORK_CLAIM_TASK_URL, { taskId });

export interface CompleteTask {
  taskId: string;
  processInstanceId?: string;
  comment?: string;
  /** true approve (同意), false reject (驳回); the desktop sends `flag: 'ok'` with it when approving */
  pass: boolean;
  /** e.g. `{ taskUser: 'taskUser_<id>' }` when the model asks the approver for the next assignee */
  variables?: Record<string, unknown>;
}
export const completeTask = (input: CompleteTask) =>
  postData<null>(WORK_COMPLETE_TASK_URL, { ...input, ...(input.pass ? { flag: 'ok' } : {}) });

/** 转办: the assignee hands the task to another user of the tenant (user id or `taskUser_<id>`). */
export const transferTask = (input: { taskId: string; userId: string; comment?: string }) =>
  postMessage(WORK_TRANSFER_TASK_URL, undefined, input);

/** The starter withdraws his process through one of its open tasks (撤销). */
export const deleteTask = (taskId: string, reason: string) => postMessage(WORK_DELETE_TASK_URL, { taskId, reason });

// ---- process view (§3) ----

export const fetchHistoryFlowList = (processInstanceId: string) =>
  getData<FlowHistory[]>(PROCESS_HISTORY_FLOW_LIST_URL, { processInstanceId });

/** The diagram of an instance (with its activities) or of a definition (`flow` empty). */
export const fetchModelView = (target: { processInstanceId: string } | { processDefinitionId: string }) =>
  getData<FlowModelView>(PROCESS_MODEL_VIEW_URL, target);

// ---- model design (§4) ----

export const fetchModelList = (filter: Paging & { modelKey?: string; name?: string } = {}) =>
  getData<Page<FlowModel>>(MODEL_LIST_URL, params(filter));
export const fetchModelDetail = (id: string) => getData<FlowModel | null>(MODEL_DETAIL_URL, { id });
export const submitModel = (model: {
  id?: string;
  modelKey: string;
  name: string;
  description?: string;
  xml: string;
}) => postData<null>(MODEL_SUBMIT_URL, model);
export const removeModels = (ids: string[]) => postData<null>(MODEL_REMOVE_URL, undefined, { ids: ids.join(',') });
/**
 * Deploys a model once per tenant id; no tenant ids = one definition shared by every tenant. Warnings for the deployer.
 */
export const deployModel = (input: { modelId: string; category: string; tenantIds: string[] }) =>
  postData<DeployResult | null>(MODEL_DEPLOY_URL, undefined, {
    modelId: input.modelId,
    category: input.category,
    tenantIds: input.tenantIds.join(','),
  });

// ---- process management, deployment, follow-up (§4) ----

/** mode 1: latest version of each key; 2: every version. */
export const fetchManagerList = (filter: Paging & { category?: string; mode?: 1 | 2 } = {}) =>
  getData<Page<FlowProcess>>(MANAGER_LIST_URL, params(filter));
export const fetchManagerSelect = () => getData<FlowProcess[]>(MANAGER_SELECT_URL);
/** Resolves with 激活ID为 [..] 的流程成功 / 挂起ID为 [..] 的流程成功 / 暂无流程变更. */
export const changeProcessState = (processId: string, state: 'active' | 'suspend') =>
  postMessage(MANAGER_CHANGE_STATE_URL, { processId, state });
export const deleteDeployments = (deploymentIds: string[]) =>
  postData<null>(MANAGER_DELETE_DEPLOYMENT_URL, undefined, { deploymentIds: deploymentIds.join(',') });

/** Multipart upload: category, tenantIds (comma list) and the `.bpmn20.xml` files, all three required (spec §5). */
export function deployUpload(input: { category: string; tenantIds: string[]; files: Blob[] }) {
  const form = new FormData();
  form.append('category', input.category);
  form.append('tenantIds', input.tenantIds.join(','));
  for (const file of input.files) form.append('files', file, file instanceof File ? file.name : 'process.bpmn20.xml');
  return postData<DeployResult | null>(MANAGER_DEPLOY_UPLOAD_URL, form);
}

export const fetchFollowList = (filter: Paging & { processInstanceId?: string; processDefinitionKey?: string } = {}) =>
  getData<Page<FlowExecution>>(FOLLOW_LIST_URL, params(filter));
export const deleteProcessInstance = (processInstanceId: string, deleteReason: string) =>
  postData<null>(FOLLOW_DELETE_PROCESS_INSTANCE_URL, undefined, { processInstanceId, deleteReason });

/** 作业管理: jobState failed (out of retries) | waiting | all (default, the failed first). */
export interface JobFilter extends Paging {
  jobState?: 'failed' | 'waiting' | 'all';
  processKey?: string;
  kind?: string;
}
export const fetchJobList = (filter: JobFilter = {}) => getData<Page<FlowJob>>(JOB_LIST_URL, params(filter));
/** One job with its whole error (the list cuts it). */
export const fetchJobDetail = (id: string) => getData<FlowJob>(JOB_DETAIL_URL, { id });
/** Gives the jobs their retries back, due now; resolves with 已重试 n 个作业. */
export const retryJobs = (ids: string[]) => postMessage(JOB_RETRY_URL, undefined, { ids: ids.join(',') });

// ---- approval requests: leave, fund approval, any approvable entity (§5, §6) ----

/** An approvable entity's kind (`leave`, `finance`): its pages' URL segment (shared/entities/approvals.ts). */
export type BusinessKind = string;

/**
 * [DESIGN] status of a leave or fund request: 1 running, 2 back with the applicant (rejected), 3 approved, 4 withdrawn.
 */
export { REQUEST_STATUS };

/** A request as `detail` returns it, and what it adds to every request (the applicant and the process). */
import type { BusinessFlowInfo, BusinessRequest } from '../../shared/contract/api/approval.schemas.ts';
export type { BusinessFlowInfo, BusinessRequest };

/** A new request (its fields by name); with `id` (the applicant adjusting a rejected one) it only updates the row. */
export interface RequestStart {
  id?: string;
  processDefinitionId: string;
  taskUser: string;
  [field: string]: unknown;
}

const processBase = (kind: BusinessKind) => `/api/${approvalOf(kind)?.service ?? 'blade-desk'}/process/${kind}`;
export const startRequest = (kind: BusinessKind, input: RequestStart) =>
  postData<null>(`${processBase(kind)}/start-process`, input);
export const fetchRequestDetail = (kind: BusinessKind, businessId: string) =>
  getData<BusinessRequest | null>(`${processBase(kind)}/detail`, { businessId });

/** A saved row sent for approval through another kind's process (`start.by` 'kind': an expense claim, finance). */
export interface RowSend {
  businessId: string;
  processDefinitionId: string;
  taskUser: string;
  comment?: string;
}
/** Sends the row of `entity` (an approvable started via another kind): starts its process, or continues it. */
export const sendForApproval = (entity: ApprovableDef, input: RowSend) =>
  postData<null>(`${processBase(startedVia(entity.approval) ?? entity.approval.kind)}/start-process`, input);

// ---- categories and people ----

/** The `flow` dictionary: dictKey = category, dictValue = its name, remark = the route segment (leave / finance). */
/**
 * The `flow` dictionary, which routes a row's category to its business page; the approved live models' definitions
 * are learned with it (a live row is routed by its table: approvals.ts learnApprovables).
 */
export async function fetchFlowCategories(): Promise<DictItem[]> {
  const [categories] = await Promise.all([fetchDictionary('flow'), learnLiveApprovals()]);
  return categories;
}

/** The approved live models' definitions; without them (an older server, offline) live rows show as their kind's. */
async function learnLiveApprovals(): Promise<void> {
  try {
    learnApprovables((await getData<LiveEntityWire[]>(LIVE_APPROVALS_URL)).map((wire) => wire.entity));
  } catch {
    // Kept as learned before.
  }
}
export type FlowCategory = DictItem;

/** The business page of a category (`leave`, `finance`), or undefined when the dictionary does not route it. */
export function businessOf(
  categories: readonly FlowCategory[] | undefined,
  category: string,
): BusinessKind | undefined {
  const remark = categories?.find((item) => item.dictKey === category)?.remark.trim();
  return approvalOf(remark)?.approval.kind;
}

/** The business of a row by its table (`blade_process_leave` -> leave), when the category is not routed. */
export const businessOfTable = (businessTable: string): BusinessKind | undefined =>
  approvalOfTable(businessTable)?.approval.kind;

/** Spec §2 routes of the leave and fund pages (and of every approvable entity). */
export const processRoutes = {
  form: (kind: BusinessKind, processDefinitionId: string) =>
    `/work/process/${kind}/form/${encodeURIComponent(processDefinitionId)}`,
  handle: (kind: BusinessKind, row: { taskId: string; processInstanceId: string; businessId: string }) =>
    `/work/process/${kind}/handle/${[row.taskId, row.processInstanceId, row.businessId].map(encodeURIComponent).join('/')}`,
  detail: (kind: BusinessKind, row: { processInstanceId: string; businessId: string }) =>
    `/work/process/${kind}/detail/${[row.processInstanceId, row.businessId].map(encodeURIComponent).join('/')}`,
};

/**
 * Colleagues to pick as approver (`work/user-select`: any signed-in user, his own tenant, the best 50 matches of
 * account or name). Silent: if it fails the screen falls back to entering the approver's user id.
 */
export const fetchUserOptions = (keyword = '') =>
  http
    .get<R<UserOption[]>>(WORK_USER_SELECT_URL, { params: params({ keyword }), silent: true })
    .then((response) => response.data.data);

export interface TenantOption {
  id: string;
  tenantId: string;
  tenantName: string;
}
export const fetchTenantOptions = () => getData<TenantOption[]>(TENANT_SELECT_URL);
