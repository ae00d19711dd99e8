import { Type, type Static } from 'typebox';
import { DateTime, Page } from '../wire.ts';

/** What the flow module's routes answer inside the envelope (urls: flow.ts), beside their no-data actions. */

/** A deployment's warnings: candidate groups no role of a tenant holds (those steps go to its administrators). */
export const Deployed = Type.Object({ warnings: Type.Array(Type.String()) });
export type Deployed = Static<typeof Deployed>;

/** [DESIGN] `work/start-process`: the started instance. */
export const ProcessStarted = Type.Object({ processInstanceId: Type.String() });
export type ProcessStarted = Static<typeof ProcessStarted>;

/**
 * `manager/check-upload`: the file's name, whether it deploys, and why not (every problem, as deploy names them) or
 * what deploys with a warning (steps nobody handles).
 */
export const UploadChecked = Type.Object({
  name: Type.String(),
  success: Type.Boolean(),
  msg: Type.String({ description: '不能部署的原因或部署警告 (why it cannot deploy, or its warnings)' }),
});
export type UploadChecked = Static<typeof UploadChecked>;

/**
 * [DESIGN] A process's result as its starter sees it: under way, rejected (back with him, or ended by a rejection),
 * approved, or withdrawn (by him, or the instance was deleted). A business row's status follows it.
 */
const flowResult = (options?: { description: string }) =>
  Type.Union(
    [Type.Literal('running'), Type.Literal('rejected'), Type.Literal('approved'), Type.Literal('withdrawn')],
    options,
  );
export const FlowResult = flowResult();
export type FlowResult = Static<typeof FlowResult>;

/** A row of the work lists (`BladeFlow`, contract flow.md §1): a task, or an instance its starter sent. */
export const BladeFlow = Type.Object({
  taskId: Type.String({ description: '当前(或最后)任务 (current or last task); empty once finished' }),
  taskName: Type.String(),
  taskDefinitionKey: Type.String(),
  assignee: Type.String({ description: 'taskUser_<userId>' }),
  assigneeName: Type.String({ description: '办理人, or who may claim an unclaimed task (人事、管理员)' }),
  category: Type.String({ description: '流程分类 (dict `flow` key)' }),
  categoryName: Type.String(),
  createTime: DateTime,
  endTime: DateTime,
  claimTime: DateTime,
  historyTaskEndTime: DateTime,
  executionId: Type.String(),
  processInstanceId: Type.String(),
  historyProcessInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  processDefinitionVersion: Type.Integer(),
  processDefinitionDesc: Type.String(),
  processDefinitionDiagramResName: Type.String(),
  processDefinitionResName: Type.String(),
  processIsFinished: Type.Union([Type.Literal('finished'), Type.Literal('unfinished')]),
  businessTable: Type.String(),
  businessId: Type.String(),
  status: Type.Union([Type.Literal('todo'), Type.Literal('claim'), Type.Literal('finish')]),
  startUserName: Type.String({ description: '发起人 (the instance starter’s real name)' }),
  processResult: flowResult({ description: 'not in the contract: 已发事务 tells approved from withdrawn by it' }),
  businessStatus: Type.String({ description: '[DESIGN] 业务状态: set by a service task\'s status action, "" if none' }),
  priority: Type.Integer({
    description: '[DESIGN] the task’s priority (flowable:priority, 50 by default); 0 without a task',
  }),
  dueDate: Type.String({
    description: '[DESIGN] the task’s due date yyyy-MM-dd HH:mm:ss (flowable:dueDate), "" if none',
  }),
  // ---- [DESIGN] the approval actions (issue 34 point 5) ----
  signType: Type.Optional(
    Type.String({ description: '加签: before | after | parallel (an added approver’s task, or the task added to)' }),
  ),
  signState: Type.Optional(Type.String({ description: "'waiting': the task waits for its added approvers" })),
  parentTaskId: Type.Optional(Type.String({ description: 'an added approver’s task: the task he was added to' })),
  delegationState: Type.Optional(Type.String({ description: '委派: pending (with the delegate) | resolved' })),
  ownerName: Type.Optional(Type.String({ description: '委派: who delegated the task' })),
  read: Type.Optional(Type.Boolean({ description: '抄送 list: the copy was opened' })),
  copyFrom: Type.Optional(Type.String({ description: '抄送 list: who copied it' })),
  copyComment: Type.Optional(Type.String()),
});
export type BladeFlow = Static<typeof BladeFlow>;
export const BladeFlowPage = Page(BladeFlow);

/** A historic activity row of `history-flow-list` (§3). */
export const FlowHistory = Type.Object({
  historyActivityId: Type.String(),
  historyActivityName: Type.String(),
  historyActivityType: Type.String(),
  historyActivityDurationTime: Type.String({ description: '1天2小时3分4秒, empty while under way' }),
  createTime: DateTime,
  endTime: DateTime,
  assignee: Type.String(),
  assigneeName: Type.String(),
  comment: Type.String(),
  taskId: Type.String(),
  processInstanceId: Type.String(),
  priority: Type.Optional(Type.Integer({ description: '[DESIGN] a user task’s priority' })),
  dueDate: Type.Optional(Type.String({ description: '[DESIGN] a user task’s due date, "" if none' })),
});
export type FlowHistory = Static<typeof FlowHistory>;

/** A deployed process definition (`FlowProcess`, §2 start-list and §4 manager list). */
export const FlowProcess = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  name: Type.String(),
  key: Type.String(),
  description: Type.String(),
  category: Type.String(),
  categoryName: Type.String(),
  version: Type.Integer(),
  deploymentId: Type.String(),
  resourceName: Type.String(),
  diagramResourceName: Type.String(),
  suspensionState: Type.Integer({ description: '1 激活 (active), 2 挂起 (suspended)' }),
  deploymentTime: DateTime,
});
export type FlowProcess = Static<typeof FlowProcess>;
export const FlowProcessPage = Page(FlowProcess);

/** A model of the designer (`FlowModel`, §4); `xml` only in detail. */
export const FlowModel = Type.Object({
  id: Type.String(),
  modelKey: Type.String(),
  name: Type.String(),
  description: Type.String(),
  created: DateTime,
  lastUpdated: DateTime,
  createdBy: Type.String(),
  lastUpdatedBy: Type.String(),
  version: Type.Integer(),
  modelType: Type.Integer(),
  tenantId: Type.String(),
  modelComment: Type.String(),
  xml: Type.Optional(Type.String()),
});
export type FlowModel = Static<typeof FlowModel>;
export const FlowModelPage = Page(FlowModel);

/** A running instance of the follow-up list (`FlowExecution`, §4); its task's fields are empty while none is open. */
export const FlowExecution = Type.Object({
  id: Type.String(),
  name: Type.String(),
  startUserId: Type.String(),
  startUser: Type.String({ description: '发起人 (the starter’s real name)' }),
  startTime: DateTime,
  taskDefinitionId: Type.String(),
  taskDefinitionKey: Type.String(),
  taskName: Type.String({ description: '当前任务 (the current task’s name, beside its element id)' }),
  category: Type.String(),
  categoryName: Type.String(),
  processInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  activityId: Type.String(),
  suspensionState: Type.Integer({ description: '1 激活 (active), 2 挂起 (suspended)' }),
  executionId: Type.String(),
  businessTable: Type.String(),
  businessId: Type.String(),
  tenantId: Type.String(),
  businessStatus: Type.String({ description: '[DESIGN] 业务状态: set by a service task\'s status action, "" if none' }),
});
export type FlowExecution = Static<typeof FlowExecution>;
export const FlowExecutionPage = Page(FlowExecution);

/**
 * [DESIGN] A job of the 作业管理 screen: what a process waits on besides its tasks (blade_flow_job). `failed`: out of
 * retries, it waits for an administrator with its error kept; `waiting`: due (again) at `dueTime`. In the list its
 * error is cut to its first lines; `job/detail` gives it whole.
 */
export const FlowJob = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  kind: Type.String({
    description:
      'timer 定时器, start 定时启动, action 服务任务, async 异步继续 (timer, start timer, action, continuation)',
  }),
  state: Type.Union([Type.Literal('failed'), Type.Literal('waiting')], {
    description: 'failed 失败待处理 (out of retries), waiting 等待执行 (due at dueTime)',
  }),
  processName: Type.String(),
  processKey: Type.String(),
  processVersion: Type.Integer(),
  processDefinitionId: Type.String(),
  processInstanceId: Type.String({ description: '流程实例主键; 定时启动为空 (empty for a start timer)' }),
  startUser: Type.String({ description: '发起人 (the instance starter’s real name)' }),
  elementId: Type.String(),
  elementName: Type.String(),
  dueTime: DateTime,
  retries: Type.Integer({ description: '剩余重试次数 (retries left)' }),
  error: Type.String(),
  lockOwner: Type.String({ description: '执行中的服务进程 (the server process running it)' }),
  createTime: DateTime,
});
export type FlowJob = Static<typeof FlowJob>;
export const FlowJobPage = Page(FlowJob);

/** `model-view` (§3): the diagram's XML, and for an instance the activities it went through. */
export const FlowModelView = Type.Object({
  xml: Type.String(),
  flow: Type.Array(
    Type.Object({ historyActivityId: Type.String(), historyActivityType: Type.String(), endTime: DateTime }),
  ),
});
export type FlowModelView = Static<typeof FlowModelView>;

/** `work/user-select`: a user of the caller's tenant to pick as approver, with his departments' names. */
export const UserOption = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  name: Type.String(),
  deptName: Type.String({ description: '所属部门，逗号分隔 (departments, comma-separated)' }),
});
export type UserOption = Static<typeof UserOption>;

// ---- forms (issue 34 point 4): start and task forms as the model declares them (shared/flow/form-fields) ----

/** A start or task form's field: its type, whether it is required, readable, writable, an enum's options. */
export const FormFieldSchema = Type.Object({
  id: Type.String(),
  variable: Type.String({ description: 'the process variable the field sets' }),
  name: Type.String({ description: 'label' }),
  type: Type.Union(
    [
      Type.Literal('string'),
      Type.Literal('long'),
      Type.Literal('double'),
      Type.Literal('boolean'),
      Type.Literal('date'),
      Type.Literal('enum'),
    ],
    { description: 'long: an integer, date: yyyy-MM-dd, enum: one of options[].id' },
  ),
  required: Type.Boolean(),
  readable: Type.Boolean(),
  writable: Type.Boolean(),
  options: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  defaultValue: Type.Optional(Type.String()),
  datePattern: Type.Optional(Type.String()),
  value: Type.Optional(Type.Unknown({ description: "a task form's field: the variable's current value" })),
});

/**
 * [DESIGN] `work/start-form`: what the starter gives. `business` names the Tenon request form (leave, finance …) a
 * `formKey` routes to; `fields` the declared form (none: the process starts without variables).
 */
export const StartForm = Type.Object({
  processDefinitionId: Type.String(),
  name: Type.String(),
  formKey: Type.String(),
  business: Type.String(),
  fields: Type.Array(FormFieldSchema),
});
export type StartForm = Static<typeof StartForm>;

/** [DESIGN] `work/task-form`: what the task's handler sets, the readable fields with their current values. */
export const TaskForm = Type.Object({
  taskId: Type.String(),
  taskName: Type.String(),
  processInstanceId: Type.String(),
  formKey: Type.String(),
  fields: Type.Array(FormFieldSchema),
});
export type TaskForm = Static<typeof TaskForm>;

/** [DESIGN] `process/variables`: an instance's variables, for those who may view it. */
export const ProcessVariables = Type.Record(Type.String(), Type.Unknown());
/** [DESIGN] `work/return-targets`: the earlier steps a task may return to (退回), with who did each last. */
export const ReturnTarget = Type.Object({
  taskKey: Type.String(),
  taskName: Type.String(),
  assignee: Type.String(),
  assigneeName: Type.String(),
});
export type ReturnTarget = Static<typeof ReturnTarget>;
