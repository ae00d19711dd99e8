import type { Db } from '../../db/connect.ts';
import { isId, nextId } from '../ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { FLOW_ACTION_ROW, type FlowAction, type SignType } from '../../../shared/flow/actions.ts';
import { addComment, taskUserOfId, userIdOf, usersAmong, type InstanceRow, type TaskRow } from './flow-store.ts';

/** What the approval actions (flow-actions.ts, flow-signs.ts) share: their history rows and the people they name. */

/** Stored texts (history, comments, messages) are in the contract's language. */
export const lang = 'zh' as const;
/** At most this many people per action (加签, 抄送). */
export const MAX_PEOPLE = 50;

/** History names of the actions. */
export const ACTION_NAMES: Record<FlowAction, string> = {
  addSign: '加签',
  removeSign: '减签',
  delegate: '委派',
  resolve: '委派回复',
  copy: '抄送',
  return: '退回',
  revoke: '撤回',
  urge: '催办',
};
export const SIGN_NAMES: Record<SignType, string> = { before: '前加签', after: '后加签', parallel: '并行加签' };

/**
 * An action in the history list: a comment of its type (the record, and what lets its actor see the instance) and
 * a history row with its name, who took it, when, and its text.
 */
export async function recordAction(
  trx: Db,
  instance: InstanceRow,
  task: TaskRow | null,
  userId: string,
  action: FlowAction,
  name: string,
  note: string,
  now: Date,
) {
  await addComment(trx, instance, task?.id ?? null, userId, action, note || name, now);
  const id = nextId();
  const at = formatDateTime(now);
  await trx
    .insertInto('blade_flow_activity')
    .values({
      id,
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      execution_id: `action_${id}`,
      activity_id: task?.task_key ?? '',
      activity_name: name,
      activity_type: FLOW_ACTION_ROW,
      task_id: null,
      assignee: taskUserOfId(userId),
      start_time: at,
      end_time: at,
      duration_ms: 0,
      note: note.slice(0, 4000),
    })
    .execute();
}

export const withComment = (subject: string, comment: string) => (comment ? `${subject}: ${comment}` : subject);

/** Live users of the tenant among the given ids (`taskUser_<id>` accepted), with their names, in the given order. */
export async function peopleOf(trx: Db, tenantId: string, ids: string[]): Promise<Array<{ id: string; name: string }>> {
  const wanted = [...new Set(ids.map((id) => userIdOf(id) || id).filter(isId))].slice(0, MAX_PEOPLE);
  const live = new Set(await usersAmong(trx, tenantId, wanted));
  const names = await namesMap(trx, [...live]);
  return wanted.filter((id) => live.has(id)).map((id) => ({ id, name: names.get(id) ?? id }));
}

export async function namesMap(trx: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await trx.selectFrom('blade_user').select(['id', 'real_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), String(r.real_name)]));
}

export async function namesOf(trx: Db, ids: string[]): Promise<string> {
  const names = await namesMap(trx, ids);
  return ids.map((id) => names.get(id) ?? id).join('、');
}
