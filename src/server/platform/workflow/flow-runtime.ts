import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { failWith } from '../errors.ts';
import { isId, nextId } from '../ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { FlowResult } from '../../../shared/flow/types.ts';
import { completeStep, definitionGraph, failStep, fireStep, startStep } from './process-steps.ts';
import { FORM_MESSAGES, taskFormValues } from './form-values.ts';
import { waitingAt } from './interpreter.ts';
import { sql } from 'kysely';
import { EngineStepError, type CallStart, type StepResult, type ThrownEvent, type WaitingTask } from './step-result.ts';
import { failJob, heldJob, subscriptionsTo, syncEvents, type JobRow, type SubscriptionRow } from './flow-events.ts';
import { nextDue } from './timer-spec.ts';
import { TtlCache } from '../ttl-cache.ts';
import { taskUserOf } from './task-people.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { isVariableName } from './expression.ts';
import {
  ACTIVE,
  addComment,
  closeTask,
  activityRows,
  insertTasks,
  notifyEach,
  lockInstance,
  notify,
  openTasksOf,
  taskUserOfId,
  tenantAdministrators,
  userIdOf,
  usersAmong,
  usersByAccount,
  usersOfGroups,
  type DefinitionRow,
  type InstanceRow,
  type TaskRow,
} from './flow-store.ts';

/**
 * Process instances over time: start, complete (approve / reject), claim, transfer, withdraw, delete. Each action is
 * one transaction that locks the instance row, runs one engine step from the saved state, and writes the new state,
 * tasks, history, comments, messages and the business record's change together: they never disagree, and of two
 * concurrent actions on one instance the second sees the first's result.
 */

export type Variables = Record<string, unknown>;

/** What a business module (leave, finance) learns inside the transaction of each step of its instances. */
export interface FlowTransition {
  trx: Db;
  actor: AuthUser;
  event: 'started' | 'completed' | 'deleted';
  instanceId: string;
  tenantId: string;
  processKey: string;
  businessTable: string;
  businessId: string;
  /** the process ended (normally or deleted) with this step */
  finished: boolean;
  /** A start's business row as its starter locked it, and the columns the starter sets on it (StartInput.business). */
  starting?: { row: Record<string, unknown>; columns: Record<string, unknown> };
  /** the decision of the completed task */
  pass?: boolean;
  /** element id of the completed task */
  taskKey?: string;
  /** the completing user's comment (an approval's opinion) */
  comment?: string;
  /** where the process stands for its starter after this step */
  result: FlowResult;
  variables: Variables;
}
export type BusinessHandler = (transition: FlowTransition) => Promise<void>;
/** The variables a business row stands for (a leave's days): they override what a completing client sends. */
export type BusinessVariables = (trx: Db, businessId: string) => Promise<Variables>;

export interface StartInput {
  definitionId: string;
  /** business table and row id: the instance's business key is `<table>:<id>` */
  businessTable?: string;
  businessId?: string;
  variables?: Variables;
  /** The start event a timer, message or signal started it at (none: the start by hand's). */
  startAt?: string;
  /** The call activity that starts it: its instance and execution. */
  parent?: { instanceId: string; executionId: string };
  /** The definition as the starter read it, with the checks of its own (a kind's category): not read again. */
  definition?: DefinitionRow;
  /**
   * The business row the starter has locked, and the columns it sets on it with the start (the process's ids): handed
   * to the business's hook of the start (`starting`), which writes them with its own update of the row. The business
   * table must have a hook.
   */
  business?: { row: Record<string, unknown>; columns: (instanceId: string) => Record<string, unknown> };
}

export interface CompleteInput {
  taskId: string;
  pass: boolean;
  comment?: string;
  variables?: Variables;
  /** 加签: the decision was taken (and its comment recorded) by the task's assignee earlier, held until now. */
  held?: boolean;
}

/** How deep call activities may nest (a process that calls itself stops there). */
const MAX_CALL_DEPTH = 10;

/** How deep signals and messages thrown by the steps they start may go in one transaction. */
const MAX_THROW_DEPTH = 8;

/** Variables a step may not change: who started the process is a fact. */
const PROTECTED_VARIABLES = new Set(['createUser']);
const MAX_VARIABLES_JSON = 64 * 1024;

const lang = 'zh' as const; // stored texts (default comments, messages) use the contract's language

export class FlowRuntime {
  private readonly businesses = new Map<string, BusinessHandler>();
  private readonly businessVariables = new Map<string, BusinessVariables>();
  /**
   * Decides a completion before the engine moves when the approval actions say so (加签, 委派: flow-signs.ts, set by
   * workflow-of.ts); true when it was decided there.
   */
  decidesAside?: (
    trx: Db,
    user: AuthUser,
    instance: InstanceRow,
    task: TaskRow,
    input: CompleteInput,
  ) => Promise<boolean>;

  constructor(private readonly db: Db) {}

  /**
   * A business module's hook, called inside every step's transaction for instances of its table, and the variables
   * its rows stand for, read again at every completion (the applicant may have changed his request).
   */
  registerBusiness(table: string, handler: BusinessHandler, variables?: BusinessVariables, replace = false) {
    if (this.businesses.has(table) && !replace) throw new Error(`flow business ${table} is registered twice`);
    this.businesses.set(table, handler);
    if (variables) this.businessVariables.set(table, variables);
    else this.businessVariables.delete(table);
  }

  /**
   * Registers the business of a table no module registered at start, when one serves it (a live model's, published
   * since: modules/develop/live-entities.ts), before its hook is needed. It reads through the step's transaction:
   * the embedded database has one connection, which the transaction holds.
   */
  resolveBusiness?: (table: string, trx: Db) => Promise<void>;

  private async knownBusiness(table: string, trx: Db): Promise<boolean> {
    if (!this.businesses.has(table) && table && this.resolveBusiness) await this.resolveBusiness(table, trx);
    return this.businesses.has(table);
  }

  /**
   * Starts an instance of a definition the caller's tenant may use. `inTransaction` writes the business row in the
   * same transaction (after the instance exists, so it can store the instance id).
   */
  async start(
    user: AuthUser,
    input: StartInput,
    inTransaction?: (trx: Db, instanceId: string) => Promise<void>,
  ): Promise<string> {
    return this.db.transaction().execute((trx) => this.startIn(trx, user, input, inTransaction));
  }

  /** `start` inside the caller's transaction (a business that sends several rows at once, all or none). */
  async startIn(
    trx: Db,
    user: AuthUser,
    input: StartInput,
    inTransaction?: (trx: Db, instanceId: string) => Promise<void>,
    depth = 0,
  ): Promise<string> {
    const given = checkVariables({ ...input.variables, createUser: taskUserOfId(user.userId) });
    if (input.business && !(await this.knownBusiness(input.businessTable ?? '', trx)))
      throw new Error(`flow business ${input.businessTable} has no hook to write its row`);
    const definition =
      input.definition ??
      ((await trx
        .selectFrom('blade_flow_definition')
        .selectAll()
        .where('id', '=', input.definitionId)
        .where('tenant_id', 'in', [user.tenantId, ''])
        .executeTakeFirst()) as DefinitionRow | undefined);
    if (!definition) throw failWith(FLOW_MESSAGES.definitionNotFound, { name: input.definitionId });
    if (Number(definition.suspension_state) !== ACTIVE)
      throw failWith(FLOW_MESSAGES.definitionSuspended, { name: definition.name });
    refuseSelfApproval(given.taskUser, given);
    const { result, variables } = await step(() =>
      startStep(trx, user.tenantId, definition, given, user.userId, input.startAt),
    );
    const now = new Date();
    const businessTable = input.businessTable ?? '';
    const businessId = input.businessId ?? '';
    const outcome: FlowResult = result.finished ? 'approved' : 'running';
    Object.assign(variables, result.variables);
    // Written with its first step's state (one statement, not an insert and its update): apply() knows it is new.
    const instance: InstanceRow = {
      id: nextId(),
      tenant_id: user.tenantId,
      definition_id: definition.id,
      process_key: definition.process_key,
      business_key: businessTable ? `${businessTable}:${businessId}` : '',
      business_table: businessTable,
      business_id: businessId,
      start_user: user.userId,
      state: result.finished ? 'finished' : 'running',
      delete_reason: '',
      start_time: formatDateTime(now),
      end_time: result.finished ? formatDateTime(now) : null,
      variables: JSON.stringify(variables),
      engine_state: result.state,
      version: 1,
      result: outcome,
      parent_id: input.parent?.instanceId ?? null,
      parent_execution_id: input.parent?.executionId ?? '',
    };
    await trx.insertInto('blade_flow_instance').values(instance).execute();
    await inTransaction?.(trx, instance.id);
    await this.apply(trx, user, instance, definition.name, result, variables, now, outcome, undefined, true);
    const starting = input.business && { row: input.business.row, columns: input.business.columns(instance.id) };
    await this.business(trx, user, instance, 'started', result.finished, variables, outcome, { starting });
    await this.deliver(trx, user, instance.tenant_id, result.thrown, depth + 1);
    return instance.id;
  }

  /**
   * Completes the caller's task: records the comment (default 同意 / 驳回), sets `pass`, merges the variables and
   * signals the engine. A candidate may complete an unclaimed task directly (it is claimed on the way).
   */
  async complete(
    user: AuthUser,
    input: CompleteInput,
    inTransaction?: (trx: Db, instance: InstanceRow, task: TaskRow) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { instance, task } = await this.lockTask(trx, user, input.taskId);
      const me = taskUserOfId(user.userId);
      if (task.assignee !== me && !(task.assignee === '' && (await this.isCandidate(trx, user, task.id)))) {
        throw failWith(FLOW_MESSAGES.taskNotFound);
      }
      // 加签 / 委派 (flow-signs.ts): an added approver's decision, or one held for them, or a delegate's refusal.
      if (await this.decidesAside?.(trx, user, instance, task, input)) return;
      await this.completeIn(trx, user, instance, task, input, inTransaction);
    });
  }

  /**
   * Decides the open task of a running instance for its business, in the business's transaction: the business has
   * checked the caller's right to decide (a budget approver's button), so he need not be the task's candidate. Returns
   * false when the instance is not running (nothing to decide).
   */
  async decideIn(trx: Db, user: AuthUser, instanceId: string, pass: boolean, comment: string): Promise<boolean> {
    const instance = isId(instanceId) ? await lockInstance(trx, instanceId) : undefined;
    if (!instance || instance.state !== 'running') return false;
    const [task] = await openTasksOf(trx, instance.id);
    if (!task) return false;
    await this.completeIn(trx, user, instance, task, { taskId: task.id, pass, comment });
    return true;
  }

  /** Withdraws a running instance in the business's transaction (its starter takes his submission back). */
  async withdrawIn(trx: Db, user: AuthUser, instanceId: string, reason: string): Promise<boolean> {
    const instance = isId(instanceId) ? await lockInstance(trx, instanceId) : undefined;
    if (!instance || instance.state !== 'running') return false;
    await this.end(trx, user, instance, reason, 'withdraw');
    return true;
  }

  /** Internal to the workflow package (flow-actions.ts decides a task whose added approvers are done). */
  async completeIn(
    trx: Db,
    user: AuthUser,
    instance: InstanceRow,
    task: TaskRow,
    input: CompleteInput,
    inTransaction?: (trx: Db, instance: InstanceRow, task: TaskRow) => Promise<void>,
  ): Promise<void> {
    const extra = checkVariables(input.variables ?? {});
    const me = input.held ? task.assignee : taskUserOfId(user.userId);
    task.assignee = me;
    const previous = JSON.parse(instance.variables) as Variables;
    await this.knownBusiness(instance.business_table, trx);
    const own = (await this.businessVariables.get(instance.business_table)?.(trx, instance.business_id)) ?? {};
    const variables = checkVariables({
      ...previous,
      ...(await handlerValues(trx, instance, task, extra, previous, own, me === previous.createUser)),
      ...own,
      pass: input.pass,
    });
    if (Object.hasOwn(extra, 'taskUser')) refuseSelfApproval(extra.taskUser, previous);
    const now = new Date();
    const result = await step(() =>
      completeStep(trx, instance, task.execution_id, { pass: input.pass, assignee: me }, variables),
    );
    await closeTask(trx, task, 'completed', input.pass ? 'approve' : 'reject', now);
    const comment =
      input.comment?.trim() || (input.pass ? FLOW_MESSAGES.commentApprove : FLOW_MESSAGES.commentReject)[lang];
    if (!input.held) await addComment(trx, instance, task.id, user.userId, 'comment', comment, now);
    await inTransaction?.(trx, instance, task);
    const outcome = completedResult(result.finished, input.pass, me === previous.createUser);
    await this.apply(
      trx,
      user,
      instance,
      await definitionName(trx, instance),
      result,
      variables,
      now,
      outcome,
      task.id,
    );
    await this.business(trx, user, instance, 'completed', result.finished, variables, outcome, {
      pass: input.pass,
      taskKey: task.task_key,
      comment,
    });
    await this.deliver(trx, user, instance.tenant_id, result.thrown);
  }

  /** A candidate (user, or one of the caller's role aliases as group) takes an unassigned task. */
  async claim(user: AuthUser, taskId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { task } = await this.lockTask(trx, user, taskId);
      if (!(await this.isCandidate(trx, user, task.id))) throw failWith(FLOW_MESSAGES.taskNotFound);
      if (task.assignee !== '') throw failWith(FLOW_MESSAGES.taskDone);
      const me = taskUserOfId(user.userId);
      const now = formatDateTime();
      await trx
        .updateTable('blade_flow_task')
        .set({ assignee: me, claim_time: now })
        .where('id', '=', task.id)
        .execute();
      await trx
        .updateTable('blade_flow_activity')
        .set({ assignee: me })
        .where('instance_id', '=', task.instance_id)
        .where('execution_id', '=', task.execution_id)
        .execute();
    });
  }

  /** The assignee hands the task to another user of the same tenant, who is notified. */
  async transfer(user: AuthUser, taskId: string, targetUserId: string, comment?: string): Promise<void> {
    const target = userIdOf(targetUserId) || targetUserId;
    if (!isId(target)) throw failWith(FLOW_MESSAGES.userNotFound, { name: targetUserId });
    await this.db.transaction().execute(async (trx) => {
      const { instance, task } = await this.lockTask(trx, user, taskId);
      if (task.assignee !== taskUserOfId(user.userId)) throw failWith(FLOW_MESSAGES.taskNotFound);
      if (target === user.userId) throw failWith(FLOW_MESSAGES.transferSelf);
      const person = await trx
        .selectFrom('blade_user')
        .select(['id', 'real_name'])
        .where('id', '=', target)
        .where('tenant_id', '=', instance.tenant_id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!person) throw failWith(FLOW_MESSAGES.userNotFound, { name: targetUserId });
      const now = new Date();
      const assignee = taskUserOfId(target);
      await trx
        .updateTable('blade_flow_task')
        .set({ assignee, claim_time: formatDateTime(now) })
        .where('id', '=', task.id)
        .execute();
      await trx
        .updateTable('blade_flow_activity')
        .set({ assignee })
        .where('instance_id', '=', task.instance_id)
        .where('execution_id', '=', task.execution_id)
        .execute();
      const text = `转办给 ${person.real_name}${comment?.trim() ? `: ${comment.trim()}` : ''}`;
      await addComment(trx, instance, task.id, user.userId, 'transfer', text, now);
      const name = await requestLabel(trx, instance, await definitionName(trx, instance));
      await notify(
        trx,
        target,
        fill(FLOW_MESSAGES.newTaskTitle, task.name),
        fill(FLOW_MESSAGES.newTaskContent, task.name, name),
        user.userId,
        now,
        { instance, taskId: task.id },
      );
    });
  }

  /** The starter withdraws the process through one of its open tasks (`work/delete-task`). */
  async withdraw(user: AuthUser, taskId: string, reason: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { instance } = await this.lockTask(trx, user, taskId);
      if (instance.start_user !== user.userId) throw failWith(FLOW_MESSAGES.withdrawOnlyStarter);
      await this.end(trx, user, instance, reason || '撤销', 'withdraw');
    });
  }

  /** Platform administration (`follow/delete-process-instance`): ends a running instance of any tenant. */
  async deleteInstance(user: AuthUser, instanceId: string, reason: string): Promise<void> {
    if (!isId(instanceId)) throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId });
    await this.db.transaction().execute((trx) => this.deleteInstances(trx, user, [instanceId], reason));
  }

  /** Ends running instances in the caller's transaction (deleted state, open tasks closed, businesses told). */
  async deleteInstances(trx: Db, user: AuthUser, instanceIds: string[], reason: string): Promise<void> {
    for (const instanceId of instanceIds) {
      const instance = await lockInstance(trx, instanceId);
      if (!instance) throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId });
      if (instance.state !== 'running') throw failWith(FLOW_MESSAGES.instanceEnded);
      await this.end(trx, user, instance, reason, 'delete');
    }
  }

  async end(trx: Db, user: AuthUser, instance: InstanceRow, reason: string, kind: 'withdraw' | 'delete') {
    const now = new Date();
    // The instances its call activities started end with it.
    for (const child of await runningChildren(trx, instance.id)) await this.end(trx, user, child, reason, 'delete');
    for (const task of await openTasksOf(trx, instance.id))
      await closeTask(trx, task, 'deleted', kind === 'withdraw' ? 'withdraw' : 'cancel', now, reason);
    const updated = await trx
      .updateTable('blade_flow_instance')
      .set({
        state: 'deleted',
        result: 'withdrawn',
        delete_reason: reason.slice(0, 255),
        end_time: formatDateTime(now),
        engine_state: '',
        version: instance.version + 1,
      })
      .where('id', '=', instance.id)
      .where('version', '=', instance.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw failWith(FLOW_MESSAGES.taskDone);
    await syncEvents(trx, instance, [], true);
    await addComment(trx, instance, null, user.userId, kind, reason, now);
    await this.business(trx, user, instance, 'deleted', true, JSON.parse(instance.variables) as Variables, 'withdrawn');
  }

  /**
   * The task of the caller's tenant and its instance, the instance row locked: concurrent actions on one instance
   * queue here, and the later one sees the task already closed.
   */
  async lockTask(trx: Db, user: AuthUser, taskId: string): Promise<{ instance: InstanceRow; task: TaskRow }> {
    if (!isId(taskId)) throw failWith(FLOW_MESSAGES.taskNotFound);
    const found = await trx
      .selectFrom('blade_flow_task')
      .select('instance_id')
      .where('id', '=', taskId)
      .where('tenant_id', '=', user.tenantId)
      .executeTakeFirst();
    if (!found) throw failWith(FLOW_MESSAGES.taskNotFound);
    const instance = await lockInstance(trx, String(found.instance_id));
    const task = (await trx.selectFrom('blade_flow_task').selectAll().where('id', '=', taskId).executeTakeFirst()) as
      TaskRow | undefined;
    if (!instance || !task) throw failWith(FLOW_MESSAGES.taskNotFound);
    if (task.status !== 'open' || instance.state !== 'running') throw failWith(FLOW_MESSAGES.taskDone);
    return { instance, task };
  }

  async isCandidate(trx: Db, user: AuthUser, taskId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('blade_flow_task_candidate')
      .select('id')
      .where('task_id', '=', taskId)
      .where('tenant_id', '=', user.tenantId)
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'user'), eb('value', '=', taskUserOfId(user.userId))]),
          ...(user.roleAliases.length ? [eb.and([eb('kind', '=', 'group'), eb('value', 'in', user.roleAliases)])] : []),
        ]),
      )
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * Persists a step: the new engine state (version-checked) and result, history, the user tasks now waiting (a
   * resumed task reports again and is kept once), tasks the engine no longer waits for (a multi-instance task whose
   * completion condition was met) closed, and the messages.
   */
  async apply(
    trx: Db,
    user: AuthUser,
    instance: InstanceRow,
    processName: string,
    result: StepResult,
    variables: Variables,
    now: Date,
    outcome: FlowResult,
    completedTaskId?: string,
    /** A new instance, inserted with this step's state already (startIn): nothing to update, no task open yet. */
    started = false,
  ) {
    Object.assign(variables, result.variables);
    if (!started) {
      const updated = await trx
        .updateTable('blade_flow_instance')
        .set({
          engine_state: result.state,
          variables: JSON.stringify(variables),
          version: instance.version + 1,
          result: outcome,
          ...(result.finished ? { state: 'finished', end_time: formatDateTime(now) } : {}),
        })
        .where('id', '=', instance.id)
        .where('version', '=', instance.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw failWith(FLOW_MESSAGES.taskDone);
    }
    await syncEvents(trx, instance, result.events, result.hadEvents, result.hadSubscriptions);
    const waiting = new Set(result.waiting.map((t) => t.executionId));
    const open = started ? [] : await openTasksOf(trx, instance.id);
    // An added approver's task (加签) stays while the task it was added to waits.
    const waits = (task: TaskRow) =>
      waiting.has(task.execution_id) ||
      open.some((parent) => parent.id === String(task.parent_task_id ?? '') && waiting.has(parent.execution_id));
    for (const task of open) {
      if (task.id !== completedTaskId && !waits(task))
        await closeTask(trx, task, 'deleted', 'cancel', now, 'withdrawn by the process');
    }
    // History ids follow the engine's order of events: a resumed task's wait is not new and gets no row.
    const known = new Set(open.map((task) => task.execution_id));
    const fresh = result.waiting.filter((task) => !known.has(task.executionId));
    const ids = new Map(
      [...result.activities, ...fresh].sort((a, b) => a.seq - b.seq).map((event) => [event, nextId()] as const),
    );
    const starterName = user.userId === instance.start_user && user.realName ? user.realName : undefined;
    const label = fresh.length ? await requestLabel(trx, instance, processName, starterName) : processName;
    const routed = await this.routeToHandlers(trx, instance, fresh);
    const created = await insertTasks(
      trx,
      instance,
      routed.map(({ task }, i) => ({ task, activityId: ids.get(fresh[i])! })),
      activityRows(
        instance,
        result.activities.map((a) => ({ ...a, id: ids.get(a)! })),
        taskUserOfId(instance.start_user),
      ),
    );
    const messages = routed.flatMap(({ task, handlers, orphaned }, i) => {
      const row = created.get(task);
      if (!row) return [];
      const title = fill(orphaned ? FLOW_MESSAGES.orphanTaskTitle : FLOW_MESSAGES.newTaskTitle, row.name);
      const content = orphaned
        ? fill(FLOW_MESSAGES.orphanTaskContent, row.name, label).replace('{who}', wantedHandlers(fresh[i]))
        : fill(FLOW_MESSAGES.newTaskContent, row.name, label);
      return handlers.map((userId) => ({ userId, title, content, taskId: row.id }));
    });
    await notifyEach(trx, messages, { senderId: user.userId, now, instance });
    await this.calls(trx, user, instance, result, variables);
    if (result.finished) {
      // The starter reads how it ended, not only that it did.
      const ended =
        outcome === 'withdrawn'
          ? FLOW_MESSAGES.resultWithdrawn
          : outcome === 'rejected'
            ? FLOW_MESSAGES.resultRejected
            : FLOW_MESSAGES.resultApproved;
      await notify(
        trx,
        instance.start_user,
        fill(FLOW_MESSAGES.finishedTitle, processName),
        fill(FLOW_MESSAGES.finishedContent, processName, ended[lang]),
        user.userId,
        now,
        { instance },
      );
    }
  }

  /**
   * Who can act on a new task: its assignee, else its candidate users and the holders of its candidate groups (live,
   * enabled users of the tenant). A task nobody can act on would wait forever unseen: it goes to the tenant's
   * administrators as candidates instead (its own candidates stay, so a role filled later sees it too), and the
   * step is refused when the tenant has no administrator either.
   */
  private async routeToHandlers(
    trx: Db,
    instance: InstanceRow,
    tasks: readonly WaitingTask[],
  ): Promise<Array<{ task: WaitingTask; handlers: string[]; orphaned: boolean }>> {
    if (!tasks.length) return [];
    // Looked up for all of a step's tasks at once: a multi-instance start of 1,000 approvers is a few queries.
    const resolved = await withAccountsResolved(trx, instance.tenant_id, tasks);
    const live = new Set(
      await usersAmong(
        trx,
        instance.tenant_id,
        resolved.flatMap((task) => (task.assignee ? [task.assignee] : task.candidateUsers).map(userIdOf)),
      ),
    );
    const groups = new Map<string, Promise<string[]>>();
    const holders = (aliases: string[]) => {
      const key = JSON.stringify(aliases);
      if (!groups.has(key)) groups.set(key, usersOfGroups(trx, instance.tenant_id, aliases));
      return groups.get(key)!;
    };
    let administrators: Promise<string[]> | undefined;
    const routed = [];
    for (const task of resolved) {
      const handlers = task.assignee
        ? [userIdOf(task.assignee)].filter((id) => live.has(id))
        : [
            ...new Set([
              ...task.candidateUsers.map(userIdOf).filter((id) => live.has(id)),
              ...(await holders(task.candidateGroups)),
            ]),
          ];
      if (handlers.length) {
        routed.push({ task, handlers, orphaned: false });
        continue;
      }
      administrators ??= tenantAdministrators(trx, instance.tenant_id);
      const admins = await administrators;
      if (!admins.length) throw failWith(FLOW_MESSAGES.noHandler, { name: task.name || task.elementId });
      routed.push({
        task: {
          ...task,
          assignee: '',
          candidateUsers: [...new Set([...task.candidateUsers, ...admins.map(taskUserOfId)])],
        },
        handlers: admins,
        orphaned: true,
      });
    }
    return routed;
  }

  // ---- call activities ----

  /**
   * After a step: the instances of call activities it left withdrawn (an interrupting boundary event, a terminate),
   * those it entered started — the key's newest active version in the tenant, or the one deployed with the caller —
   * and, when the step ended a called instance, its caller continued with the `out` variables.
   */
  private async calls(
    trx: Db,
    user: AuthUser,
    instance: InstanceRow,
    result: StepResult,
    variables: Variables,
  ): Promise<void> {
    if (result.hadCalls) {
      const waiting = new Set(result.callsWaiting);
      const children = await runningChildren(trx, instance.id);
      for (const child of children.filter((c) => !waiting.has(c.parent_execution_id ?? '')))
        await this.end(trx, user, child, FLOW_MESSAGES.callWithdrawn[lang], 'delete');
    }
    if (result.calls.length && (await callDepth(trx, instance)) >= MAX_CALL_DEPTH)
      throw failWith(FLOW_MESSAGES.engineStep, {
        name: `call activities nested more than ${MAX_CALL_DEPTH} deep (does a process call itself?)`,
      });
    for (const call of result.calls) {
      const definitionId = await calledDefinition(trx, instance, call);
      if (!definitionId)
        throw failWith(FLOW_MESSAGES.engineStep, {
          name: `${call.elementId}: no process "${call.processKey}" to call`,
        });
      await this.startIn(trx, user, {
        definitionId,
        variables: call.variables,
        parent: { instanceId: instance.id, executionId: call.executionId },
      });
    }
    if (result.finished && instance.parent_id) {
      const parent = await lockInstance(trx, instance.parent_id);
      if (parent?.state === 'running')
        await this.fireIn(trx, user, parent, instance.parent_execution_id ?? '', {}, 0, variables);
    }
  }

  // ---- events: timers, messages, signals, receive tasks (docs/workflow-engine.md) ----

  /**
   * A due job, taken by `owner` (flow-jobs.ts), fired in a transaction of its own: an instance's timer is one step of
   * the instance (its row locked first, as every step does; a job its steps withdrew meanwhile is gone), a start
   * timer starts an instance of its definition as the user who deployed it and arms its cycle's next firing.
   */
  async runJob(job: JobRow, owner: string): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        if (job.instance_id !== null) {
          const instance = await lockInstance(trx, job.instance_id);
          if (!(await heldJob(trx, job.id, owner))) return;
          if (!instance || instance.state !== 'running') {
            await trx.deleteFrom('blade_flow_job').where('id', '=', job.id).execute();
            return;
          }
          await this.fireIn(
            trx,
            await actorOf(trx, instance.tenant_id, instance.start_user),
            instance,
            job.execution_id,
            {},
          );
          return;
        }
        if (!(await heldJob(trx, job.id, owner))) return;
        const definition = await trx
          .selectFrom('blade_flow_definition')
          .select(['id', 'create_user', 'suspension_state'])
          .where('id', '=', job.definition_id)
          .executeTakeFirst();
        const now = new Date();
        if (definition && Number(definition.suspension_state) === ACTIVE) {
          const actor = await actorOf(trx, job.tenant_id, String(definition.create_user ?? ''));
          await this.startIn(trx, actor, { definitionId: definition.id, startAt: job.element_id });
        }
        if (definition && job.cycle && job.repeat_left !== 0)
          await trx
            .updateTable('blade_flow_job')
            .set({
              due_time: nextDue(job.cycle, now).toISOString(),
              repeat_left: job.repeat_left > 0 ? job.repeat_left - 1 : -1,
              lock_owner: '',
              lock_until: null,
            })
            .where('id', '=', job.id)
            .execute();
        else await trx.deleteFrom('blade_flow_job').where('id', '=', job.id).execute();
      });
    } catch (error) {
      await failJob(this.db, job.id, error);
      throw error;
    }
  }

  /** A signal thrown within the caller's tenant: every instance and start event waiting for it. Returns how many. */
  async signal(user: AuthUser, tenantId: string, name: string, variables: Variables = {}): Promise<number> {
    const payload = checkVariables(variables);
    return this.db
      .transaction()
      .execute((trx) => this.signalIn(trx, { ...user, tenantId }, tenantId, name, payload, 0));
  }

  /**
   * A message for one receiver in the caller's tenant: the given instance's subscription, else the oldest waiting
   * one, else a start event that starts on it. False: nobody waits for it.
   */
  async message(
    user: AuthUser,
    tenantId: string,
    name: string,
    instanceId?: string,
    variables: Variables = {},
  ): Promise<boolean> {
    const payload = checkVariables(variables);
    return this.db
      .transaction()
      .execute((trx) => this.messageIn(trx, { ...user, tenantId }, tenantId, name, payload, instanceId, 0));
  }

  /** A receive task (or another waiting event) of a running instance, triggered by its element id. */
  async trigger(user: AuthUser, instanceId: string, activityId: string, variables: Variables = {}): Promise<boolean> {
    if (!isId(instanceId)) return false;
    const payload = checkVariables(variables);
    return this.db.transaction().execute(async (trx) => {
      const instance = await lockInstance(trx, instanceId);
      if (!instance || instance.state !== 'running') return false;
      const execution = waitingAt(instance.engine_state, activityId);
      if (!execution) return false;
      await this.fireIn(trx, { ...user, tenantId: instance.tenant_id }, instance, execution, payload);
      return true;
    });
  }

  private async signalIn(
    trx: Db,
    actor: AuthUser,
    tenantId: string,
    name: string,
    variables: Variables,
    depth: number,
  ): Promise<number> {
    let count = 0;
    for (const subscription of await subscriptionsTo(trx, tenantId, 'signal', name))
      if (await this.receive(trx, actor, subscription, variables, depth)) count++;
    return count;
  }

  private async messageIn(
    trx: Db,
    actor: AuthUser,
    tenantId: string,
    name: string,
    variables: Variables,
    instanceId: string | undefined,
    depth: number,
  ): Promise<boolean> {
    const subscriptions = await subscriptionsTo(trx, tenantId, 'message', name);
    const candidates = instanceId
      ? subscriptions.filter((s) => s.instance_id === instanceId)
      : [
          ...subscriptions.filter((s) => s.instance_id !== null),
          ...subscriptions.filter((s) => s.instance_id === null),
        ];
    for (const subscription of candidates)
      if (await this.receive(trx, actor, subscription, variables, depth)) return true;
    return false;
  }

  /** One subscription receives its message or signal: its instance steps on, or its start event starts one. */
  private async receive(
    trx: Db,
    actor: AuthUser,
    subscription: SubscriptionRow,
    variables: Variables,
    depth: number,
  ): Promise<boolean> {
    if (subscription.instance_id === null) {
      // A start event's instance is started as the user who deployed its definition, in the receiving tenant.
      const definition = await trx
        .selectFrom('blade_flow_definition')
        .select('create_user')
        .where('id', '=', subscription.definition_id)
        .executeTakeFirst();
      await this.startIn(
        trx,
        await actorOf(trx, actor.tenantId, String(definition?.create_user ?? actor.userId)),
        { definitionId: subscription.definition_id, startAt: subscription.element_id, variables },
        undefined,
        depth + 1,
      );
      return true;
    }
    const instance = await lockInstance(trx, subscription.instance_id);
    if (!instance || instance.state !== 'running') return false;
    // An earlier delivery of the same throw may have withdrawn it (an event-based gateway's other event).
    const still = await trx
      .selectFrom('blade_flow_subscription')
      .select('id')
      .where('id', '=', subscription.id)
      .executeTakeFirst();
    if (!still) return false;
    await this.fireIn(trx, actor, instance, subscription.execution_id, variables, depth);
    return true;
  }

  /**
   * A waiting event of a locked running instance happened: one step from it, the event's variables merged (`called`:
   * what the event gives the element itself — a called instance's variables, an action's result).
   */
  async fireIn(
    trx: Db,
    actor: AuthUser,
    instance: InstanceRow,
    executionId: string,
    payload: Variables,
    depth = 0,
    called?: Variables,
  ): Promise<void> {
    const variables = checkVariables({ ...(JSON.parse(instance.variables) as Variables), ...payload });
    const result = await step(() => fireStep(trx, instance, executionId, variables, called));
    await this.afterEvent(trx, actor, instance, variables, result, depth);
  }

  /**
   * A service task's action failed for good with `code`: an error boundary event of the task takes the token (one
   * step, true), or nothing moves (false: the job keeps the failure for an administrator).
   */
  async failActionIn(trx: Db, actor: AuthUser, instance: InstanceRow, executionId: string, code: string) {
    const variables = checkVariables(JSON.parse(instance.variables) as Variables);
    const result = await step(() => failStep(trx, instance, executionId, code, variables));
    if (!result) return false;
    await this.afterEvent(trx, actor, instance, variables, result, 0);
    return true;
  }

  /** Persists a step an event took (not a user's decision), its business told, its throws delivered. */
  private async afterEvent(
    trx: Db,
    actor: AuthUser,
    instance: InstanceRow,
    variables: Variables,
    result: StepResult,
    depth: number,
  ): Promise<void> {
    const now = new Date();
    const current = instance.result as FlowResult;
    const outcome: FlowResult = result.finished ? (current === 'rejected' ? 'rejected' : 'approved') : current;
    await this.apply(trx, actor, instance, await definitionName(trx, instance), result, variables, now, outcome);
    await this.business(trx, actor, instance, 'completed', result.finished, variables, outcome);
    await this.deliver(trx, actor, instance.tenant_id, result.thrown, depth + 1);
  }

  /** Signals and messages a step threw, delivered in its transaction (a chain of throws is bounded). */
  private async deliver(trx: Db, actor: AuthUser, tenantId: string, thrown: ThrownEvent[], depth = 0): Promise<void> {
    if (!thrown.length) return;
    if (depth > MAX_THROW_DEPTH)
      throw failWith(FLOW_MESSAGES.engineStep, {
        name: `signals and messages thrown more than ${MAX_THROW_DEPTH} deep`,
      });
    for (const event of thrown) {
      if (event.type === 'signal') await this.signalIn(trx, actor, tenantId, event.name, {}, depth);
      else await this.messageIn(trx, actor, tenantId, event.name, {}, undefined, depth);
    }
  }

  async business(
    trx: Db,
    actor: AuthUser,
    instance: InstanceRow,
    event: FlowTransition['event'],
    finished: boolean,
    variables: Variables,
    result: FlowResult,
    extra: Pick<FlowTransition, 'pass' | 'taskKey' | 'comment' | 'starting'> = {},
  ) {
    const handler = (await this.knownBusiness(instance.business_table, trx))
      ? this.businesses.get(instance.business_table)
      : undefined;
    if (!handler) return;
    await handler({
      trx,
      actor,
      event,
      finished,
      variables,
      result,
      ...extra,
      instanceId: instance.id,
      tenantId: instance.tenant_id,
      processKey: instance.process_key,
      businessTable: instance.business_table,
      businessId: instance.business_id,
    });
  }
}

/** Runs an engine step; its failure (a model or variable problem) becomes a 400 with the reason. */
/** A task's people named by account (a Flowable model's `kermit`) as the tenant's users; unknown names stay. */
async function withAccountsResolved(trx: Db, tenantId: string, tasks: readonly WaitingTask[]): Promise<WaitingTask[]> {
  const byAccount = await usersByAccount(
    trx,
    tenantId,
    tasks.flatMap((task) => [task.assignee, ...task.candidateUsers]),
  );
  if (!byAccount.size) return [...tasks];
  const user = (name: string) => byAccount.get(name) ?? name;
  return tasks.map((task) => ({
    ...task,
    assignee: user(task.assignee),
    candidateUsers: [...new Set(task.candidateUsers.map(user))],
  }));
}

async function step<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EngineStepError) throw failWith(FLOW_MESSAGES.engineStep, { name: error.message });
    throw error;
  }
}

/** Definitions' names by id: a deployed definition never changes (a new deployment is a new id). */
const definitionNames = new TtlCache<string>(1000);

/** The name of an instance's process as its definition was deployed (its key when it has none). */
export function definitionName(trx: Db, instance: InstanceRow): Promise<string> {
  return definitionNames.get(instance.definition_id, async () => {
    const row = await trx
      .selectFrom('blade_flow_definition')
      .select('name')
      .where('id', '=', instance.definition_id)
      .executeTakeFirst();
    return row?.name || instance.process_key;
  });
}

export const fill = (message: { zh: string }, name: string, label = '') =>
  message[lang].replace('{name}', name).replace('{label}', label);

/** Whose request a task belongs to, as a to-do message names it (张三发起的请假流程): an approver tells them apart. */
export async function requestLabel(
  trx: Db,
  instance: InstanceRow,
  processName: string,
  /** The starter's real name when the caller knows it (a timer's step acts as the starter). */
  starterName?: string,
): Promise<string> {
  const name =
    starterName ??
    (await trx.selectFrom('blade_user').select('real_name').where('id', '=', instance.start_user).executeTakeFirst())
      ?.real_name;
  return name ? `${name}发起的${processName}` : processName;
}

/** What a task asked for, in the words of its model (for the administrators' message). */
function wantedHandlers(task: WaitingTask): string {
  if (task.assignee) return `处理人 ${task.assignee}`;
  return [
    task.candidateGroups.length ? `候选组 ${task.candidateGroups.join(', ')}` : '',
    task.candidateUsers.length ? `候选人 ${task.candidateUsers.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('、');
}

/**
 * The result after a completed task: the end reached by an approval is approved; by the starter's own "no" (on his
 * adjusting task) withdrawn; by somebody else's rejection rejected. While it runs, a rejection leaves it rejected
 * (back with the starter) until a step approves again.
 */
function completedResult(finished: boolean, pass: boolean, byStarter: boolean): FlowResult {
  if (finished) return pass ? 'approved' : byStarter ? 'withdrawn' : 'rejected';
  return pass ? 'running' : 'rejected';
}

/** `taskUser` names the approver the starter (or an approver) chooses next: never the starter himself. */
function refuseSelfApproval(taskUser: unknown, variables: Variables) {
  if (taskUser != null && taskUserOf(taskUser) !== '' && taskUserOf(taskUser) === variables.createUser)
    throw failWith(FLOW_MESSAGES.approverIsStarter);
}

/**
 * What a completing user may set (issue 34: nothing he sends is dropped silently). A task that declares a form takes
 * its writable fields from any handler, converted, and refuses read-only or undeclared ones (form-values.ts). Without
 * a form: a process of no business takes his variables as Flowable's `complete(taskId, variables)` does; a
 * business's process (leave, finance) takes new variables and `taskUser` (the next approver) from an approver, and
 * the request's own variables only from its starter adjusting it — an approver changing one is refused. The
 * business's variables are read again from its row and who started it is a fact: both are kept whatever is sent.
 */
async function handlerValues(
  trx: Db,
  instance: InstanceRow,
  task: TaskRow,
  extra: Variables,
  previous: Variables,
  own: Variables,
  isStarter: boolean,
): Promise<Variables> {
  const graph = await definitionGraph(trx, instance.definition_id).catch(() => undefined);
  const kept = new Set([
    ...PROTECTED_VARIABLES,
    ...(graph?.initiator ? [graph.initiator] : []),
    'pass',
    ...Object.keys(own),
  ]);
  const given = Object.fromEntries(Object.entries(extra).filter(([key]) => !kept.has(key)));
  const form = graph?.nodes.get(task.task_key)?.form;
  if (form) return taskFormValues(form, given, previous);
  if (!instance.business_table || isStarter) return given;
  const changed = Object.keys(given).filter((key) => key !== 'taskUser' && Object.hasOwn(previous, key));
  if (changed.length) throw failWith(FORM_MESSAGES.notYours, { name: changed.join(', ') });
  return given;
}

/** Variables are plain JSON data with identifier names, within a size limit. */
export function checkVariables(variables: Variables): Variables {
  if (!variables || typeof variables !== 'object' || Array.isArray(variables))
    throw failWith(FLOW_MESSAGES.engineStep, { name: 'variables must be an object' });
  for (const key of Object.keys(variables)) {
    if (!isVariableName(key)) throw failWith(FLOW_MESSAGES.engineStep, { name: `variable name ${key}` });
  }
  const json = JSON.stringify(variables);
  if (json.length > MAX_VARIABLES_JSON)
    throw failWith(FLOW_MESSAGES.engineStep, {
      name: `the variables are over ${MAX_VARIABLES_JSON / 1024} KB as JSON (${Math.ceil(json.length / 1024)} KB)`,
    });
  return JSON.parse(json) as Variables;
}

/**
 * Who a step no user took is taken as (a timer's, a start timer's): the instance's starter or the definition's
 * deployer, as the history and the messages name them.
 */
export async function actorOf(trx: Db, tenantId: string, userId: string): Promise<AuthUser> {
  const user = isId(userId)
    ? await trx.selectFrom('blade_user').select(['account', 'real_name']).where('id', '=', userId).executeTakeFirst()
    : undefined;
  return {
    userId,
    tenantId,
    account: user?.account ?? '',
    userName: user?.account ?? '',
    realName: user?.real_name ?? '',
    clientId: '',
    roleIds: [],
    roleAliases: [],
    deptIds: [],
    postIds: [],
    sessionId: '',
    power: 0,
    isSuperAdmin: false,
    isAdmin: false,
    claims: {} as AuthUser['claims'],
  };
}

/** The running instances a caller's call activities started, locked. */
async function runningChildren(trx: Db, instanceId: string): Promise<InstanceRow[]> {
  const rows = await trx
    .selectFrom('blade_flow_instance')
    .select('id')
    .where('parent_id', '=', instanceId)
    .where('state', '=', 'running')
    .orderBy('id')
    .execute();
  const children: InstanceRow[] = [];
  for (const row of rows) {
    const child = await lockInstance(trx, String(row.id));
    if (child?.state === 'running') children.push(child);
  }
  return children;
}

/** How many callers stand above an instance. */
async function callDepth(trx: Db, instance: InstanceRow): Promise<number> {
  let depth = 0;
  for (let parent = instance.parent_id; parent && depth <= MAX_CALL_DEPTH; depth++) {
    const row = await trx
      .selectFrom('blade_flow_instance')
      .select('parent_id')
      .where('id', '=', parent)
      .executeTakeFirst();
    parent = row?.parent_id ?? null;
  }
  return depth;
}

/** What a call activity starts: its key's newest active definition in the tenant (or shared), or its deployment's. */
async function calledDefinition(trx: Db, instance: InstanceRow, call: CallStart): Promise<string | undefined> {
  let query = trx
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('process_key', '=', call.processKey)
    .where('tenant_id', 'in', [instance.tenant_id, ''])
    .where('suspension_state', '=', ACTIVE);
  if (call.binding === 'deployment') {
    const caller = trx
      .selectFrom('blade_flow_definition')
      .select('deployment_id')
      .where('id', '=', instance.definition_id);
    query = query.where('deployment_id', 'in', caller);
  }
  const row = await query
    .orderBy(sql`tenant_id = ''`)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return row ? String(row.id) : undefined;
}
