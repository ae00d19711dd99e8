import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';
import { WORK, definitionOf, person, simpleModel, todo, upload, type Person } from './flow.support.ts';

/** The generic start (issue 34 point 4): any start-list definition started by hand, with no business row. */

const FLOW = '/api/blade-flow';
let t: TestApp;
let admin: string;
let starter: Person;
let approver: Person;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const deployTo = async (tenantIds: string, key: string) =>
  expectOk(
    await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds }, [
      { field: 'files', name: `${key}.bpmn20.xml`, content: simpleModel(key) },
    ]),
  );
const start = (who: Person, body: unknown, headers: Record<string, string> = {}) =>
  t.post(`${WORK}/start-process`, who.token, body, headers);

beforeAll(async () => {
  await createTenant(t, '600401');
  const roles = new Map<string, string>();
  starter = await person(t, '000000', 'gs_starter', 'staff', roles);
  approver = await person(t, '000000', 'gs_approver', 'manager', roles);
  await deployTo('000000', 'GenericStart');
}, 60_000);

describe('work/start-process', () => {
  it('starts a start-list definition: the caller is the starter, its first task is in the assignee’s todo list', async () => {
    const definitionId = await definitionOf(t, starter.token, 'GenericStart');
    const started = expectOk(
      await start(starter, { processDefinitionId: definitionId, variables: { taskUser: approver.id } }),
    );
    expect(started).toEqual({ processInstanceId: expect.stringMatching(/^\d+$/) });
    const task = (await todo(t, approver)).find((r) => r.processInstanceId === started.processInstanceId);
    expect(task).toMatchObject({
      taskDefinitionKey: 'approve',
      processDefinitionKey: 'GenericStart',
      businessTable: '',
      businessId: '',
    });
    const sent = expectOk(await t.get(`${WORK}/send-list?size=100`, starter.token)).records;
    expect(sent.map((r: { processInstanceId: string }) => r.processInstanceId)).toContain(started.processInstanceId);
  });

  it('takes the query and variables as JSON text, as a form sends them', async () => {
    const definitionId = await definitionOf(t, starter.token, 'GenericStart');
    const query = new URLSearchParams({
      processDefinitionId: definitionId,
      variables: JSON.stringify({ taskUser: approver.id }),
    });
    const started = expectOk(await t.post(`${WORK}/start-process?${query}`, starter.token));
    expect((await todo(t, approver)).map((r) => r.processInstanceId)).toContain(started.processInstanceId);
  });

  it('refuses an unknown definition and another tenant’s, in the caller’s language', async () => {
    expectError(await start(starter, { processDefinitionId: 'Nope:1:1' }), 400, '流程定义不存在: Nope:1:1');
    expectError(
      await start(starter, { processDefinitionId: 'Nope:1:1' }, { 'accept-language': 'en' }),
      400,
      'No such process definition: Nope:1:1',
    );
    await deployTo('600401', 'OtherTenantStart');
    const other = expectOk(await t.get(`${FLOW}/manager/list?size=100&key=OtherTenantStart`, admin)).records;
    expect(other).toHaveLength(1);
    expectError(
      await start(starter, { processDefinitionId: other[0].id, variables: { taskUser: approver.id } }),
      400,
      `流程定义不存在: ${other[0].id}`,
    );
    expectError(await start(starter, {}), 400);
  });

  it('refuses a business’s process: a leave starts from its request form, which saves the request with it', async () => {
    const leave = await definitionOf(t, starter.token, 'Leave');
    expectError(
      await start(starter, { processDefinitionId: leave, variables: { taskUser: approver.id } }),
      400,
      `该流程须从其业务申请单发起: ${leave}`,
    );
    expect(await todo(t, approver)).not.toContainEqual(expect.objectContaining({ processDefinitionId: leave }));
  });

  it('refuses a suspended definition', async () => {
    await deployTo('000000', 'SuspendedStart');
    const definitionId = await definitionOf(t, starter.token, 'SuspendedStart');
    expectOk(
      await t.post(`${FLOW}/manager/change-state?state=suspend&processId=${encodeURIComponent(definitionId)}`, admin),
    );
    expectError(
      await start(starter, { processDefinitionId: definitionId, variables: { taskUser: approver.id } }),
      400,
      '流程已挂起,不能发起: 测试流程 SuspendedStart',
    );
  });

  it('refuses variables that are not a JSON object', async () => {
    const definitionId = await definitionOf(t, starter.token, 'GenericStart');
    for (const variables of [[1, 2], 'not json', '[1]', 5])
      expectError(
        await start(starter, { processDefinitionId: definitionId, variables }),
        400,
        '流程变量须为 JSON 对象',
      );
    expectError(
      await start(starter, { processDefinitionId: definitionId, variables: 'x' }, { 'accept-language': 'en' }),
      400,
      'The process variables must be a JSON object',
    );
  });
});
