import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { failWith } from '../errors.ts';
import { isId, nextId } from '../ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { FlowResult } from '../../../shared/flow/types.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { definitionName, fill, requestLabel, type FlowRuntime, type Variables } from './flow-runtime.ts';
import {
  closeTask,
  lockInstance,
  notify,
  openTasksOf,
  taskUserOfId,
  userIdOf,
  usersAmong,
  usersOfGroups,
  usersOfRoles,
  type InstanceRow,
  type TaskRow,
} from './flow-store.ts';
import { returnableSteps, returnStep } from './process-steps.ts';
import { ACTION_NAMES, MAX_PEOPLE, namesMap, peopleOf, recordAction, withComment } from './action-records.ts';
import { addSignIn, removeSignIn, type AddSignInput } from './flow-signs.ts';
import { EngineStepError } from './step-result.ts';
import { ActionFailure, recipientsOf, type FlowHook } from './service-actions.ts';
import { COPY_HOOK_FIELDS } from '../../../shared/flow/service-actions.ts';

/**
 * The Chinese approval actions (issue 34 point 5), each one transaction that locks the instance row as every step
 * does (FlowRuntime.lockTask), records the action in the history list (who, when, its name, the comment) and
 * messages the people it concerns:
 * - 加签 (add-sign) and 减签 (remove-sign): flow-signs.ts.
 * - 委派 (delegate) and its answer (resolve): Flowable's owner + delegation state PENDING / RESOLVED.
 * - 抄送 (copy): users (and the users of roles) see the request in their 抄送 list, read or unread.
 * - 退回 (return): the instance continues from an earlier user task of the same level (interpreter.ts).
 * - 撤回 (revoke): the starter takes the request back while the tasks of its last step are untouched.
 * - 催办 (urge): the starter reminds the handlers of the open tasks, at most once per task per 10 minutes.
 */

const URGE_INTERVAL_MS = 10 * 60 * 1000;

export interface CopyInput {
  taskId?: string;
  processInstanceId?: string;
  userIds: string[];
  roleIds: string[];
  comment?: string;
}

/** A user task an instance may return to: its element id and name, and who did it last. */
export interface ReturnTarget {
  taskKey: string;
  taskName: string;
  assignee: string;
  assigneeName: string;
}

/** The actions' steps, as the routes call them (workflow-of.ts). */
export interface WorkflowActions {
  addSign(user: AuthUser, input: AddSignInput): Promise<void>;
  removeSign(user: AuthUser, taskId: string, userIds: string[], taskIds: string[]): Promise<number>;
  delegate(user: AuthUser, taskId: string, userId: string, comment?: string): Promise<void>;
  resolve(user: AuthUser, taskId: string, comment?: string): Promise<void>;
  copy(user: AuthUser, input: CopyInput): Promise<number>;
  /** The caller's copy of an instance read (opened from his 抄送 list). */
  copyRead(user: AuthUser, instanceId: string): Promise<void>;
  returnTargets(user: AuthUser, taskId: string): Promise<ReturnTarget[]>;
  returnTask(user: AuthUser, taskId: string, targetKey: string, comment?: string): Promise<void>;
  revoke(user: AuthUser, instanceId: string, reason?: string): Promise<void>;
  urge(user: AuthUser, instanceId: string, comment?: string): Promise<number>;
}

export function actionsOver(db: Db, runtime: FlowRuntime): WorkflowActions {
  const inTransaction = <T>(run: (trx: Db) => Promise<T>) => db.transaction().execute(run);

  /** The caller's own open task (assigned to him), its instance locked. */
  const ownTask = async (trx: Db, user: AuthUser, taskId: string) => {
    const locked = await runtime.lockTask(trx, user, taskId);
    if (locked.task.assignee !== taskUserOfId(user.userId)) throw failWith(FLOW_MESSAGES.taskNotFound);
    return locked;
  };

  return {
    addSign: (user, input) =>
      inTransaction(async (trx) => addSignIn(trx, user, await ownTask(trx, user, input.taskId), input)),

    removeSign: (user, taskId, userIds, taskIds) =>
      inTransaction(async (trx) =>
        removeSignIn(runtime, trx, user, await runtime.lockTask(trx, user, taskId), userIds, taskIds),
      ),

    delegate: (user, taskId, userId, comment) =>
      inTransaction(async (trx) => {
        const { instance, task } = await ownTask(trx, user, taskId);
        if (task.delegation === 'pending') throw failWith(FLOW_MESSAGES.delegatePending);
        if (task.parent_task_id) throw failWith(FLOW_MESSAGES.signNested);
        const [person] = await peopleOf(trx, instance.tenant_id, [userId]);
        if (!person) throw failWith(FLOW_MESSAGES.userNotFound, { name: userId });
        if (person.id === user.userId) throw failWith(FLOW_MESSAGES.delegateSelf);
        const now = new Date();
        await trx
          .updateTable('blade_flow_task')
          .set({ owner: task.owner || task.assignee, assignee: taskUserOfId(person.id), delegation: 'pending' })
          .where('id', '=', task.id)
          .execute();
        const label = await requestLabel(trx, instance, await definitionName(trx, instance));
        await notify(
          trx,
          person.id,
          fill(FLOW_MESSAGES.newTaskTitle, task.name),
          fill(FLOW_MESSAGES.newTaskContent, task.name, label),
          user.userId,
          now,
          { instance, taskId: task.id },
        );
        await recordAction(
          trx,
          instance,
          task,
          user.userId,
          'delegate',
          ACTION_NAMES.delegate,
          withComment(person.name, comment?.trim() ?? ''),
          now,
        );
      }),

    resolve: (user, taskId, comment) =>
      inTransaction(async (trx) => {
        const { instance, task } = await ownTask(trx, user, taskId);
        if (task.delegation !== 'pending' || !task.owner) throw failWith(FLOW_MESSAGES.notDelegated);
        const now = new Date();
        await trx
          .updateTable('blade_flow_task')
          .set({ assignee: task.owner, delegation: 'resolved' })
          .where('id', '=', task.id)
          .execute();
        const label = await requestLabel(trx, instance, await definitionName(trx, instance));
        await notify(
          trx,
          userIdOf(task.owner),
          fill(FLOW_MESSAGES.resolvedTitle, task.name),
          fill(FLOW_MESSAGES.resolvedContent, task.name, label).replace('{who}', user.realName),
          user.userId,
          now,
          { instance, taskId: task.id },
        );
        await recordAction(
          trx,
          instance,
          task,
          user.userId,
          'resolve',
          ACTION_NAMES.resolve,
          comment?.trim() ?? '',
          now,
        );
      }),

    copy: (user, input) =>
      inTransaction(async (trx) => {
        let instance: InstanceRow;
        let task: TaskRow | null = null;
        if (input.taskId) {
          ({ instance, task } = await ownTask(trx, user, input.taskId));
        } else {
          const found = isId(input.processInstanceId) ? await lockInstance(trx, input.processInstanceId!) : undefined;
          if (!found || found.tenant_id !== user.tenantId || found.start_user !== user.userId)
            throw failWith(FLOW_MESSAGES.instanceNotFound, { name: input.processInstanceId ?? '' });
          instance = found;
        }
        const roles = input.roleIds.filter(isId).slice(0, MAX_PEOPLE);
        const fromRoles = roles.length
          ? await usersOfRoles(
              trx,
              instance.tenant_id,
              (
                await trx
                  .selectFrom('blade_role')
                  .select('id')
                  .where('tenant_id', '=', instance.tenant_id)
                  .where('id', 'in', roles)
                  .where('is_deleted', '=', 0)
                  .execute()
              ).map((r) => String(r.id)),
              MAX_PEOPLE,
            )
          : [];
        const people = await peopleOf(trx, instance.tenant_id, [...input.userIds, ...fromRoles]);
        const others = people.filter((p) => p.id !== user.userId);
        if (!others.length) throw failWith(FLOW_MESSAGES.copyUsersRequired);
        await copyIn(trx, instance, task, user, others, input.comment?.trim() ?? '');
        return others.length;
      }),

    copyRead: async (user, instanceId) => {
      if (!isId(instanceId)) throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId });
      await db
        .updateTable('blade_flow_copy')
        .set({ is_read: 1, read_time: formatDateTime() })
        .where('tenant_id', '=', user.tenantId)
        .where('user_id', '=', user.userId)
        .where('instance_id', '=', instanceId)
        .where('is_read', '=', 0)
        .execute();
    },

    returnTargets: (user, taskId) =>
      inTransaction(async (trx) => {
        const { instance, task } = await ownTask(trx, user, taskId);
        return targetsOf(trx, instance, task);
      }),

    returnTask: (user, taskId, targetKey, comment) =>
      inTransaction(async (trx) => {
        const { instance, task } = await ownTask(trx, user, taskId);
        if (task.parent_task_id) throw failWith(FLOW_MESSAGES.signNested);
        if (task.delegation === 'pending') throw failWith(FLOW_MESSAGES.delegatePending);
        const target = (await targetsOf(trx, instance, task)).find((t) => t.taskKey === targetKey);
        if (!target) throw failWith(FLOW_MESSAGES.returnTargetInvalid, { name: targetKey });
        const variables = JSON.parse(instance.variables) as Variables;
        let result;
        try {
          result = await returnStep(trx, instance, task.execution_id, targetKey, variables);
        } catch (error) {
          if (error instanceof EngineStepError) throw failWith(FLOW_MESSAGES.engineStep, { name: error.message });
          throw error;
        }
        const now = new Date();
        // The returned task and every other task of the level the engine no longer waits for are withdrawn: 退回.
        const waiting = new Set(result.waiting.map((w) => w.executionId));
        for (const open of await openTasksOf(trx, instance.id)) {
          const parentWaits = open.parent_task_id && open.parent_task_id !== task.id;
          if (open.id === task.id || (!waiting.has(open.execution_id) && !parentWaits))
            await closeTask(trx, open, 'deleted', 'return', now, ACTION_NAMES.return);
        }
        // A single task at the target goes back to whoever did it; a countersign to its people again.
        const fresh = result.waiting.filter((w) => w.elementId === targetKey && w.name);
        if (fresh.length === 1 && target.assignee)
          Object.assign(fresh[0], { assignee: target.assignee, candidateUsers: [], candidateGroups: [] });
        const backToStarter = fresh.length === 1 && userIdOf(fresh[0].assignee) === instance.start_user;
        const outcome: FlowResult = backToStarter ? 'rejected' : 'running';
        await recordAction(
          trx,
          instance,
          task,
          user.userId,
          'return',
          ACTION_NAMES.return,
          withComment(target.taskName, comment?.trim() ?? ''),
          now,
        );
        await runtime.apply(
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
        await runtime.business(trx, user, instance, 'completed', result.finished, variables, outcome, {
          pass: false,
          taskKey: task.task_key,
          comment: comment?.trim() || ACTION_NAMES.return,
        });
      }),

    revoke: (user, instanceId, reason) =>
      inTransaction(async (trx) => {
        const instance = isId(instanceId) ? await lockInstance(trx, instanceId) : undefined;
        if (!instance || instance.tenant_id !== user.tenantId)
          throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId });
        if (instance.start_user !== user.userId) throw failWith(FLOW_MESSAGES.revokeOnlyStarter);
        if (instance.state !== 'running') throw failWith(FLOW_MESSAGES.instanceEnded);
        const open = await openTasksOf(trx, instance.id);
        if (await touched(trx, instance, open)) throw failWith(FLOW_MESSAGES.revokeTouched);
        const now = new Date();
        const text = reason?.trim() || ACTION_NAMES.revoke;
        const label = await requestLabel(trx, instance, await definitionName(trx, instance));
        for (const task of open)
          await notify(
            trx,
            await handlersOf(trx, instance, task),
            fill(FLOW_MESSAGES.revokedTitle, task.name),
            fill(FLOW_MESSAGES.revokedContent, task.name, label),
            user.userId,
            now,
            { instance },
          );
        await recordAction(trx, instance, open[0] ?? null, user.userId, 'revoke', ACTION_NAMES.revoke, text, now);
        await runtime.end(trx, user, instance, text, 'withdraw');
      }),

    urge: (user, instanceId, comment) =>
      inTransaction(async (trx) => {
        const instance = isId(instanceId) ? await lockInstance(trx, instanceId) : undefined;
        if (!instance || instance.tenant_id !== user.tenantId)
          throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId });
        if (instance.start_user !== user.userId) throw failWith(FLOW_MESSAGES.urgeOnlyStarter);
        if (instance.state !== 'running') throw failWith(FLOW_MESSAGES.instanceEnded);
        const now = new Date();
        const since = formatDateTime(new Date(now.getTime() - URGE_INTERVAL_MS));
        const open = (await openTasksOf(trx, instance.id)).filter((t) => t.sign_state !== 'waiting');
        const recent = new Set(
          (
            await trx
              .selectFrom('blade_flow_comment')
              .select('task_id')
              .where('instance_id', '=', instance.id)
              .where('type', '=', 'urge')
              .where('create_time', '>', since)
              .execute()
          ).map((c) => String(c.task_id)),
        );
        const due = open.filter((t) => !recent.has(t.id));
        if (!due.length) throw failWith(open.length ? FLOW_MESSAGES.urgeTooSoon : FLOW_MESSAGES.taskDone);
        const label = await requestLabel(trx, instance, await definitionName(trx, instance));
        const text = comment?.trim() ?? '';
        for (const task of due) {
          await notify(
            trx,
            await handlersOf(trx, instance, task),
            fill(FLOW_MESSAGES.urgeTitle, task.name),
            fill(FLOW_MESSAGES.urgeContent, task.name, label) + (text ? `: ${text}` : ''),
            user.userId,
            now,
            { instance, taskId: task.id },
          );
          await recordAction(
            trx,
            instance,
            task,
            user.userId,
            'urge',
            ACTION_NAMES.urge,
            withComment(task.name, text),
            now,
          );
        }
        return due.length;
      }),
  };
}

/** Who can act on an open task: its assignee, else its candidate users and the holders of its candidate groups. */
async function handlersOf(trx: Db, instance: InstanceRow, task: TaskRow): Promise<string[]> {
  if (task.assignee) return usersAmong(trx, instance.tenant_id, [userIdOf(task.assignee)]);
  const candidates = await trx
    .selectFrom('blade_flow_task_candidate')
    .select(['kind', 'value'])
    .where('task_id', '=', task.id)
    .execute();
  const users = candidates.filter((c) => c.kind === 'user').map((c) => userIdOf(c.value));
  const groups = candidates.filter((c) => c.kind === 'group').map((c) => c.value);
  return [
    ...new Set([
      ...(await usersAmong(trx, instance.tenant_id, users)),
      ...(await usersOfGroups(trx, instance.tenant_id, groups)),
    ]),
  ];
}

/**
 * Whether the tasks of the instance's last step were touched: claimed, commented, delegated, signed, or one of them
 * (a countersign's) decided. Nothing open (the starter's own step waits elsewhere) counts as touched.
 */
async function touched(trx: Db, instance: InstanceRow, open: TaskRow[]): Promise<boolean> {
  if (!open.length) return true;
  if (open.some((t) => t.claim_time || t.owner || t.sign_type || t.parent_task_id)) return true;
  const ids = open.map((t) => t.id);
  const comment = await trx
    .selectFrom('blade_flow_comment')
    .select('id')
    .where('instance_id', '=', instance.id)
    .where('task_id', 'in', ids)
    .where('type', '<>', 'urge')
    .executeTakeFirst();
  if (comment) return true;
  // Tasks of the same step have ids of the same moment: one decided at or after the first open one was created.
  const first = ids.reduce((a, b) => (BigInt(a) < BigInt(b) ? a : b));
  const decided = await trx
    .selectFrom('blade_flow_task')
    .select('id')
    .where('instance_id', '=', instance.id)
    .where('status', '=', 'completed')
    .where('id', '>=', first)
    .executeTakeFirst();
  return Boolean(decided);
}

/** 退回's targets: the user tasks before this one at its level that were done, each with who did it last. */
async function targetsOf(trx: Db, instance: InstanceRow, task: TaskRow): Promise<ReturnTarget[]> {
  const steps = await returnableSteps(trx, instance, task.task_key);
  if (!steps) throw failWith(FLOW_MESSAGES.returnUnsupported);
  if (!steps.size) return [];
  const done = await trx
    .selectFrom('blade_flow_task')
    .select(['task_key', 'name', 'assignee', 'end_time'])
    .where('instance_id', '=', instance.id)
    .where('status', '=', 'completed')
    .where('parent_task_id', 'is', null)
    .where('task_key', 'in', [...steps])
    .orderBy('end_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byKey = new Map<string, (typeof done)[number]>();
  for (const row of done) if (!byKey.has(row.task_key)) byKey.set(row.task_key, row);
  const names = await namesMap(
    trx,
    [...byKey.values()].map((r) => userIdOf(r.assignee)),
  );
  return [...byKey.values()].reverse().map((r) => ({
    taskKey: r.task_key,
    taskName: r.name,
    assignee: r.assignee,
    assigneeName: names.get(userIdOf(r.assignee)) ?? '',
  }));
}

/**
 * 抄送: `people` see the instance in their 抄送 list (again unread when copied before) and get a message; the history
 * names them with the comment.
 */
async function copyIn(
  trx: Db,
  instance: InstanceRow,
  task: TaskRow | null,
  user: Pick<AuthUser, 'userId' | 'realName'>,
  others: Array<{ id: string; name: string }>,
  comment: string,
): Promise<void> {
  const now = new Date();
  const label = await requestLabel(trx, instance, await definitionName(trx, instance));
  for (const person of others) {
    await trx
      .insertInto('blade_flow_copy')
      .values({
        id: nextId(),
        tenant_id: instance.tenant_id,
        instance_id: instance.id,
        task_id: task?.id ?? null,
        user_id: person.id,
        from_user: user.userId,
        comment: comment.slice(0, 4000),
        is_read: 0,
        create_time: formatDateTime(now),
      })
      .onConflict((oc) =>
        oc.columns(['instance_id', 'user_id']).doUpdateSet({
          is_read: 0,
          read_time: null,
          from_user: user.userId,
          comment: comment.slice(0, 4000),
          create_time: formatDateTime(now),
        }),
      )
      .execute();
    await notify(
      trx,
      person.id,
      fill(FLOW_MESSAGES.copyTitle, label),
      fill(FLOW_MESSAGES.copyContent, user.realName, label),
      user.userId,
      now,
      { instance },
    );
  }
  await recordAction(
    trx,
    instance,
    task,
    user.userId,
    'copy',
    ACTION_NAMES.copy,
    withComment(others.map((p) => p.name).join('、'), comment),
    now,
  );
}

/**
 * The flow module's hook `flow.copy` (a service task `flowable:type="hook"`, fields `to` — user ids or accounts — and
 * `toRoles` — role aliases — and `comment`): the instance copied as its starter copies it.
 */
export const COPY_HOOK: FlowHook = {
  fields: COPY_HOOK_FIELDS,
  run: async ({ trx, actor, instance, fields }) => {
    const ids = await recipientsOf(trx, instance.tenant_id, fields);
    const people = (await peopleOf(trx, instance.tenant_id, ids)).slice(0, MAX_PEOPLE);
    if (!people.length) throw new ActionFailure('nobody to copy to (to, toRoles)', 'NO_RECIPIENT', false);
    await copyIn(trx, instance, null, actor, people, String(fields.comment ?? '').trim());
    return people.length;
  },
};
