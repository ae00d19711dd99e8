/** Wire shapes of the workflow endpoints (contract flow.md). Ids are strings, datetimes `yyyy-MM-dd HH:mm:ss`. */

/** A user in the engine: `taskUser_<userId>` (TASK_USR_PREFIX). */
export const TASK_USER_PREFIX = 'taskUser_';
/** The user id of a task's user (`taskUser_<id>`); '' for another name (a group, a literal). */
export const userIdOf = (taskUser: string) =>
  taskUser.startsWith(TASK_USER_PREFIX) ? taskUser.slice(TASK_USER_PREFIX.length) : '';
/** A user id as the engine stores a task's user. */
export const taskUserOfId = (userId: string) => `${TASK_USER_PREFIX}${userId}`;
/** A process definition's suspension state: started by hand and by businesses only when active. */
export const DEFINITION_STATE = { active: 1, suspended: 2 } as const;

/**
 * [DESIGN] A process's result as its starter sees it: under way, rejected (back with him, or ended by a rejection),
 * approved, or withdrawn (by him, or the instance was deleted). A business row's status follows it.
 */
export type FlowResult = 'running' | 'rejected' | 'approved' | 'withdrawn';

/** List rows and task payloads (`BladeFlow`, §1). */
export interface BladeFlow {
  taskId: string;
  taskName: string;
  taskDefinitionKey: string;
  assignee: string;
  assigneeName: string;
  category: string;
  categoryName: string;
  createTime: string;
  endTime: string;
  claimTime: string;
  historyTaskEndTime: string;
  executionId: string;
  processInstanceId: string;
  historyProcessInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  processDefinitionDesc: string;
  processDefinitionDiagramResName: string;
  processDefinitionResName: string;
  processIsFinished: 'finished' | 'unfinished';
  businessTable: string;
  businessId: string;
  status: 'todo' | 'claim' | 'finish';
  /** the instance's starter (real name) */
  startUserName: string;
  /** where the process stands for its starter (not in the contract: 已发事务 tells approved from withdrawn by it) */
  processResult: FlowResult;
}

/** A historic activity row of `history-flow-list` (§3). */
export interface FlowHistory {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  historyActivityDurationTime: string;
  createTime: string;
  endTime: string;
  assignee: string;
  assigneeName: string;
  comment: string;
  taskId: string;
  processInstanceId: string;
}

/** `model-view` (§3). */
export interface FlowModelView {
  xml: string;
  flow: Array<{ historyActivityId: string; historyActivityType: string; endTime: string }>;
}

/** A deployed process definition (`FlowProcess`, §2 start-list and §4 manager list). */
export interface FlowProcess {
  id: string;
  tenantId: string;
  name: string;
  key: string;
  description: string;
  category: string;
  categoryName: string;
  version: number;
  deploymentId: string;
  resourceName: string;
  diagramResourceName: string;
  /** 1 active, 2 suspended */
  suspensionState: number;
  deploymentTime: string;
}

/** A model of the designer (`FlowModel`, §4). `xml` only in detail. */
export interface FlowModel {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  created: string;
  lastUpdated: string;
  createdBy: string;
  lastUpdatedBy: string;
  version: number;
  modelType: number;
  tenantId: string;
  modelComment: string;
  xml?: string;
}

/** A running instance of the follow-up list (`FlowExecution`, §4). */
export interface FlowExecution {
  id: string;
  name: string;
  startUserId: string;
  startUser: string;
  startTime: string;
  taskDefinitionId: string;
  taskDefinitionKey: string;
  /** the current task's name (the node's name, e.g. 审批人审批), beside its element id */
  taskName: string;
  category: string;
  categoryName: string;
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  activityId: string;
  suspensionState: number;
  executionId: string;
  businessTable: string;
  businessId: string;
  tenantId: string;
}

/** [DESIGN] What `model/deploy` and `manager/deploy-upload` answer beside their status: warnings for the deployer. */
export interface DeployResult {
  warnings: string[];
}

/** [DESIGN] status of a leave or fund request row (its `approval.status`): the result of its process. */
export const REQUEST_STATUS = { running: 1, rejected: 2, approved: 3, withdrawn: 4 } as const satisfies Record<
  FlowResult,
  number
>;
