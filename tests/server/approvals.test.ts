import type { DynamicDb } from '../../src/server/db/connect.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { CLAIM_STATUS, createExpenseClaimTable, expenseClaim } from '../support/expense-claim-fixture.ts';
import { WORK, complete, person, simpleModel, taskOf, upload, type Person } from './flow.support.ts';

/**
 * Issue 11: a business becomes approvable by its declaration alone. A test-only expense claim, with its own status
 * values, runs through the same routes as leave and fund approval: start, approve, reject, withdraw, detail.
 */
const CLAIM = '/api/blade-desk/process/test-claim';

let t: TestApp;
let admin: string;
let applicant: Person;
let approver: Person;
let definitionId: string;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [expenseClaim] });
  await createExpenseClaimTable(t);
  admin = await t.tokenOf();
  const roles = new Map<string, string>();
  applicant = await person(t, '000000', 'claim_applicant', 'staff', roles);
  approver = await person(t, '000000', 'claim_approver', 'manager', roles);
  // Approved only on the saved row's figures: the process sees the claim's fields as variables.
  const model = simpleModel('Claim', { condition: '${pass && total == 1234.5 && nights == 2}' });
  expectOk(
    await upload(t, admin, '/api/blade-flow/manager/deploy-upload', { category: '1', tenantIds: '000000' }, [
      { field: 'files', name: 'Claim.bpmn20.xml', content: model },
    ]),
  );
  definitionId = expectOk(await t.get('/api/blade-flow/manager/list?key=Claim', admin)).records[0].id;
}, 60_000);
afterAll(() => t?.stop());

async function startClaim(body: Record<string, unknown> = {}) {
  expectOk(
    await t.post(`${CLAIM}/start-process`, applicant.token, {
      processDefinitionId: definitionId,
      total: '1234.50',
      nights: 2,
      purpose: '出差',
      taskUser: approver.id,
      ...body,
    }),
  );
  const sent = expectOk(await t.get(`${WORK}/send-list`, applicant.token));
  return sent.records[0] as { processInstanceId: string; businessId: string };
}

const statusOf = async (businessId: string) =>
  Number(
    (
      await (t.services.db as DynamicDb)
        .selectFrom('test_expense_claim')
        .select('status')
        .where('id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).status,
  );

describe('a business declared approvable', () => {
  it('starts with its process, checked by its definition and the approval rules', async () => {
    const base = { processDefinitionId: definitionId, total: '10', purpose: 'x', taskUser: approver.id };
    expectError(await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, total: '' }), 400, '请输入报销金额');
    expectError(await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, purpose: ' ' }), 400, '请输入事由');
    expectError(
      await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, taskUser: '' }),
      400,
      '请选择审批人',
    );
    expectError(
      await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, taskUser: '123' }),
      400,
      '审批人不存在',
    );
    expectError(
      await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, id: '123' }),
      400,
      '申请不存在或已在审批中',
    );
    const request = await startClaim();
    expect(await statusOf(request.businessId)).toBe(CLAIM_STATUS.running);
  });

  it('checks its references and keys in the transaction that starts its process: a refusal starts nothing', async () => {
    const base = { processDefinitionId: definitionId, total: '10', purpose: 'x', taskUser: approver.id };
    const dept = expectOk(
      await t.post('/api/blade-system/dept/submit', admin, {
        deptName: '他租户部门',
        fullName: '他租户部门',
        deptCategory: 2,
        sort: 1,
      }),
    );
    await (t.services.db as DynamicDb)
      .updateTable('blade_dept')
      .set({ tenant_id: '999999' })
      .where('id', '=', dept.id)
      .execute();
    const instances = async () =>
      Number(
        (
          await (t.services.db as DynamicDb)
            .selectFrom('blade_flow_instance')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await instances();
    expectError(
      await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, deptId: dept.id }),
      400,
      '报销部门不存在或无权访问',
    );
    const own = await (t.services.db as DynamicDb)
      .selectFrom('blade_dept')
      .select(['id', 'dept_name'])
      .where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    expectOk(
      await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, claimNo: 'BX-1', deptId: String(own.id) }),
    );
    const [claimed] = expectOk(await t.get(`${WORK}/send-list`, applicant.token)).records;
    const detail = expectOk(await t.get(`${CLAIM}/detail?businessId=${claimed.businessId}`, applicant.token));
    expect(detail).toMatchObject({ claimNo: 'BX-1', deptId: String(own.id), deptName: own.dept_name });
    expectError(
      await t.post(`${CLAIM}/start-process`, applicant.token, { ...base, claimNo: 'BX-1' }),
      400,
      '报销单号已存在',
    );
    expect(await instances()).toBe(before + 1);
  });

  it('is adjusted by its applicant only, through the same checks', async () => {
    const request = await startClaim();
    const adjust = { id: request.businessId, total: '1234.50', nights: 2, purpose: '出差(改)' };
    expectError(await t.post(`${CLAIM}/start-process`, approver.token, adjust), 400, '申请不存在或已在审批中');
    expectError(await t.post(`${CLAIM}/start-process`, applicant.token, { ...adjust, total: 'abc' }), 400);
    expectOk(await t.post(`${CLAIM}/start-process`, applicant.token, { ...adjust, status: CLAIM_STATUS.approved }));
    const detail = expectOk(await t.get(`${CLAIM}/detail?businessId=${request.businessId}`, applicant.token));
    expect(detail).toMatchObject({
      purpose: '出差(改)',
      status: CLAIM_STATUS.running,
      processInstanceId: request.processInstanceId,
    });
  });

  it('follows its process: approved, with the detail and its flow', async () => {
    const request = await startClaim();
    const task = await taskOf(t, approver, request.processInstanceId);
    const detail = expectOk(await t.get(`${CLAIM}/detail?businessId=${request.businessId}`, approver.token));
    expect(detail).toMatchObject({
      id: request.businessId,
      total: '1234.50',
      nights: 2,
      purpose: '出差',
      taskUser: approver.id,
      status: CLAIM_STATUS.running,
      flow: {
        assignee: `taskUser_${applicant.id}`,
        assigneeName: 'applicant名',
        processInstanceId: request.processInstanceId,
        processDefinitionId: definitionId,
        businessTable: 'test_expense_claim',
        businessId: request.businessId,
      },
    });
    expectOk(await complete(t, approver, task.taskId, true));
    expect(await statusOf(request.businessId)).toBe(CLAIM_STATUS.approved);
  });

  it('follows its process: rejected', async () => {
    const request = await startClaim();
    expectOk(await complete(t, approver, (await taskOf(t, approver, request.processInstanceId)).taskId, false));
    expect(await statusOf(request.businessId)).toBe(CLAIM_STATUS.rejected);
  });

  it('follows its process: withdrawn by the applicant', async () => {
    const request = await startClaim();
    const task = await taskOf(t, approver, request.processInstanceId);
    expectOk(await t.post(`${WORK}/delete-task?taskId=${task.taskId}&reason=x`, applicant.token));
    expect(await statusOf(request.businessId)).toBe(CLAIM_STATUS.withdrawn);
  });

  it('decides on the saved figures: a different total ends nowhere the model approves', async () => {
    const request = await startClaim({ total: '99' });
    const task = await taskOf(t, approver, request.processInstanceId);
    expect((await complete(t, approver, task.taskId, true)).json().code).not.toBe(200);
    expect(await statusOf(request.businessId)).toBe(CLAIM_STATUS.running);
  });

  it('is served by the approval routes only: no CRUD write or read path of the engine', async () => {
    for (const action of ['submit', 'save', 'update', 'remove']) {
      const written = await t.post(`/api/blade-desk/${expenseClaim.name}/${action}`, admin, { total: '1' });
      expect(written.statusCode).toBe(404);
    }
    for (const action of ['list', 'page', 'detail']) {
      expect((await t.get(`/api/blade-desk/${expenseClaim.name}/${action}`, admin)).statusCode).toBe(404);
    }
  });
});
