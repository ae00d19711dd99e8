import { sql } from 'kysely';
import {
  BUDGET_CONTROL_MODES,
  BUDGET_CONTROL_PARAM,
  EXPENSE_STATUS,
  type BudgetControlMode,
} from '../../../shared/entities/finance/expense.ts';
import type { Db } from '../../db/connect.ts';
import { failWith } from '../../platform/errors.ts';
import type { ApprovalEffect } from '../../platform/workflow/index.ts';
import type { Row } from '../../platform/entity/types.ts';

/**
 * Budget control of expense claims (issue 35; ERPNext's budget control is the model; docs/budget-control.md). When a
 * claim is sent for approval (sent first, or again after its approver sent it back), its amount plus the claims
 * already committed against the same budget is compared with that budget:
 * - the budget: the 费用预算执行 rows (expensesituation) of the claim's company, department and account for the year of
 *   its expense date, their full-year budget (Σ totalAmount). Yearly, as `claimTotal` compares; no row, no control.
 * - committed: the other claims of that company, department, account and year in approval (1), approved (2) or paid
 *   (4). Counting those in approval is what keeps two claims sent together from both slipping under the limit.
 * - over it, the tenant's parameter decides: `stop` refuses the sending (the claim stays as it was, no process), `warn`
 *   sends it with `overBudget` set, which the approver sees; `off` checks nothing.
 * The check runs in the sending's transaction, after locking the budget rows (FOR UPDATE): two claims against one
 * budget are checked one after the other, the second seeing the first as committed. A claim without a budget locks
 * nothing, since nothing limits it.
 */

/** The claims that use a budget: in approval, approved and paid. */
const COMMITTED = [EXPENSE_STATUS.running, EXPENSE_STATUS.approved, EXPENSE_STATUS.paid];

/** A tenant's mode: its own parameter, else the install's, else warn (also for a value that is none of the modes). */
export async function budgetControlOf(db: Db, tenantId: string): Promise<BudgetControlMode> {
  const own = `${BUDGET_CONTROL_PARAM}.${tenantId}`;
  const rows = await db
    .selectFrom('blade_param')
    .select(['param_key', 'param_value'])
    .where('param_key', 'in', [own, BUDGET_CONTROL_PARAM])
    .where('is_deleted', '=', 0)
    .execute();
  const value = (rows.find((row) => row.param_key === own) ?? rows[0])?.param_value.trim().toLowerCase();
  return BUDGET_CONTROL_MODES.find((mode) => mode === value) ?? 'warn';
}

/** Money in cents: the figures compare exactly. */
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
const yuan = (amount: number) =>
  (amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface BudgetUse {
  year: number;
  /** Σ the year's budget rows, in cents. */
  budget: number;
  /** Σ the other committed claims, in cents. */
  used: number;
  /** This claim, in cents. */
  amount: number;
}

/**
 * The budget a claim row is checked against and what uses it, its budget rows locked for the rest of `trx`;
 * undefined when no budget row exists (no control).
 */
export async function budgetUseOf(trx: Db, claim: Row): Promise<BudgetUse | undefined> {
  const account = String(claim.subject_code ?? '');
  const year = Number(String(claim.expense_date ?? '').slice(0, 4));
  if (!account || !year) return undefined;
  const key = { tenant: String(claim.tenant_id), org: String(claim.org_id), dept: String(claim.dept_id) };
  const budgets = await trx
    .selectFrom('erp_expense_situation')
    .select(['id', 'total_amount'])
    .where('tenant_id', '=', key.tenant)
    .where('year', '=', year)
    .where('org_id', '=', key.org)
    .where('dept_id', '=', key.dept)
    .where('subject', '=', account)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (!budgets.length) return undefined;
  const committed = await trx
    .selectFrom('erp_expense')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('used'))
    .where('tenant_id', '=', key.tenant)
    .where('subject_code', '=', account)
    // A range of the year: the claims' (tenant, account, date) index serves it.
    .where('expense_date', '>=', `${year}-01-01`)
    .where('expense_date', '<', `${year + 1}-01-01`)
    .where('org_id', '=', key.org)
    .where('dept_id', '=', key.dept)
    .where('expense_status', 'in', COMMITTED)
    .where('id', '<>', String(claim.id))
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    year,
    budget: budgets.reduce((sum, row) => sum + cents(row.total_amount), 0),
    used: cents(committed.used),
    amount: cents(claim.amount),
  };
}

/** `stop`'s refusal, every figure of the check in it. */
export function overBudgetMessage({ year, budget, used, amount }: BudgetUse) {
  const [b, u, a, o] = [budget, used, amount, used + amount - budget].map(yuan);
  return {
    zh: `超出预算：${year}年预算${b}元，已用${u}元，本次${a}元，超出${o}元`,
    en: `Over budget: the ${year} budget is ${b}, ${u} is used, this claim is ${a}, over by ${o}`,
  };
}

/**
 * The check, on every sending of a claim (the approval kit's `submit` move). A claim taken back (withdrawn: a draft
 * again) loses its mark, as it no longer uses the budget; approval and rejection keep it (why it was rejected).
 */
export function expenseBudgetEffect(): ApprovalEffect {
  return async ({ trx, row, move }) => {
    if (move !== 'submit' && move !== 'withdraw') return;
    let over = 0;
    if (move === 'submit') {
      const mode = await budgetControlOf(trx, String(row.tenant_id));
      const use = mode === 'off' ? undefined : await budgetUseOf(trx, row);
      over = use ? use.used + use.amount - use.budget : 0;
      if (use && over > 0 && mode === 'stop') throw failWith(overBudgetMessage(use)).about('amount');
    }
    await trx
      .updateTable('erp_expense')
      .set({ over_budget: over > 0 ? (over / 100).toFixed(2) : null })
      .where('id', '=', String(row.id))
      .where('tenant_id', '=', String(row.tenant_id))
      .execute();
  };
}
