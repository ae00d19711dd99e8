import type { ApprovableDef } from '../../../shared/entities/define.ts';
import type { BladeFlow, FlowExecution, FlowHistory, FlowProcess } from '../../../shared/flow/types.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Dictionaries } from '../dictionaries.ts';
import type { Config } from '../../config.ts';
import type { FlowHook } from './service-actions.ts';
import type { Page } from '../entity/service.ts';
import type { VisibleRows } from '../entity/types.ts';
import { moveRows, type RowMoves } from './approval-moves.ts';
import { sendRow, startRequest, type SendInput } from './approval-send.ts';
import type { PreparedWrite } from '../entity/engine-types.ts';
import { registerApproval, type ApprovalEffect } from './approval-steps.ts';
import { FlowRuntime, type CompleteInput, type Variables } from './flow-runtime.ts';
import { actionsOver, type WorkflowActions } from './flow-actions.ts';
import { decideSigned } from './flow-signs.ts';
import { definitionXml, instanceXml, InstanceReads, startableByHand } from './instance-reads.ts';
import { failWith } from '../errors.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import type { Query } from './read-pages.ts';
import { TaskLists } from './task-lists.ts';
import { FlowJobs } from './flow-jobs.ts';
import { businessOfFormKey, instanceVariables, startFormOf, taskFormOf } from './form-reads.ts';
import { FORM_MESSAGES, startFormValues } from './form-values.ts';
import { definitionGraph } from './process-steps.ts';
import type { FlowJob, StartForm, TaskForm } from '../../../shared/contract/api/flow.schemas.ts';
import { jobDetail, jobPage, retryJobs } from './job-admin.ts';
import type { TaskSmsSender } from './task-sms.ts';

/**
 * The workflow engine's interface to the modules: its steps (WorkflowSteps) and what its tables say (WorkflowReads).
 * Nothing outside platform/workflow reads or writes the engine's tables: modules go through it.
 */
export interface Workflow extends WorkflowSteps, WorkflowReads, WorkflowActions {
  /** The timers' clock of this process (started with the server, stopped with it). */
  jobs: FlowJobs;
}

/**
 * The engine's steps: register a business (its approval declaration and its effect), start, complete (approve /
 * reject), withdraw, and the inbox's claim and transfer and the platform administrator's ending of instances. Every
 * call is one transaction with the business row (`…In`: the caller's transaction).
 */
export interface WorkflowSteps {
  /**
   * Every step of the entity's processes moves its row (approval-steps.ts), with the module's effect. `replace`: a
   * definition that changes while the server runs (a live model published again) takes its table's place.
   */
  register(entity: ApprovableDef, effect?: ApprovalEffect, options?: { replace?: boolean }): void;
  /**
   * Who registers, when its hook is first needed, the business of a table no module registered at start (a live
   * model's: its definition is read then).
   */
  resolveBusinesses(resolve: (table: string, trx: Db) => Promise<void>): void;
  /**
   * Starts a definition the caller starts by hand (one of the start-list's: his tenant's or a shared one, active), with
   * no business row: he is its starter, `variables` its start variables.
   */
  startProcess(user: AuthUser, definitionId: string, variables?: Variables): Promise<string>;
  /** Starts a request's process, its row (a request form's, prepared by the entity engine) saved with it. */
  start(user: AuthUser, entity: ApprovableDef, request: RequestStart): Promise<string>;
  /**
   * Sends a saved row the caller sees through a kind's process, or continues the process waiting on its sender
   * (approval-send.ts); undefined: he sees no such row.
   */
  send(trx: Db, user: AuthUser, target: SendTarget, input: SendInput): Promise<string | undefined>;
  /** A state move of rows on their own screen (提交, 撤回, 审核, 驳回, 反审核: approval-moves.ts). */
  move(
    trx: Db,
    user: AuthUser,
    target: MoveTarget,
    moves: RowMoves & { granted: ReadonlySet<string> },
  ): Promise<number>;
  /** The caller's task decided from the inbox or the phone. */
  complete(user: AuthUser, input: CompleteInput): Promise<void>;
  /** The open task of a running instance decided for its business (false: nothing to decide). */
  decideIn(trx: Db, user: AuthUser, instanceId: string, pass: boolean, comment: string): Promise<boolean>;
  /** A running instance ended by its business (a deleted claim; false: not running). */
  withdrawIn(trx: Db, user: AuthUser, instanceId: string, reason: string): Promise<boolean>;
  /** The starter withdraws his process through one of its tasks (the inbox's 撤销). */
  withdraw(user: AuthUser, taskId: string, reason: string): Promise<void>;
  claim(user: AuthUser, taskId: string): Promise<void>;
  transfer(user: AuthUser, taskId: string, targetUserId: string, comment?: string): Promise<void>;
  /** Platform administration: running instances ended (a deleted deployment's, or one by its id). */
  deleteInstances(trx: Db, user: AuthUser, instanceIds: string[], reason: string): Promise<void>;
  deleteInstance(user: AuthUser, instanceId: string, reason: string): Promise<void>;
  /** A signal thrown in a tenant (every instance and start event waiting for it there); how many received it. */
  signal(user: AuthUser, tenantId: string, name: string, variables?: Variables): Promise<number>;
  /** A message to one receiver in a tenant (the instance's, if given); false: nobody waits for it. */
  message(user: AuthUser, tenantId: string, name: string, instanceId?: string, variables?: Variables): Promise<boolean>;
  /** A receive task (or another waiting event) of an instance triggered; false: nothing waits there. */
  trigger(user: AuthUser, instanceId: string, activityId: string, variables?: Variables): Promise<boolean>;
  /** 作业管理: jobs given their retries back, due now (false: one of them is no job the caller sees; none changed). */
  retryJobs(ids: string[]): Promise<boolean>;
}

/** The inbox's task lists: open tasks assigned to the caller, open ones he may claim, those he completed. */
export type TaskList = 'todo' | 'claim' | 'done';

/**
 * What the engine's tables say, read for the screens: the inbox (§2), definitions and running instances (§2 start-list,
 * §4 platform administration), and an instance's view (§3). A list's `query` holds its paging and filters (the
 * routes' LIST_PARAMS).
 */
export interface WorkflowReads {
  // ---- the inbox, in the caller's tenant; a business's alone when `query.category` names its flow category ----
  /** The caller's tasks: `todo` assigned to him, `claim` his to claim (by user or role), `done` completed by him. */
  tasks(user: AuthUser, list: TaskList, query: Query): Promise<Page<BladeFlow>>;
  /** How many tasks the caller completed on each day since `since` (yyyy-MM-dd), days without any left out. */
  doneByDay(user: AuthUser, since: string): Promise<Array<{ day: string; count: number }>>;
  /** The instances the caller started (the inbox's 已发), each with its open task. */
  started(user: AuthUser, query: Query): Promise<Page<BladeFlow>>;
  /** The instances copied to the caller (抄送), read or not. */
  copied(user: AuthUser, query: Query): Promise<Page<BladeFlow>>;

  // ---- definitions and running instances ----
  /**
   * A page of definitions. `tenantId` undefined: every tenant's (platform administration); else that tenant's and the
   * shared ones. `latest`: each key's newest version; `activeOnly`: not suspended; `startable`: started by hand.
   */
  definitions(
    query: Query,
    options: { tenantId?: string; latest: boolean; activeOnly: boolean; startable?: boolean },
  ): Promise<Page<FlowProcess>>;
  /** Running instances of every tenant, each with its open task (the follow-up screen). */
  running(query: Query): Promise<Page<FlowExecution>>;

  // ---- an instance's view ----
  /** Whether the caller takes part in the instance (started it, holds or may claim a task, ...) or administers it. */
  canView(user: AuthUser, instanceId: string): Promise<boolean>;
  /** The instance's activities in start order: all of them (the diagram's) or the history table's kinds. */
  history(
    instanceId: string,
    options: { tableOnly: boolean; startActivityId?: string; endActivityId?: string },
  ): Promise<FlowHistory[]>;
  /** The BPMN of the definition an instance runs (undefined: no such instance). */
  instanceXml(instanceId: string): Promise<{ xml: string } | undefined>;
  /** The BPMN of a definition the tenant may start (its own or a shared one; undefined tenant: any). */
  definitionXml(definitionId: string, tenantId: string | undefined): Promise<{ xml: string } | undefined>;

  // ---- forms (issue 34 point 4) ----
  /** The start form of a definition the caller may start by hand. */
  startForm(user: AuthUser, definitionId: string): Promise<StartForm>;
  /** The form of an open task the caller holds or may claim, with the instance's current values. */
  taskForm(user: AuthUser, taskId: string): Promise<TaskForm>;
  /** An instance's variables (the route checks canView). */
  variables(instanceId: string): Promise<Variables>;

  // ---- jobs (作业管理): the caller's tenant's, every tenant's for the platform ----
  /** A page of jobs, the failed first; `query` filters by jobState (failed, waiting, all), processKey and kind. */
  jobPage(query: Query): Promise<Page<FlowJob>>;
  /** A job with its whole error (undefined: none the caller sees). */
  job(id: string): Promise<FlowJob | undefined>;
}

export interface RequestStart {
  insert: PreparedWrite;
  definitionId: string;
  /** The approver's user id. */
  taskUser: string;
}

export interface SendTarget {
  entity: ApprovableDef;
  rows: VisibleRows;
  /** The kind whose process the row goes through (`start.kind`). */
  kind: string;
}

export interface MoveTarget {
  entity: ApprovableDef;
  rows: VisibleRows;
}

function stepsOver(db: Db, runtime: FlowRuntime): WorkflowSteps {
  const effects = new Map<string, ApprovalEffect>();
  return {
    startProcess: async (user, definitionId, variables) => {
      // Unknown, another tenant's, or a business's that starts itself: not found. Suspended: the runtime says so.
      const startable = await startableByHand(db, definitionId, user.tenantId);
      if (startable === 'no') throw failWith(FLOW_MESSAGES.definitionNotFound, { name: definitionId });
      if (startable === 'form') throw failWith(FLOW_MESSAGES.startsWithItsForm, { name: definitionId });
      return runtime.start(user, { definitionId, variables: await startVariables(db, definitionId, variables) });
    },
    register(entity, effect, options) {
      if (effect) effects.set(entity.table, effect);
      registerApproval(runtime, entity, effect, options?.replace);
    },
    resolveBusinesses(resolve) {
      runtime.resolveBusiness = resolve;
    },
    start: (user, entity, request) => startRequest(runtime, user, entity, request),
    send: (trx, user, target, input) => sendRow(trx, runtime, user, target, input),
    move: (trx, user, target, moves) =>
      moveRows(trx, runtime, user, { ...target, effect: effects.get(target.entity.table) }, moves),
    complete: (user, input) => runtime.complete(user, input),
    decideIn: (trx, user, instanceId, pass, comment) => runtime.decideIn(trx, user, instanceId, pass, comment),
    withdrawIn: (trx, user, instanceId, reason) => runtime.withdrawIn(trx, user, instanceId, reason),
    withdraw: (user, taskId, reason) => runtime.withdraw(user, taskId, reason),
    claim: (user, taskId) => runtime.claim(user, taskId),
    transfer: (user, taskId, target, comment) => runtime.transfer(user, taskId, target, comment),
    deleteInstances: (trx, user, ids, reason) => runtime.deleteInstances(trx, user, ids, reason),
    deleteInstance: (user, instanceId, reason) => runtime.deleteInstance(user, instanceId, reason),
    signal: (user, tenantId, name, variables) => runtime.signal(user, tenantId, name, variables),
    message: (user, tenantId, name, instanceId, variables) =>
      runtime.message(user, tenantId, name, instanceId, variables),
    trigger: (user, instanceId, activityId, variables) => runtime.trigger(user, instanceId, activityId, variables),
    retryJobs: (ids) => retryJobs(db, ids),
  };
}

function readsOver(db: Db, dictionaries: Dictionaries): WorkflowReads {
  const lists = new TaskLists(db, dictionaries);
  const instances = new InstanceReads(db, dictionaries);
  return {
    tasks: (user, list, query) => lists[list](user, query),
    doneByDay: (user, since) => lists.doneByDay(user, since),
    started: (user, query) => lists.sent(user, query),
    copied: (user, query) => lists.copied(user, query),
    definitions: (query, options) => instances.definitions(query, options),
    running: (query) => instances.follow(query),
    canView: (user, instanceId) => instances.canView(user, instanceId),
    history: (instanceId, options) => instances.history(instanceId, options),
    instanceXml: (instanceId) => instanceXml(db, instanceId),
    definitionXml: (definitionId, tenantId) => definitionXml(db, definitionId, tenantId),
    startForm: (user, definitionId) => startFormOf(db, user, definitionId),
    taskForm: (user, taskId) => taskFormOf(db, user, taskId),
    variables: (instanceId) => instanceVariables(db, instanceId),
    jobPage: (query) => jobPage(db, query),
    job: (id) => jobDetail(db, id),
  };
}

/**
 * A hand-started process's start variables: checked against its start form and converted to the fields' types (a
 * process without one takes them as given); a `formKey` naming a Tenon request form starts from that form only.
 */
async function startVariables(db: Db, definitionId: string, variables: Variables | undefined) {
  const graph = await definitionGraph(db, definitionId);
  const business = businessOfFormKey(graph.startFormKey);
  if (business) throw failWith(FORM_MESSAGES.businessForm, { name: definitionId });
  const form = graph.nodes.get(graph.start)?.form;
  return form ? startFormValues(form, variables ?? {}) : variables;
}

/**
 * What a workflow is built on: the database and, for the names of flow categories, the dictionaries; for service
 * tasks' actions the modules' hooks and the configuration (a bench's workflow runs none).
 */
interface WorkflowServices {
  db: Db;
  dictionaries: Dictionaries;
  config?: Pick<Config, 'jwtSecret' | 'flowHttpPrivate'>;
  flowHooks?: ReadonlyMap<string, FlowHook>;
  /** The new-task SMS sender (ModuleManifest.taskSms). */
  taskSms?: TaskSmsSender;
  /** Tenants placed on other databases, whose jobs are polled there too (db/placement.ts). */
  database?: { placement?: { databases(): Promise<string[]> } };
}

const workflows = new WeakMap<WorkflowServices, Workflow>();

/**
 * The app's one workflow: the businesses registered on it (leave, fund, expense, budget) are called on every step of
 * their processes, whoever takes the step (the inbox, a business screen). Its reads name categories through the
 * dictionaries.
 */
export function workflowOf(services: WorkflowServices): Workflow {
  let workflow = workflows.get(services);
  if (!workflow) {
    const { db, dictionaries } = services;
    const runtime = runtimeOf(db);
    workflow = {
      ...stepsOver(db, runtime),
      ...readsOver(db, dictionaries),
      ...actionsOver(db, runtime),
      jobs: new FlowJobs(
        db,
        runtime,
        {
          hooks: services.flowHooks ?? new Map(),
          sealKey: services.config?.jwtSecret,
          allowPrivate: services.config?.flowHttpPrivate ?? false,
          taskSms: () => services.taskSms,
        },
        async () => services.database?.placement?.databases(),
      ),
    };
    workflows.set(services, workflow);
  }
  return workflow;
}

/**
 * A workflow with no business registered, for the demo command (no app around it): its rows' steps are written by
 * the demo itself. It takes steps only: the demo reads no list.
 */
export const detachedWorkflow = (db: Db): WorkflowSteps => stepsOver(db, runtimeOf(db));

/** A runtime whose completions heed the approval actions (an added approver's, a delegate's: flow-signs.ts). */
function runtimeOf(db: Db): FlowRuntime {
  const runtime = new FlowRuntime(db);
  runtime.decidesAside = (trx, user, instance, task, input) => decideSigned(runtime, trx, user, instance, task, input);
  return runtime;
}
