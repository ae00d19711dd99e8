import { sql } from 'kysely';
import { MESSAGE_CATEGORY } from '../../../shared/entities/desk/message.ts';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { DEFINITION_STATE, taskUserOfId, userIdOf, type FlowResult } from '../../../shared/flow/types.ts';
import { ROLE_POWER } from '../auth-context.ts';
import type { ActivityRecord, WaitingTask } from './step-result.ts';
import { insertMessagesWithTaskSms } from './task-sms.ts';

/** Rows of the workflow tables and the SQL that writes them (the screens' reads: task-lists.ts, instance-reads.ts). */

export interface DefinitionRow {
  id: string;
  tenant_id: string;
  process_key: string;
  name: string;
  description: string;
  category: string;
  version: number;
  deployment_id: string;
  resource_name: string;
  xml: string;
  model_id: string | null;
  suspension_state: number;
  deploy_time: string;
}

export interface InstanceRow {
  id: string;
  tenant_id: string;
  definition_id: string;
  process_key: string;
  business_key: string;
  business_table: string;
  business_id: string;
  start_user: string;
  state: 'running' | 'finished' | 'deleted';
  delete_reason: string;
  start_time: string;
  end_time: string | null;
  variables: string;
  engine_state: string;
  version: number;
  result: FlowResult;
  /** The instance whose call activity started this one, and that activity's execution (migration 0050). */
  parent_id?: string | null;
  parent_execution_id?: string;
}

export interface TaskRow {
  id: string;
  tenant_id: string;
  instance_id: string;
  definition_id: string;
  execution_id: string;
  task_key: string;
  name: string;
  assignee: string;
  status: 'open' | 'completed' | 'deleted';
  outcome: string;
  create_time: string;
  claim_time: string | null;
  end_time: string | null;
  /** issue 34: the task's priority and due date (migration 0049) */
  priority?: number;
  due_date?: string | null;
  /** 加签 and 委派 (0048_flow_actions.sql) */
  parent_task_id?: string | null;
  sign_type?: string;
  added_by?: string | null;
  sign_state?: string;
  held_pass?: boolean | null;
  owner?: string;
  delegation?: string;
}

export const ACTIVE = DEFINITION_STATE.active;
export const SUSPENDED = DEFINITION_STATE.suspended;
/** blade_message category of workflow notifications (dictionary `message_category`). */
export const FLOW_MESSAGE_CATEGORY = MESSAGE_CATEGORY.flow;

export { taskUserOfId, userIdOf };
const at = (date: Date) => formatDateTime(date);

export async function lockInstance(trx: Db, instanceId: string): Promise<InstanceRow | undefined> {
  return trx
    .selectFrom('blade_flow_instance')
    .selectAll()
    .where('id', '=', instanceId)
    .forUpdate()
    .executeTakeFirst() as Promise<InstanceRow | undefined>;
}

/**
 * Locks instances in id order, the order every step takes them in: a business that moves several rows with processes
 * locks their instances first, then its rows, so it and an inbox step queue instead of deadlocking.
 */
export async function lockInstances(trx: Db, instanceIds: readonly string[]): Promise<void> {
  if (!instanceIds.length) return;
  await trx
    .selectFrom('blade_flow_instance')
    .select('id')
    .where('id', 'in', [...instanceIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function openTasksOf(trx: Db, instanceId: string): Promise<TaskRow[]> {
  return trx
    .selectFrom('blade_flow_task')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'open')
    .execute() as Promise<TaskRow[]>;
}

/**
 * History rows of a step's engine activities (events, gateways, flows), their ids in the order the engine reported
 * them (ids keep that order within a second), written with the step's new tasks' rows (insertTasks).
 */
export function activityRows(
  instance: InstanceRow,
  activities: Array<ActivityRecord & { id: string }>,
  startUser: string,
) {
  return activities.map((a) => ({
    id: a.id,
    tenant_id: instance.tenant_id,
    instance_id: instance.id,
    execution_id: a.executionId,
    activity_id: a.elementId,
    activity_name: a.name.slice(0, 255),
    activity_type: a.type,
    assignee: a.type === 'startEvent' ? startUser : '',
    start_time: at(a.start),
    end_time: a.end ? at(a.end) : null,
    duration_ms: a.end ? a.end.getTime() - a.start.getTime() : null,
  }));
}

/** A new waiting user task and the id of its history row. */
export interface NewTask {
  task: WaitingTask;
  activityId: string;
}

/** Rows per statement of a batch write: far below PostgreSQL's 65,535 parameters for the widest row (15 columns). */
const ROWS_PER_STATEMENT = 1000;

function* inChunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) yield rows.slice(i, i + ROWS_PER_STATEMENT);
}

/**
 * New waiting user tasks of one step: their rows, candidates and history rows, a statement each per 1,000 tasks (a
 * multi-instance start of 1,000 approvers is three statements, not thousands). A task that exists already (the same
 * execution) is skipped: the map holds the rows written, by the task they were written for.
 */
export async function insertTasks(
  trx: Db,
  instance: InstanceRow,
  tasks: readonly NewTask[],
  activities: ReturnType<typeof activityRows> = [],
): Promise<Map<WaitingTask, TaskRow>> {
  const written = new Map<WaitingTask, TaskRow>();
  for (const chunk of inChunks(tasks)) {
    const rows = chunk.map(({ task }): TaskRow => ({
      id: nextId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      definition_id: instance.definition_id,
      execution_id: task.executionId,
      task_key: task.elementId,
      name: task.name.slice(0, 255),
      assignee: task.assignee.slice(0, 64),
      status: 'open',
      outcome: '',
      create_time: at(task.at),
      claim_time: null,
      end_time: null,
      priority: task.priority ?? 50,
      due_date: task.dueDate ?? null,
    }));
    const inserted = new Set(
      (
        await trx
          .insertInto('blade_flow_task')
          .values(rows)
          .onConflict((oc) => oc.columns(['instance_id', 'execution_id']).doNothing())
          .returning('id')
          .execute()
      ).map((r) => String(r.id)),
    );
    chunk.forEach((item, i) => inserted.has(rows[i].id) && written.set(item.task, rows[i]));
  }
  const fresh = tasks.filter((item) => written.has(item.task));
  const candidates = fresh.flatMap(({ task }) =>
    [
      ...task.candidateUsers.map((value) => ({ kind: 'user', value })),
      ...task.candidateGroups.map((value) => ({ kind: 'group', value })),
    ]
      .filter((c) => c.value.length <= 64)
      .map((c) => ({ id: nextId(), tenant_id: instance.tenant_id, task_id: written.get(task)!.id, ...c })),
  );
  for (const chunk of inChunks(candidates)) await trx.insertInto('blade_flow_task_candidate').values(chunk).execute();
  // The step's history in one statement (a few for a large multi-instance step): its engine activities (a resumed
  // engine may report one again: it is kept once) and its new tasks' rows.
  const history = [
    ...activities.map((row) => ({ ...row, task_id: null })),
    ...fresh.map(({ task, activityId }) => {
      const row = written.get(task)!;
      return {
        id: activityId,
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
        execution_id: task.executionId,
        activity_id: task.elementId,
        activity_name: row.name,
        activity_type: 'userTask',
        task_id: row.id,
        assignee: row.assignee,
        start_time: row.create_time,
        end_time: null,
        duration_ms: null,
      };
    }),
  ];
  for (const chunk of inChunks(history))
    await trx
      .insertInto('blade_flow_activity')
      .values(chunk)
      .onConflict((oc) => oc.columns(['instance_id', 'execution_id']).doNothing())
      .execute();
  return written;
}

/** Closes a task (completed, or deleted with the instance or by a multi-instance completion condition). */
export async function closeTask(
  trx: Db,
  task: TaskRow,
  status: 'completed' | 'deleted',
  outcome: string,
  now: Date,
  reason = '',
) {
  // One statement (a step closes tasks often: every completion, every withdrawn task): the task, its candidates, its
  // history row.
  await trx
    .with('closed', (db) =>
      db
        .updateTable('blade_flow_task')
        .set({
          status,
          outcome,
          end_time: at(now),
          delete_reason: reason.slice(0, 255),
          ...(status === 'completed' ? { assignee: task.assignee } : {}),
        })
        .where('id', '=', task.id)
        .returning('id'),
    )
    .with('dropped', (db) => db.deleteFrom('blade_flow_task_candidate').where('task_id', '=', task.id).returning('id'))
    .updateTable('blade_flow_activity')
    .set({
      end_time: at(now),
      assignee: task.assignee,
      duration_ms: sql`(extract(epoch from (${at(now)}::timestamp - start_time)) * 1000)::bigint`,
    })
    .where('instance_id', '=', task.instance_id)
    .where('execution_id', '=', task.execution_id)
    .execute();
}

export async function addComment(
  trx: Db,
  instance: InstanceRow,
  taskId: string | null,
  userId: string,
  type: string,
  message: string,
  now: Date,
) {
  await trx
    .insertInto('blade_flow_comment')
    .values({
      id: nextId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      task_id: taskId,
      user_id: userId,
      type,
      message: message.slice(0, 4000),
      create_time: at(now),
    })
    .execute();
}

/** What a workflow message is about: its process (and business record), and the task when it asks for action. */
export interface MessageTarget {
  instance: InstanceRow;
  taskId?: string;
}

/** A drawer message (blade_message) to users of the instance's tenant, one row each, pointing at what it is about. */
export async function notify(
  trx: Db,
  userIds: string | readonly string[],
  title: string,
  content: string,
  senderId: string,
  now: Date,
  target: MessageTarget,
) {
  await notifyEach(
    trx,
    [userIds].flat().map((userId) => ({ userId, title, content, taskId: target.taskId })),
    {
      senderId,
      now,
      instance: target.instance,
    },
  );
}

/** One message of a batch: to whom, what, and the task it asks to act on. */
export interface Message {
  userId: string;
  title: string;
  content: string;
  taskId?: string;
}

/** Messages of one step (each new task's handlers), a statement per 1,000. */
export async function notifyEach(
  trx: Db,
  messages: readonly Message[],
  { senderId, now, instance }: { senderId: string; now: Date; instance: InstanceRow },
) {
  const rows = messages
    .filter((m) => /^\d+$/.test(m.userId))
    .map((m) => ({
      id: nextId(),
      tenant_id: instance.tenant_id,
      user_id: m.userId,
      title: m.title.slice(0, 255),
      content: m.content.slice(0, 4000),
      category: FLOW_MESSAGE_CATEGORY,
      create_user: /^\d+$/.test(senderId) ? senderId : null,
      create_time: at(now),
      status: 0,
      is_deleted: 0,
      task_id: m.taskId ?? null,
      process_instance_id: instance.id,
      business_table: instance.business_table,
      business_id: /^\d+$/.test(instance.business_id) ? instance.business_id : null,
    }));
  for (const chunk of inChunks(rows)) await insertMessagesWithTaskSms(trx, chunk, instance.definition_id);
}

/** Live, enabled users of a tenant: who can sign in and act. */
const liveUsers = (trx: Db, tenantId: string) =>
  trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1);

/**
 * Users a model names by account (`flowable:assignee="kermit"`, as Flowable models name their users): the live users
 * of the tenant with those accounts, by account.
 */
export async function usersByAccount(trx: Db, tenantId: string, names: string[]): Promise<Map<string, string>> {
  const accounts = [...new Set(names.filter((name) => name && !userIdOf(name) && !/^\d+$/.test(name)))];
  if (!accounts.length) return new Map();
  const rows = await liveUsers(trx, tenantId).select('account').where('account', 'in', accounts).execute();
  return new Map(rows.map((row) => [String(row.account), taskUserOfId(String(row.id))]));
}

/** Which of these user ids are live, enabled users of the tenant. */
export async function usersAmong(trx: Db, tenantId: string, userIds: string[]): Promise<string[]> {
  const ids = [...new Set(userIds.filter((id) => /^\d+$/.test(id)))];
  if (!ids.length) return [];
  return (await liveUsers(trx, tenantId).where('id', 'in', ids).execute()).map((u) => String(u.id));
}

/** Users of a tenant holding a role with one of the aliases (candidate groups), for their new-task message. */
export async function usersOfGroups(trx: Db, tenantId: string, aliases: string[], limit = 200): Promise<string[]> {
  if (!aliases.length) return [];
  const roles = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', 'in', aliases)
    .where('is_deleted', '=', 0)
    .execute();
  return usersOfRoles(
    trx,
    tenantId,
    roles.map((r) => String(r.id)),
    limit,
  );
}

/** The tenant's administrators: users holding a role with administrative power (ROLE_POWER tenantAdmin or more). */
export async function tenantAdministrators(trx: Db, tenantId: string, limit = 200): Promise<string[]> {
  const roles = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_power', '>=', ROLE_POWER.tenantAdmin)
    .where('is_deleted', '=', 0)
    .execute();
  return usersOfRoles(
    trx,
    tenantId,
    roles.map((r) => String(r.id)),
    limit,
  );
}

/** The users whose roles hold a menu or button code (the approvers of a business whose approval is a button). */
export async function usersWithCode(trx: Db, tenantId: string, code: string, limit = 200): Promise<string[]> {
  const roles = await trx
    .selectFrom('blade_role as r')
    .innerJoin('blade_role_menu as rm', 'rm.role_id', 'r.id')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
    .select('r.id')
    .distinct()
    .where('r.tenant_id', '=', tenantId)
    .where('r.is_deleted', '=', 0)
    .where('m.code', '=', code)
    .where('m.is_deleted', '=', 0)
    .execute();
  return usersOfRoles(
    trx,
    tenantId,
    roles.map((r) => String(r.id)),
    limit,
  );
}

export async function usersOfRoles(trx: Db, tenantId: string, roleIds: string[], limit: number): Promise<string[]> {
  if (!roleIds.length) return [];
  // role_id is a comma list of role ids
  const users = await liveUsers(trx, tenantId)
    .where((eb) => eb.or(roleIds.map((id) => sql<boolean>`(',' || role_id || ',') like ${`%,${id},%`}`)))
    .orderBy('id')
    .limit(limit)
    .execute();
  return users.map((u) => String(u.id));
}
