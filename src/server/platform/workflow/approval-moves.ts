import type { ApprovableDef } from '../../../shared/entities/define.ts';
import { camelToSnake, processStatus, type ApprovalStart } from '../../../shared/entities/define.ts';
import { taskUserOfId } from '../../../shared/flow/types.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { fail, failWith, forbidden } from '../errors.ts';
import { parseIds } from '../entity/service.ts';
import type { Row, VisibleRows } from '../entity/types.ts';
import { requestVariables } from './approval-send.ts';
import {
  MOVE_RESULT,
  moveRow,
  stampsOf,
  stateColumn,
  stateValue,
  type ApprovalEffect,
  type ApprovalMove,
} from './approval-steps.ts';
import { activeDefinitionId } from './flow-definitions.ts';
import type { FlowRuntime } from './flow-runtime.ts';
import { lockInstances, usersWithCode } from './flow-store.ts';

/**
 * The state moves of rows kept on their own screen (`start.by` 'state': a budget line's 提交, 撤回, 审核, 驳回, 反审核,
 * domain/budget.md §4): sending starts the rows' processes, a decision on the screen goes through the running process
 * (its inbox task closes with it), and a row without one moves directly, all in the caller's transaction, all or
 * none. A business approved without a process (`start.by` 'direct': a budget situation's 审核, §5.2) has the approve
 * move alone, from its draft.
 */

type StateStart = Extract<ApprovalStart, { by: 'state' | 'direct' }>;

const MESSAGES = {
  opinionRequired: { zh: '请填写驳回意见', en: 'Please enter the reason for rejecting' },
} satisfies Record<string, LocalText>;
const noProcess = (key: string): LocalText => ({
  zh: `审批流程 ${key} 未部署或已挂起`,
  en: `The approval process ${key} is not deployed or is suspended`,
});
const notAllowed = (n: number): LocalText => ({
  zh: `第${n}条记录当前状态不允许此操作`,
  en: `Record ${n} is not in a state that allows this action`,
});
/** The stored comment of a withdrawal without an opinion (stored texts are the contract's zh). */
const WITHDRAWN = '撤回';

const MOVES: readonly ApprovalMove[] = ['submit', 'withdraw', 'approve', 'reject', 'unapprove'];
const isMove = (value: unknown): value is ApprovalMove => MOVES.includes(value as ApprovalMove);

export interface RowMoves {
  ids: string[];
  move: ApprovalMove;
  opinion: string;
}

/** `POST <entity>/approval` read: the rows in the order given, the move (`action`), the opinion (a rejection's). */
export function readMoves(body: unknown): RowMoves {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const ids = parseIds(input.ids);
  if (input.action === undefined || input.action === '') throw fail('missingParam', { name: 'action' });
  if (!isMove(input.action)) throw fail('paramType', { name: 'action' });
  const opinion = typeof input.opinion === 'string' ? input.opinion.trim().slice(0, 500) : '';
  if (input.action === 'reject' && !opinion) throw failWith(MESSAGES.opinionRequired);
  return { ids: [...new Set(ids)], move: input.action, opinion };
}

function stateStart(entity: ApprovableDef, move: ApprovalMove): StateStart {
  const { start } = entity.approval;
  if (start?.by === 'state' || (start?.by === 'direct' && move === 'approve')) return start;
  throw new Error(`${entity.name} is not moved by '${move}' on its screen`);
}

/** The button a move needs; withdrawing needs none for the sender, the approver's for anybody else. */
function codeOf(start: StateStart, move: ApprovalMove): string {
  if (start.by === 'direct') return start.decide;
  if (move === 'submit') return start.code;
  if (move === 'unapprove') return start.undo ?? start.decide;
  return start.decide;
}

/** The buttons the caller must hold for `move`, resolved before the transaction (PGlite: one connection). */
export const moveCodes = (entity: ApprovableDef, move: ApprovalMove): string[] => [
  codeOf(stateStart(entity, move), move),
];

/** The states a row may take `move` from: a draft alone without a process. */
function sourceStates(entity: ApprovableDef, start: StateStart, move: ApprovalMove): string[] {
  if (start.by === 'direct') return [String(entity.approval.status.withdrawn)];
  const status = processStatus(entity.approval);
  const from = {
    submit: [status.withdrawn, status.rejected],
    withdraw: [status.running],
    approve: [status.running],
    reject: [status.running],
    unapprove: [status.approved],
  }[move];
  return from.map(String);
}

/**
 * Carries out `moves` on the caller's visible rows (`rows`), all or nothing: every row must be in a state the move
 * starts from (`第N条记录当前状态不允许此操作`, N its place in `ids`); `granted`: the move's buttons the caller holds.
 */
export async function moveRows(
  trx: Db,
  runtime: FlowRuntime,
  user: AuthUser,
  target: { entity: ApprovableDef; effect?: ApprovalEffect; rows: VisibleRows },
  moves: RowMoves & { granted: ReadonlySet<string> },
): Promise<number> {
  const { entity, rows } = target;
  const { ids, move, opinion, granted } = moves;
  const start = stateStart(entity, move);
  const code = codeOf(start, move);
  if (move !== 'withdraw' && !granted.has(code)) throw forbidden(code);
  // Processes first, then rows: the order an inbox decision takes them in (its step locks the instance, then the
  // row), so a screen's and an inbox's decision on one row queue instead of deadlocking.
  if (start.by === 'state') {
    const instances = (await rows(trx).where('id', 'in', ids).select('process_instance_id').execute())
      .map((row) => String(row.process_instance_id ?? ''))
      .filter(Boolean);
    await lockInstances(trx, instances);
  }
  const found = (await rows(trx).where('id', 'in', ids).selectAll().orderBy('id').forUpdate().execute()) as Row[];
  const byId = new Map(found.map((row) => [String(row.id), row]));
  const column = stateColumn(entity.approval);
  const from = sourceStates(entity, start, move);
  const sender = camelToSnake(entity.approval.stamps?.sent?.user ?? 'createUser');
  const ordered = ids.map((id, i) => {
    const row = byId.get(id);
    if (!row) throw failWith(notAllowed(i + 1));
    if (!from.includes(String(row[column])))
      throw start.by === 'direct' ? failWith(start.notDraft, { name: i + 1 }) : failWith(notAllowed(i + 1));
    const mine = String(row[sender]) === user.userId;
    if (move === 'withdraw' && !mine && !granted.has(code)) throw forbidden(code);
    return row;
  });
  const step = { entity, effect: target.effect };
  if (move === 'submit' && start.by === 'state') {
    const definitionId = await activeDefinitionId(trx, user.tenantId, start.processKey);
    if (!definitionId) throw failWith(noProcess(start.processKey));
    for (const row of ordered) await send(trx, runtime, user, entity, { row, definitionId, decide: start.decide });
    return ordered.length;
  }
  for (const row of ordered) {
    const instanceId = String(row.process_instance_id ?? '');
    const decided =
      (move === 'approve' || move === 'reject') && instanceId
        ? await runtime.decideIn(trx, user, instanceId, move === 'approve', opinion)
        : move === 'withdraw' && instanceId
          ? await runtime.withdrawIn(trx, user, instanceId, opinion || WITHDRAWN)
          : false;
    if (!decided) await moveRow(trx, step, user, { row, move, opinion, from });
  }
  return ordered.length;
}

/**
 * Sends a row: its process starts with the holders of the approver's button (the sender excepted) as its approvers
 * and the row's variables, and the row takes the sent state, its stamps and the process in the same transaction.
 */
async function send(
  trx: Db,
  runtime: FlowRuntime,
  user: AuthUser,
  entity: ApprovableDef,
  sent: { row: Row; definitionId: string; decide: string },
): Promise<void> {
  const { row, definitionId } = sent;
  const { approval } = entity;
  const approvers = (await usersWithCode(trx, user.tenantId, sent.decide))
    .filter((id) => id !== user.userId)
    .map(taskUserOfId);
  const variables = { ...requestVariables(approval, row), approvers: approvers.join(',') };
  const businessId = String(row.id);
  const input = { definitionId, businessTable: entity.table, businessId, variables };
  await runtime.startIn(trx, user, input, async (_trx, instanceId) => {
    const now = formatDateTime();
    const db: DynamicDb = trx;
    await db
      .updateTable(entity.table)
      .set({
        [stateColumn(approval)]: stateValue(approval, MOVE_RESULT.submit),
        ...stampsOf(approval, 'submit', user.userId, now, ''),
        process_definition_id: definitionId,
        process_instance_id: instanceId,
        apply_time: now,
        update_user: user.userId,
        update_time: now,
      })
      .where('id', '=', businessId)
      .execute();
  });
}
