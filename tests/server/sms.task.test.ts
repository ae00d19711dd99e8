import { describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { complete, leaveRequest, staff, taskOf } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';
import { notifyEach, type InstanceRow } from '../../src/server/platform/workflow/flow-store.ts';
import {
  DEMO_PASSWORD,
  DEMO_SMS_APPROVER,
  seedDemo,
  seedDemoSmsApprover,
} from '../../src/server/modules/system/demo/organisation.ts';
import { seedSmsDemo } from '../../src/server/modules/resource/demo.ts';
import { USER_PROFILE_URL, USER_UPDATE_INFO_URL } from '../../src/shared/contract/api/system.ts';

/**
 * The new-task SMS (issue 36): an approver who chose it in 个人信息 gets one per new task, sent by the workflow's job
 * queue after the step (the app's poller is off: the test runs the poller's batch itself), through the tenant's
 * enabled SMS config — none here, so the log-only sender writes it to the usual log. One who did not choose it gets
 * none.
 */
let t: TestApp;
withTestApp(
  (app) => {
    t = app;
  },
  { TENON_FLOW_JOB_POLL_MS: 'off' },
);

const smsJobs = (instanceId?: string) => {
  const jobs = t.services.db
    .selectFrom('blade_flow_job')
    .select(['element_id', 'execution_id'])
    .where('kind', '=', 'sms');
  return (instanceId ? jobs.where('instance_id', '=', instanceId) : jobs).execute();
};
const sentTo = async (phone: string) => {
  await t.services.audit.flush();
  const rows = await t.services.db
    .selectFrom('blade_log_usual')
    .select(['log_data', 'service_id'])
    .where('log_id', '=', 'sms-send')
    .execute();
  return rows.filter((row) => (JSON.parse(row.log_data) as { phones: string[] }).phones.includes(phone));
};

describe('new-task SMS', () => {
  it('is a setting of 个人信息: read back, never on without a phone, 0 or 1 only', async () => {
    const people = await staff(t, 'smsp');
    const me = people.boss;
    expect(expectOk(await t.get(USER_PROFILE_URL, me.token))).toMatchObject({ phone: '', smsTask: 0 });
    expectError(
      await t.post(USER_UPDATE_INFO_URL, me.token, { smsTask: 1 }),
      400,
      '请先填写手机号码，再开启新待办短信提醒',
    );
    expectError(await t.post(USER_UPDATE_INFO_URL, me.token, { phone: '13700000009', smsTask: 2 }), 400);
    expect(expectOk(await t.get(USER_PROFILE_URL, me.token))).toMatchObject({ phone: '', smsTask: 0 });
    expectOk(await t.post(USER_UPDATE_INFO_URL, me.token, { phone: '13700000009', smsTask: 1 }));
    expect(expectOk(await t.get(USER_PROFILE_URL, me.token))).toMatchObject({ phone: '13700000009', smsTask: 1 });
  });

  it('reaches the approver who opted in, through the queue, and nobody else', async () => {
    const people = await staff(t, 'smst');
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.manager.token, { phone: '13700000001', smsTask: 1 }));
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.deputy.token, { phone: '13700000002' }));
    const profile = await t.services.db
      .selectFrom('blade_user')
      .select(['sms_task', 'phone'])
      .where('id', '=', people.manager.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ sms_task: 1, phone: '13700000001' });

    const opted = await leaveRequest(t, people.applicant, people.manager, 2);
    // queued with the step, not sent within it
    expect(await smsJobs()).toEqual([{ element_id: people.manager.id, execution_id: opted.taskId }]);
    expect(await sentTo('13700000001')).toEqual([]);

    await leaveRequest(t, people.applicant, people.deputy, 2);
    expect((await smsJobs()).map((j) => j.element_id)).toEqual([people.manager.id]);

    expect(await workflowOf(t.services).jobs.runDue()).toBeGreaterThanOrEqual(1);
    const sent = await sentTo('13700000001');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].log_data)).toMatchObject({
      sms: 'log',
      phones: ['13700000001'],
      params: { name: opted.taskName },
    });
    expect(sent[0].service_id).toBe('blade-flow');
    expect(await sentTo('13700000002')).toEqual([]);
    expect(await smsJobs()).toEqual([]);
  });

  it('sends nothing once the approver opted out before the queue got to it', async () => {
    const people = await staff(t, 'smsu');
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.manager.token, { phone: '13700000003', smsTask: 1 }));
    await leaveRequest(t, people.applicant, people.manager, 2);
    expect(await smsJobs()).toHaveLength(1);
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.manager.token, { smsTask: 0 }));
    await workflowOf(t.services).jobs.runDue();
    expect(await smsJobs()).toEqual([]);
    expect(await sentTo('13700000003')).toEqual([]);
  });

  it("queues a job for the one of a group task's handlers who opted in, none for the one who did not", async () => {
    const people = await staff(t, 'smsg');
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.hr1.token, { phone: '13700000004', smsTask: 1 }));
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.hr2.token, { phone: '13700000005', smsTask: 0 }));
    const request = await leaveRequest(t, people.applicant, people.manager, 5);
    // the manager's step: he did not opt in
    expect(await smsJobs(request.processInstanceId)).toEqual([]);
    const managerTask = await taskOf(t, people.manager, request.processInstanceId);
    expectOk(await complete(t, people.manager, managerTask.taskId, true));
    const jobs = await smsJobs(request.processInstanceId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].element_id).toBe(people.hr1.id);
    expect(jobs[0].execution_id).not.toBe(managerTask.taskId);
  });

  it("writes a step's messages and the opted-in handler's SMS job in one statement", async () => {
    const people = await staff(t, 'smso');
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.manager.token, { phone: '13700000006', smsTask: 1 }));
    expectOk(await t.post(USER_UPDATE_INFO_URL, people.deputy.token, { phone: '13700000007' }));
    const request = await leaveRequest(t, people.applicant, people.deputy, 2);
    const instance = (await t.services.db
      .selectFrom('blade_flow_instance')
      .selectAll()
      .where('id', '=', request.processInstanceId)
      .executeTakeFirstOrThrow()) as unknown as InstanceRow;
    let statements = 0;
    const counted = t.services.db.withPlugin({
      transformQuery: ({ node }) => {
        statements += 1;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const taskId = request.taskId;
    const message = { title: '新的待办', content: '请审批', taskId };
    await notifyEach(
      counted,
      [
        { userId: people.manager.id, ...message },
        { userId: people.deputy.id, ...message },
      ],
      { senderId: people.applicant.id, now: new Date(), instance },
    );
    expect(statements).toBe(1);
    expect(await smsJobs(request.processInstanceId)).toEqual([{ element_id: people.manager.id, execution_id: taskId }]);
  });

  // Last: it enables a config of tenant 000000, which the tests above expect to have none.
  it('the demo: 李四 opted in, and his new task reaches 通用日志 through the enabled log-only config', async () => {
    const db = t.services.db;
    await seedDemo(db);
    expect(await seedSmsDemo(db)).toEqual(['1 SMS config (log only, enabled)']);
    expect(await seedDemoSmsApprover(db)).toEqual(['1 approver with the new-task SMS']);
    expect(await seedSmsDemo(db)).toEqual([]);
    expect(await seedDemoSmsApprover(db)).toEqual([]);
    const demo = async (account: string) => ({
      id: (await db.selectFrom('blade_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id,
      account,
      token: await t.tokenOf(account, DEMO_PASSWORD),
    });
    const lisi = await demo('lisi');
    expect(String(lisi.id)).toBe(DEMO_SMS_APPROVER.id);
    await leaveRequest(t, await demo('zhangsan'), { ...lisi, id: String(lisi.id) }, 2);
    await workflowOf(t.services).jobs.runDue();
    const sent = await sentTo(DEMO_SMS_APPROVER.phone);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].log_data)).toMatchObject({ sms: 'log-demo', template: 'TASK_NOTICE' });
  });
});
