import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { failWith } from '../errors.ts';
import { nextId } from '../ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { SIGN_TYPES, type SignType } from '../../../shared/flow/actions.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { definitionName, fill, requestLabel, type FlowRuntime } from './flow-runtime.ts';
import { addComment, closeTask, notify, taskUserOfId, userIdOf, type InstanceRow, type TaskRow } from './flow-store.ts';
import { ACTION_NAMES, lang, namesOf, peopleOf, recordAction, SIGN_NAMES, withComment } from './action-records.ts';

/**
 * 加签 and 减签 (issue 34 point 5): approvers added to a task are tasks of their own tied to it (`parent_task_id`,
 * `sign_type`, `added_by`); the engine's execution waits untouched until the group is done. `before`: they decide
 * first, then the task returns to its assignee; `after`: the assignee approves now, held, they decide next, then the
 * engine moves on; `parallel`: they decide alongside the assignee, whose decision is held until all have (a rejection
 * by any rejects). Each runs in its action's transaction, the instance locked (flow-actions.ts).
 */

export interface AddSignInput {
  taskId: string;
  userIds: string[];
  type: string;
  comment?: string;
}

/** A task of the caller's and its instance, locked (FlowRuntime.lockTask). */
interface Locked {
  instance: InstanceRow;
  task: TaskRow;
}

/** 加签: the caller's own task gets `input.userIds` as added approvers. */
export async function addSignIn(trx: Db, user: AuthUser, { instance, task }: Locked, input: AddSignInput) {
  const type = input.type as SignType;
  if (!SIGN_TYPES.includes(type)) throw failWith(FLOW_MESSAGES.signTypeInvalid);
  if (task.parent_task_id) throw failWith(FLOW_MESSAGES.signNested);
  if (task.delegation === 'pending') throw failWith(FLOW_MESSAGES.delegatePending);
  const group = await signGroup(trx, task.id);
  if (group.some((t) => t.status === 'open')) throw failWith(FLOW_MESSAGES.signPending);
  const people = await peopleOf(trx, instance.tenant_id, input.userIds);
  if (!people.length) throw failWith(FLOW_MESSAGES.signUsersRequired);
  for (const person of people) {
    if (person.id === instance.start_user) throw failWith(FLOW_MESSAGES.signStarter, { name: person.name });
    if (taskUserOfId(person.id) === task.assignee || taskUserOfId(person.id) === task.owner)
      throw failWith(FLOW_MESSAGES.signAlready, { name: person.name });
  }
  const now = new Date();
  const comment = input.comment?.trim() ?? '';
  // after: the assignee approves now; his decision waits for the added approvers.
  if (type === 'after')
    await addComment(
      trx,
      instance,
      task.id,
      user.userId,
      'comment',
      comment || FLOW_MESSAGES.commentApprove[lang],
      now,
    );
  await trx
    .updateTable('blade_flow_task')
    .set({
      sign_type: type,
      sign_state: type === 'parallel' ? '' : 'waiting',
      held_pass: type === 'after' ? true : null,
    })
    .where('id', '=', task.id)
    .execute();
  const label = await requestLabel(trx, instance, await definitionName(trx, instance));
  for (const person of people) {
    const child = await insertSignTask(trx, instance, task, person.id, type, user.userId, now);
    await notify(
      trx,
      person.id,
      fill(FLOW_MESSAGES.newTaskTitle, task.name),
      fill(FLOW_MESSAGES.newTaskContent, task.name, label),
      user.userId,
      now,
      { instance, taskId: child },
    );
  }
  const names = people.map((p) => p.name).join('、');
  await recordAction(
    trx,
    instance,
    task,
    user.userId,
    'addSign',
    `${ACTION_NAMES.addSign}(${SIGN_NAMES[type]})`,
    withComment(names, comment),
    now,
  );
}

/** 减签: who added them removes added approvers who have not decided yet; a group left empty is settled. */
export async function removeSignIn(
  runtime: FlowRuntime,
  trx: Db,
  user: AuthUser,
  { instance, task }: Locked,
  userIds: string[],
  taskIds: string[],
): Promise<number> {
  const group = (await signGroup(trx, task.id)).filter(
    (t) =>
      t.status === 'open' &&
      String(t.added_by) === user.userId &&
      (taskIds.includes(t.id) || userIds.map(taskUserOfId).includes(t.assignee)),
  );
  if (!group.length) throw failWith(FLOW_MESSAGES.removeSignNone);
  const now = new Date();
  for (const child of group) {
    await closeTask(trx, child, 'deleted', 'removeSign', now, ACTION_NAMES.removeSign);
    await notify(
      trx,
      userIdOf(child.assignee),
      fill(FLOW_MESSAGES.signRemovedTitle, task.name),
      fill(
        FLOW_MESSAGES.signRemovedContent,
        task.name,
        await requestLabel(trx, instance, await definitionName(trx, instance)),
      ),
      user.userId,
      now,
      { instance },
    );
  }
  const names = await namesOf(
    trx,
    group.map((t) => userIdOf(t.assignee)),
  );
  await recordAction(trx, instance, task, user.userId, 'removeSign', ACTION_NAMES.removeSign, names, now);
  await settleGroup(runtime, trx, user, instance, task);
  return group.length;
}

/**
 * Called by FlowRuntime.complete for the caller's task before the engine moves: an added approver's decision, a
 * decision held while added approvers decide, a delegate who must answer first. True when it was handled here.
 */
export async function decideSigned(
  runtime: FlowRuntime,
  trx: Db,
  user: AuthUser,
  instance: InstanceRow,
  task: TaskRow,
  input: { pass: boolean; comment?: string },
): Promise<boolean> {
  if (task.delegation === 'pending') throw failWith(FLOW_MESSAGES.delegateResolveFirst);
  const now = new Date();
  const comment =
    input.comment?.trim() || (input.pass ? FLOW_MESSAGES.commentApprove : FLOW_MESSAGES.commentReject)[lang];
  if (task.parent_task_id) {
    await closeTask(
      trx,
      { ...task, assignee: taskUserOfId(user.userId) },
      'completed',
      input.pass ? 'approve' : 'reject',
      now,
    );
    await addComment(trx, instance, task.id, user.userId, 'comment', comment, now);
    const parent = (await trx
      .selectFrom('blade_flow_task')
      .selectAll()
      .where('id', '=', String(task.parent_task_id))
      .executeTakeFirst()) as TaskRow | undefined;
    if (parent && parent.status === 'open') await settleGroup(runtime, trx, user, instance, parent);
    return true;
  }
  if (task.sign_state === 'waiting') throw failWith(FLOW_MESSAGES.signWaiting);
  const group = await signGroup(trx, task.id);
  if (!group.some((t) => t.status === 'open')) return false;
  // parallel: the assignee's decision waits for the added approvers'.
  await addComment(trx, instance, task.id, user.userId, 'comment', comment, now);
  await trx
    .updateTable('blade_flow_task')
    .set({ sign_state: 'waiting', held_pass: input.pass })
    .where('id', '=', task.id)
    .execute();
  return true;
}

/**
 * A group of added approvers whose last one decided (or was removed): `before` gives the task back to its assignee;
 * a held decision (`after`, `parallel`) completes the task, rejected when an added approver rejected.
 */
async function settleGroup(runtime: FlowRuntime, trx: Db, user: AuthUser, instance: InstanceRow, parent: TaskRow) {
  const group = await signGroup(trx, parent.id);
  if (group.some((t) => t.status === 'open')) return;
  const fresh = (await trx
    .selectFrom('blade_flow_task')
    .selectAll()
    .where('id', '=', parent.id)
    .executeTakeFirst()) as TaskRow;
  if (fresh.held_pass === null || fresh.held_pass === undefined) {
    if (fresh.sign_state !== 'waiting') return;
    await trx.updateTable('blade_flow_task').set({ sign_state: '' }).where('id', '=', parent.id).execute();
    const now = new Date();
    const label = await requestLabel(trx, instance, await definitionName(trx, instance));
    await notify(
      trx,
      userIdOf(fresh.assignee),
      fill(FLOW_MESSAGES.signDoneTitle, fresh.name),
      fill(FLOW_MESSAGES.signDoneContent, fresh.name, label),
      user.userId,
      now,
      { instance, taskId: fresh.id },
    );
    return;
  }
  const rejected = group.some((t) => t.status === 'completed' && t.outcome === 'reject');
  await trx
    .updateTable('blade_flow_task')
    .set({ sign_state: '', held_pass: null })
    .where('id', '=', parent.id)
    .execute();
  await runtime.completeIn(
    trx,
    user,
    instance,
    { ...fresh, sign_state: '' },
    {
      taskId: fresh.id,
      pass: fresh.held_pass && !rejected,
      held: true,
    },
  );
}

/** The tasks added to a task (加签), decided or not. */
async function signGroup(trx: Db, taskId: string): Promise<TaskRow[]> {
  return (await trx
    .selectFrom('blade_flow_task')
    .selectAll()
    .where('parent_task_id', '=', taskId)
    .execute()) as TaskRow[];
}

async function insertSignTask(
  trx: Db,
  instance: InstanceRow,
  parent: TaskRow,
  userId: string,
  type: SignType,
  addedBy: string,
  now: Date,
): Promise<string> {
  const id = nextId();
  const executionId = `sign_${id}`;
  const at = formatDateTime(now);
  await trx
    .insertInto('blade_flow_task')
    .values({
      id,
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      definition_id: instance.definition_id,
      execution_id: executionId,
      task_key: parent.task_key,
      name: parent.name,
      assignee: taskUserOfId(userId),
      status: 'open',
      create_time: at,
      parent_task_id: parent.id,
      sign_type: type,
      added_by: addedBy,
    })
    .execute();
  await trx
    .insertInto('blade_flow_activity')
    .values({
      id: nextId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      execution_id: executionId,
      activity_id: parent.task_key,
      activity_name: `${parent.name}(${SIGN_NAMES[type]})`.slice(0, 255),
      activity_type: 'userTask',
      task_id: id,
      assignee: taskUserOfId(userId),
      start_time: at,
    })
    .execute();
  return id;
}
