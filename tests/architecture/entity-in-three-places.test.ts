import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser, crudCodes } from '../support/factories.ts';
import { sheetOf } from '../support/uploads.ts';
import { definitionOf, type Person } from '../server/flow.support.ts';
import { GADGET_STATUS, GADGET_SUBMIT, gadget } from './fixtures/gadget/gadget.ts';
import { GADGET_MIGRATIONS, gadgetModule } from './fixtures/gadget/manifest.ts';

/**
 * Issue 33 point 1, the server's half: a business entity is its definition, its migration and its module's manifest
 * line (tests/architecture/fixtures/gadget holds nothing else). Handed to the app as one more module, it is listed,
 * edited with its lines, approved through the inbox the phone reads, and exported.
 */
const SYS = '/api/blade-system';
const GADGET = `${SYS}/${gadget.name}`;
const WORK = '/api/blade-flow/work';

let t: TestApp;
let applicant: Person;
let approver: Person;
let productA: string;
let productB: string;

async function personWith(account: string, codes: string[]): Promise<Person> {
  const roleId = await createRole(t, '000000', account.slice(0, 10), codes);
  const id = await createUser(t, {
    tenantId: '000000',
    account,
    password: 'pw',
    roleId,
    deptId: SEED.deptChangzhou,
    realName: account.slice(3),
  });
  return { id, account, token: await t.tokenOf(account, 'pw') };
}

async function newProduct(admin: string, categoryId: string, productNo: string): Promise<string> {
  const body = { productType: '3', categoryId, productNo, productName: `器件料${productNo}` };
  return expectOk(await t.post(`${SYS}/product/submit`, admin, body)).id;
}

beforeAll(async () => {
  t = await startApp({}, undefined, { extraModules: [gadgetModule], extraMigrations: [GADGET_MIGRATIONS] });
  const admin = await t.tokenOf();
  const categoryId = expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryCode: 'GD-C',
      categoryName: '器件',
      categoryType: '3',
    }),
  ).id;
  productA = await newProduct(admin, categoryId, 'GD-A');
  productB = await newProduct(admin, categoryId, 'GD-B');
  applicant = await personWith('gd_applicant', [
    ...crudCodes(gadget.code),
    `${gadget.code}_export`,
    GADGET_SUBMIT,
    'work',
    'work_todo',
  ]);
  approver = await personWith('gd_approver', ['work', 'work_todo', 'work_claim']);
}, 60_000);
afterAll(() => t?.stop());

const detailOf = async (id: string) => expectOk(await t.get(`${GADGET}/detail?id=${id}`, applicant.token));

describe('an entity added in its definition, its migration and its manifest only', () => {
  let id: string;

  it('is listed, its reference named', async () => {
    id = expectOk(
      await t.post(`${GADGET}/submit`, applicant.token, {
        gadgetNo: 'GD-1',
        deptId: SEED.deptChangzhou,
        amount: '880.50',
        items: [{ productId: productA, qty: '2', sort: 1 }],
      }),
    ).id;
    const page = expectOk(await t.get(`${GADGET}/list?gadgetNo=GD-1`, applicant.token));
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      id,
      gadgetNo: 'GD-1',
      amount: 880.5,
      deptName: '常州布雷德',
      gadgetStatus: GADGET_STATUS.draft,
    });
  });

  it('is edited with its lines', async () => {
    expectOk(
      await t.post(`${GADGET}/submit`, applicant.token, {
        id,
        gadgetNo: 'GD-1',
        deptId: SEED.deptChangzhou,
        amount: '990.00',
        items: [
          { productId: productA, qty: '3', sort: 1 },
          { productId: productB, qty: '1.5', sort: 2 },
        ],
      }),
    );
    const saved = await detailOf(id);
    expect(saved).toMatchObject({ amount: 990 });
    expect(saved.items.map((line: { productId: string; qty: number }) => [line.productId, line.qty])).toEqual([
      [productA, 3],
      [productB, 1.5],
    ]);
  });

  it('is approved through the inbox the phone reads: sent, listed to its approver, decided', async () => {
    const processDefinitionId = await definitionOf(t, applicant.token, 'Finance');
    expectOk(
      await t.post('/api/blade-desk/process/finance/start-process', applicant.token, {
        businessId: id,
        processDefinitionId,
        taskUser: approver.id,
      }),
    );
    expect((await detailOf(id)).gadgetStatus).toBe(GADGET_STATUS.running);
    const todo = expectOk(await t.get(`${WORK}/todo-list?size=100`, approver.token)).records as Array<
      Record<string, string>
    >;
    const task = todo.find((row) => row.businessId === id);
    expect(task, JSON.stringify(todo)).toMatchObject({ businessTable: gadget.table });
    // The phone's card reads the request by its kind.
    const request = expectOk(
      await t.get(`${SYS}/process/${gadget.approval!.kind}/detail?businessId=${id}`, approver.token),
    );
    expect(request).toMatchObject({ gadgetNo: 'GD-1', amount: '990.00' });
    expectOk(await t.post(`${WORK}/complete-task`, approver.token, { taskId: task!.taskId, flag: 'ok' }));
    expect((await detailOf(id)).gadgetStatus).toBe(GADGET_STATUS.approved);
  });

  it('is exported, its labels heading the columns', async () => {
    const rows = await sheetOf(await t.get(`${GADGET}/export-${gadget.name}?gadgetNo=GD-1`, applicant.token));
    const [header] = rows;
    expect(header).toEqual(expect.arrayContaining(['器件单号', '申请部门', '金额', '审批状态']));
    expect(rows).toHaveLength(2);
    const cell = (label: string) => rows[1][header.indexOf(label)];
    expect([cell('器件单号'), cell('申请部门')]).toEqual(['GD-1', '常州布雷德']);
  });
});
