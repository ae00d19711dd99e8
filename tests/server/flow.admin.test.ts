import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenant, createTenantAdmin } from '../support/factories.ts';
import {
  LEAVE,
  WORK,
  complete,
  definitionOf,
  leaveRequest,
  leaveStatus,
  person,
  simpleModel,
  staff,
  taskOf,
  todo,
  upload,
} from './flow.support.ts';

/**
 * Issue 5: model design, deployment, process management and follow-up (platform administration, contract flow.md §4).
 */

const FLOW = '/api/blade-flow';
let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});
let people: Awaited<ReturnType<typeof staff>>;
beforeAll(async () => {
  people = await staff(t, 'fa');
  await createTenant(t, '600301');
  await createTenant(t, '600302');
}, 60_000);

const definitions = async (query = '') =>
  expectOk(await t.get(`${FLOW}/manager/list?size=100${query}`, admin)).records as Array<
    Record<string, string | number>
  >;

async function submitModel(modelKey: string, xml: string, id?: string) {
  expectOk(
    await t.post(`${FLOW}/model/submit`, admin, {
      ...(id ? { id } : {}),
      modelKey,
      name: `模型 ${modelKey}`,
      description: 'd',
      xml,
    }),
  );
  const page = expectOk(await t.get(`${FLOW}/model/list?modelKey=${modelKey}`, admin));
  return page.records.find((m: { modelKey: string }) => m.modelKey === modelKey) as Record<string, string | number>;
}

describe('models', () => {
  it('saves, lists, shows and deploys a model per tenant with versions per key and tenant', async () => {
    const model = await submitModel('Trip', simpleModel('Trip'));
    expect(model).toMatchObject({
      name: '模型 Trip',
      version: 1,
      tenantId: '000000',
      created: expect.stringMatching(/^\d{4}-/),
    });
    expect(model.xml).toBeUndefined();
    const detail = expectOk(await t.get(`${FLOW}/model/detail?id=${model.id}`, admin));
    expect(detail.xml).toContain('<process id="Trip"');
    expectError(
      await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'Trip', name: 'again', xml: '' }),
      400,
      '模型标识已存在',
    );
    expectError(await t.post(`${FLOW}/model/submit`, admin, { name: 'x' }), 400, '请输入模型标识');

    expectOk(await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=1&tenantIds=600301,600302`, admin));
    expectOk(await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=1&tenantIds=600301`, admin));
    const trips = (await definitions('&mode=2')).filter((d) => d.key === 'Trip');
    expect(trips.map((d) => `${d.tenantId}:${d.version}`).sort()).toEqual(['600301:1', '600301:2', '600302:1']);
    expect(trips[0]).toMatchObject({
      name: '测试流程 Trip',
      category: '1',
      categoryName: '请假流程',
      resourceName: '模型 Trip.bpmn20.xml',
      suspensionState: 1,
    });
    expect(String(trips[0].id)).toMatch(/^Trip:\d:\d+$/);
    const latest = (await definitions('&mode=1')).filter((d) => d.key === 'Trip');
    expect(latest.map((d) => `${d.tenantId}:${d.version}`).sort()).toEqual(['600301:2', '600302:1']);

    // Tenant isolation of definitions: each tenant starts only its own (and shared) ones.
    const inA = await person(t, '600301', 'fa_a', 'staff');
    const inB = await person(t, '600302', 'fa_b', 'staff');
    const listA = expectOk(await t.get(`${WORK}/start-list`, inA.token)).records;
    expect(listA.map((d: Record<string, unknown>) => `${d.key}:${d.version}:${d.tenantId}`)).toEqual(['Trip:2:600301']);
    const allA = expectOk(await t.get(`${WORK}/start-list?mode=2`, inA.token)).records;
    expect(allA.map((d: Record<string, unknown>) => `${d.key}:${d.version}:${d.tenantId}`).sort()).toEqual([
      'Trip:1:600301',
      'Trip:2:600301',
    ]);
    const listB = expectOk(await t.get(`${WORK}/start-list`, inB.token)).records;
    expect(listB.map((d: Record<string, unknown>) => `${d.key}:${d.version}:${d.tenantId}`)).toEqual(['Trip:1:600302']);
    expect(
      expectOk(await t.get(`${WORK}/start-list`, people.applicant.token)).records.map((d: { key: string }) => d.key),
    ).not.toContain('Trip');
    expectError(
      await t.post(`${LEAVE}/start-process`, inB.token, {
        processDefinitionId: listA[0].id,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: inB.id,
      }),
      400,
      `流程定义不存在: ${listA[0].id}`,
    );

    expectOk(await t.post(`${FLOW}/model/remove?ids=${model.id}`, admin));
    expect(expectOk(await t.get(`${FLOW}/model/detail?id=${model.id}`, admin))).toBeNull();
  });

  it('deploys a model without tenants as one shared definition every tenant may start', async () => {
    const model = await submitModel('Shared', simpleModel('Shared'));
    expectOk(await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=2`, admin));
    const inA = await person(t, '600301', 'fa_shared', 'staff');
    const list = expectOk(await t.get(`${WORK}/start-list?category=2`, inA.token)).records;
    expect(list.map((d: Record<string, unknown>) => `${d.key}:${d.tenantId}`)).toEqual(['Shared:']);
  });

  it.each([
    ['${process.exit()}', 'function calls are not allowed'],
    ["${require('fs')}", 'function calls are not allowed'],
    ['${taskUser.constructor}', '"constructor" is not allowed'],
    ['${`x`}', 'unexpected "`"'],
    ['${a; b}', 'unexpected ";"'],
  ])('refuses to deploy the expression %s with a clear message', async (expression, detail) => {
    const model = await submitModel(
      `Bad${Math.random().toString(36).slice(2, 8)}`,
      simpleModel('Bad', { assignee: expression }),
    );
    const res = await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=1&tenantIds=000000`, admin);
    expectError(
      res,
      400,
      new RegExp(
        `^流程模型无法部署: line \\d+: UserTask "approve" \\(flowable:assignee\\): expression .*${detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
  });

  it('refuses scripted conditions, script tasks and service tasks', async () => {
    const scripted = simpleModel('Scripted').replace(
      '<conditionExpression xsi:type="tFormalExpression">${pass}',
      '<conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, process.exit())',
    );
    const scriptTask = simpleModel('ScriptTask', {
      extraTask: '<scriptTask id="s" scriptFormat="javascript"><script>require("fs")</script></scriptTask>',
    });
    const serviceTask = simpleModel('ServiceTask', {
      extraTask: '<serviceTask id="svc" implementation="${environment.services.x}"/>',
    });
    for (const [xml, message] of [
      [scripted, /SequenceFlow "\w+" \(conditionExpression language\): "javascript" is not run here/],
      [scriptTask, /line \d+: ScriptTask "s" \(scriptFormat\): javascript scripts are not run here/],
      [serviceTask, /line \d+: ServiceTask "svc": names no action to run/],
      ['<definitions>broken', /not a BPMN 2.0 file/],
    ] as const) {
      const model = await submitModel(`M${Math.random().toString(36).slice(2, 8)}`, xml);
      expectError(
        await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=1&tenantIds=000000`, admin),
        400,
        message,
      );
    }
  });
});

describe('deployment upload', () => {
  const file = (name = 'upload.bpmn20.xml', content = simpleModel('Uploaded')) => [{ field: 'files', name, content }];

  it('needs category, tenants and files, each with its own message', async () => {
    expectError(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { tenantIds: '000000' }, file()),
      400,
      '请选择流程类型',
    );
    expectError(await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1' }, file()), 400, '请选择租户');
    expectError(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '000000' }, []),
      400,
      '请选择部署文件',
    );
    expectError(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '000000' }, file('x.xml')),
      400,
      '文件 x.xml 不是 .bpmn20.xml 流程文件',
    );
    expectError(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '999999' }, file()),
      400,
      '租户不存在: 999999',
    );
  });

  it('deploys every file for every tenant in one go', async () => {
    expectOk(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '2', tenantIds: '000000,600301' }, [
        ...file('a.bpmn20.xml', simpleModel('UpA')),
        ...file('b.bpmn20.xml', simpleModel('UpB')),
      ]),
    );
    const deployed = (await definitions()).filter((d) => String(d.key).startsWith('Up'));
    expect(deployed.map((d) => `${d.key}:${d.tenantId}:${d.resourceName}`).sort()).toEqual([
      'UpA:000000:a.bpmn20.xml',
      'UpA:600301:a.bpmn20.xml',
      'UpB:000000:b.bpmn20.xml',
      'UpB:600301:b.bpmn20.xml',
    ]);
    const checked = expectOk(
      await upload(t, admin, `${FLOW}/manager/check-upload`, {}, [
        { field: 'file', name: 'c.bpmn20.xml', content: simpleModel('C') },
      ]),
    );
    expect(checked).toEqual({ name: 'c.bpmn20.xml', success: true, msg: '可以部署' });
  });

  it('is platform administration: a tenant administrator holding the codes is refused', async () => {
    const { token } = await createTenantAdmin(
      t,
      '600303',
      ['flow', 'flow_deploy', 'flow_deploy_upload', 'flow_manager'],
      'fa_boss',
    );
    expectError(
      await upload(t, token, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '600303' }, file()),
      403,
    );
    expectError(await t.get(`${FLOW}/manager/list`, token), 403);
  });
});

describe('process management and follow-up', () => {
  it('suspends and activates a definition; a suspended one cannot be started', async () => {
    const leaveId = await definitionOf(t, people.applicant.token, 'Leave');
    const suspended = await t.post(
      `${FLOW}/manager/change-state?state=suspend&processId=${encodeURIComponent(leaveId)}`,
      admin,
    );
    expect(suspended.json()).toEqual({ code: 200, success: true, data: null, msg: `挂起ID为 [${leaveId}] 的流程成功` });
    expect(
      expectOk(await t.get(`${WORK}/start-list`, people.applicant.token)).records.map((d: { key: string }) => d.key),
    ).not.toContain('Leave');
    expectError(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId: leaveId,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      }),
      400,
      '流程已挂起,不能发起: 请假流程',
    );
    const again = await t.post(
      `${FLOW}/manager/change-state?state=suspend&processId=${encodeURIComponent(leaveId)}`,
      admin,
    );
    expect(again.json().msg).toBe('暂无流程变更');
    const active = await t.post(
      `${FLOW}/manager/change-state?state=active&processId=${encodeURIComponent(leaveId)}`,
      admin,
    );
    expect(active.json().msg).toBe(`激活ID为 [${leaveId}] 的流程成功`);
    expect(
      (await t.post(`${FLOW}/manager/change-state?state=bogus&processId=${encodeURIComponent(leaveId)}`, admin)).json()
        .msg,
    ).toBe('暂无流程变更');
  });

  it('follows running instances and deletes one with a reason', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 1);
    const page = expectOk(await t.get(`${FLOW}/follow/list?processInstanceId=${request.processInstanceId}`, admin));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      processInstanceId: request.processInstanceId,
      processDefinitionKey: 'Leave',
      startUserId: people.applicant.id,
      startUser: 'applicant名',
      taskDefinitionKey: 'managerApproval',
      categoryName: '请假流程',
      tenantId: '000000',
      businessId: request.businessId,
    });
    expectError(
      await t.post(`${FLOW}/follow/delete-process-instance?processInstanceId=${request.processInstanceId}`, admin),
      400,
      '请输入删除原因',
    );
    expectOk(
      await t.post(
        `${FLOW}/follow/delete-process-instance?processInstanceId=${request.processInstanceId}&deleteReason=${encodeURIComponent('测试')}`,
        admin,
      ),
    );
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(4);
    expect((await todo(t, people.manager)).map((r) => r.processInstanceId)).not.toContain(request.processInstanceId);
    expect(
      expectOk(await t.get(`${FLOW}/follow/list?processInstanceId=${request.processInstanceId}`, admin)).total,
    ).toBe(0);
    expectError(
      await t.post(
        `${FLOW}/follow/delete-process-instance?processInstanceId=${request.processInstanceId}&deleteReason=x`,
        admin,
      ),
      400,
      '流程已结束',
    );
  });

  it('deletes a deployment with its instances', async () => {
    expectOk(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '000000' }, [
        { field: 'files', name: 'gone.bpmn20.xml', content: simpleModel('Gone') },
      ]),
    );
    const [gone] = (await definitions()).filter((d) => d.key === 'Gone');
    const applicant = people.applicant;
    expectOk(
      await t.post(`${LEAVE}/start-process`, applicant.token, {
        processDefinitionId: gone.id,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      }),
    );
    const [sent] = expectOk(await t.get(`${WORK}/send-list`, applicant.token)).records;
    const task = await taskOf(t, people.manager, sent.processInstanceId);
    expectOk(await t.post(`${FLOW}/manager/delete-deployment?deploymentIds=${gone.deploymentId}`, admin));
    expect((await definitions()).filter((d) => d.key === 'Gone')).toEqual([]);
    expect(await leaveStatus(t, applicant, sent.businessId)).toBe(4);
    expectError(await complete(t, people.manager, task.taskId, true), 400, '查询不到此任务');
  });
});
