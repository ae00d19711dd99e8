import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';
import { WORK, complete, person, taskOf, upload, type Person } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';

/**
 * 作业管理 over HTTP: a job that fails for real (a timer fires into a script that divides by a variable nobody set)
 * runs out of its retries, shows in its tenant's list with its error, and once the cause is fixed (the variable set by
 * a task's completion) 重试 gives it its retries back and the poller moves the instance on. The app's own poller is
 * off: the test makes jobs due by moving their due time and runs the poller's batch itself (as flow.events.test.ts).
 */

const FLOW = '/api/blade-flow';
const JOB = `${FLOW}/job`;
const TA = '600371';
const TB = '600372';
let t: TestApp;
let admin: string;
withTestApp(
  (app, token) => {
    t = app;
    admin = token;
  },
  { TENON_FLOW_JOB_POLL_MS: 'off' },
);

let starter: Person;
let alice: Person;
let plain: Person;
let adminA: string;
let adminB: string;

beforeAll(async () => {
  adminA = (await createTenantAdmin(t, TA, ['flow_job', 'flow_job_retry'], 'jb_admin_a')).token;
  adminB = (await createTenantAdmin(t, TB, ['flow_job', 'flow_job_retry'], 'jb_admin_b')).token;
  const roles = new Map<string, string>();
  starter = await person(t, TA, 'jb_starter', 'staff', roles);
  alice = await person(t, TA, 'jb_alice', 'staff', roles);
  plain = await person(t, TA, 'jb_plain', 'staff', roles);
}, 60_000);

/**
 * Two branches: alice fills in a task; an hour later a script divides by `divisor`, which only her completion sets.
 * The timer firing before she completes fails at run time (unknown variable). Both meet at `check`.
 */
const SHARE_MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  id="d_JbShare" targetNamespace="http://tenon/test">
  <process id="JbShare" name="份额计算" isExecutable="true">
    <startEvent id="start"/>
    <parallelGateway id="fork"/>
    <userTask id="fill" name="填写除数" flowable:assignee="jb_alice"/>
    <intermediateCatchEvent id="wait" name="等待一小时">
      <timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>
    </intermediateCatchEvent>
    <scriptTask id="calc" name="计算份额" scriptFormat="juel" flowable:resultVariable="share">
      <script>\${100 / divisor}</script>
    </scriptTask>
    <parallelGateway id="join"/>
    <userTask id="check" name="核对" flowable:assignee="jb_alice"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="fork"/>
    <sequenceFlow id="f2" sourceRef="fork" targetRef="fill"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="wait"/>
    <sequenceFlow id="f4" sourceRef="fill" targetRef="join"/>
    <sequenceFlow id="f5" sourceRef="wait" targetRef="calc"/>
    <sequenceFlow id="f6" sourceRef="calc" targetRef="join"/>
    <sequenceFlow id="f7" sourceRef="join" targetRef="check"/>
    <sequenceFlow id="f8" sourceRef="check" targetRef="end"/>
  </process>
</definitions>`;

interface JobRow {
  id: string;
  tenantId: string;
  kind: string;
  state: string;
  processName: string;
  processKey: string;
  processVersion: number;
  processInstanceId: string;
  startUser: string;
  elementId: string;
  elementName: string;
  dueTime: string;
  retries: number;
  error: string;
  lockOwner: string;
}

async function jobList(token: string, query = ''): Promise<{ records: JobRow[]; total: number }> {
  return expectOk(await t.get(`${JOB}/list?size=100${query}`, token));
}

async function startShare(): Promise<string> {
  const page = expectOk(await t.get(`${WORK}/start-list?size=100&key=JbShare`, starter.token));
  const definition = page.records.find((r: { key: string }) => r.key === 'JbShare');
  return expectOk(await t.post(`${WORK}/start-process`, starter.token, { processDefinitionId: definition.id }))
    .processInstanceId;
}

/** The instance's job comes due (its clock moved past it) and the poller's batch runs; how many jobs ran. */
async function fireDue(instanceId: string): Promise<number> {
  await t.services.db
    .updateTable('blade_flow_job')
    .set({ due_time: new Date(Date.now() - 1000).toISOString() })
    .where('instance_id', '=', instanceId)
    .execute();
  return workflowOf(t.services).jobs.runDue();
}

let instanceId: string;
let failed: JobRow;

describe('a job out of its retries', () => {
  beforeAll(async () => {
    expectOk(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds: TA }, [
        { field: 'files', name: 'JbShare.bpmn20.xml', content: SHARE_MODEL },
      ]),
    );
    instanceId = await startShare();
    for (let attempt = 0; attempt < 3; attempt++) expect(await fireDue(instanceId)).toBe(0);
  }, 60_000);

  it("shows in its tenant's list, failed first, with its process, step and error", async () => {
    const { records } = await jobList(adminA);
    const mine = records.filter((r) => r.processInstanceId === instanceId);
    expect(mine).toHaveLength(1);
    failed = mine[0];
    expect(failed).toMatchObject({
      tenantId: TA,
      kind: 'timer',
      state: 'failed',
      processName: '份额计算',
      processKey: 'JbShare',
      processVersion: 1,
      startUser: 'starter名',
      elementId: 'wait',
      elementName: '等待一小时',
      retries: 0,
      lockOwner: '',
    });
    expect(failed.error).toMatch(/calc.*divisor/);
    expect(failed.dueTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(records[0].state).toBe('failed');

    expect((await jobList(adminA, '&jobState=failed')).records.map((r) => r.id)).toContain(failed.id);
    expect((await jobList(adminA, '&jobState=waiting')).records.map((r) => r.id)).not.toContain(failed.id);
    expect((await jobList(adminA, '&processKey=JbShare&kind=timer')).records.map((r) => r.id)).toEqual([failed.id]);
    expect((await jobList(adminA, '&kind=start')).records.map((r) => r.id)).not.toContain(failed.id);
    expectError(await t.get(`${JOB}/list?jobState=dead`, adminA), 400, /jobState/);
  });

  it('gives its whole error in its detail', async () => {
    const detail = expectOk(await t.get(`${JOB}/detail?id=${failed.id}`, adminA));
    expect(detail).toMatchObject({ id: failed.id, elementId: 'wait', retries: 0 });
    expect(detail.error).toContain('unknown variable "divisor"');
    expectError(await t.get(`${JOB}/detail?id=1`, adminA), 400, /作业不存在/);
    expectError(await t.get(`${JOB}/detail`, adminA), 400);
  });

  it("is not another tenant's administrator's, and not a plain user's; the platform's sees it", async () => {
    expect((await jobList(adminB)).records.map((r) => r.id)).not.toContain(failed.id);
    expectError(await t.get(`${JOB}/detail?id=${failed.id}`, adminB), 400);
    expectError(await t.post(`${JOB}/retry`, adminB, { ids: failed.id }), 400, /作业不存在/);
    expectError(await t.get(`${JOB}/list`, plain.token), 403);
    expectError(await t.post(`${JOB}/retry`, plain.token, { ids: failed.id }), 403);
    expect((await jobList(admin, '&processKey=JbShare')).records.map((r) => r.id)).toContain(failed.id);
    // The other tenant's refused retry changed nothing.
    expect(expectOk(await t.get(`${JOB}/detail?id=${failed.id}`, adminA)).retries).toBe(0);
  });

  it('refuses ids that are no ids, and a list with one unknown job as a whole', async () => {
    expectError(await t.post(`${JOB}/retry`, adminA, { ids: 'abc' }), 400);
    expectError(await t.post(`${JOB}/retry`, adminA, {}), 400);
    expectError(await t.post(`${JOB}/retry`, adminA, { ids: `${failed.id},1` }), 400, /作业不存在/);
    expect(expectOk(await t.get(`${JOB}/detail?id=${failed.id}`, adminA)).retries).toBe(0);
  });

  it('retried once its cause is fixed, runs and moves the instance on', async () => {
    // The cause: alice's task sets the divisor.
    const fill = await taskOf(t, alice, instanceId);
    expect(fill.taskDefinitionKey).toBe('fill');
    expectOk(await complete(t, alice, fill.taskId, true, { variables: { divisor: 4 } }));
    // Still failed: nothing runs it until an administrator retries.
    expect(await workflowOf(t.services).jobs.runDue()).toBe(0);

    const res = await t.post(`${JOB}/retry`, adminA, { ids: failed.id });
    expect(expectOk(res)).toBeNull();
    expect(res.json().msg).toBe('已重试 1 个作业');
    const waiting = expectOk(await t.get(`${JOB}/detail?id=${failed.id}`, adminA));
    expect(waiting).toMatchObject({ state: 'waiting', retries: 3, error: '', lockOwner: '' });

    expect(await workflowOf(t.services).jobs.runDue()).toBe(1);
    expect((await taskOf(t, alice, instanceId)).taskDefinitionKey).toBe('check');
    const variables = expectOk(await t.get(`${FLOW}/process/variables?processInstanceId=${instanceId}`, starter.token));
    expect(variables.share).toBe(25);
    expect((await jobList(adminA)).records.map((r) => r.id)).not.toContain(failed.id);
    expectError(await t.post(`${JOB}/retry`, adminA, { ids: failed.id }), 400);
  });
});
