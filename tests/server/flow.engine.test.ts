import { Engine } from 'bpmn-engine';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODDLE_OPTIONS, engineSource } from '../../src/server/platform/workflow/bpmn-model.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connect.ts';
import { BASIC_SABER, TEST_SECRET, expectError, expectOk, md5, withTestApp, type TestApp } from '../support/app.ts';
import { copyTemplate } from '../support/database.ts';
import {
  LEAVE,
  WORK,
  claimable,
  complete,
  leaveRequest,
  leaveStatus,
  simpleModel,
  staff,
  taskOf,
  todo,
  upload,
  type Person,
} from './flow.support.ts';

/** bpmn-engine's saved state of a new instance of `xml`, waiting at its first user task (as engine-runner kept it). */
async function bpmnEngineState(xml: string): Promise<{ state: string; executionId: string }> {
  const engine = new Engine({ name: 'legacy', source: engineSource(xml), moddleOptions: MODDLE_OPTIONS });
  const listener = new EventEmitter();
  let executionId = '';
  listener.on('wait', (api: { type: string; executionId: string }) => {
    if (api.type === 'bpmn:UserTask') executionId = api.executionId;
  });
  await engine.execute({ listener, variables: { taskUser: 'taskUser_1' } });
  const state = JSON.stringify(await engine.getState());
  await engine.stop();
  expect(executionId).not.toBe('');
  return { state, executionId };
}

/** Issue 5: the engine under pressure — concurrent completion, failing steps, multi-instance tasks, a restart. */

const FLOW = '/api/blade-flow';

describe('on one server', () => {
  let t: TestApp;
  let admin: string;
  withTestApp((app, token) => {
    t = app;
    admin = token;
  });
  let people: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    people = await staff(t, 'fe');
  }, 60_000);

  async function deployed(key: string, xml: string): Promise<string> {
    expectOk(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '000000' }, [
        { field: 'files', name: `${key}.bpmn20.xml`, content: xml },
      ]),
    );
    const page = expectOk(await t.get(`${FLOW}/manager/list?key=${key}`, admin));
    return page.records[0].id;
  }

  async function startOn(definitionId: string, who: Person, approver: Person) {
    expectOk(
      await t.post(`${LEAVE}/start-process`, who.token, {
        processDefinitionId: definitionId,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-03 09:00:00',
        reason: 'x',
        taskUser: approver.id,
      }),
    );
    const [sent] = expectOk(await t.get(`${WORK}/send-list`, who.token)).records;
    return sent as { processInstanceId: string; businessId: string };
  }

  it('finishes on bpmn-engine an instance bpmn-engine started before the interpreter ran new ones', async () => {
    const xml = simpleModel('Legacy');
    const definitionId = await deployed('Legacy', xml);
    const request = await startOn(definitionId, people.applicant, people.manager);
    const task = await taskOf(t, people.manager, request.processInstanceId);
    // What bpmn-engine saved when it started such an instance: its whole state, waiting at the approver's task.
    const legacy = await bpmnEngineState(xml);
    const { db } = t.services;
    await db
      .updateTable('blade_flow_instance')
      .set({ engine_state: legacy.state })
      .where('id', '=', request.processInstanceId)
      .execute();
    await db
      .updateTable('blade_flow_task')
      .set({ execution_id: legacy.executionId })
      .where('id', '=', task.taskId)
      .execute();
    expectOk(await complete(t, people.manager, task.taskId, true));
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(3);
    const instance = await db
      .selectFrom('blade_flow_instance')
      .select(['state', 'engine_state'])
      .where('id', '=', request.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(instance).toEqual({ state: 'finished', engine_state: '' });
  });

  it('lets exactly one of two concurrent completions of a task win', async () => {
    for (let round = 0; round < 3; round++) {
      const request = await leaveRequest(t, people.applicant, people.manager, 5);
      const task = await taskOf(t, people.manager, request.processInstanceId);
      const results = await Promise.all([
        complete(t, people.manager, task.taskId, true),
        complete(t, people.manager, task.taskId, false),
        complete(t, people.manager, task.taskId, true),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      for (const loser of results.filter((r) => r.statusCode === 400)) expect(loser.json().msg).toBe('任务已处理');
      // Exactly one next step exists: HR (approved) or the applicant's adjustment (rejected), never both.
      const next = [
        ...(await claimable(t, people.hr1)).filter((r) => r.processInstanceId === request.processInstanceId),
        ...(await todo(t, people.applicant)).filter((r) => r.processInstanceId === request.processInstanceId),
      ];
      expect(next).toHaveLength(1);
      const comments = await t.services.db
        .selectFrom('blade_flow_comment')
        .select('id')
        .where('task_id', '=', task.taskId)
        .execute();
      expect(comments).toHaveLength(1);
    }
  });

  it('fails a step whose condition names an unknown variable, and leaves the task as it was', async () => {
    const definitionId = await deployed('Broken', simpleModel('Broken', { condition: '${missing && pass}' }));
    const request = await startOn(definitionId, people.applicant, people.manager);
    const task = await taskOf(t, people.manager, request.processInstanceId);
    const before = await t.services.db
      .selectFrom('blade_flow_instance')
      .select(['version', 'engine_state'])
      .where('id', '=', request.processInstanceId)
      .executeTakeFirstOrThrow();
    expectError(
      await complete(t, people.manager, task.taskId, true),
      400,
      /^流程执行失败: .*unknown variable "missing"/,
    );
    expect((await taskOf(t, people.manager, request.processInstanceId)).taskId).toBe(task.taskId);
    const after = await t.services.db
      .selectFrom('blade_flow_instance')
      .select(['version', 'engine_state'])
      .where('id', '=', request.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(
      await t.services.db.selectFrom('blade_flow_comment').select('id').where('task_id', '=', task.taskId).execute(),
    ).toEqual([]);
  });

  it('refuses to start a process whose first task would have nobody to handle it', async () => {
    const definitionId = await deployed('Nobody', simpleModel('Nobody', { assignee: '${nobody}' }));
    const res = await t.post(`${LEAVE}/start-process`, people.applicant.token, {
      processDefinitionId: definitionId,
      startTime: '2030-01-01 09:00:00',
      endTime: '2030-01-03 09:00:00',
      reason: 'x',
      taskUser: people.manager.id,
    });
    expectError(res, 400, /^流程执行失败: .*unknown variable "nobody"/);
    const rows = await t.services.db
      .selectFrom('blade_flow_instance')
      .select('id')
      .where('definition_id', '=', definitionId)
      .execute();
    expect(rows).toEqual([]);
    const empty = await deployed('Empty', simpleModel('Empty', { assignee: '${createUser == taskUser}' }));
    expectError(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId: empty,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-03 09:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      }),
      400,
      /the assignee must name users or groups, got false/,
    );
  });

  const signModel = (key: string, completion: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${key}" targetNamespace="http://tenon/test">
  <process id="${key}" name="会签 ${key}" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="choose" name="选择会签人" camunda:assignee="\${taskUser}"/>
    <userTask id="sign" name="会签" camunda:assignee="\${signer}">
      <multiInstanceLoopCharacteristics isSequential="false" camunda:collection="\${signers}" camunda:elementVariable="signer">
        <completionCondition xsi:type="tFormalExpression">${completion.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</completionCondition>
      </multiInstanceLoopCharacteristics>
    </userTask>
    <exclusiveGateway id="gw"/>
    <endEvent id="approved"/>
    <endEvent id="rejected"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="choose"/>
    <sequenceFlow id="f2" sourceRef="choose" targetRef="sign"/>
    <sequenceFlow id="f3" sourceRef="sign" targetRef="gw"/>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="approved"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="gw" targetRef="rejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
  </process>
</definitions>`;

  async function signRound(key: string, completion: string) {
    const definitionId = await deployed(key, signModel(key, completion));
    const request = await startOn(definitionId, people.applicant, people.manager);
    const signers = [people.hr1, people.hr2, people.finance];
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, true, {
        variables: { signers: signers.map((s) => s.id) },
      }),
    );
    const tasks = await Promise.all(signers.map((s) => taskOf(t, s, request.processInstanceId)));
    expect(tasks.map((task) => task.taskName)).toEqual(['会签', '会签', '会签']);
    return { request, signers, tasks };
  }

  it('or-sign: one approval of a multi-user task decides, the other tasks are withdrawn', async () => {
    const { request, signers, tasks } = await signRound(
      'OrSign',
      '${nrOfApproved >= 1 || nrOfCompletedInstances == nrOfInstances}',
    );
    expectOk(await complete(t, signers[1], tasks[1].taskId, true));
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(3);
    for (const signer of signers)
      expect((await todo(t, signer)).filter((r) => r.processInstanceId === request.processInstanceId)).toEqual([]);
    expectError(await complete(t, signers[0], tasks[0].taskId, true), 400, '任务已处理');
    const history = expectOk(
      await t.get(
        `${FLOW}/process/history-flow-list?processInstanceId=${request.processInstanceId}`,
        people.applicant.token,
      ),
    );
    expect(history.filter((h: Record<string, string>) => h.historyActivityName === '会签')).toHaveLength(3);
  });

  it('countersign: every approval is needed, one rejection ends it', async () => {
    const all = await signRound('CounterSign', '${nrOfRejected > 0 || nrOfCompletedInstances == nrOfInstances}');
    expectOk(await complete(t, all.signers[0], all.tasks[0].taskId, true));
    expectOk(await complete(t, all.signers[2], all.tasks[2].taskId, true));
    expect(await leaveStatus(t, people.applicant, all.request.businessId)).toBe(1);
    expectOk(await complete(t, all.signers[1], all.tasks[1].taskId, true));
    expect(await leaveStatus(t, people.applicant, all.request.businessId)).toBe(3);

    const veto = await signRound('CounterSign', '${nrOfRejected > 0 || nrOfCompletedInstances == nrOfInstances}');
    expectOk(await complete(t, veto.signers[0], veto.tasks[0].taskId, true));
    expectOk(await complete(t, veto.signers[1], veto.tasks[1].taskId, false, { comment: '不同意' }));
    expect(await leaveStatus(t, people.applicant, veto.request.businessId)).toBe(2);
    const row = await t.services.db
      .selectFrom('blade_flow_instance')
      .select('state')
      .where('id', '=', veto.request.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('finished');
    expect(
      (await todo(t, veto.signers[2])).filter((r) => r.processInstanceId === veto.request.processInstanceId),
    ).toEqual([]);
  });

  it('measures start + complete per instance on this database', async () => {
    const rounds = 20;
    const definitionId = expectOk(await t.get(`${WORK}/start-list`, people.applicant.token)).records.find(
      (d: { key: string }) => d.key === 'Leave',
    ).id;
    let writes = 0;
    for (let i = 0; i < rounds; i++) {
      let at = performance.now();
      expectOk(
        await t.post(`${LEAVE}/start-process`, people.applicant.token, {
          processDefinitionId: definitionId,
          startTime: '2030-01-01 09:00:00',
          endTime: '2030-01-02 09:00:00',
          reason: 'x',
          taskUser: people.manager.id,
        }),
      );
      writes += performance.now() - at;
      const [task] = await todo(t, people.manager);
      at = performance.now();
      expectOk(await complete(t, people.manager, task.taskId, true));
      writes += performance.now() - at;
    }
    const perInstance = writes / rounds;
    console.log(
      `flow: start-process + complete-task per instance ${perInstance.toFixed(1)} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, HTTP inject)`,
    );
    expect(perInstance).toBeLessThan(1000);
  });
});

describe('across a restart', () => {
  let copy: Awaited<ReturnType<typeof copyTemplate>>;
  beforeAll(async () => {
    copy = await copyTemplate();
  }, 60_000);
  afterAll(async () => {
    await copy?.drop();
  });

  /** The real app on the copy's folder or database (a restart opens the same one again). */
  async function boot() {
    const database = await openDatabase({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir });
    const config = loadConfig({
      DATA_DIR: copy.dataDir,
      TENON_JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'error',
      TENON_WEB_DIR: '/nonexistent',
      TENON_TOKEN_RATE_LIMIT: '100000',
    });
    const built = await buildApp(config, { database, logger: false });
    const headers = (token?: string) => ({
      authorization: BASIC_SABER,
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
    });
    const server = {
      ...built,
      get: (url: string, token?: string) => built.app.inject({ method: 'GET', url, headers: headers(token) }),
      post: (url: string, token?: string, body?: object) =>
        built.app.inject({ method: 'POST', url, headers: headers(token), ...(body ? { payload: body } : {}) }),
      login: async (account: string, password = 'pw') => {
        const res = await built.app.inject({
          method: 'POST',
          url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' })}`,
          headers: { authorization: BASIC_SABER, 'tenant-id': '000000' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().access_token as string;
      },
    };
    return server;
  }

  it('completes the next task after the server was stopped in the middle of a process', async () => {
    const first = await boot();
    const asTestApp = {
      ...first,
      tokenOf: (account: string, password: string) => first.login(account, password),
    } as unknown as TestApp;
    const people = await staff(asTestApp, 'fr');
    const request = await leaveRequest(asTestApp, people.applicant, people.manager, 5);
    expectOk(
      await complete(
        asTestApp,
        people.manager,
        (await taskOf(asTestApp, people.manager, request.processInstanceId)).taskId,
        true,
      ),
    );
    await first.close();

    const second = await boot();
    try {
      const hr = { ...people.hr1, token: await second.login(people.hr1.account) };
      const again = { ...second, tokenOf: (account: string) => second.login(account) } as unknown as TestApp;
      const [task] = (await claimable(again, hr)).filter((r) => r.processInstanceId === request.processInstanceId);
      expect(task).toMatchObject({ taskName: '人事审批' });
      expectOk(await second.post(`${WORK}/claim-task?taskId=${task.taskId}`, hr.token));
      expectOk(await complete(again, hr, task.taskId, true));
      const applicant = { ...people.applicant, token: await second.login(people.applicant.account) };
      expect(await leaveStatus(again, applicant, request.businessId)).toBe(3);
      const view = expectOk(
        await second.get(`${FLOW}/process/model-view?processInstanceId=${request.processInstanceId}`, applicant.token),
      );
      expect(view.flow.map((f: Record<string, string>) => f.historyActivityId)).toEqual([
        'start',
        'toManager',
        'managerApproval',
        'managerDone',
        'managerDecision',
        'longLeave',
        'hrApproval',
        'hrDone',
        'hrDecision',
        'hrApproved',
        'approved',
      ]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
