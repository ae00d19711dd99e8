import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';
import {
  FINANCE,
  LEAVE,
  WORK,
  claimable,
  complete,
  definitionOf,
  leaveRequest,
  leaveStatus,
  person,
  staff,
  startLeave,
  taskOf,
  todo,
  type Person,
} from './flow.support.ts';

/** Issue 5: leave and fund approval over HTTP, several users and roles, on the seeded models. */

let t: TestApp;
let people: Awaited<ReturnType<typeof staff>>;
withTestApp((app) => {
  t = app;
});
beforeAll(async () => {
  people = await staff(t, 'fw');
}, 60_000);

const messagesOf = async (who: Person) =>
  (
    await t.services.db
      .selectFrom('blade_message')
      .select(['title', 'content', 'category'])
      .where('user_id', '=', who.id)
      .orderBy('id')
      .execute()
  ).map((m) => m.title as string);

describe('start list and request', () => {
  it('offers the seeded leave and fund-approval processes with their categories', async () => {
    const page = expectOk(await t.get(`${WORK}/start-list`, people.applicant.token));
    const byKey = Object.fromEntries(page.records.map((r: { key: string }) => [r.key, r]));
    expect(byKey.Leave).toMatchObject({
      name: '请假流程',
      category: '1',
      categoryName: '请假流程',
      version: 1,
      suspensionState: 1,
      tenantId: '000000',
    });
    expect(byKey.Finance).toMatchObject({ name: '资金审批流程', category: '2', categoryName: '资金审批流程' });
    expect(byKey.Leave.id).toMatch(/^Leave:1:\d+$/);
    expect(page).toMatchObject({ total: page.records.length, current: 1, size: 10, pages: 1 });
  });

  it('refuses a request without its required fields, with the field named', async () => {
    const definitionId = await definitionOf(t, people.applicant.token, 'Leave');
    expectError(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId: definitionId,
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      }),
      400,
      '请选择开始日期',
    );
    expectError(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId: definitionId,
        startTime: '2030-01-02 09:00:00',
        endTime: '2030-01-01 09:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      }),
      400,
      '结束时间须晚于开始时间',
    );
    expectError(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId: definitionId,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
      }),
      400,
      '请选择审批人',
    );
    expectError(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId: 'Nope:1:1',
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      }),
      400,
      '流程定义不存在: Nope:1:1',
    );
  });
});

describe('leave approval', () => {
  it('approves a short leave in one step: inbox, lists, status, messages', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 2);
    expect(request).toMatchObject({
      taskName: '审批人审批',
      businessId: expect.stringMatching(/^\d+$/),
      processIsFinished: 'unfinished',
      status: 'finish',
    });
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(1);

    const task = await taskOf(t, people.manager, request.processInstanceId);
    expect(task).toMatchObject({
      taskName: '审批人审批',
      taskDefinitionKey: 'managerApproval',
      assignee: `taskUser_${people.manager.id}`,
      assigneeName: 'manager名',
      processDefinitionKey: 'Leave',
      processDefinitionName: '请假流程',
      processDefinitionVersion: 1,
      category: '1',
      categoryName: '请假流程',
      businessTable: 'blade_process_leave',
      businessId: request.businessId,
      status: 'todo',
      processIsFinished: 'unfinished',
      startUserName: 'applicant名',
    });
    expect(task.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await todo(t, people.applicant)).toEqual([]);
    expect(await messagesOf(people.manager)).toContain('新的待办: 审批人审批');

    expectOk(await complete(t, people.manager, task.taskId, true));
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(3);
    expect((await todo(t, people.manager)).filter((r) => r.processInstanceId === request.processInstanceId)).toEqual(
      [],
    );
    const done = expectOk(await t.get(`${WORK}/done-list`, people.manager.token)).records;
    expect(done.find((r: { taskId: string }) => r.taskId === task.taskId)).toMatchObject({
      status: 'finish',
      processIsFinished: 'finished',
    });
    // Finished, the applicant's sent request is at no step and with nobody (issue 31: its last step and handler).
    const sent = expectOk(await t.get(`${WORK}/send-list`, people.applicant.token)).records;
    expect(
      sent.find((r: { processInstanceId: string }) => r.processInstanceId === request.processInstanceId),
    ).toMatchObject({
      processIsFinished: 'finished',
      processResult: 'approved',
      taskId: '',
      taskName: '',
      assignee: '',
      assigneeName: '',
    });
    expect(await messagesOf(people.applicant)).toContain('流程已结束: 请假流程');
  });

  it('sends a leave of more than 3 days to HR: a group task one of them claims', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 5);
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, true, {
        comment: '同意, 转人事',
      }),
    );

    const forHr1 = (await claimable(t, people.hr1)).filter((r) => r.processInstanceId === request.processInstanceId);
    expect(forHr1).toHaveLength(1);
    expect(forHr1[0]).toMatchObject({ taskName: '人事审批', assignee: '', status: 'claim' });
    expect((await claimable(t, people.hr2)).map((r) => r.taskId)).toContain(forHr1[0].taskId);
    for (const hr of [people.hr1, people.hr2]) expect(await messagesOf(hr)).toContain('新的待办: 人事审批');
    expect((await claimable(t, people.manager)).map((r) => r.taskId)).not.toContain(forHr1[0].taskId);
    expectError(
      await t.post(`${WORK}/claim-task?taskId=${forHr1[0].taskId}`, people.manager.token),
      400,
      '查询不到此任务',
    );

    const claimed = await t.post(`${WORK}/claim-task?taskId=${forHr1[0].taskId}`, people.hr1.token);
    expect(claimed.json()).toEqual({ code: 200, success: true, data: null, msg: '签收事务成功' });
    expect((await claimable(t, people.hr2)).map((r) => r.taskId)).not.toContain(forHr1[0].taskId);
    expectError(await t.post(`${WORK}/claim-task?taskId=${forHr1[0].taskId}`, people.hr2.token), 400, '任务已处理');
    expect((await taskOf(t, people.hr1, request.processInstanceId)).claimTime).not.toBe('');
    expectError(await complete(t, people.hr2, forHr1[0].taskId, true), 400, '查询不到此任务');

    expectOk(await complete(t, people.hr1, forHr1[0].taskId, true));
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(3);

    // hr2's old message (新的待办) opens the task hr1 handled: he reads the request and, in its history, that the task
    // ended (the pages say 任务已处理 and offer no decision); completing it is refused with those words.
    expect(expectOk(await t.get(`${LEAVE}/detail?businessId=${request.businessId}`, people.hr2.token))).toMatchObject({
      id: request.businessId,
    });
    const history = expectOk(
      await t.get(
        `/api/blade-flow/process/history-flow-list?processInstanceId=${request.processInstanceId}`,
        people.hr2.token,
      ),
    ) as Array<{ taskId: string; endTime: string }>;
    expect(history.find((row) => row.taskId === forHr1[0].taskId)?.endTime).toMatch(/^\d{4}-/);
    expectError(await complete(t, people.hr2, forHr1[0].taskId, true), 400, '任务已处理');
  });

  it('lets a candidate approve an unclaimed group task directly', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 4);
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, true),
    );
    const [hrTask] = (await claimable(t, people.hr2)).filter((r) => r.processInstanceId === request.processInstanceId);
    expectOk(await complete(t, people.hr2, hrTask.taskId, true));
    const done = expectOk(await t.get(`${WORK}/done-list`, people.hr2.token)).records;
    expect(done.find((r: { taskId: string }) => r.taskId === hrTask.taskId)).toMatchObject({
      assignee: `taskUser_${people.hr2.id}`,
    });
  });

  it('rejects back to the applicant, who adjusts and resubmits; history shows every step with its comment', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 2);
    const first = await taskOf(t, people.manager, request.processInstanceId);
    expectOk(await complete(t, people.manager, first.taskId, false, { comment: '资料不全' }));
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(2);

    const adjust = await taskOf(t, people.applicant, request.processInstanceId);
    expect(adjust).toMatchObject({ taskName: '调整申请', taskDefinitionKey: 'adjust' });
    expect(await messagesOf(people.applicant)).toContain('新的待办: 调整申请');
    // The applicant edits his request, then resubmits it.
    expectOk(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        id: request.businessId,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: '探亲(补充材料)',
      }),
    );
    expectOk(await complete(t, people.applicant, adjust.taskId, true, { comment: '已补充' }));
    expect(await leaveStatus(t, people.applicant, request.businessId)).toBe(1);

    const second = await taskOf(t, people.manager, request.processInstanceId);
    expect(second.taskId).not.toBe(first.taskId);
    expectOk(await complete(t, people.manager, second.taskId, true));
    const detail = expectOk(await t.get(`${LEAVE}/detail?businessId=${request.businessId}`, people.manager.token));
    expect(detail).toMatchObject({
      status: 3,
      reason: '探亲(补充材料)',
      flow: { assigneeName: 'applicant名', processInstanceId: request.processInstanceId },
    });

    const history = expectOk(
      await t.get(
        `/api/blade-flow/process/history-flow-list?processInstanceId=${request.processInstanceId}`,
        people.applicant.token,
      ),
    );
    expect(
      history.map((h: Record<string, string>) => [h.historyActivityType, h.historyActivityName, h.comment]),
    ).toEqual([
      ['startEvent', '开始', ''],
      ['userTask', '审批人审批', '资料不全'],
      ['userTask', '调整申请', '已补充'],
      ['userTask', '审批人审批', '同意'],
      ['endEvent', '结束', ''],
    ]);
    expect(history[0]).toMatchObject({ assignee: `taskUser_${people.applicant.id}`, assigneeName: 'applicant名' });
    expect(history[1]).toMatchObject({
      assigneeName: 'manager名',
      historyActivityDurationTime: expect.stringMatching(/秒|分/),
    });
    for (const h of history) expect(h.endTime).toMatch(/^\d{4}-/);
  });

  it('lets the applicant withdraw: by not resubmitting, or by deleting the task', async () => {
    const rejected = await leaveRequest(t, people.applicant, people.manager, 1);
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, rejected.processInstanceId)).taskId, false),
    );
    expectOk(
      await complete(
        t,
        people.applicant,
        (await taskOf(t, people.applicant, rejected.processInstanceId)).taskId,
        false,
        { comment: '不请了' },
      ),
    );
    expect(await leaveStatus(t, people.applicant, rejected.businessId)).toBe(4);

    const pending = await leaveRequest(t, people.applicant, people.manager, 1);
    const task = await taskOf(t, people.manager, pending.processInstanceId);
    expectError(
      await t.post(`${WORK}/delete-task?taskId=${task.taskId}&reason=x`, people.manager.token),
      400,
      '只有流程发起人可以撤销',
    );
    const deleted = await t.post(
      `${WORK}/delete-task?taskId=${task.taskId}&reason=${encodeURIComponent('计划有变')}`,
      people.applicant.token,
    );
    expect(deleted.json()).toMatchObject({ code: 200, msg: '删除任务成功' });
    expect(await leaveStatus(t, people.applicant, pending.businessId)).toBe(4);
    expect((await todo(t, people.manager)).map((r) => r.taskId)).not.toContain(task.taskId);
    expectError(await complete(t, people.manager, task.taskId, true), 400, '任务已处理');
  });

  it('transfers a task to another user of the tenant, who is told and completes it', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 1);
    const task = await taskOf(t, people.manager, request.processInstanceId);
    expectError(
      await t.post(`${WORK}/transfer-task?taskId=${task.taskId}&userId=${people.deputy.id}`, people.deputy.token),
      400,
      '查询不到此任务',
    );
    expectError(
      await t.post(`${WORK}/transfer-task?taskId=${task.taskId}&userId=${people.manager.id}`, people.manager.token),
      400,
      '不能转办给自己',
    );
    expectError(
      await t.post(`${WORK}/transfer-task?taskId=${task.taskId}&userId=123456789`, people.manager.token),
      400,
      '用户不存在: 123456789',
    );
    const moved = await t.post(
      `${WORK}/transfer-task?taskId=${task.taskId}&userId=${people.deputy.id}&comment=${encodeURIComponent('出差')}`,
      people.manager.token,
    );
    expect(moved.json()).toMatchObject({ code: 200, msg: '转办成功' });
    expect((await todo(t, people.manager)).map((r) => r.taskId)).not.toContain(task.taskId);
    expect(await messagesOf(people.deputy)).toContain('新的待办: 审批人审批');
    expectError(await complete(t, people.manager, task.taskId, true), 400, '查询不到此任务');
    expectOk(
      await complete(t, people.deputy, (await taskOf(t, people.deputy, request.processInstanceId)).taskId, true),
    );
    const history = expectOk(
      await t.get(
        `/api/blade-flow/process/history-flow-list?processInstanceId=${request.processInstanceId}`,
        people.manager.token,
      ),
    );
    expect(history.find((h: Record<string, string>) => h.historyActivityType === 'userTask')).toMatchObject({
      assignee: `taskUser_${people.deputy.id}`,
      comment: '转办给 deputy名: 出差; 同意',
    });
  });

  it('refuses a second completion, and a complete without a decision', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 1);
    const task = await taskOf(t, people.manager, request.processInstanceId);
    expectError(
      await t.post(`${WORK}/complete-task`, people.manager.token, { taskId: task.taskId }),
      400,
      '请选择同意或驳回',
    );
    expectOk(await complete(t, people.manager, task.taskId, true));
    expectError(await complete(t, people.manager, task.taskId, true), 400, '任务已处理');
    expectError(await complete(t, people.manager, task.taskId, true), 400, /任务已处理/);
    const en = await t.post(
      `${WORK}/complete-task`,
      people.manager.token,
      { taskId: task.taskId, flag: 'ok' },
      { 'accept-language': 'en' },
    );
    expectError(en, 400, 'The task was already completed');
  });

  it("keeps the starter and request variables out of an approver's reach", async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 5);
    const task = await taskOf(t, people.manager, request.processInstanceId);
    // days=1 would skip HR and createUser would send rejections elsewhere: both are ignored. (5 calendar days from
    // Tuesday 2030-01-01 09:00 are 4 working days: the server's count, which the process keeps.)
    expectOk(
      await complete(t, people.manager, task.taskId, true, {
        variables: { days: 1, createUser: `taskUser_${people.boss.id}`, note: 'x' },
      }),
    );
    expect((await claimable(t, people.hr1)).map((r) => r.processInstanceId)).toContain(request.processInstanceId);
    const row = await t.services.db
      .selectFrom('blade_flow_instance')
      .select('variables')
      .where('id', '=', request.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.variables)).toMatchObject({
      days: 4,
      createUser: `taskUser_${people.applicant.id}`,
      note: 'x',
      pass: true,
    });
  });
});

describe('process view', () => {
  it('returns the XML and the activities with their end times after completion', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 1);
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, true),
    );
    const view = expectOk(
      await t.get(
        `/api/blade-flow/process/model-view?processInstanceId=${request.processInstanceId}`,
        people.applicant.token,
      ),
    );
    expect(view.xml).toContain('<process id="Leave"');
    expect(view.flow.map((f: Record<string, string>) => `${f.historyActivityType}:${f.historyActivityId}`)).toEqual([
      'startEvent:start',
      'sequenceFlow:toManager',
      'userTask:managerApproval',
      'sequenceFlow:managerDone',
      'exclusiveGateway:managerDecision',
      'sequenceFlow:shortLeave',
      'endEvent:approved',
    ]);
    for (const f of view.flow)
      expect(Object.keys(f).sort()).toEqual(['endTime', 'historyActivityId', 'historyActivityType']);
    for (const f of view.flow) expect(f.endTime).toMatch(/^\d{4}-/);

    const byDefinition = expectOk(
      await t.get(
        `/api/blade-flow/process/model-view?processDefinitionId=${encodeURIComponent(await definitionOf(t, people.applicant.token, 'Leave'))}`,
        people.applicant.token,
      ),
    );
    expect(byDefinition).toEqual({ xml: view.xml, flow: [] });
  });

  it('shows a running task without an end time, and hides an instance from outsiders', async () => {
    const request = await leaveRequest(t, people.applicant, people.manager, 1);
    const view = expectOk(
      await t.get(
        `/api/blade-flow/process/model-view?processInstanceId=${request.processInstanceId}`,
        people.manager.token,
      ),
    );
    expect(view.flow.find((f: Record<string, string>) => f.historyActivityType === 'userTask')).toMatchObject({
      endTime: '',
    });
    expectError(
      await t.get(
        `/api/blade-flow/process/history-flow-list?processInstanceId=${request.processInstanceId}`,
        people.boss.token,
      ),
      400,
      `流程实例不存在: ${request.processInstanceId}`,
    );
    expect(expectOk(await t.get(`${LEAVE}/detail?businessId=${request.businessId}`, people.boss.token))).toBeNull();
  });
});

describe('fund approval', () => {
  const start = async (amount: string) => {
    const definitionId = await definitionOf(t, people.applicant.token, 'Finance');
    expectOk(
      await t.post(`${FINANCE}/start-process`, people.applicant.token, {
        processDefinitionId: definitionId,
        title: '采购',
        amount,
        reason: '设备',
        taskUser: people.manager.id,
      }),
    );
    const [latest] = expectOk(await t.get(`${WORK}/send-list`, people.applicant.token)).records;
    return latest as { processInstanceId: string; businessId: string };
  };
  const approveGroupTask = async (who: Person, instanceId: string, name: string) => {
    const [task] = (await claimable(t, who)).filter((r) => r.processInstanceId === instanceId);
    expect(task?.taskName).toBe(name);
    expectOk(await complete(t, who, task.taskId, true));
  };

  it('needs only the approver below 10 000', async () => {
    const request = await start('9999.99');
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, true),
    );
    expect(
      expectOk(await t.get(`${FINANCE}/detail?businessId=${request.businessId}`, people.applicant.token)),
    ).toMatchObject({ status: 3, amount: '9999.99', title: '采购' });
  });

  it('adds finance from 10 000 and the general manager from 100 000', async () => {
    const medium = await start('50000');
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, medium.processInstanceId)).taskId, true),
    );
    await approveGroupTask(people.finance, medium.processInstanceId, '财务审批');
    expect(
      expectOk(await t.get(`${FINANCE}/detail?businessId=${medium.businessId}`, people.applicant.token)).status,
    ).toBe(3);

    const large = await start('100000');
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, large.processInstanceId)).taskId, true),
    );
    await approveGroupTask(people.finance, large.processInstanceId, '财务审批');
    expect(
      expectOk(await t.get(`${FINANCE}/detail?businessId=${large.businessId}`, people.applicant.token)).status,
    ).toBe(1);
    await approveGroupTask(people.boss, large.processInstanceId, '总经理审批');
    expect(
      expectOk(await t.get(`${FINANCE}/detail?businessId=${large.businessId}`, people.applicant.token)).status,
    ).toBe(3);
  });

  it('refuses an invalid amount', async () => {
    const definitionId = await definitionOf(t, people.applicant.token, 'Finance');
    for (const amount of ['', '-5', 'abc', '1.234']) {
      expectError(
        await t.post(`${FINANCE}/start-process`, people.applicant.token, {
          processDefinitionId: definitionId,
          title: 't',
          amount,
          reason: 'r',
          taskUser: people.manager.id,
        }),
        400,
        '请输入正确的金额',
      );
    }
  });
});

describe('tenant isolation of tasks and definitions', () => {
  it('keeps another tenant from seeing, starting or handling tenant 000000 processes', async () => {
    await createTenant(t, '600201');
    const outsider = await person(t, '600201', 'fw_outsider', 'manager');
    const request = await leaveRequest(t, people.applicant, people.manager, 5);
    const task = await taskOf(t, people.manager, request.processInstanceId);

    const startList = expectOk(await t.get(`${WORK}/start-list`, outsider.token));
    expect(startList.records).toEqual([]);
    const leaveId = await definitionOf(t, people.applicant.token, 'Leave');
    expectError(
      await t.post(`${LEAVE}/start-process`, outsider.token, {
        processDefinitionId: leaveId,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: outsider.id,
      }),
      400,
      `流程定义不存在: ${leaveId}`,
    );
    expect(await todo(t, outsider)).toEqual([]);
    expect(await claimable(t, outsider)).toEqual([]);
    expectError(await complete(t, outsider, task.taskId, true), 400, '查询不到此任务');
    expectError(await t.post(`${WORK}/claim-task?taskId=${task.taskId}`, outsider.token), 400, '查询不到此任务');
    expectError(
      await t.post(`${WORK}/transfer-task?taskId=${task.taskId}&userId=${outsider.id}`, people.manager.token),
      400,
      `用户不存在: ${outsider.id}`,
    );
    expectError(
      await t.get(`/api/blade-flow/process/model-view?processInstanceId=${request.processInstanceId}`, outsider.token),
      400,
      /流程实例不存在/,
    );
    expectError(
      await t.get(
        `/api/blade-flow/process/model-view?processDefinitionId=${encodeURIComponent(leaveId)}`,
        outsider.token,
      ),
      400,
      /流程定义不存在/,
    );
    expect(expectOk(await t.get(`${LEAVE}/detail?businessId=${request.businessId}`, outsider.token))).toBeNull();
    // The group task of tenant 000000's hr role is not offered to an hr role of another tenant.
    expectOk(await complete(t, people.manager, task.taskId, true));
    const outsiderHr = await person(t, '600201', 'fw_outsider_hr', 'hr');
    expect(await claimable(t, outsiderHr)).toEqual([]);
  });

  it('rejects an approver of another tenant when starting', async () => {
    await createTenant(t, '600202').catch(() => undefined);
    const stranger = await person(t, '600202', 'fw_stranger', 'staff');
    expectError(await startLeave(t, people.applicant, stranger, 1), 400, '审批人不存在');
  });
});

describe('approver picker', () => {
  it('lets any starter pick colleagues of his own tenant by account or name, without the user screen code', async () => {
    const picked = expectOk(
      await t.get(`${WORK}/user-select?keyword=${encodeURIComponent(people.manager.account)}`, people.applicant.token),
    ) as Array<Record<string, string>>;
    expect(picked.map((u) => u.id)).toContain(people.manager.id);
    expect(Object.keys(picked[0]).sort()).toEqual(['account', 'deptName', 'id', 'name', 'realName']);
    expectError(await t.get('/api/blade-system/user/user-list', people.applicant.token), 403);
    await createTenant(t, '620001');
    const stranger = await person(t, '620001', `${people.manager.account}x`, 'clerk');
    const seen = expectOk(
      await t.get(`${WORK}/user-select?keyword=${encodeURIComponent(people.manager.account)}`, stranger.token),
    ) as Array<{ id: string }>;
    expect(seen.map((u) => u.id)).not.toContain(people.manager.id);
    // LIKE wildcards are text, not patterns
    expect(expectOk(await t.get(`${WORK}/user-select?keyword=%25`, people.applicant.token))).toEqual([]);
  });
});

describe('list filters', () => {
  it('filters the inbox by category and start date, with totals that match the rows', async () => {
    const approver = await person(t, '000000', 'fw-filter-boss', 'fwfilterboss');
    const asker = await person(t, '000000', 'fw-filter-asker', 'fwfilterasker');
    expectOk(await startLeave(t, asker, approver, 1));
    expectOk(await startLeave(t, asker, approver, 2));
    const list = async (filter: string) =>
      expectOk(await t.get(`${WORK}/todo-list?size=100&${filter}`, approver.token));
    const leave = await list('category=1');
    expect(leave.total).toBe(2);
    expect(leave.records).toHaveLength(2);
    expect(await list('category=2')).toMatchObject({ total: 0, records: [] });
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`beginDate=2000-01-01&endDate=2999-12-31`)).total).toBe(2);
    expect(await list('beginDate=2999-01-01')).toMatchObject({ total: 0, records: [] });
    expect((await list(`category=1&beginDate=${today}`)).total).toBeLessThanOrEqual(2);
    const sent = expectOk(await t.get(`${WORK}/send-list?size=100&category=2`, asker.token));
    expect(sent).toMatchObject({ total: 0, records: [] });
  });
});
