import {
  APPROVE_STATUS,
  BUDGETFILL_APPROVE,
  BUDGETFILL_REJECT,
  BUDGETFILL_SUBMIT,
  BUDGETFILL_WITHDRAW,
  budgetFill,
} from '../../../../shared/entities/budget/budget-fill.ts';
import { BUDGETSITUATION_APPROVE, budgetSituation } from '../../../../shared/entities/budget/budget-situation.ts';
import { expenseSituation } from '../../../../shared/entities/budget/expense-situation.ts';
import { MONTHS } from '../../../../shared/entities/month-row.ts';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import type { Db, DynamicDb } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import type { Row } from '../../../platform/entity/types.ts';
import { nextId } from '../../../platform/ids.ts';
import { menuIdOf } from '../../../platform/menus.ts';
import { detachedWorkflow } from '../../../platform/workflow/index.ts';
import { SEED } from '../../system/install.ts';
import { DEMO_USERS, demoUser } from '../../system/demo/organisation.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../../system/demo/figures.ts';
import { BUDGET_LINE } from '../budget-approval.ts';

/** Who fills and who approves in the demo: 张三 of 常州布雷德, and 赵财务 (the finance role). */
const FILLER = DEMO_USERS.find((user) => user.account === 'zhangsan')!;
const APPROVER = DEMO_USERS.find((user) => user.account === 'zhaocw')!;

/**
 * What the demo's roles hold of the budget screens: 张三's user role fills and sees his department's expense budget,
 * the finance role approves and keeps the expense budget.
 */
const FILLER_CODES = [
  'budget',
  'budgetfill',
  `${budgetFill.code}_add`,
  `${budgetFill.code}_edit`,
  BUDGETFILL_SUBMIT,
  BUDGETFILL_WITHDRAW,
  // The department's controllable costs: its expense budget against the claims.
  'expensesituation',
];
const APPROVER_CODES = [
  'budget',
  'budgetfill',
  BUDGETFILL_APPROVE,
  BUDGETFILL_REJECT,
  'budgetsituation',
  `${budgetSituation.code}_edit`,
  BUDGETSITUATION_APPROVE,
  'labourbudget',
  'expensesituation',
  `${expenseSituation.code}_edit`,
];

/** Department expense lines (account, yearly amount): each demo company's 常州 department fills these. */
const LINES: ReadonlyArray<readonly [subject: string, yearly: number, state: string]> = [
  ['660202', 120_000, APPROVE_STATUS.approved],
  ['660203', 180_000, APPROVE_STATUS.approved],
  ['660104', 90_000, APPROVE_STATUS.approved],
  ['660102', 60_000, APPROVE_STATUS.submitted],
  ['660103', 240_000, APPROVE_STATUS.rejected],
  ['660101', 300_000, APPROVE_STATUS.draft],
];

const SEASON_SUM = DEMO_SEASON.reduce((sum, weight) => sum + weight, 0);

/**
 * The demo's budget lines (`npm run demo`): 常州布雷德's department budget for this year in every approval state (§4):
 * approved lines with their budget situation and the actuals of the months gone, one sent to 赵财务 (a task in his
 * inbox and on his phone), one rejected with its opinion, one draft. Added once (while the department has no line of
 * the year).
 */
export async function seedBudgetFillDemo(db: Db): Promise<string[]> {
  const now = formatDateTime();
  const year = Number(now.slice(0, 4));
  const any = await db
    .selectFrom('erp_budget_fill')
    .select('id')
    .where('tenant_id', '=', '000000')
    .where('year', '=', year)
    .where('dept_id', '=', FILLER.deptId)
    .executeTakeFirst();
  if (any) return [];
  await grant(db, SEED.roleUser, FILLER_CODES);
  await grant(db, APPROVER.roleId, APPROVER_CODES);
  const accounts = await demoLeafAccounts(db);
  const thisMonth = Number(now.slice(5, 7));
  const audit = { ...demoAudit(), create_user: FILLER.id, update_user: FILLER.id, create_dept: FILLER.deptId };
  const chosen = LINES.filter(([subject]) => accounts.has(subject));
  const lines = chosen.map(([subject, yearly, state], i) => {
    const row: Row = {
      id: nextId(),
      tenant_id: '000000',
      year,
      org_id: '1010',
      dept_id: FILLER.deptId,
      budget_type: '1',
      subject,
      title: accounts.get(subject)!,
      sort: i + 1,
      approve_status: state === APPROVE_STATUS.submitted ? APPROVE_STATUS.draft : state,
      ...audit,
    };
    // The year's amount spread by the demo's season, the last month taking what rounding left.
    let left = yearly;
    for (const month of MONTHS) {
      const amount = month === 12 ? left : Math.round((yearly * DEMO_SEASON[month - 1]) / SEASON_SUM);
      row[`amount${month}`] = amount;
      left -= amount;
    }
    if (state === APPROVE_STATUS.approved || state === APPROVE_STATUS.rejected)
      Object.assign(row, {
        submit_user: FILLER.id,
        submit_time: now,
        approve_user: APPROVER.id,
        approve_time: now,
        approve_opinion: state === APPROVE_STATUS.rejected ? '广告费超出年度预算口径，请压缩后重新提交' : '同意',
      });
    return { ...row, ...computedValues(budgetFill, row) };
  });
  await insertRows(db, 'erp_budget_fill', lines);
  const situations = lines
    .filter((line) => line.approve_status === APPROVE_STATUS.approved)
    .map((line) => {
      const row: Row = {
        id: nextId(),
        tenant_id: '000000',
        year,
        org_id: line.org_id,
        dept_id: line.dept_id,
        budget_type: line.budget_type,
        subject: line.subject,
        title: line.title,
        sort: line.sort,
        source_fill_id: line.id,
        approve_status: APPROVE_STATUS.approved,
        approve_user: APPROVER.id,
        approve_time: now,
        ...audit,
      };
      for (const month of MONTHS) {
        const amount = Number(line[`amount${month}`]);
        row[`amount${month}`] = amount;
        row[`actual${month}`] =
          month < thisMonth ? Math.round(amount * (0.8 + 0.4 * demoNoise(String(line.subject), month))) : 0;
      }
      return { ...row, ...computedValues(budgetSituation, row) };
    });
  await insertRows(db, 'erp_budget_situation', situations);
  // Sent the way 张三 sends it: the line and its task in 赵财务's inbox, together.
  const sent = lines.filter((_, i) => chosen[i][2] === APPROVE_STATUS.submitted).map((line) => String(line.id));
  const workflow = detachedWorkflow(db);
  const filler = demoUser(FILLER);
  const rows = (trx: DynamicDb) =>
    trx.selectFrom(budgetFill.table).where('tenant_id', '=', '000000').where('is_deleted', '=', 0);
  const moves = { ids: sent, move: 'submit' as const, opinion: '', granted: new Set([`${budgetFill.code}_add`]) };
  await db.transaction().execute((trx) => workflow.move(trx, filler, { entity: BUDGET_LINE, rows }, moves));
  return [
    `${lines.length} budget lines (${sent.length} waiting for approval)`,
    `${situations.length} budget situation rows`,
  ];
}

/** The demo tenant's leaf accounts, code → full name (what a budget line names and is captioned by). */
export async function demoLeafAccounts(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('erp_subject')
    .select(['subject_code', 'full_name'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .where('is_leaf', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.subject_code, r.full_name]));
}

/** Grants a role the codes it lacks (the demo's roles see the budget screens they work in). */
async function grant(db: Db, roleId: string, codes: readonly string[]) {
  const held = new Set(
    (await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', roleId).execute()).map((r) =>
      String(r.menu_id),
    ),
  );
  const missing = codes.map(menuIdOf).filter((id) => !held.has(id));
  if (missing.length)
    await insertRows(
      db,
      'blade_role_menu',
      missing.map((menuId) => ({ id: nextId(), role_id: roleId, menu_id: menuId })),
    );
}
