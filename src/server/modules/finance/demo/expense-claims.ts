import type { ApprovableDef } from '../../../../shared/entities/define.ts';
import { EXPENSE_STATUS, EXPENSE_SUBMIT, expense } from '../../../../shared/entities/finance/expense.ts';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import type { Db, DynamicDb } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { menuIdOf } from '../../../platform/menus.ts';
import { takeNumbers } from '../../../platform/entity/derived.ts';
import type { Row } from '../../../platform/entity/types.ts';
import { nextId } from '../../../platform/ids.ts';
import { activeDefinitionId, detachedWorkflow } from '../../../platform/workflow/index.ts';
import { SEED } from '../../system/install.ts';
import { DATA_SCOPE } from '../../system/role-grant.queries.ts';
import { SCOPE } from '../../../platform/entity/data-scope.ts';
import { DEMO_USERS, demoUser } from '../../system/demo/organisation.ts';
import { seedExpenseSituationDemo } from '../../budget/demo/budgets.ts';
import { budgetUseOf, expenseBudgetEffect } from '../expense-budget.ts';
import { demoAudit, demoNoise } from '../../system/demo/figures.ts';
import { receiptPdf, receiptPng, storeDemoAttachments, type DemoFile } from '../../resource/storage/index.ts';

/** Who claims and who approves in the demo: 张三 of 常州布雷德 sends his claims to 李四; 赵财务 pays. */
const CLAIMANT = DEMO_USERS.find((user) => user.account === 'zhangsan')!;
const APPROVER = DEMO_USERS.find((user) => user.account === 'lisi')!;
/** 张三's employee record, linked to his account: a claim he adds is his by default. */
const CLAIMANT_EMPLOYEE = 'E1007';

/** The user role claims (and picks its claimant among the employees); the finance role's grants: finance-role.ts. */
const CLAIMANT_CODES = [
  'finance',
  'expense',
  ...['add', 'edit', 'delete', 'view'].map((verb) => `${expense.code}_${verb}`),
];
const DEMO_GRANTS: ReadonlyArray<readonly [roleId: string, codes: readonly string[]]> = [
  [SEED.roleUser, [...CLAIMANT_CODES, EXPENSE_SUBMIT, 'masterdata', 'employee']],
];

/**
 * The year's settled claims: employee, expense type, account and a month's usual amount. The 常州 department's
 * accounts are those the budget demo budgets (modules/budget/demo/budget-fill.ts), so its expense situation shows
 * claims.
 */
const MONTHLY: ReadonlyArray<readonly [employeeNo: string, type: string, subject: string, usual: number]> = [
  ['E1001', '1', '660203', 5200],
  ['E1005', '1', '660203', 4600],
  ['E1002', '3', '660202', 3100],
  ['E1005', '3', '660202', 2400],
  ['E1004', '2', '660104', 4200],
  ['E2001', '1', '660203', 3900],
  ['E2003', '8', '660102', 2800],
];
const REASONS: Readonly<Record<string, string>> = {
  '1': '拜访客户出差',
  '2': '客户来访接待',
  '3': '办公用品采购',
  '8': '样件快递及运输',
};

/** 张三's claims of the last days: one in each state a claimant works with, through the real process. */
const RECENT: ReadonlyArray<
  readonly [type: string, subject: string, amount: number, daysAgo: number, reason: string, path: string]
> = [
  ['3', '660202', 356, 2, '打印机硒鼓及文具', 'draft'],
  ['1', '660203', 3680, 5, '上海车展参展差旅', 'waiting'],
  ['2', '660104', 2400, 9, '主机厂质量部来访接待', 'rejected'],
  ['1', '660203', 12800, 12, '德国供应商审核差旅', 'finance'],
  // Its amount is set when it is sent: what the year's travel budget has left, plus OVER_BY (see overBudgetAmount).
  ['1', '660203', 26400, 1, '欧洲客户年度走访差旅', 'over'],
];
/** How far 张三's last trip goes over his department's travel budget (yuan): 李四 sees 超预算 beside it. */
const OVER_BY = 1860;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo's expense claims (`npm run demo`): the group's employees' approved and paid claims of every month of this
 * year so far, and 张三's own recent ones: a draft, one waiting in 李四's inbox, one 李四 sent back to him, one past
 * 李四 waiting for finance (from 10 000), and one over his department's travel budget waiting for 李四, marked by the
 * budget check (docs/budget-control.md). Added once (while the tenant has no claim). The claims are checked against
 * the expense budget (费用预算执行), which the budget module's demo adds once: added here first when it is not there yet.
 */
export async function seedExpenseDemo(db: Db): Promise<string[]> {
  const any = await db.selectFrom('erp_expense').select('id').where('tenant_id', '=', '000000').executeTakeFirst();
  if (any) return [];
  const budget = await seedExpenseSituationDemo(db);
  for (const [roleId, codes] of DEMO_GRANTS) await grant(db, roleId, codes);
  await ownClaimsOnly(db, SEED.roleUser);
  const employees = await demoEmployees(db);
  const today = formatDateTime().slice(0, 10);
  const settled = settledClaims(employees, today);
  await insertRows(db, 'erp_expense', settled);
  const sent = await recentClaims(db, employees.get(CLAIMANT_EMPLOYEE)!, today);
  return [...budget, `${settled.length + RECENT.length} expense claims (${sent} sent through the fund approval)`];
}

/** The tenant's demo employees by number, 张三's added and linked to his account. */
async function demoEmployees(db: Db): Promise<Map<string, Row>> {
  await db
    .insertInto('erp_employee')
    .values({
      id: nextId(),
      tenant_id: '000000',
      employee_no: CLAIMANT_EMPLOYEE,
      name: CLAIMANT.realName,
      sex: 1,
      org_id: '1010',
      dept_id: CLAIMANT.deptId,
      post_id: CLAIMANT.postId,
      user_id: CLAIMANT.id,
      phone: '13912341007',
      email: 'zhangsan@example.com',
      employment_type: '1',
      entry_date: '2021-03-01',
      employee_status: '1',
      ...demoAudit(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .selectFrom('erp_employee')
    .select(['id', 'employee_no', 'dept_id', 'org_id'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .execute();
  return new Map(rows.map((row) => [row.employee_no, row as Row]));
}

/**
 * Approved and paid claims of each month up to today, numbered by their day as they were then: a month before last
 * is paid, the last two partly.
 */
function settledClaims(employees: Map<string, Row>, today: string): Row[] {
  const year = today.slice(0, 4);
  const thisMonth = Number(today.slice(5, 7));
  const perDay = new Map<string, number>();
  const claims: Row[] = [];
  for (let month = 1; month <= thisMonth; month++) {
    for (const [i, [employeeNo, type, subject, usual]] of MONTHLY.entries()) {
      const employee = employees.get(employeeNo);
      const noise = demoNoise(`${employeeNo}-${subject}`, month);
      const date = `${year}-${String(month).padStart(2, '0')}-${String(3 + Math.floor(noise * 24)).padStart(2, '0')}`;
      if (!employee || date >= today) continue;
      const day = date.replaceAll('-', '');
      const seq = (perDay.get(day) ?? 0) + 1;
      perDay.set(day, seq);
      const paid = month < thisMonth - 1 || (noise > 0.5 && addDays(date, 10) <= today);
      claims.push({
        id: nextId(),
        tenant_id: '000000',
        expense_no: `BX${day}${String(seq).padStart(4, '0')}`,
        applicant_id: employee.id,
        dept_id: employee.dept_id,
        org_id: employee.org_id,
        expense_type: type,
        subject_code: subject,
        expense_date: date,
        amount: Math.round(usual * (0.7 + 0.6 * noise) * 100) / 100,
        invoice_count: 1 + Math.floor(noise * 5),
        project: '',
        reason: REASONS[type],
        expense_status: paid ? EXPENSE_STATUS.paid : EXPENSE_STATUS.approved,
        pay_date: paid ? (addDays(date, 10) <= today ? addDays(date, 10) : today) : null,
        apply_time: `${date} 09:${String(10 + i).padStart(2, '0')}:00`,
        ...demoAudit(),
      });
    }
  }
  return claims;
}

/** 张三's recent claims, saved as he saves them and sent as he sends them; returns how many went to the process. */
/**
 * 张三's receipts of his recent claims, one photo each and an invoice PDF with every other one, put through the
 * tenant's store; none where the demo has no store every process reaches.
 */
async function demoReceipts(db: Db, amounts: readonly number[]): Promise<string[][]> {
  const receipts: string[][] = [];
  try {
    for (const [i, amount] of amounts.entries()) {
      const files: DemoFile[] = [
        { originalName: `票据${i + 1}.png`, extension: 'png', bytes: receiptPng(3 + (i % 4)) },
      ];
      if (i % 2 === 0)
        files.push({ originalName: `发票${i + 1}.pdf`, extension: 'pdf', bytes: receiptPdf(`Invoice ${amount}`) });
      receipts.push(await storeDemoAttachments(db, '000000', CLAIMANT.id, files));
    }
  } catch {
    // No store every process reaches (several processes on local disks): the claims go without receipts.
  }
  return amounts.map((_, i) => receipts[i] ?? []);
}

async function recentClaims(db: Db, employee: Row, today: string): Promise<number> {
  const numbers = await takeNumbers(db, expense, 'expenseNo', '000000', RECENT.length);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const audit = { ...demoAudit(), create_user: CLAIMANT.id, update_user: CLAIMANT.id, create_dept: CLAIMANT.deptId };
  const receipts = await demoReceipts(
    db,
    RECENT.map(([, , amount]) => amount),
  );
  const claims = RECENT.map(([type, subject, amount, daysAgo, reason], i) => {
    const date = addDays(today, -daysAgo);
    return {
      id: nextId(),
      tenant_id: '000000',
      expense_no: numbers[i],
      applicant_id: employee.id,
      dept_id: employee.dept_id,
      org_id: employee.org_id,
      expense_type: type,
      subject_code: subject,
      expense_date: date < yearStart ? yearStart : date,
      amount,
      invoice_count: 2 + i,
      project: '',
      reason,
      attach: receipts[i].join(','),
      expense_status: EXPENSE_STATUS.draft,
      ...audit,
    };
  });
  await insertRows(db, 'erp_expense', claims);
  const definitionId = await fundDefinition(db);
  if (!definitionId) return 0;
  const workflow = detachedWorkflow(db);
  // The claims follow their processes as the app's do: each step moves the claim, its sending checks the budget.
  workflow.register(expense as ApprovableDef, expenseBudgetEffect());
  const rows = (trx: DynamicDb) =>
    trx.selectFrom(expense.table).where('tenant_id', '=', '000000').where('is_deleted', '=', 0);
  const target = { entity: expense as ApprovableDef, rows, kind: 'finance' };
  const approver = demoUser(APPROVER);
  let sent = 0;
  for (const [i, [, , , , , path]] of RECENT.entries()) {
    if (path === 'draft') continue;
    const businessId = String(claims[i].id);
    await db.transaction().execute(async (trx) => {
      if (path === 'over') await overBudgetAmount(trx, claims[i]);
      const input = { businessId, definitionId, taskUser: APPROVER.id, comment: '' };
      const instanceId = (await workflow.send(trx, demoUser(CLAIMANT), target, input))!;
      if (path === 'rejected') await workflow.decideIn(trx, approver, instanceId, false, '请补充招待对象及事由');
      if (path === 'finance') await workflow.decideIn(trx, approver, instanceId, true, '同意');
    });
    sent++;
  }
  return sent;
}

/**
 * Sets the over-budget claim's amount to what its budget has left plus OVER_BY (the used part depends on the day the
 * demo runs); without a budget row it keeps a trip's usual cost and is checked against nothing.
 */
async function overBudgetAmount(trx: Db, claim: Row) {
  const use = await budgetUseOf(trx, claim);
  const left = use ? Math.max(0, use.budget - use.used) / 100 : 0;
  const amount = use ? Math.round((left + OVER_BY) * 100) / 100 : 26_400;
  claim.amount = amount;
  await trx.updateTable('erp_expense').set({ amount }).where('id', '=', String(claim.id)).execute();
}

/** The fund-approval process the demo tenant starts: its own latest active deployment, else the shared one. */
const fundDefinition = (db: Db) => activeDefinitionId(db, '000000', 'Finance');

/** Grants a role the codes it lacks (the demo's roles see the screens they work in). */
/** A claimant's list holds the claims he entered (数据权限 本人可见); finance, without the rule, sees every claim. */
async function ownClaimsOnly(db: Db, roleId: string) {
  const scopeId = nextId();
  await insertRows(db, 'blade_scope_data', [
    {
      id: scopeId,
      menu_id: menuIdOf('expense'),
      resource_code: expense.code,
      scope_name: '本人的报销单',
      scope_column: 'create_user',
      scope_type: SCOPE.own,
      ...demoAudit(),
    },
  ]);
  await insertRows(db, 'blade_role_scope', [
    { id: nextId(), scope_category: DATA_SCOPE, scope_id: scopeId, role_id: roleId },
  ]);
}

/** Gives a demo role the menus and buttons of `codes` it lacks. */
export async function grant(db: Db, roleId: string, codes: readonly string[]) {
  const held = new Set(
    (await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', roleId).execute()).map((r) =>
      String(r.menu_id),
    ),
  );
  const missing = [...new Set(codes.map(menuIdOf))].filter((id) => !held.has(id));
  if (missing.length)
    await insertRows(
      db,
      'blade_role_menu',
      missing.map((menuId) => ({ id: nextId(), role_id: roleId, menu_id: menuId })),
    );
}
