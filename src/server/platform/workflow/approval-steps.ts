import { camelToSnake, type ApprovalDef } from '../../../shared/entities/define.ts';
import type { ApprovableDef } from '../../../shared/entities/define.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { FlowResult } from '../../../shared/flow/types.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Row } from '../entity/types.ts';
import { requestVariables } from './approval-send.ts';
import type { FlowRuntime, FlowTransition } from './flow-runtime.ts';

/**
 * The one place an approvable row changes state (the approval kit): a step of its process, whoever took it (the
 * inbox, the phone, the business page's 审核/驳回), and a state move of a row without a running process, set the
 * declared state field, the declared stamps and the module's effect in the step's transaction.
 */

/** A move of a row: sent, taken back, approved, rejected, or its approval taken back (unapprove, without a process). */
export type ApprovalMove = 'submit' | 'withdraw' | 'approve' | 'reject' | 'unapprove';

/** The result a move leaves the row in (its `approval.status` value). */
export const MOVE_RESULT: Readonly<Record<ApprovalMove, FlowResult>> = {
  submit: 'running',
  withdraw: 'withdrawn',
  approve: 'approved',
  reject: 'rejected',
  unapprove: 'withdrawn',
};
const RESULT_MOVE: Readonly<Record<FlowResult, ApprovalMove>> = {
  running: 'submit',
  withdrawn: 'withdraw',
  approved: 'approve',
  rejected: 'reject',
};

/** A row's move as its module's effect sees it: in the move's transaction, the row locked and not yet changed. */
export interface RowMove {
  trx: Db;
  actor: AuthUser;
  row: Row;
  move: ApprovalMove;
  opinion: string;
}
/**
 * What a module adds to its rows' moves (budget: an approved line lands in the budget situation): it may write its own
 * rows, refuse the move (throw), and the row and the process then change neither, or return columns of the row to set
 * with the move (an expense claim's over-budget mark), in the move's one update of the row.
 */
export type ApprovalEffect = (move: RowMove) => Promise<Row | void>;

export const stateColumn = (approval: ApprovalDef) => camelToSnake(approval.field ?? 'status');

/** The state field's stored value of a result: a state field of its own holds the dictionary key as text. */
export function stateValue(approval: ApprovalDef, result: FlowResult): string | number {
  const value = approval.status[result];
  if (value === undefined) throw new Error(`approval ${approval.kind} declares no state for '${result}'`);
  return approval.field ? String(value) : value;
}

/** The declared stamps of a move (who sent or decided it, when, the opinion): columns and values. */
export function stampsOf(approval: ApprovalDef, move: ApprovalMove, userId: string, now: string, opinion: string) {
  const { sent, decided } = approval.stamps ?? {};
  if (move === 'submit' && sent) {
    const cleared = decided?.opinion ? { [camelToSnake(decided.opinion)]: '' } : {};
    return { [camelToSnake(sent.user)]: userId, [camelToSnake(sent.time)]: now, ...cleared };
  }
  if ((move === 'approve' || move === 'reject') && decided)
    return {
      [camelToSnake(decided.user)]: userId,
      [camelToSnake(decided.time)]: now,
      ...(decided.opinion ? { [camelToSnake(decided.opinion)]: opinion } : {}),
    };
  return {};
}

/**
 * Moves the locked `row` of `entity`: the module's effect first (it may refuse), then, in one update, the state, the
 * stamps, the effect's columns and `columns` (a sending's process ids); `from`: the states the row must still be in
 * (a state move's guard).
 */
export async function moveRow(
  trx: Db,
  target: { entity: ApprovableDef; effect?: ApprovalEffect },
  actor: AuthUser,
  step: { row: Row; move: ApprovalMove; opinion: string; from?: readonly string[]; columns?: Row },
): Promise<void> {
  const { entity, effect } = target;
  const { row, move, opinion } = step;
  const { approval } = entity;
  const marked = await effect?.({ trx, actor, row, move, opinion });
  const now = formatDateTime();
  const column = stateColumn(approval);
  const db: DynamicDb = trx;
  let update = db
    .updateTable(entity.table)
    .set({
      ...step.columns,
      ...marked,
      [column]: stateValue(approval, MOVE_RESULT[move]),
      ...stampsOf(approval, move, actor.userId, now, opinion),
      update_user: actor.userId,
      update_time: now,
    })
    .where('id', '=', String(row.id))
    .where('tenant_id', '=', String(row.tenant_id));
  if (step.from) update = update.where(column, 'in', step.from);
  await update.execute();
}

/**
 * The move a step makes: the process's result, except that a row sent from its own screen (`start.by` 'state') has
 * no adjusting task: the decision that ends its process approves or rejects it, whoever took it (its sender holding
 * the approver's button too).
 */
function moveOf(approval: ApprovalDef, transition: FlowTransition): ApprovalMove {
  if (approval.start?.by === 'state' && transition.event === 'completed' && transition.finished)
    return transition.pass ? 'approve' : 'reject';
  return RESULT_MOVE[transition.result];
}

/**
 * Registers an approvable entity's rows on the runtime: every step of their processes moves the row of the step's
 * instance (a row sent again since, with a process of its own, is left alone), and the process reads the row's
 * variables again at every step (the applicant may have changed his request).
 */
export function registerApproval(
  runtime: FlowRuntime,
  entity: ApprovableDef,
  effect?: ApprovalEffect,
  replace = false,
): void {
  const { approval, table } = entity;
  const rowOf = (trx: DynamicDb, businessId: string) =>
    trx.selectFrom(table).selectAll().where('id', '=', businessId).forUpdate().executeTakeFirst() as Promise<
      Row | undefined
    >;
  const follow = async (transition: FlowTransition) => {
    const { trx, actor, starting } = transition;
    // A sending that locked the row hands it over with the columns it sets (its process's ids): not read again, and
    // written with the move in one update.
    const row = starting ? { ...starting.row, ...starting.columns } : await rowOf(trx, transition.businessId);
    if (!row || String(row.tenant_id) !== transition.tenantId) return;
    if (String(row.process_instance_id ?? '') !== transition.instanceId) return;
    const opinion = (transition.comment ?? '').trim();
    const move = moveOf(approval, transition);
    await moveRow(trx, { entity, effect }, actor, { row, move, opinion, columns: starting?.columns });
  };
  const variables = async (trx: DynamicDb, businessId: string) => {
    const row = await rowOf(trx, businessId);
    return row ? requestVariables(approval, row) : {};
  };
  runtime.registerBusiness(table, follow, variables, replace);
}
