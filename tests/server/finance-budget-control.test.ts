import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { crudCodes } from '../support/factories.ts';
import { definitionOf, personWithCodes, type Person } from './flow.support.ts';

/**
 * Budget control of expense claims (issue 35, docs/budget-control.md) over HTTP: a claim sent for approval is checked
 * against the year's expense budget of its company, department and account (expensesituation), counting the claims in
 * approval, approved and paid; the parameter `finance.budgetControl` (or a tenant's own) warns (the approver sees
 * 超预算 and by how much), stops (400, the claim stays a draft, no process) or does nothing. Twenty claims sent at once
 * against one budget: exactly those that fit go through.
 */
const EXPENSE = '/api/blade-system/expense';
const SITUATION = '/api/blade-system/expensesituation';
const PARAM = '/api/blade-system/param';
const SEND = '/api/blade-desk/process/finance/start-process';
const DETAIL = '/api/blade-system/process/expense/detail';
const WORK = '/api/blade-flow/work';
const CONTROL_PARAM_ID = '1123598819738675211';
type Row = Record<string, unknown> & { id: string };

let t: TestApp;
let admin: string;
let claimant: Person;
let approver: Person;
let outsider: Person;
let fundDefinition: string;
const YEAR = Number(formatDateTime().slice(0, 4));
const DATE = `${YEAR}-01-05`;

const personWith = (account: string, codes: string[]) => personWithCodes(t, account, codes);

/** A budget row of the year for an account of 常州 (company 1010): `monthly` in each of the first `months` months. */
async function budget(subject: string, monthly: number, months = 1, year = YEAR) {
  const amounts = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`amount${i + 1}`, i < months ? monthly : 0]),
  );
  return expectOk(
    await t.post(`${SITUATION}/submit`, admin, {
      year,
      orgId: '1010',
      deptId: SEED.deptChangzhou,
      subject,
      ...amounts,
    }),
  ) as Row;
}
async function claim(subjectCode: string, amount: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const body = {
    expenseType: '1',
    subjectCode,
    expenseDate: DATE,
    amount,
    invoiceCount: 1,
    reason: '客户拜访',
    ...extra,
  };
  return expectOk(await t.post(`${EXPENSE}/submit`, claimant.token, body)) as Row;
}
const send = (id: string, who = claimant, headers?: Record<string, string>) =>
  t.post(SEND, who.token, { businessId: id, processDefinitionId: fundDefinition, taskUser: approver.id }, headers);
const claimOf = async (id: string): Promise<Row> => expectOk(await t.get(`${EXPENSE}/detail?id=${id}`, admin)) as Row;
const taskOf = async (businessId: string) =>
  (
    expectOk(await t.get(`${WORK}/todo-list?size=200`, approver.token)) as { records: Array<Record<string, string>> }
  ).records.find((r) => r.businessId === businessId);
const decide = async (businessId: string, pass: boolean) => {
  const task = await taskOf(businessId);
  expect(task, `the approver's task of ${businessId}`).toBeDefined();
  expectOk(
    await t.post(`${WORK}/complete-task`, approver.token, {
      taskId: task!.taskId,
      ...(pass ? { flag: 'ok' } : { pass: false }),
      comment: pass ? '同意' : '超预算，请调整',
    }),
  );
};
const setMode = async (mode: string) =>
  expectOk(await t.post(`${PARAM}/submit`, admin, { id: CONTROL_PARAM_ID, paramValue: mode }));

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
  const codes = [...crudCodes('expense'), 'expense_submit', 'work', 'work_todo'];
  claimant = await personWith('bc_claimant', codes);
  approver = await personWith('bc_approver', ['work', 'work_todo', 'work_claim', 'expense', 'expense_view']);
  outsider = await personWith('bc_outsider', [...crudCodes('expense'), 'work', 'work_todo']);
  const employee = expectOk(
    await t.post('/api/blade-system/employee/submit', admin, {
      employeeNo: 'BC001',
      name: '孙预算',
      sex: 1,
      orgId: '1010',
      deptId: SEED.deptChangzhou,
      phone: '13912340009',
      employmentType: '1',
      entryDate: '2020-01-01',
      userId: claimant.id,
    }),
  ) as Row;
  expect(employee.id).toMatch(/^\d+$/);
  fundDefinition = await definitionOf(t, claimant.token, 'Finance');
}, 60_000);
afterAll(() => t?.stop());
beforeEach(() => setMode('warn'));

describe('the budget control parameter', () => {
  it('is installed as warn, named in the parameters screen with its modes', async () => {
    const param = expectOk(await t.get(`${PARAM}/detail?id=${CONTROL_PARAM_ID}`, admin)) as Row;
    expect(param).toMatchObject({
      paramKey: 'finance.budgetControl',
      paramName: '费用报销预算控制',
      paramValue: 'warn',
    });
    expect(String(param.remark)).toMatch(/stop/);
  });
});

describe('a claim sent over its budget, in warn mode', () => {
  it('goes to the approver marked 超预算 by how much, kept on the claim for its list', async () => {
    await budget('660203', 1000);
    const first = await claim('660203', '600');
    expectOk(await send(first.id));
    expect((await claimOf(first.id)).overBudget).toBeNull();

    const second = await claim('660203', '500.50');
    expectOk(await send(second.id));
    const sent = await claimOf(second.id);
    expect(sent).toMatchObject({ expenseStatus: '1', overBudget: 100.5 });
    const detail = expectOk(await t.get(`${DETAIL}?businessId=${second.id}`, approver.token)) as Row;
    expect(detail).toMatchObject({ overBudget: '100.50', amount: '500.50', status: 1 });
    // Within the budget the request says nothing.
    expect((expectOk(await t.get(`${DETAIL}?businessId=${first.id}`, approver.token)) as Row).overBudget).toBe('');
    const listed = expectOk(await t.get(`${EXPENSE}/list?size=50&subjectCode=660203`, admin)) as { records: Row[] };
    expect(listed.records.find((r) => r.id === second.id)?.overBudget).toBe(100.5);

    // The approver may still approve it (warn): approved, it stays marked.
    await decide(second.id, true);
    expect(await claimOf(second.id)).toMatchObject({ expenseStatus: '2', overBudget: 100.5 });
  });

  it('keeps its mark when rejected; edited or withdrawn it is a draft without one, marked again when sent', async () => {
    await budget('660201', 100);
    const rejected = await claim('660201', '150', { expenseType: '6' });
    expectOk(await send(rejected.id));
    await decide(rejected.id, false);
    expect(await claimOf(rejected.id)).toMatchObject({ expenseStatus: '3', overBudget: 50 });
    expectOk(await t.post(`${EXPENSE}/submit`, claimant.token, { id: rejected.id, amount: '120' }));
    expect(await claimOf(rejected.id)).toMatchObject({ expenseStatus: '0', overBudget: null });
    expectOk(await send(rejected.id));
    expect(await claimOf(rejected.id)).toMatchObject({ expenseStatus: '1', overBudget: 20 });

    const sent = (
      expectOk(await t.get(`${WORK}/send-list?size=100`, claimant.token)) as { records: Array<Record<string, string>> }
    ).records.find((r) => r.businessId === rejected.id)!;
    expectOk(await t.post(`${WORK}/delete-task?taskId=${sent.taskId}&reason=x`, claimant.token));
    expect(await claimOf(rejected.id)).toMatchObject({ expenseStatus: '0', overBudget: null });
  });

  it('is never marked by what a client sends', async () => {
    const mine = await claim('660203', '1', { overBudget: '99999' });
    expect(mine.overBudget).toBeNull();
  });
});

describe('a claim sent over its budget, in stop mode', () => {
  it('is refused with every figure, in zh and en; it stays a draft and no process starts', async () => {
    await setMode('stop');
    await budget('660202', 500, 2); // 1,000.00 for the year
    const fits = await claim('660202', '600', { expenseType: '3' });
    expectOk(await send(fits.id));
    const over = await claim('660202', '400.01', { expenseType: '3' });
    expectError(await send(over.id), 400, `超出预算：${YEAR}年预算1,000.00元，已用600.00元，本次400.01元，超出0.01元`);
    expectError(
      await send(over.id, claimant, { 'accept-language': 'en' }),
      400,
      `Over budget: the ${YEAR} budget is 1,000.00, 600.00 is used, this claim is 400.01, over by 0.01`,
    );
    expect(await claimOf(over.id)).toMatchObject({ expenseStatus: '0', processInstanceId: '', overBudget: null });
    expect(await taskOf(over.id)).toBeUndefined();

    // Exactly the budget is within it.
    expectOk(await t.post(`${EXPENSE}/submit`, claimant.token, { id: over.id, amount: '400' }));
    expectOk(await send(over.id));
    expect(await claimOf(over.id)).toMatchObject({ expenseStatus: '1', overBudget: null });
  });

  it('counts claims in approval, approved and paid, and frees what a rejection gives back', async () => {
    await setMode('stop');
    await budget('660101', 300);
    const held = await claim('660101', '200', { expenseType: '8' });
    expectOk(await send(held.id));
    const next = await claim('660101', '150', { expenseType: '8' });
    expectError(await send(next.id), 400, /已用200\.00元，本次150\.00元，超出50\.00元/);
    // Rejected, the first claim no longer uses the budget; sent again, it is checked again.
    await decide(held.id, false);
    expect((await claimOf(held.id)).expenseStatus).toBe('3');
    expectOk(await send(next.id));
    expectError(await send(held.id), 400, /已用150\.00元，本次200\.00元，超出50\.00元/);
    expect((await claimOf(held.id)).expenseStatus).toBe('3');
  });

  it('leaves claims of another department, account or year, and those without a budget row, alone', async () => {
    await setMode('stop');
    await budget('660104', 100);
    await budget('660104', 100, 1, YEAR - 1);
    const lastYear = await claim('660104', '90', { expenseType: '2', expenseDate: `${YEAR - 1}-06-01` });
    expectOk(await send(lastYear.id));
    const thisYear = await claim('660104', '90', { expenseType: '2' });
    expectOk(await send(thisYear.id));
    // No budget row for 660206: no control, whatever the amount.
    const unbudgeted = await claim('660206', '50000', { expenseType: '10' });
    expectOk(await send(unbudgeted.id));
    expect((await claimOf(unbudgeted.id)).overBudget).toBeNull();
    // Another department's claim on the same account does not use 常州's budget.
    const elsewhere = await claim('660104', '95', { expenseType: '2', deptId: SEED.deptSuzhou });
    expectOk(await send(elsewhere.id));
  });
});

describe('the mode of a tenant', () => {
  it("is off: nothing is checked; a tenant's own parameter comes before the install's", async () => {
    await budget('510102', 10);
    await setMode('off');
    const first = await claim('510102', '50', { expenseType: '7' });
    expectOk(await send(first.id));
    expect((await claimOf(first.id)).overBudget).toBeNull();

    await setMode('warn');
    const own = expectOk(
      await t.post(`${PARAM}/submit`, admin, {
        paramName: '费用报销预算控制（000000）',
        paramKey: 'finance.budgetControl.000000',
        paramValue: 'stop',
      }),
    ) as Row;
    const second = await claim('510102', '5', { expenseType: '7' });
    expectError(await send(second.id), 400, /^超出预算：/);
    expectOk(await t.post(`${PARAM}/remove?ids=${own.id}`, admin));
    expectOk(await send(second.id));
    expect((await claimOf(second.id)).overBudget).toBe(45);
  });
});

describe('access', () => {
  it('sends only for holders of 提交审批; the check never runs for a refused caller', async () => {
    await setMode('stop');
    await budget('510103', 10);
    const draft = await claim('510103', '100', { expenseType: '7' });
    expectError(await send(draft.id, outsider), 403);
    expect(await claimOf(draft.id)).toMatchObject({ expenseStatus: '0', overBudget: null });
  });
});

describe('another tenant', () => {
  it('neither adds its budget nor uses ours, on the same company code, department and account', async () => {
    await setMode('stop');
    await budget('660205', 100);
    // Tenant 100001's rows of the same key, as its own screens would have saved them.
    const other = { tenant_id: '100001', org_id: '1010', dept_id: SEED.deptChangzhou };
    await t.services.db
      .insertInto('erp_expense_situation')
      .values({
        id: nextId(),
        ...other,
        year: YEAR,
        subject: '660205',
        title: '折旧费',
        amount1: 1e6,
        total_amount: 1e6,
      })
      .execute();
    await t.services.db
      .insertInto('erp_expense')
      .values({
        id: nextId(),
        ...other,
        expense_no: 'BX-OTHER-1',
        applicant_id: nextId(),
        expense_type: '10',
        subject_code: '660205',
        expense_date: DATE,
        amount: '90',
        expense_status: '2',
      })
      .execute();
    const fits = await claim('660205', '100', { expenseType: '10' });
    expectOk(await send(fits.id));
    const over = await claim('660205', '0.01', { expenseType: '10' });
    expectError(await send(over.id), 400, new RegExp(`${YEAR}年预算100\\.00元，已用100\\.00元`));
  });
});

describe('twenty claims sent at once against one budget', () => {
  it('in stop mode, lets through exactly those that fit, and never more is approved than the budget', async () => {
    await setMode('stop');
    await budget('510104', 300); // three claims of 100
    const claims: Row[] = [];
    for (let i = 0; i < 20; i++) claims.push(await claim('510104', '100', { expenseType: '7', reason: `维修${i}` }));
    const answers = await Promise.all(claims.map((c) => send(c.id)));
    const passed = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 400);
    expect(passed).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const res of refused) expect(res.json().msg).toMatch(/^超出预算：/);
    const states = await Promise.all(claims.map((c) => claimOf(c.id)));
    expect(states.filter((c) => c.expenseStatus === '1')).toHaveLength(3);
    expect(states.filter((c) => c.expenseStatus === '0' && c.processInstanceId === '')).toHaveLength(17);

    for (const c of states.filter((s) => s.expenseStatus === '1')) await decide(c.id, true);
    const rows = expectOk(await t.get(`${SITUATION}/list?year_equal=${YEAR}&subject=510104`, admin)) as {
      records: Row[];
    };
    expect(rows.records.map((r) => r.claimTotal)).toEqual([300]);
  }, 60_000);

  it('in warn mode, marks each by what was committed before it', async () => {
    await budget('660103', 250);
    const claims: Row[] = [];
    for (let i = 0; i < 5; i++) claims.push(await claim('660103', '100', { expenseType: '10', reason: `广告${i}` }));
    const answers = await Promise.all(claims.map((c) => send(c.id)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    // Committed before each: 0, 100, 200, 300, 400 of a 250 budget.
    const marks = (await Promise.all(claims.map((c) => claimOf(c.id)))).map((c) => c.overBudget);
    expect(marks.filter((mark) => mark === null)).toHaveLength(2);
    expect(marks.filter((mark) => mark !== null).sort((a, b) => Number(a) - Number(b))).toEqual([50, 150, 250]);
  }, 60_000);
});
