import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { MODEL_APPROVAL_STATUS } from '../../src/shared/develop/model-entity.ts';
import { LIVE_APPROVALS_URL, liveRequestUrl, type LiveEntityWire } from '../../src/shared/develop/live.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { copyTemplate, type DatabaseCopy } from '../support/database.ts';
import { createRole, createUser, crudCodes } from '../support/factories.ts';
import { definitionOf, type Person } from './flow.support.ts';

/**
 * Issue 38 point 3: a live model approved through a kind's process (the fund approval), the way the gadget is: its
 * rows are sent by the holders of `<code>_submit`, listed in the approver's inbox, and follow their process; a new
 * publication of the model is approved the same way, the server never restarted.
 */
const DEV = '/api/blade-develop';
const LIVE = '/api/blade-live';
const WORK = '/api/blade-flow/work';
const SEND = '/api/blade-desk/process/finance/start-process';

let t: TestApp;
let admin: string;
// The app's data outlives a restart of the app (the last test's).
let copy: DatabaseCopy;
beforeAll(async () => {
  copy = await copyTemplate();
  t = await startApp({}, copy);
  admin = await t.tokenOf();
});
afterAll(async () => {
  await t?.close();
  await copy?.drop();
});

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

async function createModel(code: string, table: string, approvalKind: string): Promise<string> {
  const saved = expectOk(
    await t.post(`${DEV}/model/submit`, admin, {
      modelName: `报销${code}`,
      modelCode: code,
      modelTable: table,
      approvalKind,
    }),
  );
  await addColumn(saved.id, { jdbcName: 'title', propertyName: 'title', fieldType: 'string', isRequired: 1 }, 1);
  await addColumn(saved.id, { jdbcName: 'amount', propertyName: 'amount', fieldType: 'money' }, 2);
  return saved.id as string;
}

const addColumn = async (modelId: string, column: Record<string, unknown>, sort: number) =>
  expectOk(
    await t.post(`${DEV}/model-prototype/submit`, admin, {
      modelId,
      isList: 1,
      isForm: 1,
      sort,
      comment: column.propertyName,
      ...column,
    }),
  );

const publish = (id: string) => t.post(`${DEV}/model/publish?id=${id}`, admin);

describe('a live model approved through a kind', () => {
  const code = 'liveclaim';
  let modelId: string;
  let applicant: Person;
  let approver: Person;
  let clerk: Person;
  let processDefinitionId: string;

  const stateOf = async (id: string) =>
    expectOk(await t.get(`${LIVE}/${code}/detail?id=${id}`, applicant.token)).approvalStatus as number;

  /** Saved by the applicant, sent through the fund approval, found in the approver's inbox and approved there. */
  async function approveThroughTheInbox(row: Record<string, unknown>) {
    const saved = expectOk(await t.post(`${LIVE}/${code}/submit`, applicant.token, row));
    expect(await stateOf(saved.id)).toBe(MODEL_APPROVAL_STATUS.draft);
    expectOk(await t.post(SEND, applicant.token, { businessId: saved.id, processDefinitionId, taskUser: approver.id }));
    expect(await stateOf(saved.id)).toBe(MODEL_APPROVAL_STATUS.running);
    const todo = expectOk(await t.get(`${WORK}/todo-list?size=100`, approver.token)).records as Array<
      Record<string, string>
    >;
    const task = todo.find((r) => r.businessId === saved.id);
    expect(task, JSON.stringify(todo)).toMatchObject({ businessTable: 'live_claim' });
    // The phone's card: the definition it renders from, and the request read by its kind as any approvable's.
    const wires = expectOk(await t.get(LIVE_APPROVALS_URL, approver.token)) as LiveEntityWire[];
    const wire = wires.find((w) => w.entity.table === task!.businessTable);
    expect(wire?.entity.approval).toMatchObject({ kind: code, summary: expect.arrayContaining(['title', 'amount']) });
    const request = expectOk(await t.get(`${liveRequestUrl(code)}?businessId=${saved.id}`, approver.token));
    expect(request).toMatchObject({ id: saved.id, title: row.title, status: 1, flow: { businessTable: 'live_claim' } });
    // Nobody else's: a colleague who neither sent it nor may see its process.
    expect(expectOk(await t.get(`${liveRequestUrl(code)}?businessId=${saved.id}`, clerk.token))).toBeNull();
    expectOk(await t.post(`${WORK}/complete-task`, approver.token, { taskId: task!.taskId, flag: 'ok' }));
    expect(await stateOf(saved.id)).toBe(MODEL_APPROVAL_STATUS.approved);
    return saved.id as string;
  }

  it('is published with the approval columns and the 提交审批 button', async () => {
    modelId = await createModel(code, 'live_claim', 'finance');
    expectOk(await publish(modelId));
    const columns = (
      await t.services.db
        .selectFrom('information_schema.columns' as never)
        .select('column_name' as never)
        .where('table_name' as never, '=', 'live_claim' as never)
        .execute()
    ).map((r) => (r as { column_name: string }).column_name);
    expect(columns).toEqual(
      expect.arrayContaining([
        'approval_status',
        'process_definition_id',
        'process_instance_id',
        'task_user',
        'apply_time',
      ]),
    );
    const submit = await t.services.db
      .selectFrom('blade_menu')
      .select(['code', 'path'])
      .where('code', '=', `${code}_submit`)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    expect(submit).toMatchObject({ path: SEND });
    const { entity } = expectOk(await t.get(`${DEV}/model/live-definition?code=${code}`, admin));
    expect(entity.approval).toMatchObject({
      kind: code,
      start: { by: 'kind', kind: 'finance', code: `${code}_submit` },
      field: 'approvalStatus',
      variables: ['amount'],
      summary: ['title', 'amount'],
    });
  });

  it('refuses an approval kind that does not exist', async () => {
    const other = await createModel('livenokind', 'live_nokind', 'nosuchkind');
    expectError(await publish(other), 400, '审批类型 nosuchkind 不存在');
  });

  it('has a row sent by a holder of its 提交审批, approved in the inbox, its state following', async () => {
    applicant = await personWith('lv_applicant', [...crudCodes(code), `${code}_submit`, 'work', 'work_todo']);
    approver = await personWith('lv_approver', ['work', 'work_todo', 'work_claim']);
    processDefinitionId = await definitionOf(t, applicant.token, 'Finance');

    const saved = expectOk(await t.post(`${LIVE}/${code}/submit`, applicant.token, { title: '差旅', amount: 88 }));
    // Without the button, the row is not sent.
    clerk = await personWith('lv_clerk', [...crudCodes(code), 'work']);
    expectError(
      await t.post(SEND, clerk.token, { businessId: saved.id, processDefinitionId, taskUser: approver.id }),
      403,
    );
    // The state is the process's, not the form's.
    expectOk(
      await t.post(`${LIVE}/${code}/submit`, applicant.token, { id: saved.id, title: '差旅', approvalStatus: 2 }),
    );
    expect(await stateOf(saved.id)).toBe(MODEL_APPROVAL_STATUS.draft);

    await approveThroughTheInbox({ title: '会议', amount: 120.5 });
  });

  it('is still approved once the model changed, without a restart', async () => {
    await addColumn(modelId, { jdbcName: 'note', propertyName: 'note', fieldType: 'string' }, 3);
    expect(expectOk(await publish(modelId))).toMatchObject({ version: 2, added: ['note'] });
    const id = await approveThroughTheInbox({ title: '培训', amount: 300, note: '新字段' });
    expect(expectOk(await t.get(`${LIVE}/${code}/detail?id=${id}`, applicant.token)).note).toBe('新字段');
  });

  it('after a restart, a step of a row sent before it finds the model by its table and sets the state', async () => {
    const saved = expectOk(await t.post(`${LIVE}/${code}/submit`, applicant.token, { title: '重启前', amount: 9 }));
    expectOk(await t.post(SEND, applicant.token, { businessId: saved.id, processDefinitionId, taskUser: approver.id }));
    await t.close();
    t = await startApp({}, copy);
    // The approver's step is the first request of the new process: no live screen has been asked for yet.
    const token = await t.tokenOf(approver.account, 'pw');
    const todo = expectOk(await t.get(`${WORK}/todo-list?size=100`, token)).records as Array<Record<string, string>>;
    const task = todo.find((r) => r.businessId === saved.id);
    expect(task, JSON.stringify(todo)).toMatchObject({ businessTable: 'live_claim' });
    expectOk(await t.post(`${WORK}/complete-task`, token, { taskId: task!.taskId, flag: 'ok' }));
    applicant = { ...applicant, token: await t.tokenOf(applicant.account, 'pw') };
    expect(await stateOf(saved.id)).toBe(MODEL_APPROVAL_STATUS.approved);
  });
});
