import { sql } from 'kysely';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { APPROVE_STATUS, budgetFill } from '../../../shared/entities/budget/budget-fill.ts';
import { budgetSituation } from '../../../shared/entities/budget/budget-situation.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { auditColumns, type AuthUser } from '../../platform/auth-context.ts';
import { fail, failWith, forbidden } from '../../platform/errors.ts';
import { computedValues } from '../../platform/entity/derived.ts';
import { parseIds } from '../../platform/entity/service.ts';
import type { Row, VisibleRows } from '../../platform/entity/types.ts';
import { nextId } from '../../platform/ids.ts';
import { serverFile } from '../../server-files.ts';
import {
  activeDefinitionId,
  lockInstances,
  taskUserOfId,
  usersWithCode,
  type FlowTransition,
  type SeedModel,
  type Workflow,
} from '../../platform/workflow/index.ts';

/**
 * The approval of budget lines (domain/budget.md §4, §5.1): `approval` moves lines between draft, submitted,
 * approved and rejected; each submitted line is also a process whose one task waits in its approvers' inbox. Whichever
 * side decides (the desktop's 审核/驳回 or the inbox's 同意/驳回, also on the phone), the change goes through the
 * process and `applyAction` below, in one transaction: the line, its task and the budget situation never disagree.
 */

export type FillAction = 'submit' | 'withdraw' | 'approve' | 'reject' | 'unapprove';

const { draft, submitted, approved, rejected } = APPROVE_STATUS;

/** Each action's source states, target state and the button it needs (withdraw: the submitter, or an approver). */
const ACTIONS: Record<FillAction, { from: readonly string[]; to: string; code?: string }> = {
  submit: { from: [draft, rejected], to: submitted, code: 'budgetfill_add' },
  withdraw: { from: [submitted], to: draft },
  approve: { from: [submitted], to: approved, code: 'budgetfill_approve' },
  reject: { from: [submitted], to: rejected, code: 'budgetfill_approve' },
  unapprove: { from: [approved], to: draft, code: 'budgetfill_unapprove' },
};
export const APPROVE_CODE = 'budgetfill_approve';

export const BUDGET_PROCESS_KEY = 'BudgetFill';

/** The model of the lines' process, deployed once for all tenants (flow dictionary category 3 routes it here). */
export const BUDGET_MODELS: SeedModel[] = [
  {
    id: '1123598822738675203',
    key: BUDGET_PROCESS_KEY,
    name: '预算审批流程',
    path: serverFile('modules', 'budget', 'models', 'budget-fill.bpmn20.xml'),
    category: '3',
    tenantId: '',
  },
];

const MESSAGES = {
  opinionRequired: { zh: '请填写驳回意见', en: 'Please enter the reason for rejecting' },
  situationApproved: {
    zh: '预算执行已审核，不能反审核',
    en: 'The budget situation is approved: the approval cannot be taken back',
  },
  noProcess: {
    zh: '预算审批流程未部署或已挂起',
    en: 'The budget approval process is not deployed or is suspended',
  },
} satisfies Record<string, LocalText>;

const notAllowed = (n: number): LocalText => ({
  zh: `第${n}条记录当前状态不允许此操作`,
  en: `Record ${n} is not in a state that allows this action`,
});
const situationLocked = (title: string): LocalText => ({
  zh: `预算执行已审核锁定：${title}`,
  en: `The budget situation is approved and locked: ${title}`,
});

const isAction = (value: unknown): value is FillAction => typeof value === 'string' && value in ACTIONS;

/** `POST budgetfill/approval` read: the lines in the order given, the action, the opinion. */
export function readApproval(body: unknown): { ids: string[]; action: FillAction; opinion: string } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const ids = parseIds(input.ids);
  if (input.action === undefined || input.action === '') throw fail('missingParam', { name: 'action' });
  if (!isAction(input.action)) throw fail('paramType', { name: 'action' });
  const opinion = typeof input.opinion === 'string' ? input.opinion.trim().slice(0, 500) : '';
  if (input.action === 'reject' && !opinion) throw failWith(MESSAGES.opinionRequired);
  return { ids: [...new Set(ids)], action: input.action, opinion };
}

/** The buttons the caller holds that the actions ask for, resolved before the transaction (PGlite: one connection). */
export const actionCodes = (action: FillAction): string[] =>
  action === 'withdraw' ? [APPROVE_CODE] : [ACTIONS[action].code!];

/**
 * Carries out `approval` on visible lines (`rows`: the caller's visible rows of the table), all or nothing: every
 * line must be in the action's source state (`第N条记录当前状态不允许此操作`, N its place in `ids`); a line with a
 * running process is decided through it (the inbox task closes with it), any other directly.
 */
export async function approveLines(
  trx: Db,
  runtime: Workflow,
  user: AuthUser,
  lines: { ids: string[]; action: FillAction; opinion: string; granted: ReadonlySet<string> },
  rows: VisibleRows,
): Promise<number> {
  const { ids, action, opinion, granted } = lines;
  const rule = ACTIONS[action];
  if (rule.code && !granted.has(rule.code)) throw forbidden(rule.code);
  // Processes first, then lines: the order an inbox decision takes them in (its step locks the instance, then the
  // line), so a desktop and an inbox decision on one line queue instead of deadlocking.
  const instances = (await rows(trx).where('id', 'in', ids).select('process_instance_id').execute())
    .map((row) => String(row.process_instance_id ?? ''))
    .filter(Boolean);
  await lockInstances(trx, instances);
  const found = (await rows(trx).where('id', 'in', ids).selectAll().orderBy('id').forUpdate().execute()) as Row[];
  const byId = new Map(found.map((row) => [String(row.id), row]));
  const ordered = ids.map((id, i) => {
    const row = byId.get(id);
    if (!row || !rule.from.includes(String(row.approve_status))) throw failWith(notAllowed(i + 1));
    if (action === 'withdraw' && String(row.submit_user) !== user.userId && !granted.has(APPROVE_CODE))
      throw forbidden(APPROVE_CODE);
    return row;
  });
  const definitionId = action === 'submit' ? await processDefinition(trx, user.tenantId) : '';
  for (const row of ordered) {
    const instanceId = String(row.process_instance_id ?? '');
    if (action === 'submit') {
      const approvers = (await usersWithCode(trx, user.tenantId, APPROVE_CODE))
        .filter((id) => id !== user.userId)
        .map(taskUserOfId);
      const businessId = String(row.id);
      const variables = { approvers: approvers.join(','), totalAmount: Number(row.total_amount) };
      const started = await runtime.startIn(trx, user, {
        definitionId,
        businessTable: budgetFill.table,
        businessId,
        variables,
      });
      await applyAction(trx, user, row, 'submit', '', {
        process_definition_id: definitionId,
        process_instance_id: started,
      });
    } else if ((action === 'approve' || action === 'reject') && instanceId) {
      if (!(await runtime.decideIn(trx, user, instanceId, action === 'approve', opinion)))
        await applyAction(trx, user, row, action, opinion);
    } else if (action === 'withdraw' && instanceId) {
      if (!(await runtime.withdrawIn(trx, user, instanceId, opinion || '撤回')))
        await applyAction(trx, user, row, action, opinion);
    } else {
      await applyAction(trx, user, row, action, opinion);
    }
  }
  return ordered.length;
}

/**
 * The process's steps on a line, whoever took them: a decision in the inbox approves or rejects it (the comment is the
 * opinion), a withdrawn or deleted process takes it back to draft. A line that already moved (decided on the desktop,
 * which drives the process) is left alone.
 */
export async function followProcess(transition: FlowTransition): Promise<void> {
  if (transition.event === 'started') return;
  const { trx, actor } = transition;
  const row = (await trx
    .selectFrom('erp_budget_fill')
    .selectAll()
    .where('id', '=', transition.businessId)
    .where('tenant_id', '=', transition.tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
  if (!row || String(row.approve_status) !== submitted) return;
  if (String(row.process_instance_id) !== transition.instanceId) return;
  if (transition.event === 'deleted') return applyAction(trx, actor, row, 'withdraw', '');
  if (transition.finished) {
    const opinion = (transition.comment ?? '').trim();
    await applyAction(trx, actor, row, transition.pass ? 'approve' : 'reject', opinion);
  }
}

/** The one place a line changes state: who and when, the opinion, and an approval's budget situation. */
async function applyAction(
  trx: Db,
  user: AuthUser,
  row: Row,
  action: FillAction,
  opinion: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const now = formatDateTime();
  const changes: Record<string, unknown> = {
    approve_status: ACTIONS[action].to,
    update_user: user.userId,
    update_time: now,
  };
  if (action === 'submit')
    Object.assign(changes, { submit_user: user.userId, submit_time: now, apply_time: now, approve_opinion: '' });
  if (action === 'approve' || action === 'reject')
    Object.assign(changes, { approve_user: user.userId, approve_time: now, approve_opinion: opinion });
  if (action === 'unapprove') await refuseApprovedSituation(trx, row);
  if (action === 'approve') await upsertSituation(trx, user, row, now);
  await trx
    .updateTable('erp_budget_fill')
    .set({ ...changes, ...extra })
    .where('id', '=', String(row.id))
    .where('approve_status', 'in', ACTIONS[action].from)
    .execute();
}

/** The situation row of a line's key (§5.1: year, company, department, budget type, account, caption), locked. */
async function situationOf(trx: Db, row: Row): Promise<Row | undefined> {
  return (await trx
    .selectFrom('erp_budget_situation')
    .selectAll()
    .where('tenant_id', '=', String(row.tenant_id))
    .where('is_deleted', '=', 0)
    .where('year', '=', Number(row.year))
    .where('org_id', '=', String(row.org_id))
    .where(sql`coalesce(dept_id, 0)`, '=', String(row.dept_id))
    .where('budget_type', '=', String(row.budget_type))
    .where('subject', '=', String(row.subject))
    .where('title', '=', String(row.title))
    .forUpdate()
    .executeTakeFirst()) as Row | undefined;
}

async function refuseApprovedSituation(trx: Db, row: Row) {
  const situation = await situationOf(trx, row);
  if (situation && String(situation.approve_status) === approved) throw failWith(MESSAGES.situationApproved);
}

/**
 * Approving a line writes its budget into the situation (§5.1): a draft row of the same key takes the amounts and keeps
 * its actuals; without one a row is added (actuals 0); an approved one refuses the whole call.
 */
async function upsertSituation(trx: Db, user: AuthUser, row: Row, now: string) {
  const db: DynamicDb = trx;
  const amounts = Object.fromEntries(MONTHS.map((m) => [`amount${m}`, row[`amount${m}`]]));
  const situation = await situationOf(trx, row);
  if (situation && String(situation.approve_status) === approved) throw failWith(situationLocked(String(row.title)));
  if (situation) {
    const values = { ...amounts, post_id: row.post_id, update_user: user.userId, update_time: now };
    await db
      .updateTable(budgetSituation.table)
      .set({ ...values, ...computedValues(budgetSituation, { ...situation, ...values }) })
      .where('id', '=', String(situation.id))
      .execute();
    return;
  }
  const inserted: Row = {
    id: nextId(),
    tenant_id: row.tenant_id,
    year: row.year,
    org_id: row.org_id,
    dept_id: row.dept_id,
    budget_type: row.budget_type,
    subject: row.subject,
    title: row.title,
    post_id: row.post_id,
    sort: row.sort,
    ...amounts,
    ...Object.fromEntries(MONTHS.map((m) => [`actual${m}`, 0])),
    source_fill_id: row.id,
    approve_status: draft,
    ...auditColumns(user, now),
    status: 1,
    is_deleted: 0,
  };
  await db
    .insertInto(budgetSituation.table)
    .values({ ...inserted, ...computedValues(budgetSituation, inserted) })
    .execute();
}

/** The budget process the tenant starts: its own latest active deployment, else the shared one. */
async function processDefinition(trx: Db, tenantId: string): Promise<string> {
  const definitionId = await activeDefinitionId(trx, tenantId, BUDGET_PROCESS_KEY);
  if (!definitionId) throw failWith(MESSAGES.noProcess);
  return definitionId;
}

/** `budgetsituation/approval` (§5.2): every row a draft (`第N条记录已审核`), all approved at once. */
export async function approveSituations(trx: Db, user: AuthUser, ids: string[], rows: VisibleRows): Promise<number> {
  const found = (await rows(trx)
    .where('id', 'in', ids)
    .select(['id', 'approve_status'])
    .forUpdate()
    .execute()) as Row[];
  const byId = new Map(found.map((row) => [String(row.id), row]));
  ids.forEach((id, i) => {
    const row = byId.get(id);
    if (!row) throw failWith(notAllowed(i + 1));
    if (String(row.approve_status) !== draft)
      throw failWith({ zh: `第${i + 1}条记录已审核`, en: `Record ${i + 1} is already approved` });
  });
  const now = formatDateTime();
  await trx
    .updateTable('erp_budget_situation')
    .set({
      approve_status: approved,
      approve_user: user.userId,
      approve_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .where('id', 'in', ids)
    .execute();
  return ids.length;
}
