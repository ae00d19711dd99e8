import { describe, expect, it } from 'vitest';
import { expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { leaveRequest, staff } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';
import { USER_UPDATE_INFO_URL } from '../../src/shared/contract/api/system.ts';

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

const smsJobs = () =>
  t.services.db.selectFrom('blade_flow_job').select(['element_id', 'execution_id']).where('kind', '=', 'sms').execute();
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
});
