import { sql } from 'kysely';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { ApprovableDef } from '../../../shared/entities/define.ts';
import { APPROVE_STATUS, budgetFill } from '../../../shared/entities/budget/budget-fill.ts';
import { budgetSituation } from '../../../shared/entities/budget/budget-situation.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { auditColumns, type AuthUser } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import { computedValues } from '../../platform/entity/derived.ts';
import type { Row } from '../../platform/entity/types.ts';
import { nextId } from '../../platform/ids.ts';
import { serverFile } from '../../server-files.ts';
import type { ApprovalEffect, SeedModel } from '../../platform/workflow/index.ts';

/**
 * The approval of budget lines (domain/budget.md §4, §5.1) is a declaration of the approval kit (`approval` in
 * budget-fill.ts: sent by a state move, decided by the holders of `budgetfill_approve` on the page or in the inbox);
 * what is budget's own is here: the lines' process model, and the effect of their moves on the budget situation, in
 * the move's transaction (the line, its task and the situation never disagree).
 */

/** A budget line as the approval kit moves it. */
export const BUDGET_LINE = budgetFill as ApprovableDef;
/** A budget situation row, approved by the kit without a process (§5.2). */
export const SITUATION = budgetSituation as ApprovableDef;

const { draft, approved } = APPROVE_STATUS;

/** The lines' process: the key budget-fill.ts's `approval.start` names. */
const BUDGET_PROCESS_KEY = 'BudgetFill';

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
  situationApproved: {
    zh: '预算执行已审核，不能反审核',
    en: 'The budget situation is approved: the approval cannot be taken back',
  },
} satisfies Record<string, LocalText>;

const situationLocked = (title: string): LocalText => ({
  zh: `预算执行已审核锁定：${title}`,
  en: `The budget situation is approved and locked: ${title}`,
});

/**
 * A line's moves on the budget situation (§5.1): an approved line's budget lands in it; taking an approval back is
 * refused once the situation is approved.
 */
export const budgetLineEffect: ApprovalEffect = async ({ trx, actor, row, move }) => {
  if (move === 'unapprove') await refuseApprovedSituation(trx, row);
  if (move === 'approve') await upsertSituation(trx, actor, row, formatDateTime());
};

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
