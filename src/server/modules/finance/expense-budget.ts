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

/**
 * A tenant's mode (its own parameter, else the install's, modeAndBudget) as the value says it: trimmed, any case; no
 * value or any other value is warn.
 */
const modeOf = (value: unknown): BudgetControlMode =>
  BUDGET_CONTROL_MODES.find(
    (mode) =>
      mode ===
      String(value ?? '')
        .trim()
        .toLowerCase(),
  ) ?? 'warn';

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

/** The budget key of a claim row: undefined without an account or a date (no control). */
function budgetKeyOf(claim: Row) {
  const account = String(claim.subject_code ?? '');
  const year = Number(String(claim.expense_date ?? '').slice(0, 4));
  if (!account || !year) return undefined;
  return { account, year, tenant: String(claim.tenant_id), org: String(claim.org_id), dept: String(claim.dept_id) };
}

/**
 * The tenant's mode and, unless it is off, the claim's budget rows locked for the rest of `trx` and their sum: one
 * statement (the sending runs some twenty; bench/finance). None locked without a budget key or rows.
 */
async function modeAndBudget(trx: Db, claim: Row) {
  const tenant = String(claim.tenant_id);
  const key = budgetKeyOf(claim);
  const own = `${BUDGET_CONTROL_PARAM}.${tenant}`;
  const param = (name: string) => sql`(select param_value from blade_param where param_key = ${name}
    and is_deleted = 0 order by id limit 1)`;
  const { rows } = await sql<{ mode: string | null; n: string; budget: string }>`
    with mode as (select coalesce(${param(own)}, ${param(BUDGET_CONTROL_PARAM)}) as value),
    budgets as (
      select id, total_amount from erp_expense_situation
      where ${
        key
          ? sql`tenant_id = ${tenant} and year = ${key.year} and org_id = ${key.org} and dept_id = ${key.dept}
        and subject = ${key.account} and is_deleted = 0`
          : sql`false`
      }
        and lower(trim(coalesce((select value from mode), ''))) <> 'off'
      order by id
      for update)
    select (select value from mode) as mode, (select count(*) from budgets) as n,
      (select coalesce(sum(total_amount), 0) from budgets) as budget`.execute(trx);
  const row = rows[0];
  return { mode: modeOf(row?.mode), key, rows: Number(row?.n ?? 0), budget: String(row?.budget ?? '0') };
}

/** The other claims that use the budget, summed in a statement after the lock (a sending that held it is counted). */
async function usedOf(trx: Db, claim: Row, key: NonNullable<ReturnType<typeof budgetKeyOf>>): Promise<string> {
  const { rows } = await sql<{ used: string }>`
    select coalesce(sum(amount), 0) as used from erp_expense
    where tenant_id = ${key.tenant} and subject_code = ${key.account}
      -- A range of the year: the claims' (tenant, account, date) index serves it.
      and expense_date >= ${`${key.year}-01-01`} and expense_date < ${`${key.year + 1}-01-01`}
      and org_id = ${key.org} and dept_id = ${key.dept}
      and expense_status in (${sql.join(COMMITTED)}) and id <> ${String(claim.id)} and is_deleted = 0`.execute(trx);
  return String(rows[0]?.used ?? '0');
}

/**
 * The budget a claim row is checked against and what uses it, its budget rows locked for the rest of `trx`;
 * undefined when no budget row exists (no control).
 */
export async function budgetUseOf(trx: Db, claim: Row): Promise<BudgetUse | undefined> {
  const { key, rows, budget } = await modeAndBudget(trx, claim);
  if (!key || !rows) return undefined;
  return budgetUse(trx, claim, key, budget);
}

async function budgetUse(
  trx: Db,
  claim: Row,
  key: NonNullable<ReturnType<typeof budgetKeyOf>>,
  budget: string,
): Promise<BudgetUse> {
  const used = await usedOf(trx, claim, key);
  return { year: key.year, budget: cents(budget), used: cents(used), amount: cents(claim.amount) };
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
 * The check, on every sending of a claim (the approval kit's `submit` move): the claim is marked with what it goes
 * over its budget by (`overBudget`, null within it), written with the move. A claim taken back (withdrawn: a draft
 * again) loses its mark, as it no longer uses the budget; approval and rejection keep it (why it was rejected).
 */
export function expenseBudgetEffect(): ApprovalEffect {
  return async ({ trx, row, move }) => {
    if (move !== 'submit' && move !== 'withdraw') return;
    if (move === 'submit') {
      // Two statements where a budget limits the claim (the mode with the budget's lock; what is used).
      const { mode, key, rows, budget } = await modeAndBudget(trx, row);
      if (mode !== 'off' && key && rows) {
        const use = await budgetUse(trx, row, key, budget);
        const over = use.used + use.amount - use.budget;
        if (over > 0 && mode === 'stop') throw failWith(overBudgetMessage(use)).about('amount');
        return { over_budget: over > 0 ? (over / 100).toFixed(2) : null };
      }
    }
    return { over_budget: null };
  };
}
