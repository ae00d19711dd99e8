import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar/working-days.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { EXPENSE_PAY, EXPENSE_STATUS } from '../../src/shared/entities/finance/expense.ts';
import { INVENTORYLOG_HANDLE } from '../../src/shared/entities/warehouse/inventory-log.ts';
import { taskUserOfId } from '../../src/shared/flow/types.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';

const HOME = '/api/blade-desk/home';
const TENANT = '000000';
let t: TestApp;
let alice: string;
let aliceId: string;
let bob: string;
let finance: string;
let keeper: string;
const today = () => formatDateTime(new Date(), 'Asia/Shanghai').slice(0, 10);

/** A user of tenant 000000 with a role of his own holding `codes`, signed in. */
async function userWith(account: string, codes: string[]): Promise<string> {
  const roleId = codes.length ? await createRole(t, TENANT, `${account}-role`, codes) : SEED.roleUser;
  await createUser(t, { tenantId: TENANT, account, password: 'pw', roleId, deptId: SEED.deptRoot });
  return t.tokenOf(account, 'pw');
}

beforeAll(async () => {
  t = await startApp();
  aliceId = await createUser(t, {
    tenantId: TENANT,
    account: 'alice',
    password: 'pw',
    roleId: SEED.roleUser,
    deptId: SEED.deptRoot,
  });
  alice = await t.tokenOf('alice', 'pw');
  bob = await userWith('bob', []);
  finance = await userWith('fin', [EXPENSE_PAY]);
  keeper = await userWith('keeper', [INVENTORYLOG_HANDLE]);
});
afterAll(() => t?.stop());

describe('home shortcuts', () => {
  it('counts the screens a user opened, batch by batch, and lists his most opened first', async () => {
    expect(expectOk(await t.get(`${HOME}/shortcuts`, alice))).toEqual([]);
    const batch = {
      visits: [
        { path: '/desk/message', count: 2 },
        { path: '/system/user', count: 1 },
        { path: '/desk/message', count: 1 },
      ],
    };
    expectOk(await t.post(`${HOME}/visits`, alice, batch));
    expectOk(await t.post(`${HOME}/visits`, alice, { visits: [{ path: '/flow/todo', count: 2 }] }));
    const shortcuts = expectOk(await t.get(`${HOME}/shortcuts`, alice));
    expect(shortcuts.map((s: { path: string; visits: number }) => [s.path, s.visits])).toEqual([
      ['/desk/message', 3],
      ['/flow/todo', 2],
      ['/system/user', 1],
    ]);
    expect(expectOk(await t.get(`${HOME}/shortcuts?size=1`, alice))).toHaveLength(1);
  });

  it('keeps each user his own counts', async () => {
    expect(expectOk(await t.get(`${HOME}/shortcuts`, bob))).toEqual([]);
  });

  it('refuses paths that are no menu path, oversized batches and callers without a token', async () => {
    expectError(await t.post(`${HOME}/visits`, alice, { visits: [{ path: "/x'; drop", count: 1 }] }), 400);
    expectError(await t.post(`${HOME}/visits`, alice, { visits: [{ path: '/desk/message', count: 0 }] }), 400);
    const many = Array.from({ length: 51 }, (_, i) => ({ path: `/p/${i}`, count: 1 }));
    expectError(await t.post(`${HOME}/visits`, alice, { visits: many }), 400);
    expectError(await t.post(`${HOME}/visits`, undefined, { visits: [] }), 401);
    expect(expectOk(await t.get(`${HOME}/shortcuts`, alice))[0]).toMatchObject({ path: '/desk/message', visits: 3 });
  });
});

describe('home charts', () => {
  const keys = async (token: string) =>
    expectOk(await t.get(`${HOME}/charts`, token)).map((c: { key: string }) => c.key);

  it('draws no chart for a user without figures, whatever his codes', async () => {
    for (const token of [alice, finance, keeper]) expect(await keys(token)).toEqual([]);
  });

  it("draws finance's expenses of the year by month for who may pay claims, and no one else", async () => {
    const day = today();
    const base = { tenant_id: TENANT, applicant_id: aliceId, dept_id: SEED.deptRoot, org_id: '1', expense_type: '1' };
    await t.services.db
      .insertInto('erp_expense')
      .values([
        {
          ...base,
          id: nextId(),
          expense_no: 'BX1',
          expense_date: day,
          amount: '120.50',
          expense_status: EXPENSE_STATUS.approved,
        },
        {
          ...base,
          id: nextId(),
          expense_no: 'BX2',
          expense_date: day,
          amount: '79.50',
          expense_status: EXPENSE_STATUS.paid,
        },
        {
          ...base,
          id: nextId(),
          expense_no: 'BX3',
          expense_date: day,
          amount: '999',
          expense_status: EXPENSE_STATUS.draft,
        },
      ])
      .execute();
    const [chart] = expectOk(await t.get(`${HOME}/charts`, finance));
    expect(chart).toMatchObject({ key: 'finance-expense', kind: 'bar' });
    expect(chart.labels).toHaveLength(12);
    const month = Number(day.slice(5, 7));
    expect(chart.labels[month - 1]).toBe(day.slice(0, 7));
    expect(chart.series[0].values[month - 1]).toBe(200);
    expect(await keys(alice)).toEqual([]);
    expect(await keys(keeper)).toEqual([]);
  });

  it("draws the warehouse's receipts and issues of the last 30 days for who may post movements", async () => {
    const row = (bizType: string, direction: number, bizDate: string) => ({
      id: nextId(),
      tenant_id: TENANT,
      log_no: `L${nextId()}`,
      biz_type: bizType,
      direction,
      biz_date: bizDate,
      org_id: '1',
      warehouse: '1',
      product_id: '1',
      product_no: 'P1',
      product_name: '零件',
      qty: '1',
    });
    const day = today();
    await t.services.db
      .insertInto('erp_inventory_log')
      .values([row('101', 1, day), row('201', -1, day), row('201', -1, day), row('101', 1, addDays(day, -40))])
      .execute();
    const [chart] = expectOk(await t.get(`${HOME}/charts`, keeper));
    expect(chart).toMatchObject({ key: 'warehouse-movements', kind: 'bar' });
    expect(chart.labels).toHaveLength(30);
    expect(chart.labels.at(-1)).toBe(day);
    const values = Object.fromEntries(chart.series.map((s: { key: string; values: number[] }) => [s.key, s.values]));
    expect(values.receipts.at(-1)).toBe(1);
    expect(values.issues.at(-1)).toBe(2);
    expect(values.receipts.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(await keys(finance)).toEqual(['finance-expense']);
  });

  it('draws the approvals a user completed in each of the last 8 weeks, once he has completed any', async () => {
    await t.services.db
      .insertInto('blade_flow_task')
      .values(
        [0, 0, 8].map((back) => ({
          id: nextId(),
          tenant_id: TENANT,
          instance_id: nextId(),
          definition_id: 'leave:1:1',
          execution_id: 'e1',
          task_key: 'approve',
          assignee: taskUserOfId(aliceId),
          status: 'completed',
          create_time: `${addDays(today(), -back)} 08:00:00`,
          end_time: `${addDays(today(), -back)} 09:00:00`,
        })),
      )
      .execute();
    const [chart] = expectOk(await t.get(`${HOME}/charts`, alice));
    expect(chart).toMatchObject({ key: 'flow-approvals', kind: 'line' });
    expect(chart.labels).toHaveLength(8);
    expect(new Date(`${chart.labels[7]}T00:00:00Z`).getUTCDay()).toBe(1);
    const values: number[] = chart.series[0].values;
    expect(values[7]).toBe(2);
    expect(values.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await keys(bob)).toEqual([]);
  });
});
