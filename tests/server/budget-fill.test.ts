import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { DEMO_PASSWORD, seedDemo, seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { seedBudgetFillDemo } from '../../src/server/modules/budget/demo/budget-fill.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';
import { tenantToday } from '../support/tenant-today.ts';

/**
 * 预算填报 and 预算执行情况 (domain/budget.md §4, §5.1, §5.2) over HTTP: the lines' state machine, their inbox tasks
 * (decided on either side, the line and the task never disagree), the approval's budget situation, the statistics.
 */
const FILL = '/api/blade-system/budgetfill';
const SITUATION = '/api/blade-system/budgetsituation';
const WORK = '/api/blade-flow/work';
type Row = Record<string, unknown> & { id: string };
interface Person {
  id: string;
  token: string;
}
let t: TestApp;
let admin: string;
let filler: Person;
let approver: Person;
let deptId: string;

const months = (prefix: string, values: number[]) =>
  Object.fromEntries(values.map((value, i) => [`${prefix}${i + 1}`, value]));
const LINE = {
  year: 2027,
  orgId: '1010',
  budgetType: '1',
  subject: '660202',
  ...months('amount', Array(12).fill(100)),
};

async function personWith(account: string, codes: string[]): Promise<Person> {
  const roleId = await createRole(t, '000000', account, codes);
  const id = await createUser(t, { tenantId: '000000', account, password: 'pw', roleId, deptId, realName: account });
  return { id, token: await t.tokenOf(account, 'pw') };
}
const submit = (who: Person | string, body: Record<string, unknown>) =>
  t.post(`${FILL}/submit`, typeof who === 'string' ? who : who.token, body);
const approval = (who: Person, ids: string[], action: string, opinion?: string) =>
  t.post(`${FILL}/approval`, who.token, { ids: ids.join(','), action, ...(opinion ? { opinion } : {}) });
const lineOf = async (id: string): Promise<Row> => {
  const page = expectOk(await t.get(`${FILL}/list?size=100`, admin)) as { records: Row[] };
  return page.records.find((row) => row.id === id)!;
};
const situationOf = async (title: string): Promise<Row | undefined> => {
  const page = expectOk(await t.get(`${SITUATION}/list?size=100&year_equal=2027`, admin)) as { records: Row[] };
  return page.records.find((row) => row.title === title);
};
const claimable = async (who: Person) =>
  (expectOk(await t.get(`${WORK}/claim-list?size=100`, who.token)) as { records: Array<Record<string, string>> })
    .records;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
  const dept = await t.services.db
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', '000000')
    .executeTakeFirstOrThrow();
  deptId = String(dept.id);
  filler = await personWith('bf_fill', [
    'budget',
    'budgetfill',
    'budgetfill_add',
    'budgetfill_edit',
    'work',
    'work_todo',
  ]);
  approver = await personWith('bf_appr', [
    'budget',
    'budgetfill',
    'budgetfill_approve',
    'work',
    'work_todo',
    'work_claim',
  ]);
}, 60_000);
afterAll(() => t?.stop());

describe('budgetfill', () => {
  it('saves a draft line with its department and full-year amount, refusing negative amounts', async () => {
    const saved = expectOk(await submit(filler, { ...LINE, title: '', totalAmount: 1, approveStatus: '2' })) as Row;
    expect(saved).toMatchObject({
      title: '管理费用-办公费',
      deptId,
      totalAmount: 1200,
      approveStatus: '0',
      approveStatusName: '草稿',
    });
    expect(saved).not.toHaveProperty('actual1');
    expectError(await submit(filler, { ...LINE, subject: '660203', amount2: -5 }), 400, '预算金额不能为负数');
    expectError(await submit(filler, { ...LINE, subject: '6602' }), 400, '请选择末级科目');
    expectError(await submit(filler, LINE), 400, '该部门本年度已存在此类型、科目和名称的预算');
    expectError(await submit(filler, { ...LINE, subject: '660203', orgId: 'NOPE' }), 400, '公司不存在');
    // Only list, stat, submit and approval.
    expect((await t.get(`${FILL}/detail?id=${saved.id}`, admin)).statusCode).toBe(404);
    expect((await t.post(`${FILL}/remove?ids=${saved.id}`, admin)).statusCode).toBe(404);
  });

  it('sends a line to its approvers inbox; approving there approves the line and writes the situation', async () => {
    const line = expectOk(await submit(filler, { ...LINE, subject: '660203', title: '差旅费-国内' })) as Row;
    expect(expectOk(await approval(filler, [line.id], 'submit'))).toEqual({ changed: 1 });
    const sent = await lineOf(line.id);
    expect(sent).toMatchObject({ approveStatus: '1', submitUser: filler.id });
    expect(sent.submitTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Locked while submitted.
    expectError(
      await submit(filler, { ...LINE, id: line.id, subject: '660203', title: '差旅费-国内', amount1: 5 }),
      400,
      '已提交或已审核的预算不能修改',
    );

    const task = (await claimable(approver)).find((row) => row.businessId === line.id);
    expect(task).toMatchObject({ businessTable: 'erp_budget_fill', taskName: '预算审核' });
    // The filler never approves his own line in the inbox.
    expect((await claimable(filler)).some((row) => row.businessId === line.id)).toBe(false);
    const detail = expectOk(
      await t.get(`/api/blade-system/process/budgetfill/detail?businessId=${line.id}`, approver.token),
    );
    expect(detail).toMatchObject({ title: '差旅费-国内', totalAmount: '1200.00', status: 1 });

    expectOk(
      await t.post(`${WORK}/complete-task`, approver.token, { taskId: task!.taskId, flag: 'ok', comment: '同意' }),
    );
    expect(await lineOf(line.id)).toMatchObject({
      approveStatus: '2',
      approveUser: approver.id,
      approveOpinion: '同意',
    });
    expect(await situationOf('差旅费-国内')).toMatchObject({
      approveStatus: '0',
      sourceFillId: line.id,
      amount1: 100,
      actual1: 0,
      totalAmount: 1200,
      finish1: 0,
    });
    expect((await claimable(approver)).some((row) => row.businessId === line.id)).toBe(false);
  });

  it('decided on the desktop, the inbox task closes with it; a rejection needs an opinion', async () => {
    const line = expectOk(await submit(filler, { ...LINE, subject: '660201', title: '职工薪酬-部门' })) as Row;
    expectOk(await approval(filler, [line.id], 'submit'));
    expectError(await approval(approver, [line.id], 'reject'), 400, '请填写驳回意见');
    expectOk(await approval(approver, [line.id], 'reject', '金额偏高'));
    expect(await lineOf(line.id)).toMatchObject({ approveStatus: '3', approveOpinion: '金额偏高' });
    expect((await claimable(approver)).some((row) => row.businessId === line.id)).toBe(false);
    // Edited, a rejected line is a draft again and the opinion goes; then it can be sent again.
    const edited = expectOk(
      await submit(filler, { ...LINE, id: line.id, subject: '660201', title: '职工薪酬-部门', amount1: 50 }),
    ) as Row;
    expect(edited).toMatchObject({ approveStatus: '0', approveOpinion: '', totalAmount: 1150 });
    expectOk(await approval(filler, [line.id], 'submit'));
    expect((await claimable(approver)).filter((row) => row.businessId === line.id)).toHaveLength(1);
    // Withdrawn by its submitter: back to draft, the task gone.
    expectOk(await approval(filler, [line.id], 'withdraw'));
    expect(await lineOf(line.id)).toMatchObject({ approveStatus: '0' });
    expect((await claimable(approver)).some((row) => row.businessId === line.id)).toBe(false);
  });

  it('decided on both sides at once, one decision wins and the line and its task agree', async () => {
    const line = expectOk(await submit(filler, { ...LINE, year: 2028, subject: '660101', title: '同时审核' })) as Row;
    expectOk(await approval(filler, [line.id], 'submit'));
    const task = (await claimable(approver)).find((row) => row.businessId === line.id)!;
    const [desktop, inbox] = await Promise.all([
      approval(approver, [line.id], 'reject', '重复'),
      t.post(`${WORK}/complete-task`, approver.token, { taskId: task.taskId, flag: 'ok' }),
    ]);
    expect([desktop.statusCode, inbox.statusCode].sort()).toEqual([200, 400]);
    const state = (await lineOf(line.id)).approveStatus;
    expect(state).toBe(desktop.statusCode === 200 ? '3' : '2');
    expect((await claimable(approver)).some((row) => row.businessId === line.id)).toBe(false);
  });

  it('is all or nothing: a line in the wrong state refuses the whole call, naming it', async () => {
    const a = expectOk(await submit(filler, { ...LINE, subject: '660101', title: 'A' })) as Row;
    const b = expectOk(await submit(filler, { ...LINE, subject: '660101', title: 'B' })) as Row;
    expectOk(await approval(filler, [b.id], 'submit'));
    expectError(await approval(filler, [a.id, b.id], 'submit'), 400, '第2条记录当前状态不允许此操作');
    expect(await lineOf(a.id)).toMatchObject({ approveStatus: '0' });
    // Approving needs the button; the filler has none.
    expect((await approval(filler, [b.id], 'approve')).statusCode).toBe(403);
    expectError(await approval(approver, [b.id], 'explode'), 400);
    expectOk(await approval(approver, [b.id], 'approve'));
    // Unapprove needs its own button (the administrator holds every one).
    expect((await approval(approver, [b.id], 'unapprove')).statusCode).toBe(403);
    expectOk(await t.post(`${FILL}/approval`, admin, { ids: b.id, action: 'unapprove' }));
    expect(await lineOf(b.id)).toMatchObject({ approveStatus: '0' });
  });

  it('refuses approving onto an approved situation, and unapproving once the situation is approved', async () => {
    const line = expectOk(await submit(filler, { ...LINE, subject: '660102', title: '运输费' })) as Row;
    expectOk(await approval(filler, [line.id], 'submit'));
    expectOk(await approval(approver, [line.id], 'approve'));
    const situation = (await situationOf('运输费'))!;
    expect(expectOk(await t.post(`${SITUATION}/approval?ids=${situation.id}`, admin))).toEqual({ approved: 1 });
    // Approved by the kit: its state and who approved it, when.
    const approved = (await situationOf('运输费'))!;
    expect(approved).toMatchObject({ approveStatus: '2', approveUser: expect.stringMatching(/^\d+$/) });
    expect(approved.approveTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expectError(await t.post(`${SITUATION}/approval?ids=${situation.id}`, admin), 400, '第1条记录已审核');
    expectError(
      await t.post(`${FILL}/approval`, admin, { ids: line.id, action: 'unapprove' }),
      400,
      '预算执行已审核，不能反审核',
    );
    // A line whose situation row finance already approved cannot be approved onto it: nothing changes.
    const entertaining = { ...LINE, deptId, subject: '660104', title: '业务招待费' };
    const own = expectOk(await t.post(`${SITUATION}/submit`, admin, entertaining)) as Row;
    expectOk(await t.post(`${SITUATION}/approval`, admin, { ids: own.id }));
    const late = expectOk(await submit(filler, entertaining)) as Row;
    expectOk(await approval(filler, [late.id], 'submit'));
    expectError(await approval(approver, [late.id], 'approve'), 400, '预算执行已审核锁定：业务招待费');
    expect(await lineOf(late.id)).toMatchObject({ approveStatus: '1' });
    expect((await claimable(approver)).some((row) => row.businessId === late.id)).toBe(true);
  });
});

describe('budgetsituation', () => {
  it('keeps an approved budget side frozen while actuals stay open, and sums in stat', async () => {
    const row = (await situationOf('运输费'))!;
    expectError(
      await t.post(`${SITUATION}/submit`, admin, { ...row, amount1: 999 }),
      400,
      '已提交或已审核的预算不能修改',
    );
    const saved = expectOk(await t.post(`${SITUATION}/submit`, admin, { ...row, actual1: 150, actual2: 80 })) as Row;
    expect(saved).toMatchObject({ actual1: 150, finish1: 1.5, finish2: 0.8, totalActual: 230 });
    expectError(await t.post(`${SITUATION}/remove?ids=${row.id}`, admin), 400, '已审核的预算不能删除');
    const stat = expectOk(await t.get(`${SITUATION}/stat?year_equal=2027&subject=660102`, admin)) as Record<
      string,
      number
    >;
    expect(stat).toMatchObject({
      amount1: 100,
      actual1: 150,
      finish1: 1.5,
      totalAmount: 1200,
      totalActual: 230,
      rowCount: 1,
    });
    const spring = expectOk(await t.get(`${SITUATION}/stat?searchMonth=2027-01,2027-03&subject=660102`, admin));
    expect(spring).toMatchObject({ totalAmount: 300, totalActual: 230, totalFinish: 0.7667 });
    expectError(await t.get(`${SITUATION}/stat?searchMonth=2026-12,2027-01`, admin), 400, '月份区间不能跨年');
  });

  it('answers the fill stat with sums and counts per state', async () => {
    const stat = expectOk(await t.get(`${FILL}/stat?year_equal=2027`, admin)) as Record<string, number>;
    expect(stat.rowCount).toBe(stat.draftCount + stat.submittedCount + stat.approvedCount + stat.rejectedCount);
    expect(stat).toMatchObject({ approvedCount: 2, submittedCount: 1, rejectedCount: 0 });
    expect(stat.amount1 * 12).toBeGreaterThan(0);
  });
});

describe('demo', () => {
  it('fills a year of department budget lines in every state, one waiting in 赵财务 inbox', async () => {
    await seedDemo(t.services.db);
    const added = await seedBudgetFillDemo(t.services.db);
    expect(added[0]).toMatch(/^6 budget lines \(1 waiting for approval\)$/);
    expect(await seedBudgetFillDemo(t.services.db)).toEqual([]);
    const year = tenantToday().year;
    const zhaocw = { id: '', token: await t.tokenOf('zhaocw', DEMO_PASSWORD) };
    const stat = expectOk(await t.get(`${FILL}/stat?year_equal=${year}`, zhaocw.token)) as Record<string, number>;
    expect(stat).toMatchObject({ rowCount: 6, draftCount: 1, submittedCount: 1, approvedCount: 3, rejectedCount: 1 });
    const sent = expectOk(
      await t.get(`${FILL}/list?size=20&year_equal=${year}&approveStatus_equal=1`, zhaocw.token),
    ) as { records: Row[] };
    expect(sent.records).toHaveLength(1);
    const tasks = (await claimable(zhaocw)).filter((row) => row.businessId === sent.records[0].id);
    expect(tasks).toMatchObject([{ taskName: '预算审核', startUserName: '张三' }]);
    const zhangsan = await t.tokenOf('zhangsan', DEMO_PASSWORD);
    const mine = expectOk(await t.get(`${FILL}/list?size=20&year_equal=${year}`, zhangsan)) as { total: number };
    expect(mine.total).toBe(6);
    const situation = expectOk(await t.get(`${SITUATION}/stat?year_equal=${year}`, zhaocw.token)) as Record<
      string,
      number
    >;
    expect(situation).toMatchObject({ rowCount: 3, totalAmount: 390_000 });
  });
});
