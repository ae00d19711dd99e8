import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedExpenseDemo } from '../../src/server/modules/finance/demo/expense-claims.ts';
import { grantFinanceRole } from '../../src/server/modules/finance/demo/finance-role.ts';
import { seedMasterdataDemo } from '../../src/server/modules/masterdata/demo/partners-and-staff.ts';
import { DEMO_PASSWORD, seedDemo, seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin, crudCodes } from '../support/factories.ts';
import { definitionOf, personWithCodes, type Person } from './flow.support.ts';

/**
 * 费用报销 (domain/finance.md § expense) over HTTP: the claim's rules and numbers, its state machine, and its approval
 * through the fund-approval process (`process/finance/start-process` with its id): the inbox decides, a rejected
 * claim is edited and sent again into the same process, a withdrawn one starts anew, finance pays an approved one.
 */
const EXPENSE = '/api/blade-system/expense';
const SEND = '/api/blade-desk/process/finance/start-process';
const DETAIL = '/api/blade-system/process/expense/detail';
const WORK = '/api/blade-flow/work';
type Row = Record<string, unknown> & { id: string };

let t: TestApp;
let admin: string;
let claimant: Person;
let approver: Person;
let other: Person;
let payer: Person;
let employeeId: string;
let fundDefinition: string;

const CLAIM = {
  expenseType: '1',
  expenseDate: '2026-10-12',
  amount: '880.50',
  invoiceCount: 3,
  reason: '上海客户拜访',
};

const personWith = (account: string, codes: string[]) => personWithCodes(t, account, codes);
const save = (who: Person, body: Record<string, unknown>) => t.post(`${EXPENSE}/submit`, who.token, body);
const claimOf = async (id: string, who: Person = claimant): Promise<Row> =>
  expectOk(await t.get(`${EXPENSE}/detail?id=${id}`, who.token)) as Row;
const send = (who: Person, businessId: string, extra: Record<string, unknown> = {}) =>
  t.post(SEND, who.token, { businessId, processDefinitionId: fundDefinition, taskUser: approver.id, ...extra });
const todoOf = (app: TestApp, who: Person) =>
  app
    .get(`${WORK}/todo-list?size=100`, who.token)
    .then((res) => (expectOk(res) as { records: Array<Record<string, string>> }).records);
const taskOf = async (who: Person, businessId: string, app = t) =>
  (await todoOf(app, who)).find((r) => r.businessId === businessId);
const decide = (who: Person, taskId: string, pass: boolean, comment?: string) =>
  t.post(`${WORK}/complete-task`, who.token, { taskId, ...(pass ? { flag: 'ok' } : { pass: false }), comment });
async function newClaim(body: Record<string, unknown> = {}): Promise<Row> {
  return expectOk(await save(claimant, { ...CLAIM, ...body })) as Row;
}

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
  const expenseCodes = [...crudCodes('expense'), 'expense_submit', 'work', 'work_todo'];
  claimant = await personWith('ex_claimant', expenseCodes);
  other = await personWith('ex_other', expenseCodes);
  approver = await personWith('ex_approver', ['work', 'work_todo', 'work_claim']);
  payer = await personWith('ex_payer', ['expense', 'expense_edit', 'expense_pay']);
  const employee = expectOk(
    await t.post('/api/blade-system/employee/submit', admin, {
      employeeNo: 'EX001',
      name: '钱报销',
      sex: 1,
      orgId: '1010',
      deptId: SEED.deptChangzhou,
      phone: '13912340001',
      employmentType: '1',
      entryDate: '2020-01-01',
      userId: claimant.id,
    }),
  ) as Row;
  employeeId = employee.id;
  fundDefinition = await definitionOf(t, claimant.token, 'Finance');
}, 60_000);
afterAll(() => t?.stop());

describe('an expense claim', () => {
  it('is numbered per day and defaults to the caller as claimant, his place, and the account of its type', async () => {
    const first = await newClaim();
    expect(first).toMatchObject({
      applicantId: employeeId,
      applicantName: '钱报销',
      deptId: SEED.deptChangzhou,
      orgId: '1010',
      orgName: '常州布雷德',
      subjectCode: '660203',
      subjectName: '差旅费',
      expenseTypeName: '差旅费',
      amount: 880.5,
      expenseStatus: '0',
      expenseStatusName: '草稿',
    });
    expect(first.expenseNo).toMatch(/^BX\d{8}\d{4}$/);
    const second = await newClaim({ expenseType: '3', subjectCode: '' });
    expect(Number(String(second.expenseNo).slice(-4))).toBe(Number(String(first.expenseNo).slice(-4)) + 1);
    expect(String(second.expenseNo).slice(2, 10)).toBe(String(first.expenseNo).slice(2, 10));
    expect(second.subjectCode).toBe('660202');
    // A type without an account, or an account chosen, stays as given.
    expect((await newClaim({ expenseType: '10' })).subjectCode).toBe('');
    expect((await newClaim({ subjectCode: '510101' })).subjectCode).toBe('510101');
  });

  it("is found by the domain's searches", async () => {
    const claim = await newClaim({ expenseType: '5', expenseDate: '2026-03-15', reason: '三月话费' });
    const found = async (query: string) =>
      (expectOk(await t.get(`${EXPENSE}/list?size=100&${query}`, claimant.token)) as { records: Row[] }).records.map(
        (r) => r.id,
      );
    const no = String(claim.expenseNo);
    expect(await found(`expenseNo=${no.slice(-6)}`)).toContain(claim.id);
    expect(await found(`expenseType_equal=5&applicantId_equal=${employeeId}`)).toEqual([claim.id]);
    expect(await found(`expenseDate_dategt=2026-03-14&expenseDate_datelt=2026-03-16`)).toEqual([claim.id]);
    expect(await found(`deptId_equal=${SEED.deptChangzhou}&orgId_equal=1010&expenseStatus_equal=0`)).toContain(
      claim.id,
    );
    expect(await found(`orgId_equal=1020`)).toEqual([]);
  });

  it('keeps the account and the claimant it names from being deleted', async () => {
    await newClaim({ subjectCode: '660206' });
    const account = (
      expectOk(await t.get('/api/blade-system/subject/page?subjectCode_equal=660206', admin)) as { records: Row[] }
    ).records[0];
    expectError(
      await t.post(`/api/blade-system/subject/remove?ids=${account.id}`, admin),
      400,
      '科目已被使用，不能删除',
    );
    expectError(
      await t.post(`/api/blade-system/employee/remove?ids=${employeeId}`, admin),
      400,
      '已被费用报销引用，不能删除',
    );
  });

  it('refuses what the domain refuses, with its messages', async () => {
    expectError(await save(claimant, { ...CLAIM, reason: ' ' }), 400, '请输入报销事由');
    expectError(await save(claimant, { ...CLAIM, amount: '0' }), 400, '报销金额必须大于0');
    expectError(await save(claimant, { ...CLAIM, invoiceCount: -1 }), 400, '票据张数不能小于0');
    expectError(await save(claimant, { ...CLAIM, expenseDate: '2099-01-01' }), 400, '发生日期不能晚于今天');
    expectError(await save(claimant, { ...CLAIM, expenseType: '99' }), 400, '请选择费用类型');
    expectError(
      await save(claimant, { ...CLAIM, subjectCode: '100201' }),
      400,
      '费用科目须为6601、6602或5101下的末级科目',
    );
    expectError(await save(claimant, { ...CLAIM, subjectCode: '6602' }), 400, '请选择末级科目');
    expectError(await save(claimant, { ...CLAIM, orgId: 'NOPE' }), 400, '公司不存在');
    expectError(await save(claimant, { ...CLAIM, expenseStatus: '2' }), 400, '新记录的单据状态不能是“已通过”');
    // A claimant that is no id (the fuzz's object) is refused as a reference, never looked up.
    expectError(await save(claimant, { ...CLAIM, applicantId: { id: 1 }, deptId: '', orgId: '' }), 400);
    // Nobody's employee: no claimant to default to.
    expectError(await t.post(`${EXPENSE}/submit`, admin, CLAIM), 400, '请选择报销人');
  });

  it('goes to the approver the sender picks, who approves it; finance then pays it with the payment date', async () => {
    const claim = await newClaim({ amount: '1200' });
    expectError(await send(claimant, claim.id, { taskUser: claimant.id }), 400, '不能选择自己作为审批人');
    expectOk(await send(claimant, claim.id));
    const sent = await claimOf(claim.id);
    expect(sent).toMatchObject({ expenseStatus: '1', processDefinitionId: fundDefinition, taskUser: approver.id });
    expect(sent.processInstanceId).toMatch(/^\d+$/);
    expectError(await send(claimant, claim.id), 400, '申请不存在或已在审批中');
    expectError(await save(claimant, { id: claim.id, amount: '1' }), 400, '审批中或已通过的报销单不能修改');
    expectError(
      await t.post(`${EXPENSE}/remove?ids=${claim.id}`, claimant.token),
      400,
      '审批中或已通过的报销单不能修改',
    );

    const task = await taskOf(approver, claim.id);
    expect(task).toMatchObject({ businessTable: 'erp_expense', taskName: '审批人审批', category: '2' });
    const detail = expectOk(await t.get(`${DETAIL}?businessId=${claim.id}`, approver.token));
    expect(detail).toMatchObject({
      expenseNo: claim.expenseNo,
      applicantName: '钱报销',
      expenseTypeName: '差旅费',
      orgName: '常州布雷德',
      amount: '1200.00',
      status: 1,
      flow: { businessTable: 'erp_expense', processInstanceId: sent.processInstanceId },
    });
    expectOk(await decide(approver, task!.taskId, true));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '2', expenseStatusName: '已通过' });

    expectError(await save(payer, { id: claim.id, expenseStatus: '4' }), 400, '请选择付款日期');
    expectError(
      await save(payer, { id: claim.id, expenseStatus: '4', payDate: '2026-11-01', amount: '1' }),
      400,
      '审批中或已通过的报销单不能修改',
    );
    // The claimant edits claims but does not pay them: 付款 is a button of its own.
    expectError(await save(claimant, { id: claim.id, expenseStatus: '4', payDate: '2026-11-01' }), 403);
    expectOk(await save(payer, { id: claim.id, expenseStatus: '4', payDate: '2026-11-01' }));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '4', payDate: '2026-11-01' });
    expectError(await save(payer, { id: claim.id, payDate: '2026-11-02' }), 400, '审批中或已通过的报销单不能修改');
    expectError(await save(payer, { id: claim.id, expenseStatus: '2' }), 400, '单据状态不能从“已付款”变为“已通过”');
    // Past its process: the generic pages say only that it ended.
    expect(expectOk(await t.get(`${DETAIL}?businessId=${claim.id}`, claimant.token))).toMatchObject({ status: 0 });
  });

  it('is dated paid by 付款 alone: its claimant sets no pay date, on a new claim, a draft or an approved one', async () => {
    const byPayOnly = '付款日期只能在“已通过”变为“已付款”时填写';
    expectError(await save(claimant, { ...CLAIM, payDate: '2026-11-01' }), 400, byPayOnly);
    const claim = await newClaim();
    expectError(await save(claimant, { id: claim.id, payDate: '2026-11-01' }), 400, byPayOnly);
    expectOk(await send(claimant, claim.id));
    expectOk(await decide(approver, (await taskOf(approver, claim.id))!.taskId, true));

    // Approved: he edits nothing of it, the pay date included, whether he names its state or not.
    expectError(await save(claimant, { id: claim.id, payDate: '2026-11-01' }), 400, '审批中或已通过的报销单不能修改');
    expectError(
      await save(claimant, { id: claim.id, expenseStatus: '2', payDate: '2026-11-01' }),
      400,
      '审批中或已通过的报销单不能修改',
    );
    // Finance dates it only by paying it.
    expectError(await save(payer, { id: claim.id, payDate: '2026-11-01' }), 400, '审批中或已通过的报销单不能修改');
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '2', payDate: '' });
    expectOk(await save(payer, { id: claim.id, expenseStatus: '4', payDate: '2026-11-03' }));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '4', payDate: '2026-11-03' });
  });

  it('rejected, is edited back to a draft and sent again into the same process, to the approver now picked', async () => {
    const claim = await newClaim();
    expectOk(await send(claimant, claim.id));
    const { processInstanceId } = await claimOf(claim.id);
    expectOk(await decide(approver, (await taskOf(approver, claim.id))!.taskId, false, '缺发票'));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '3', expenseStatusName: '已驳回' });
    expect(await taskOf(claimant, claim.id)).toMatchObject({ taskName: '调整申请', processInstanceId });

    expectOk(await save(claimant, { id: claim.id, amount: '660', invoiceCount: 4 }));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '0', amount: 660 });
    expectOk(await send(claimant, claim.id, { taskUser: other.id, comment: '已补发票' }));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '1', processInstanceId, taskUser: other.id });
    expect(await taskOf(claimant, claim.id)).toBeUndefined();
    const again = await taskOf(other, claim.id);
    expect(again).toMatchObject({ taskName: '审批人审批', processInstanceId });
    expectOk(await decide(other, again!.taskId, true));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '2' });
  });

  it('rejected and sent again unchanged, continues its process as well', async () => {
    const claim = await newClaim();
    expectOk(await send(claimant, claim.id));
    expectOk(await decide(approver, (await taskOf(approver, claim.id))!.taskId, false));
    expectOk(await send(claimant, claim.id));
    const sent = await claimOf(claim.id);
    expect((await taskOf(approver, claim.id))?.processInstanceId).toBe(sent.processInstanceId);
  });

  it('withdrawn by its sender is a draft again, and its next sending starts a new process', async () => {
    const claim = await newClaim();
    expectOk(await send(claimant, claim.id));
    const first = await claimOf(claim.id);
    const sentRow = (
      expectOk(await t.get(`${WORK}/send-list?size=100`, claimant.token)) as {
        records: Array<Record<string, string>>;
      }
    ).records.find((r) => r.businessId === claim.id)!;
    expectOk(await t.post(`${WORK}/delete-task?taskId=${sentRow.taskId}&reason=x`, claimant.token));
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '0' });
    expect(await taskOf(approver, claim.id)).toBeUndefined();
    expectOk(await send(claimant, claim.id));
    const second = await claimOf(claim.id);
    expect(second.expenseStatus).toBe('1');
    expect(second.processInstanceId).not.toBe(first.processInstanceId);
  });

  it('withdrawn on its adjusting task is a draft; deleted while sent back, its task goes with it', async () => {
    const withdrawn = await newClaim();
    expectOk(await send(claimant, withdrawn.id));
    expectOk(await decide(approver, (await taskOf(approver, withdrawn.id))!.taskId, false));
    expectOk(await decide(claimant, (await taskOf(claimant, withdrawn.id))!.taskId, false));
    expect(await claimOf(withdrawn.id)).toMatchObject({ expenseStatus: '0' });

    const deleted = await newClaim();
    expectOk(await send(claimant, deleted.id));
    expectOk(await decide(approver, (await taskOf(approver, deleted.id))!.taskId, false));
    expect(await taskOf(claimant, deleted.id)).toBeDefined();
    expectOk(await t.post(`${EXPENSE}/remove?ids=${deleted.id}`, claimant.token));
    expect(await taskOf(claimant, deleted.id)).toBeUndefined();
  });

  it('is sent only by a holder of expense_submit, through the fund category, and continued only by its sender', async () => {
    const claim = await newClaim();
    expectError(await send(payer, claim.id), 403);
    const leave = await definitionOf(t, claimant.token, 'Leave');
    expectError(await send(claimant, claim.id, { processDefinitionId: leave }), 400, `流程定义不存在: ${leave}`);
    expectError(await send(claimant, '1'), 400, '申请不存在或已在审批中');
    expectOk(await send(claimant, claim.id));
    expectOk(await decide(approver, (await taskOf(approver, claim.id))!.taskId, false));
    // Another sender sees the claim but not the process waiting on its sender.
    expectError(await send(other, claim.id), 400, '申请不存在或已在审批中');
  });
});

describe('expense claims across tenants', () => {
  it('are neither read, changed, deleted nor sent by another tenant', async () => {
    const claim = await newClaim();
    const codes = [...crudCodes('expense'), 'expense_submit', 'work', 'work_todo'];
    const { token } = await createTenantAdmin(t, '610501', codes, 'ex_boss');
    const foreign = { id: '', account: 'ex_boss', token };
    const listed = expectOk(await t.get(`${EXPENSE}/list?size=100`, token)) as { records: Row[] };
    expect(listed.records.map((r) => r.id)).not.toContain(claim.id);
    expect(expectOk(await t.get(`${EXPENSE}/detail?id=${claim.id}`, token))).toBeNull();
    expectError(await save(foreign, { id: claim.id, reason: 'x' }), 400, '数据不存在或无权访问');
    expectError(await t.post(`${EXPENSE}/remove?ids=${claim.id}`, token), 400, '数据不存在或无权访问');
    expectError(
      await t.post(SEND, token, { businessId: claim.id, processDefinitionId: fundDefinition, taskUser: approver.id }),
      400,
    );
    expect(expectOk(await t.get(`${DETAIL}?businessId=${claim.id}`, token))).toBeNull();
    expect(await claimOf(claim.id)).toMatchObject({ expenseStatus: '0', reason: CLAIM.reason });
  });
});

describe('the demo command', () => {
  let demo: TestApp;
  afterAll(() => demo?.stop());

  it("adds the year's settled claims and 张三's own in every state, the sent ones in their approvers' inboxes", async () => {
    demo = await startApp();
    const { db } = demo.services;
    await seedDemo(db);
    await seedDemoCompanies(db);
    await seedMasterdataDemo(db);
    await seedFinanceDemo(db);
    await grantFinanceRole(db);
    expect(await seedExpenseDemo(db)).toEqual([
      expect.stringMatching(/^\d+ expense situation rows$/),
      expect.stringMatching(/^\d+ expense claims \(4 sent/),
    ]);
    expect(await seedExpenseDemo(db)).toEqual([]);

    const login = async (account: string) => ({ id: '', account, token: await demo.tokenOf(account, DEMO_PASSWORD) });
    const zhangsan = await login('zhangsan');
    const zhaocw = await login('zhaocw');
    const listOf = async (who: Person) =>
      (expectOk(await demo.get(`${EXPENSE}/list?size=1000`, who.token)) as { records: Row[] }).records;
    // Finance sees the group's claims; 张三 (the user role's 本人的报销单 data scope) the claims he entered.
    const claims = await listOf(zhaocw);
    const his = await listOf(zhangsan);
    expect(his.length).toBeGreaterThan(0);
    expect(his.length).toBeLessThan(claims.length);
    expect(his.every((c) => c.applicantName === '张三' && c.createUser === his[0]!.createUser)).toBe(true);
    const today = formatDateTime().slice(0, 10);
    expect(claims.every((c) => String(c.expenseDate) <= today)).toBe(true);
    expect(new Set(claims.map((c) => c.expenseStatus))).toEqual(new Set(['0', '1', '2', '3', '4']));
    // What the budget's expense situation sums: approved and paid claims of 常州's budgeted accounts.
    const settled = claims.filter(
      (c) => ['2', '4'].includes(String(c.expenseStatus)) && c.deptId === SEED.deptChangzhou && c.orgId === '1010',
    );
    expect(new Set(settled.map((c) => c.subjectCode))).toEqual(new Set(['660202', '660203', '660104']));

    const mine = claims.filter((c) => c.applicantName === '张三');
    expect(mine.map((c) => c.id).sort()).toEqual(his.map((c) => c.id).sort());
    const waiting = mine.find((c) => c.expenseStatus === '1' && Number(c.amount) < 10000)!;
    // His recent claims carry receipts the approver opens on his phone: a photo, an invoice PDF with every other one;
    // none where several processes would each keep them on their own disk (REDIS_URL without a shared folder or S3).
    const { files } = loadConfig();
    const storeForAll = !files.severalProcesses || files.sharedDir || files.s3 !== undefined;
    if (storeForAll)
      expect(waiting.attachFiles).toEqual(expect.arrayContaining([expect.objectContaining({ extension: 'png' })]));
    else expect(waiting.attachFiles).toEqual([]);
    const lisi = await login('lisi');
    expect(await taskOf(lisi, waiting.id, demo)).toMatchObject({
      taskName: '审批人审批',
      businessTable: 'erp_expense',
    });
    const rejected = mine.find((c) => c.expenseStatus === '3')!;
    expect(await taskOf(zhangsan, rejected.id, demo)).toMatchObject({ taskName: '调整申请' });
    const large = mine.find((c) => c.reason === '德国供应商审核差旅')!;
    // The trip over the travel budget waits for 李四, marked by the budget check by what it goes over.
    const over = mine.find((c) => c.reason === '欧洲客户年度走访差旅')!;
    expect(over).toMatchObject({ expenseStatus: '1', subjectCode: '660203' });
    expect(Number(over.overBudget)).toBeGreaterThanOrEqual(1860);
    expect(await taskOf(lisi, over.id, demo)).toMatchObject({ taskName: '审批人审批' });
    const claimList = await demo.get(`${WORK}/claim-list?size=100`, zhaocw.token);
    const forFinance = (expectOk(claimList) as { records: Array<Record<string, string>> }).records;
    expect(forFinance.find((r) => r.businessId === large.id)).toMatchObject({ taskName: '财务审批' });

    // A claim 张三 adds is his, in his department and company.
    const added = expectOk(await demo.post(`${EXPENSE}/submit`, zhangsan.token, CLAIM)) as Row;
    expect(added).toMatchObject({ applicantName: '张三', deptId: SEED.deptChangzhou, orgId: '1010' });
  });
});
