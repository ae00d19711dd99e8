import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';
import { WORK, complete, definitionOf, person, taskOf, todo, upload, type Person } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';

/**
 * The Chinese approval actions (issue 34 point 5) over HTTP: 加签 before / after / parallel, 减签, 委派 and its answer,
 * 抄送 and its list, 退回, 撤回 and 催办 — each with its refusals, its history row and its messages, by approvers
 * who are not administrators, and within the caller's tenant.
 */

const FLOW = '/api/blade-flow';
let t: TestApp;
let admin: string;
let starter: Person;
let first: Person;
let second: Person;
let helper: Person;
let helper2: Person;
let outsider: Person;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

/** start → first (${firstUser}) → second (${secondUser}) → approved or rejected on `pass`. */
const twoSteps = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" id="d_actions" targetNamespace="http://tenon/test">
  <process id="Actions" name="动作流程" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="first" name="部门审批" flowable:assignee="\${firstUser}"/>
    <userTask id="second" name="经理审批" flowable:assignee="\${secondUser}"/>
    <exclusiveGateway id="gw"/>
    <endEvent id="yes"/>
    <endEvent id="no"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
    <sequenceFlow id="f3" sourceRef="second" targetRef="gw"/>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="yes"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="gw" targetRef="no"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
  </process>
</definitions>`;

/** start → first → a fork of two tasks (${firstUser}'s and ${secondUser}'s) → join → end. */
const forked = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  id="d_forked" targetNamespace="http://tenon/test">
  <process id="ActionsForked" name="并行流程" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="first" name="部门审批" flowable:assignee="\${firstUser}"/>
    <parallelGateway id="fork"/>
    <userTask id="left" name="财务会签" flowable:assignee="\${firstUser}"/>
    <userTask id="right" name="法务会签" flowable:assignee="\${secondUser}"/>
    <parallelGateway id="join"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="fork"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="left"/>
    <sequenceFlow id="f4" sourceRef="fork" targetRef="right"/>
    <sequenceFlow id="f5" sourceRef="left" targetRef="join"/>
    <sequenceFlow id="f6" sourceRef="right" targetRef="join"/>
    <sequenceFlow id="f7" sourceRef="join" targetRef="end"/>
  </process>
</definitions>`;

/** start → a countersign over `signers` with a one-hour timeout → (timed out) 主管处理 by ${secondUser} → end. */
const timedOut = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  id="d_timed_out" targetNamespace="http://tenon/test">
  <process id="ActionsTimedOut" name="超时流程" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="sign" name="会签" flowable:assignee="\${signer}">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/>
    </userTask>
    <boundaryEvent id="late" name="超时" attachedToRef="sign">
      <timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <userTask id="escalate" name="主管处理" flowable:assignee="\${secondUser}"/>
    <endEvent id="end"/>
    <endEvent id="escalated"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
    <sequenceFlow id="f3" sourceRef="late" targetRef="escalate"/>
    <sequenceFlow id="f4" sourceRef="escalate" targetRef="escalated"/>
  </process>
</definitions>`;

const deploy = async (key: string, xml: string) =>
  expectOk(
    await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds: '000000' }, [
      { field: 'files', name: `${key}.bpmn20.xml`, content: xml },
    ]),
  );

/** Starts a request of `key` by the starter, first step with `first`, second with `second`. */
async function startRequest(key = 'Actions'): Promise<string> {
  const definitionId = await definitionOf(t, starter.token, key);
  const started = expectOk(
    await t.post(`${WORK}/start-process`, starter.token, {
      processDefinitionId: definitionId,
      variables: { firstUser: first.id, secondUser: second.id },
    }),
  );
  return started.processInstanceId as string;
}

const post = (who: Person, action: string, body: Record<string, unknown>) =>
  t.post(`${WORK}/${action}`, who.token, body);
const history = async (who: Person, instanceId: string) =>
  expectOk(await t.get(`${FLOW}/process/history-flow-list?processInstanceId=${instanceId}`, who.token)) as Array<
    Record<string, string>
  >;
const tasksOf = async (who: Person, instanceId: string) =>
  (await todo(t, who)).filter((r) => r.processInstanceId === instanceId);
const messagesOf = async (who: Person) =>
  (
    await t.services.db.selectFrom('blade_message').select(['title', 'content']).where('user_id', '=', who.id).execute()
  ).map((m) => `${m.title} | ${m.content}`);
const sentRow = async (instanceId: string) =>
  expectOk(await t.get(`${WORK}/send-list?size=100`, starter.token)).records.find(
    (r: { processInstanceId: string }) => r.processInstanceId === instanceId,
  );

beforeAll(async () => {
  await createTenant(t, '600481');
  const roles = new Map<string, string>();
  starter = await person(t, '000000', 'fa_starter', 'staff', roles);
  first = await person(t, '000000', 'fa_first', 'manager', roles);
  second = await person(t, '000000', 'fa_second', 'manager', roles);
  helper = await person(t, '000000', 'fa_helper', 'staff', roles);
  helper2 = await person(t, '000000', 'fa_helper2', 'staff', roles);
  outsider = await person(t, '600481', 'fa_outsider', 'staff', roles);
  await deploy('Actions', twoSteps);
  await deploy('ActionsForked', forked);
  await deploy('ActionsTimedOut', timedOut);
}, 60_000);

describe('加签 (work/add-sign)', () => {
  it('before: the added approver decides first, then the task comes back to its assignee', async () => {
    const instanceId = await startRequest();
    const task = await taskOf(t, first, instanceId);
    expectOk(
      await post(first, 'add-sign', {
        taskId: task.taskId,
        userIds: [helper.id],
        signType: 'before',
        comment: '请先看预算',
      }),
    );
    expect(await taskOf(t, first, instanceId)).toMatchObject({ signType: 'before', signState: 'waiting' });
    expectError(await complete(t, first, task.taskId, true), 400, '此任务正在等待加签人员审批');
    const added = await taskOf(t, helper, instanceId);
    expect(added).toMatchObject({ taskName: '部门审批', signType: 'before', parentTaskId: task.taskId });
    expect(await messagesOf(helper)).toContainEqual(expect.stringContaining('新的待办: 部门审批'));

    expectOk(await complete(t, helper, added.taskId, true, { comment: '预算无误' }));
    expect(await tasksOf(helper, instanceId)).toHaveLength(0);
    expect((await taskOf(t, first, instanceId)).signState).toBeUndefined();
    expect(await messagesOf(first)).toContainEqual(expect.stringContaining('加签人员已审批: 部门审批'));
    expectOk(await complete(t, first, task.taskId, true));
    expect((await taskOf(t, second, instanceId)).taskDefinitionKey).toBe('second');

    const rows = await history(starter, instanceId);
    expect(rows).toContainEqual(
      expect.objectContaining({
        historyActivityName: '加签(前加签)',
        historyActivityType: 'flowAction',
        assignee: `taskUser_${first.id}`,
        assigneeName: 'first名',
        comment: 'helper名: 请先看预算',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        historyActivityName: '部门审批(前加签)',
        assigneeName: 'helper名',
        comment: '预算无误',
      }),
    );
    expect(rows.find((r) => r.historyActivityName === '加签(前加签)')!.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:/);
  });

  it('after: the assignee approves now, the added approver next, then the process moves on', async () => {
    const instanceId = await startRequest();
    const task = await taskOf(t, first, instanceId);
    expectOk(await post(first, 'add-sign', { taskId: task.taskId, userIds: helper.id, signType: 'after' }));
    expect(await taskOf(t, first, instanceId)).toMatchObject({ signState: 'waiting' });
    expect(await tasksOf(second, instanceId)).toHaveLength(0);
    expectOk(await complete(t, helper, (await taskOf(t, helper, instanceId)).taskId, true));
    expect(await tasksOf(first, instanceId)).toHaveLength(0);
    expect((await taskOf(t, second, instanceId)).taskDefinitionKey).toBe('second');
  });

  it('parallel: decided when all have, and a rejection by an added approver rejects', async () => {
    const instanceId = await startRequest();
    expectOk(await complete(t, first, (await taskOf(t, first, instanceId)).taskId, true));
    const task = await taskOf(t, second, instanceId);
    expectOk(
      await post(second, 'add-sign', {
        taskId: task.taskId,
        userIds: `${helper.id},${helper2.id}`,
        signType: 'parallel',
      }),
    );
    expectOk(await complete(t, second, task.taskId, true, { comment: '我同意' }));
    expect(await taskOf(t, second, instanceId)).toMatchObject({ signState: 'waiting' });
    expectOk(await complete(t, helper, (await taskOf(t, helper, instanceId)).taskId, true));
    expect((await sentRow(instanceId)).processIsFinished).toBe('unfinished');
    expectOk(await complete(t, helper2, (await taskOf(t, helper2, instanceId)).taskId, false, { comment: '不同意' }));
    expect(await sentRow(instanceId)).toMatchObject({ processIsFinished: 'finished', processResult: 'rejected' });
    const comments = (await history(starter, instanceId)).map((r) => r.comment);
    expect(comments).toEqual(expect.arrayContaining(['我同意', '不同意']));
  });

  it('refuses the starter, people already on the task, other tenants’ users, a bad type and a stranger’s call', async () => {
    const instanceId = await startRequest();
    const { taskId } = await taskOf(t, first, instanceId);
    const add = (userIds: unknown, type = 'before', who = first) =>
      post(who, 'add-sign', { taskId, userIds, signType: type });
    expectError(await add([starter.id]), 400, '不能给流程发起人加签: starter名');
    expectError(await add([first.id]), 400, 'first名 已是此任务的办理人');
    expectError(await add([outsider.id]), 400, '请选择加签人员');
    expectError(await add([]), 400, '请选择加签人员');
    expectError(await add([helper.id], 'sideways'), 400, '加签类型须为 before、after 或 parallel');
    expectError(await add([helper.id], 'before', second), 400, '查询不到此任务');
    expectError(await add([helper.id], 'before', outsider), 400, '查询不到此任务');
    expectError(
      await t.post(
        `${WORK}/add-sign`,
        first.token,
        { taskId, userIds: [helper.id], signType: 'x' },
        { 'accept-language': 'en' },
      ),
      400,
      'The add-sign type must be before, after or parallel',
    );
    expectOk(await add([helper.id]));
    expectError(await add([helper2.id]), 400, '此任务已有加签人员未审批');
  });
});

describe('减签 (work/remove-sign)', () => {
  it('removes added approvers who have not decided, by who added them; the rest go on', async () => {
    const instanceId = await startRequest();
    const { taskId } = await taskOf(t, first, instanceId);
    expectOk(await post(first, 'add-sign', { taskId, userIds: [helper.id, helper2.id], signType: 'before' }));
    expectError(await post(second, 'remove-sign', { taskId, userIds: [helper2.id] }), 400);
    expectOk(await post(first, 'remove-sign', { taskId, userIds: [helper2.id] }));
    expect(await tasksOf(helper2, instanceId)).toHaveLength(0);
    expect(await messagesOf(helper2)).toContainEqual(expect.stringContaining('加签已撤销: 部门审批'));
    expectError(await post(first, 'remove-sign', { taskId, userIds: [helper2.id] }), 400, /没有可减签的人员/);
    // The last one removed: the task is back with its assignee.
    expectOk(await post(first, 'remove-sign', { taskId, taskIds: [(await taskOf(t, helper, instanceId)).taskId] }));
    expect((await taskOf(t, first, instanceId)).signState).toBeUndefined();
    expect((await history(first, instanceId)).filter((r) => r.historyActivityName === '减签')).toHaveLength(2);
    expectOk(await complete(t, first, taskId, true));
  });
});

describe('委派 (work/delegate-task, work/resolve-task)', () => {
  it('the delegate answers and the task returns to its owner, who decides', async () => {
    const instanceId = await startRequest();
    const { taskId } = await taskOf(t, first, instanceId);
    expectError(await post(first, 'delegate-task', { taskId, userId: first.id }), 400, '不能委派给自己');
    expectError(await post(first, 'delegate-task', { taskId, userId: outsider.id }), 400, `用户不存在: ${outsider.id}`);
    expectOk(await post(first, 'delegate-task', { taskId, userId: helper.id, comment: '请核对金额' }));
    expect(await tasksOf(first, instanceId)).toHaveLength(0);
    expect(await taskOf(t, helper, instanceId)).toMatchObject({ delegationState: 'pending', ownerName: 'first名' });
    expectError(await complete(t, helper, taskId, true), 400, '此任务是委派给您的, 请回复委派人而不是审批');
    expectError(await post(first, 'resolve-task', { taskId }), 400, '查询不到此任务');
    expectOk(await post(helper, 'resolve-task', { taskId, comment: '金额无误' }));
    expect(await taskOf(t, first, instanceId)).toMatchObject({ delegationState: 'resolved' });
    expect(await messagesOf(first)).toContainEqual(expect.stringContaining('委派已回复: 部门审批'));
    expectError(await post(helper, 'resolve-task', { taskId }), 400, '查询不到此任务');
    expectOk(await complete(t, first, taskId, true));
    const rows = await history(starter, instanceId);
    expect(rows).toContainEqual(
      expect.objectContaining({
        historyActivityName: '委派',
        assigneeName: 'first名',
        comment: 'helper名: 请核对金额',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ historyActivityName: '委派回复', assigneeName: 'helper名', comment: '金额无误' }),
    );
  });
});

describe('抄送 (work/copy-task, work/copy-list)', () => {
  it('copies to users and roles: they see it unread in their list, get a message, read it with its history', async () => {
    const instanceId = await startRequest();
    const { taskId } = await taskOf(t, first, instanceId);
    expectError(await post(first, 'copy-task', { taskId, userIds: [outsider.id] }), 400, '请选择抄送人员或角色');
    expectOk(await post(first, 'copy-task', { taskId, userIds: [helper.id], comment: '知悉' }));
    const listOf = async (who: Person) =>
      expectOk(await t.get(`${WORK}/copy-list?size=100`, who.token)).records as Array<Record<string, unknown>>;
    const row = (await listOf(helper)).find((r) => r.processInstanceId === instanceId);
    expect(row).toMatchObject({
      read: false,
      copyFrom: 'first名',
      copyComment: '知悉',
      taskName: '部门审批',
      processDefinitionName: '动作流程',
      startUserName: 'starter名',
    });
    expect(await messagesOf(helper)).toContainEqual(
      expect.stringContaining('first名 抄送给您: starter名发起的动作流程'),
    );
    expect((await history(helper, instanceId)).map((r) => r.historyActivityName)).toContain('抄送');
    expectOk(await post(helper, 'copy-read', { processInstanceId: instanceId }));
    expect((await listOf(helper)).find((r) => r.processInstanceId === instanceId)).toMatchObject({ read: true });
    expect(await listOf(outsider)).toEqual([]);
    // The starter copies his own request, to a role's users.
    const roleId = String(
      (
        await t.services.db
          .selectFrom('blade_user')
          .select('role_id')
          .where('id', '=', helper2.id)
          .executeTakeFirstOrThrow()
      ).role_id,
    );
    expectOk(await post(starter, 'copy-task', { processInstanceId: instanceId, roleIds: [roleId] }));
    expect((await listOf(helper2)).map((r) => r.processInstanceId)).toContain(instanceId);
    expectError(await post(helper, 'copy-task', { processInstanceId: instanceId, userIds: [helper2.id] }), 400);
  });
});

describe('退回 (work/return-targets, work/return-task)', () => {
  it('returns to a completed earlier step: a new task for who did it, the returned task withdrawn', async () => {
    const instanceId = await startRequest();
    expectOk(await complete(t, first, (await taskOf(t, first, instanceId)).taskId, true));
    const { taskId } = await taskOf(t, second, instanceId);
    const targets = expectOk(await t.get(`${WORK}/return-targets?taskId=${taskId}`, second.token));
    expect(targets).toEqual([
      { taskKey: 'first', taskName: '部门审批', assignee: `taskUser_${first.id}`, assigneeName: 'first名' },
    ]);
    expectError(await post(second, 'return-task', { taskId, targetKey: 'second' }), 400, '不能退回到此环节: second');
    expectError(await post(second, 'return-task', { taskId }), 400, '请选择退回的环节');
    expectError(await post(first, 'return-task', { taskId, targetKey: 'first' }), 400, '查询不到此任务');
    expectOk(await post(second, 'return-task', { taskId, targetKey: 'first', comment: '材料不全' }));
    expect(await tasksOf(second, instanceId)).toHaveLength(0);
    expect((await taskOf(t, first, instanceId)).taskDefinitionKey).toBe('first');
    const rows = await history(starter, instanceId);
    expect(rows).toContainEqual(
      expect.objectContaining({ historyActivityName: '退回', assigneeName: 'second名', comment: '部门审批: 材料不全' }),
    );
    // It runs on from there.
    expectOk(await complete(t, first, (await taskOf(t, first, instanceId)).taskId, true));
    expectOk(await complete(t, second, (await taskOf(t, second, instanceId)).taskId, true));
    expect(await sentRow(instanceId)).toMatchObject({ processIsFinished: 'finished', processResult: 'approved' });
  });

  it('withdraws every other open task of the level', async () => {
    const instanceId = await startRequest('ActionsForked');
    expectOk(await complete(t, first, (await taskOf(t, first, instanceId)).taskId, true));
    const right = await taskOf(t, second, instanceId);
    expect(right.taskDefinitionKey).toBe('right');
    expectOk(await post(second, 'return-task', { taskId: right.taskId, targetKey: 'first' }));
    const open = await t.services.db
      .selectFrom('blade_flow_task')
      .select(['task_key', 'status', 'outcome'])
      .where('instance_id', '=', instanceId)
      .orderBy('id')
      .execute();
    expect(open.map((r) => `${r.task_key}:${r.status}:${r.outcome}`)).toEqual([
      'first:completed:approve',
      'left:deleted:return',
      'right:deleted:return',
      'first:open:',
    ]);
  });

  it('returns from the escalation of a timed-out countersign to the countersign, which runs again', async () => {
    const definitionId = await definitionOf(t, starter.token, 'ActionsTimedOut');
    const started = expectOk(
      await t.post(`${WORK}/start-process`, starter.token, {
        processDefinitionId: definitionId,
        variables: { signers: [first.id, helper.id], secondUser: second.id },
      }),
    );
    const instanceId = started.processInstanceId as string;
    expectOk(await complete(t, first, (await taskOf(t, first, instanceId)).taskId, true));
    // The hour passes: the countersign is withdrawn, the escalation is second's.
    await t.services.db
      .updateTable('blade_flow_job')
      .set({ due_time: new Date(Date.now() - 1000).toISOString() })
      .where('instance_id', '=', instanceId)
      .execute();
    expect(await workflowOf(t.services).jobs.runDue()).toBe(1);
    expect(await tasksOf(helper, instanceId)).toHaveLength(0);
    const { taskId, taskDefinitionKey } = await taskOf(t, second, instanceId);
    expect(taskDefinitionKey).toBe('escalate');
    const targets = expectOk(await t.get(`${WORK}/return-targets?taskId=${taskId}`, second.token));
    expect(targets).toEqual([
      { taskKey: 'sign', taskName: '会签', assignee: `taskUser_${first.id}`, assigneeName: 'first名' },
    ]);
    expectOk(await post(second, 'return-task', { taskId, targetKey: 'sign', comment: '请尽快会签' }));
    // Both signers have it again, with a new timeout; once both approve, it ends.
    for (const signer of [first, helper]) {
      const again = await taskOf(t, signer, instanceId);
      expect(again.taskDefinitionKey).toBe('sign');
      expectOk(await complete(t, signer, again.taskId, true));
    }
    expect(await sentRow(instanceId)).toMatchObject({ processIsFinished: 'finished', processResult: 'approved' });
    // The history table says why the countersign ended the first time.
    const rows = await history(starter, instanceId);
    expect(rows.filter((r) => r.historyActivityType === 'boundaryEvent').map((r) => r.historyActivityName)).toEqual([
      '超时',
    ]);
  });

  it('refuses an instance bpmn-engine runs', async () => {
    const instanceId = await startRequest();
    await t.services.db
      .updateTable('blade_flow_instance')
      .set({ engine_state: '{"name":"legacy"}' })
      .where('id', '=', instanceId)
      .execute();
    const { taskId } = await taskOf(t, first, instanceId);
    expectError(await t.get(`${WORK}/return-targets?taskId=${taskId}`, first.token), 400, /旧版引擎/);
    expectError(await post(first, 'return-task', { taskId, targetKey: 'start' }), 400, /旧版引擎/);
  });
});

describe('撤回 (work/revoke-process)', () => {
  it('takes the request back while the next step is untouched', async () => {
    const instanceId = await startRequest();
    expectError(
      await t.post(`${WORK}/revoke-process?processInstanceId=${instanceId}`, first.token),
      400,
      '只有流程发起人可以撤回',
    );
    expectOk(await t.post(`${WORK}/revoke-process?processInstanceId=${instanceId}`, starter.token));
    expect(await sentRow(instanceId)).toMatchObject({ processIsFinished: 'finished', processResult: 'withdrawn' });
    expect(await tasksOf(first, instanceId)).toHaveLength(0);
    expect(await messagesOf(first)).toContainEqual(expect.stringContaining('已撤回: 部门审批'));
    expect((await history(starter, instanceId)).map((r) => r.historyActivityName)).toContain('撤回');
    expectError(
      await t.post(`${WORK}/revoke-process?processInstanceId=${instanceId}`, starter.token),
      400,
      '流程已结束',
    );
  });

  it('refuses once the next step was touched (delegated, decided), and another tenant’s caller', async () => {
    const instanceId = await startRequest();
    const { taskId } = await taskOf(t, first, instanceId);
    expectOk(await post(first, 'delegate-task', { taskId, userId: helper.id }));
    const revoke = (who: Person) => t.post(`${WORK}/revoke-process?processInstanceId=${instanceId}`, who.token);
    expectError(await revoke(starter), 400, '下一环节已在办理, 不能撤回');
    expectError(await revoke(outsider), 400, `流程实例不存在: ${instanceId}`);
  });
});

describe('催办 (work/urge-task)', () => {
  it('reminds the handlers of the open tasks, once per task in 10 minutes, recorded in the history', async () => {
    const instanceId = await startRequest();
    const urge = (who: Person) =>
      t.post(`${WORK}/urge-task?processInstanceId=${instanceId}`, who.token, { comment: '请尽快' });
    expectError(await urge(first), 400, '只有流程发起人可以催办');
    expectOk(await urge(starter));
    expect(await messagesOf(first)).toContainEqual(
      expect.stringContaining('催办: 部门审批 | starter名发起的动作流程 催您办理: 部门审批: 请尽快'),
    );
    expectError(await urge(starter), 400, '10分钟内已催办过, 请稍后再试');
    expect(await history(starter, instanceId)).toContainEqual(
      expect.objectContaining({ historyActivityName: '催办', assigneeName: 'starter名', comment: '部门审批: 请尽快' }),
    );
    // An urge is no handling: the starter may still revoke.
    expectOk(await t.post(`${WORK}/revoke-process?processInstanceId=${instanceId}`, starter.token));
  });
});
