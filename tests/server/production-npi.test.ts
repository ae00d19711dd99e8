import type { DynamicDb } from '../../src/server/db/connect.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar/working-days.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';

/** Issue 12: new product introduction (NPI) records and their tasks (domain/production.md), over HTTP. */
const SYS = '/api/blade-system';
let t: TestApp;
let admin: string;
let customer: string;
let manager: string;
let part: { id: string; productNo: string; productName: string };

const today = () => formatDateTime().slice(0, 10);
const year = () => today().slice(0, 4);
const idOf = async (table: string, column: string, value: string) =>
  String(
    (
      await (t.services.db as DynamicDb)
        .selectFrom(table)
        .select('id')
        .where(column, '=', value)
        .executeTakeFirstOrThrow()
    ).id,
  );

const npi = (body: Record<string, unknown> = {}) => ({
  customerId: customer,
  project: 'VW316 前门',
  productNo: 'NEW-001',
  productName: '前门内板加强件',
  orgId: '1010',
  stage: '2',
  managerId: manager,
  ...body,
});

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
  const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
  await seedDemoCompanies(t.services.db);
  await seedMasterdataDemo(t.services.db);
  customer = await idOf('erp_customer', 'customer_code', 'C-FAW-VW');
  manager = await idOf('erp_employee', 'employee_no', 'E1003');
  part = expectOk(await t.get(`${SYS}/product/list?size=1`, admin)).records[0];
}, 120_000);
afterAll(() => t?.stop());

describe('NPI records', () => {
  it('are numbered NPI<year><4 digits> by the server, one number each even when saved at the same moment', async () => {
    const first = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ introduceNo: 'MINE' })));
    expect(first.introduceNo).toBe(`NPI${year()}0001`);
    const saved = await Promise.all(
      [1, 2, 3, 4].map(async (i) =>
        expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: `NEW-10${i}` }))),
      ),
    );
    expect(saved.map((r) => r.introduceNo).sort()).toEqual([2, 3, 4, 5].map((n) => `NPI${year()}000${n}`));
    // An edit keeps the number.
    const edited = expectOk(
      await t.post(`${SYS}/productintroduce/submit`, admin, { id: first.id, introduceNo: 'X', project: 'VW316' }),
    );
    expect(edited.introduceNo).toBe(first.introduceNo);
  });

  it('take number and name from the linked part, and keep the typed ones while there is none', async () => {
    const linked = expectOk(
      await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productId: part.id, productNo: 'typed' })),
    );
    expect(linked).toMatchObject({
      productNo: part.productNo,
      productName: part.productName,
      linkedProductNo: part.productNo,
      customerName: '一汽-大众汽车有限公司',
      orgName: '常州布雷德',
      managerName: '周海涛',
      stageName: '定点',
      introduceStatusName: '进行中',
      progress: 0,
    });
  });

  it('refuse dates out of order, unknown companies and customers of another tenant', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(await t.post(`${SYS}/productintroduce/submit`, admin, npi(body)), 400, message);
    await bad({ nominationDate: '2026-05-01', ppapDate: '2026-04-30' }, 'PPAP计划日期不能早于定点日期');
    await bad({ ppapDate: '2026-05-01', sopDate: '2026-04-30' }, 'SOP日期不能早于PPAP计划日期');
    await bad({ orgId: '9999' }, '公司不存在');
    await bad({ customerId: '' }, '请选择客户');
    await bad({ stage: '99' }, '请选择当前阶段');
    const { token } = await createTenantAdmin(t, '700001', ['productintroduce', 'productintroduce_add']);
    expectError(await t.post(`${SYS}/productintroduce/submit`, token, npi()), 400, '客户不存在或无权访问');
  });

  it('are launched (已量产) on reaching SOP, unless on hold or cancelled', async () => {
    const running = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'SOP-1' })));
    const launched = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, { id: running.id, stage: '7' }));
    expect(launched).toMatchObject({ stageName: '量产', introduceStatus: '2', introduceStatusName: '已量产' });
    const held = expectOk(
      await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'SOP-2', introduceStatus: '3' })),
    );
    expect(expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, { id: held.id, stage: '7' }))).toMatchObject({
      introduceStatus: '3',
    });
  });
});

describe('stage updates by project managers (productintroduce_stage)', () => {
  let pm: string;
  let other: string;
  let mine: { id: string };
  let theirs: { id: string };

  beforeAll(async () => {
    // 周海涛 (E1003) gets an account; his role lists NPI records and updates stages, nothing else.
    const role = await createRole(t, '000000', 'npi_pm', ['productintroduce', 'productintroduce_stage']);
    const account = await createUser(t, {
      tenantId: '000000',
      account: 'pm_zhou',
      password: 'pw',
      roleId: role,
      realName: '周海涛',
    });
    await (t.services.db as DynamicDb)
      .updateTable('erp_employee')
      .set({ user_id: account })
      .where('id', '=', manager)
      .execute();
    pm = await t.tokenOf('pm_zhou', 'pw');
    other = await idOf('erp_employee', 'employee_no', 'E1001');
    mine = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'PM-1' })));
    theirs = expectOk(
      await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'PM-2', managerId: other })),
    );
  });

  it('change the stage, dates, status and remark of their own projects, and nothing else', async () => {
    const updated = expectOk(
      await t.post(`${SYS}/productintroduce/stage`, pm, {
        id: mine.id,
        stage: '5',
        ppapDate: '2026-09-01',
        sopDate: '2026-12-01',
        remark: 'PPAP 文件包已提交',
        project: '改名',
        customerId: '1',
        targetPrice: 1,
      }),
    );
    expect(updated).toMatchObject({
      stage: '5',
      stageName: 'PPAP',
      ppapDate: '2026-09-01',
      remark: 'PPAP 文件包已提交',
    });
    expect(updated).toMatchObject({ project: 'VW316 前门', customerId: customer, productNo: 'PM-1' });
    expect(updated.targetPrice ?? null).toBeNull();
    // The same rules as a full edit: SOP launches the project, dates stay in order.
    const launched = expectOk(await t.post(`${SYS}/productintroduce/stage`, pm, { id: mine.id, stage: '7' }));
    expect(launched).toMatchObject({ introduceStatus: '2', introduceStatusName: '已量产' });
    expectError(
      await t.post(`${SYS}/productintroduce/stage`, pm, { id: mine.id, sopDate: '2026-08-01' }),
      400,
      'SOP日期不能早于PPAP计划日期',
    );
    expectError(await t.post(`${SYS}/productintroduce/stage`, pm, { id: mine.id, stage: '99' }), 400, '请选择当前阶段');
    expectError(await t.post(`${SYS}/productintroduce/stage`, pm, { stage: '3' }), 400, /id/);
  });

  it('are offered on the lists for their own projects alone (stageMine), as the server allows them', async () => {
    const listed = expectOk(await t.get(`${SYS}/productintroduce/list?size=100`, pm)).records as Record<
      string,
      unknown
    >[];
    const byId = new Map(listed.map((row) => [row.id, row]));
    expect(byId.get(mine.id)?.stageMine).toBe(true);
    expect(byId.get(theirs.id)?.stageMine).toBe(false);
  });

  it("are refused on another manager's project, and need the button", async () => {
    expectError(
      await t.post(`${SYS}/productintroduce/stage`, pm, { id: theirs.id, stage: '3' }),
      400,
      '只能修改本人负责的新品导入',
    );
    const row = expectOk(await t.get(`${SYS}/productintroduce/detail?id=${theirs.id}`, admin));
    expect(row.stage).toBe('2');
    // The full edit stays closed to him; an NPI administrator (productintroduce_edit) updates any project.
    expect((await t.post(`${SYS}/productintroduce/submit`, pm, { id: mine.id, project: 'x' })).statusCode).toBe(403);
    expect(expectOk(await t.post(`${SYS}/productintroduce/stage`, admin, { id: theirs.id, stage: '3' }))).toMatchObject(
      {
        stage: '3',
      },
    );
    const viewer = await createRole(t, '000000', 'npi_viewer', ['productintroduce']);
    await createUser(t, { tenantId: '000000', account: 'npiview', password: 'pw', roleId: viewer });
    const token = await t.tokenOf('npiview', 'pw');
    expect((await t.post(`${SYS}/productintroduce/stage`, token, { id: mine.id, stage: '3' })).statusCode).toBe(403);
  });
});

describe('tasks', () => {
  let introduce: { id: string; project: string; introduceNo: string };
  const taskBody = (body: Record<string, unknown> = {}) => ({
    taskName: 'OTS 样件提交',
    introduceId: introduce.id,
    ownerId: manager,
    planStartDate: '2026-03-01',
    planEndDate: '2026-04-30',
    ...body,
  });
  const saveTask = async (body: Record<string, unknown>) => expectOk(await t.post(`${SYS}/task/submit`, admin, body));

  beforeAll(async () => {
    introduce = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'TASKS-1' })));
  });

  it("take their NPI record's project, and refuse a finish before the start", async () => {
    const saved = await saveTask(taskBody({ project: 'typed' }));
    expect(saved).toMatchObject({
      project: introduce.project,
      introduceName: introduce.introduceNo,
      ownerName: '周海涛',
      taskStatus: '0',
      taskStatusName: '未开始',
      priorityName: '中',
      progress: 0,
    });
    expectError(
      await t.post(`${SYS}/task/submit`, admin, taskBody({ planEndDate: '2026-02-28' })),
      400,
      '计划完成日期不能早于计划开始日期',
    );
    expectError(await t.post(`${SYS}/task/submit`, admin, taskBody({ progress: '1.5' })), 400, '进度不能大于100%');
  });

  it("follow their state machine on the server, in the caller's language", async () => {
    expectError(
      await t.post(`${SYS}/task/submit`, admin, taskBody({ taskStatus: '2', actualEndDate: '2026-04-01' })),
      400,
      '新记录的任务状态不能是“已完成”',
    );
    const open = await saveTask(taskBody());
    expectError(
      await t.post(`${SYS}/task/submit`, admin, { id: open.id, taskStatus: '2', actualEndDate: '2026-04-01' }),
      400,
      '任务状态不能从“未开始”变为“已完成”',
    );
    expectError(
      await t.post(`${SYS}/task/submit`, admin, { id: open.id, taskStatus: '2' }, { 'accept-language': 'en' }),
      400,
      'Status cannot change from "Not started" to "Completed"',
    );
    await saveTask({ id: open.id, taskStatus: '1', progress: '0.4' });
    expectError(await t.post(`${SYS}/task/submit`, admin, { id: open.id, taskStatus: '2' }), 400, '请选择实际完成');
    const done = await saveTask({ id: open.id, taskStatus: '2', actualEndDate: '2026-04-20' });
    expect(done).toMatchObject({ taskStatusName: '已完成', progress: 1, actualEndDate: '2026-04-20', isOverdue: 0 });
    const reopened = await saveTask({ id: open.id, taskStatus: '1' });
    expect(reopened).toMatchObject({ taskStatusName: '进行中', actualEndDate: '' });
    await saveTask({ id: open.id, taskStatus: '3' });
    expectError(
      await t.post(`${SYS}/task/submit`, admin, { id: open.id, taskStatus: '1' }),
      400,
      '任务状态不能从“已取消”变为“进行中”',
    );
  });

  it('are overdue while open past their planned finish, and make up the progress of their NPI record', async () => {
    const npiRow = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'PROGRESS-1' })));
    const body = (name: string, extra: Record<string, unknown>) =>
      taskBody({ introduceId: npiRow.id, taskName: name, ...extra });
    const late = await saveTask(
      body('PPAP 文件包', { planEndDate: addDays(today(), -1), planStartDate: '2026-01-01' }),
    );
    expect(late.isOverdue).toBe(1);
    await saveTask(body('试模', { taskStatus: '1', progress: '0.5', planEndDate: addDays(today(), 30) }));
    const cancelled = await saveTask(body('样件', { progress: '0.9', planEndDate: addDays(today(), 30) }));
    await saveTask({ id: cancelled.id, taskStatus: '3' });
    // (0 + 0.5) / 2: the cancelled task does not count.
    expect(expectOk(await t.get(`${SYS}/productintroduce/detail?id=${npiRow.id}`, admin)).progress).toBe(0.25);
    const listed = expectOk(await t.get(`${SYS}/productintroduce/list?productNo=PROGRESS-1`, admin)).records[0];
    expect(listed.progress).toBe(0.25);
    const overdue = expectOk(await t.get(`${SYS}/task/list?introduceId_equal=${npiRow.id}`, admin)).records;
    expect(overdue.map((r: { taskName: string; isOverdue: number }) => [r.taskName, r.isOverdue])).toEqual([
      ['PPAP 文件包', 1],
      ['试模', 0],
      ['样件', 0],
    ]);
  });
});

describe('NPI demo', () => {
  it('adds projects with their tasks once, numbered from the same sequence as the console', async () => {
    const { seedNpiDemo } = await import('../../src/server/modules/production/demo/npi-projects.ts');
    expect(await seedNpiDemo(t.services.db)).toEqual(['6 NPI projects', '48 project tasks']);
    expect(await seedNpiDemo(t.services.db)).toEqual(['0 NPI projects']);
    const numbers = expectOk(await t.get(`${SYS}/productintroduce/list?size=100`, admin)).records.map(
      (r: { introduceNo: string }) => r.introduceNo,
    );
    const next = expectOk(await t.post(`${SYS}/productintroduce/submit`, admin, npi({ productNo: 'AFTER-DEMO' })));
    expect(numbers).not.toContain(next.introduceNo);
    expect(new Set(numbers).size).toBe(numbers.length);
    const launched = expectOk(await t.get(`${SYS}/productintroduce/list?stage_equal=7`, admin)).records;
    expect(launched.map((r: { progress: number }) => r.progress)).toContain(1);
  });

  it('adds a project manager (zhouht) who updates the stage of his own projects only', async () => {
    const { seedNpiManagerDemo } = await import('../../src/server/modules/production/demo/npi-projects.ts');
    // The stage tests above gave 周海涛 an account of their own: the demo links him to its one.
    await (t.services.db as DynamicDb)
      .updateTable('erp_employee')
      .set({ user_id: null })
      .where('id', '=', manager)
      .execute();
    expect(await seedNpiManagerDemo(t.services.db)).toEqual(['project manager zhouht']);
    expect(await seedNpiManagerDemo(t.services.db)).toEqual([]);
    const token = await t.tokenOf('zhouht', '123456');
    const buttons = JSON.stringify(expectOk(await t.get(`${SYS}/menu/buttons`, token)));
    expect(buttons).toContain('productintroduce_stage');
    expect(buttons).not.toContain('productintroduce_edit');
    const projects = expectOk(await t.get(`${SYS}/productintroduce/list?size=100`, token)).records as Array<
      Record<string, string>
    >;
    const his = projects.find((r) => r.project === 'VW316 改款')!;
    const other = projects.find((r) => r.project === 'GM-E2 纯电')!;
    expect(expectOk(await t.post(`${SYS}/productintroduce/stage`, token, { id: his.id, stage: '4' }))).toMatchObject({
      stageName: '样件',
    });
    expectError(
      await t.post(`${SYS}/productintroduce/stage`, token, { id: other.id, stage: '6' }),
      400,
      '只能修改本人负责的新品导入',
    );
  });
});
