import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';
import { complete, person, processModel, taskOf, todo, upload, WORK, type Person } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';

/**
 * Issue 34 point 8: timers, errors, messages and signals over HTTP. Timers are rows of blade_flow_job: a test makes
 * one due by moving its due time into the past and runs the poller's batch itself (the app's own poller is off), as
 * a server process does every TENON_FLOW_JOB_POLL_MS.
 */

const FLOW = '/api/blade-flow';
const TA = '600361';
const TB = '600362';
const HOUR = 3600_000;
let t: TestApp;
let admin: string;
let adminId: string;
withTestApp(
  (app, token) => {
    t = app;
    admin = token;
  },
  { TENON_FLOW_JOB_POLL_MS: 'off' },
);

/** People of tenant A: the starter, the approver, the one an escalation goes to; tenant B's starter. */
let starter: Person;
let alice: Person;
let boss: Person;
let tenantAdminA: string;
let starterB: Person;

beforeAll(async () => {
  tenantAdminA = (await createTenantAdmin(t, TA, ['work', 'work_todo'], 'ev_admin_a')).token;
  await createTenantAdmin(t, TB, ['work', 'work_todo'], 'ev_admin_b');
  const roles = new Map<string, string>();
  starter = await person(t, TA, 'ev_starter', 'staff', roles);
  alice = await person(t, TA, 'ev_alice', 'staff', roles);
  boss = await person(t, TA, 'ev_boss', 'staff', roles);
  starterB = await person(t, TB, 'ev_starter_b', 'staff', roles);
  adminId = expectOk(await t.get('/api/blade-auth/oauth/user-info', admin)).userId;
}, 60_000);

// ---- models ----

/** A model of one process `key` (flow.support.ts). */
const bpmn = (key: string, body: string, flows: string[], definitions = '') =>
  processModel(key, body, flows, { definitions, name: `事件 ${key}` });

const task = (id: string, assignee: string) => `<userTask id="${id}" name="${id}" flowable:assignee="${assignee}"/>`;
const timer = (form: 'timeDuration' | 'timeDate' | 'timeCycle', text: string) =>
  `<timerEventDefinition><${form}>${text}</${form}></timerEventDefinition>`;
const boundary = (id: string, on: string, definition: string, interrupting = true) =>
  `<boundaryEvent id="${id}" attachedToRef="${on}"${interrupting ? '' : ' cancelActivity="false"'}>${definition}</boundaryEvent>`;

/** A user task `approve` of alice with a boundary timer `late` leading to `after` (an escalation task of boss). */
const boundaryModel = (key: string, definition: string, interrupting = true, after = task('escalate', 'ev_boss')) =>
  bpmn(
    key,
    `<startEvent id="start"/>${task('approve', 'ev_alice')}<endEvent id="done"/>
    ${boundary('late', 'approve', definition, interrupting)}${after}<endEvent id="escalated"/>`,
    [
      'start>approve',
      'approve>done',
      `late>${/id="(\w+)"/.exec(after)![1]}`,
      `${/id="(\w+)"/.exec(after)![1]}>escalated`,
    ],
  );

// ---- HTTP helpers ----

const deployTo = (tenantIds: string, key: string, xml: string) =>
  upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds }, [
    { field: 'files', name: `${key}.bpmn20.xml`, content: xml },
  ]);
const deploy = async (key: string, xml: string, tenantIds = TA) => expectOk(await deployTo(tenantIds, key, xml));

/** Every version of the key's definitions (mode 2: not only the newest). */
async function definitionsOf(key: string) {
  return expectOk(await t.get(`${FLOW}/manager/list?size=100&mode=2&key=${key}`, admin)).records as Array<{
    id: string;
    key: string;
    version: number;
    tenantId: string;
  }>;
}

function startRequest(who: Person, key: string, variables: Record<string, unknown> = {}) {
  return (async () => {
    const page = expectOk(await t.get(`${WORK}/start-list?size=100&key=${key}`, who.token));
    const definition = page.records.find((r: { key: string }) => r.key === key);
    expect(definition, `${key} in ${who.account}'s start list`).toBeDefined();
    return t.post(`${WORK}/start-process`, who.token, { processDefinitionId: definition.id, variables });
  })();
}
const start = async (who: Person, key: string, variables: Record<string, unknown> = {}): Promise<string> =>
  expectOk(await startRequest(who, key, variables)).processInstanceId;

/** The instance's running row of the follow-up list, or undefined once it ended. */
async function running(instanceId: string) {
  const page = expectOk(await t.get(`${FLOW}/follow/list?processInstanceId=${instanceId}`, admin));
  return page.records[0] as Record<string, string> | undefined;
}
async function runningOf(key: string) {
  const page = expectOk(await t.get(`${FLOW}/follow/list?size=100&processDefinitionKey=${key}`, admin));
  return page.records as Array<Record<string, string>>;
}

/** The instance's user-task history rows (the tenant's administrator sees every instance of his tenant). */
async function userTasks(instanceId: string) {
  const rows = expectOk(
    await t.get(`${FLOW}/process/history-flow-list?processInstanceId=${instanceId}`, tenantAdminA),
  ) as Array<Record<string, string>>;
  return rows.filter((r) => r.historyActivityType === 'userTask');
}

const openOf = (who: Person, instanceId: string) =>
  todo(t, who).then((rows) => rows.filter((r) => r.processInstanceId === instanceId));

// ---- jobs (rows only the poller reads: no route shows them) ----

const jobsOf = (where: { instanceId?: string; definitionId?: string }) => {
  let q = t.services.db.selectFrom('blade_flow_job').selectAll();
  if (where.instanceId) q = q.where('instance_id', '=', where.instanceId);
  if (where.definitionId) q = q.where('definition_id', '=', where.definitionId).where('instance_id', 'is', null);
  return q.orderBy('id').execute();
};
const dueMs = (row: { due_time: unknown }) => new Date(row.due_time as string).getTime();

/** The job's clock passes its due time; the poller's batch runs. Returns how many jobs ran. */
async function fire(job: { id: unknown }): Promise<number> {
  await t.services.db
    .updateTable('blade_flow_job')
    .set({ due_time: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', String(job.id))
    .execute();
  return workflowOf(t.services).jobs.runDue();
}

describe('boundary timers', () => {
  it('an interrupting PT48H timer withdraws the task when due and opens the escalation, leaving no job', async () => {
    await deploy('EvEscalate', boundaryModel('EvEscalate', timer('timeDuration', 'PT48H')));
    const before = Date.now();
    const instanceId = await start(starter, 'EvEscalate');
    const [job] = await jobsOf({ instanceId });
    expect(job).toMatchObject({ kind: 'timer', element_id: 'late', retries: 3 });
    expect(dueMs(job)).toBeGreaterThanOrEqual(before + 48 * HOUR - 1000);
    expect(dueMs(job)).toBeLessThanOrEqual(Date.now() + 48 * HOUR + 1000);

    // Not due yet: nothing fires.
    expect(await workflowOf(t.services).jobs.runDue()).toBe(0);
    const approve = await taskOf(t, alice, instanceId);
    expect(approve.taskDefinitionKey).toBe('approve');

    expect(await fire(job)).toBe(1);
    expect(await openOf(alice, instanceId)).toEqual([]);
    const escalation = await taskOf(t, boss, instanceId);
    expect(escalation.taskDefinitionKey).toBe('escalate');
    const history = await userTasks(instanceId);
    expect(history.find((r) => r.historyActivityId === 'approve')!.endTime).not.toBe('');
    expect(history.find((r) => r.historyActivityId === 'escalate')!.endTime).toBe('');
    expect(await jobsOf({ instanceId })).toEqual([]);
    // The withdrawn task cannot be completed any more.
    expect((await complete(t, alice, approve.taskId, true)).statusCode).toBe(400);
    expect((await running(instanceId))?.taskDefinitionKey).toBe('escalate');
  });

  it('a non-interrupting R2/PT1H cycle reminds twice and then stops; the task stays open', async () => {
    await deploy(
      'EvRemind',
      boundaryModel('EvRemind', timer('timeCycle', 'R2/PT1H'), false, task('remind', 'ev_boss')),
    );
    const instanceId = await start(starter, 'EvRemind');
    const [first] = await jobsOf({ instanceId });
    expect(dueMs(first)).toBeGreaterThan(Date.now() + HOUR - 60_000);

    expect(await fire(first)).toBe(1);
    expect((await openOf(boss, instanceId)).map((r) => r.taskDefinitionKey)).toEqual(['remind']);
    expect((await taskOf(t, alice, instanceId)).taskDefinitionKey).toBe('approve');
    const [second] = await jobsOf({ instanceId });
    expect(second).toMatchObject({ element_id: 'late', error: '' });
    expect(dueMs(second)).toBeGreaterThan(Date.now() + HOUR - 60_000);

    expect(await fire(second)).toBe(1);
    expect((await openOf(boss, instanceId)).map((r) => r.taskDefinitionKey)).toEqual(['remind', 'remind']);
    expect((await taskOf(t, alice, instanceId)).taskDefinitionKey).toBe('approve');
    expect(await jobsOf({ instanceId })).toEqual([]);
  });

  it('completing the task removes its boundary timer', async () => {
    const instanceId = await start(starter, 'EvRemind');
    expect(await jobsOf({ instanceId })).toHaveLength(1);
    expectOk(await complete(t, alice, (await taskOf(t, alice, instanceId)).taskId, true));
    expect(await jobsOf({ instanceId })).toEqual([]);
    expect(await running(instanceId)).toBeUndefined();
  });
});

describe('intermediate timer catch', () => {
  const catchModel = (key: string, form: 'timeDate' | 'timeDuration', text: string) =>
    bpmn(
      key,
      `<startEvent id="start"/><intermediateCatchEvent id="wait">${timer(form, text)}</intermediateCatchEvent>
      ${task('after', 'ev_alice')}<endEvent id="end"/>`,
      ['start>wait', 'wait>after', 'after>end'],
    );

  it('waits until the date a ${dueDate} variable names, then moves on', async () => {
    await deploy('EvCatchDate', catchModel('EvCatchDate', 'timeDate', '${dueDate}'));
    const instanceId = await start(starter, 'EvCatchDate', { dueDate: '2030-01-02T03:04:05Z' });
    const [job] = await jobsOf({ instanceId });
    expect(job).toMatchObject({ kind: 'timer', element_id: 'wait' });
    expect(new Date(job.due_time as unknown as string).toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(await openOf(alice, instanceId)).toEqual([]);

    expect(await fire(job)).toBe(1);
    expect((await taskOf(t, alice, instanceId)).taskDefinitionKey).toBe('after');
    expect(await jobsOf({ instanceId })).toEqual([]);
  });

  it('refuses a start whose variable is not a date, naming the element and timeDate; nothing starts', async () => {
    const before = (await runningOf('EvCatchDate')).length;
    expectError(await startRequest(starter, 'EvCatchDate', { dueDate: 'tomorrow' }), 400, /wait.*timeDate/);
    expectError(await startRequest(starter, 'EvCatchDate', { dueDate: 'tomorrow' }), 400, /"tomorrow"/);
    expectError(await startRequest(starter, 'EvCatchDate', {}), 400, /wait.*timeDate/);
    expect(await runningOf('EvCatchDate')).toHaveLength(before);
  });

  it('a ${wait} duration variable counts from the start', async () => {
    await deploy('EvCatchFor', catchModel('EvCatchFor', 'timeDuration', '${wait}'));
    const before = Date.now();
    const instanceId = await start(starter, 'EvCatchFor', { wait: 'P2D' });
    const [job] = await jobsOf({ instanceId });
    expect(dueMs(job)).toBeGreaterThanOrEqual(before + 48 * HOUR - 1000);
    expect(dueMs(job)).toBeLessThanOrEqual(Date.now() + 48 * HOUR + 1000);
  });
});

describe("a date without an offset is the tenant's wall-clock time", () => {
  /** Tenant B's zone set to UTC for the test (A keeps the default Asia/Shanghai). */
  async function withTenantBInUtc(body: () => Promise<void>) {
    const zone = (time_zone: string) =>
      t.services.db.updateTable('blade_tenant').set({ time_zone }).where('tenant_id', '=', TB).execute();
    await zone('UTC');
    try {
      await body();
    } finally {
      await zone('Asia/Shanghai');
    }
  }
  const catchAt = (key: string, text: string) =>
    bpmn(
      key,
      `<startEvent id="start"/><intermediateCatchEvent id="wait">${timer('timeDate', text)}</intermediateCatchEvent>
      ${task('after', 'ev_alice')}<endEvent id="end"/>`,
      ['start>wait', 'wait>after', 'after>end'],
    );
  const dueIso = (job: { due_time: unknown }) => new Date(job.due_time as string).toISOString();

  it('2036-12-01T09:00:00 fires at 01:00Z in Asia/Shanghai and at 09:00Z in UTC; an offset is kept as written', async () => {
    await withTenantBInUtc(async () => {
      await deploy('EvZoned', catchAt('EvZoned', '2036-12-01T09:00:00'), `${TA},${TB}`);
      const [inShanghai] = await jobsOf({ instanceId: await start(starter, 'EvZoned') });
      const [inUtc] = await jobsOf({ instanceId: await start(starterB, 'EvZoned') });
      expect(dueIso(inShanghai)).toBe('2036-12-01T01:00:00.000Z');
      expect(dueIso(inUtc)).toBe('2036-12-01T09:00:00.000Z');

      await deploy('EvOffset', catchAt('EvOffset', '2036-12-01T09:00:00+02:00'), `${TA},${TB}`);
      for (const who of [starter, starterB]) {
        const [job] = await jobsOf({ instanceId: await start(who, 'EvOffset') });
        expect(dueIso(job)).toBe('2036-12-01T07:00:00.000Z');
      }
    });
  });

  it('so is a ${dueDate} variable, and a start timer’s date (its definition’s tenant’s zone)', async () => {
    await withTenantBInUtc(async () => {
      await deploy('EvZonedVar', catchAt('EvZonedVar', '${dueDate}'), `${TA},${TB}`);
      const dueDate = '2036-12-01 09:00';
      const [inShanghai] = await jobsOf({ instanceId: await start(starter, 'EvZonedVar', { dueDate }) });
      const [inUtc] = await jobsOf({ instanceId: await start(starterB, 'EvZonedVar', { dueDate }) });
      expect(dueIso(inShanghai)).toBe('2036-12-01T01:00:00.000Z');
      expect(dueIso(inUtc)).toBe('2036-12-01T09:00:00.000Z');

      await deploy(
        'EvZonedStart',
        bpmn(
          'EvZonedStart',
          `<startEvent id="at">${timer('timeDate', '2030-06-01T08:30:00')}</startEvent>${task('report', 'ev_alice')}<endEvent id="end"/>`,
          ['at>report', 'report>end'],
        ),
        `${TA},${TB}`,
      );
      const due = new Map<string, string>();
      for (const definition of await definitionsOf('EvZonedStart'))
        due.set(definition.tenantId, dueIso((await jobsOf({ definitionId: definition.id }))[0]));
      expect(Object.fromEntries(due)).toEqual({ [TA]: '2030-06-01T00:30:00.000Z', [TB]: '2030-06-01T08:30:00.000Z' });
    });
  });
});

describe('timers refused at deploy', () => {
  it.each([
    ['a cycle every second', 'EvEverySecond', 'timeCycle', 'R/PT1S', /shorter than a minute/],
    ['a cron cycle', 'EvCron', 'timeCycle', '0 0/5 * * * ?', /cron/],
    ['a duration not in ISO 8601', 'EvNotIso', 'timeDuration', '48h', /ISO 8601 duration/],
    ['a date not in ISO 8601', 'EvNotDate', 'timeDate', '2030/01/02', /ISO 8601 date/],
  ] as const)(
    'refuses %s with a 400 naming the element and the attribute; nothing deployed',
    async (_, key, form, text, why) => {
      const res = await deployTo(TA, key, boundaryModel(key, timer(form, text)));
      expectError(res, 400, why);
      expect(res.json().msg).toMatch(/^流程模型无法部署/);
      expect(res.json().msg).toContain('late');
      expect(res.json().msg).toContain(form);
      expect(await definitionsOf(key)).toEqual([]);
    },
  );

  it('refuses a timer start deployed as shared (no tenant), naming the start event; nothing deployed', async () => {
    const xml = bpmn(
      'EvSharedTick',
      `<startEvent id="tick">${timer('timeCycle', 'R/PT1H')}</startEvent>${task('report', 'ev_alice')}<endEvent id="end"/>`,
      ['tick>report', 'report>end'],
    );
    expectOk(await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'EvSharedTick', name: '定时共享', xml }));
    const model = expectOk(await t.get(`${FLOW}/model/list?modelKey=EvSharedTick`, admin)).records[0];
    expectError(
      await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=4`, admin),
      400,
      '定时启动的流程须部署到指定租户 (开始事件 tick)',
    );
    expect(await definitionsOf('EvSharedTick')).toEqual([]);
    expect(
      await t.services.db.selectFrom('blade_flow_job').select('id').where('element_id', '=', 'tick').execute(),
    ).toEqual([]);
  });
});

describe('error end events', () => {
  /** A sub-process whose check, rejected, ends in error `code`; `catcher` the error boundary on it, if any. */
  const errorModel = (key: string, code: string, catcher?: string) =>
    bpmn(
      key,
      `<startEvent id="start"/>
      <subProcess id="sub">
        <startEvent id="subStart"/>${task('check', 'ev_alice')}<exclusiveGateway id="ok"/>
        <endEvent id="subEnd"/>
        <endEvent id="errEnd"><errorEventDefinition errorRef="E1"/></endEvent>
        <sequenceFlow id="s1" sourceRef="subStart" targetRef="check"/>
        <sequenceFlow id="s2" sourceRef="check" targetRef="ok"/>
        <sequenceFlow id="s3" sourceRef="ok" targetRef="subEnd"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
        <sequenceFlow id="s4" sourceRef="ok" targetRef="errEnd"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
      </subProcess>
      ${task('afterSub', 'ev_alice')}<endEvent id="end"/>
      ${catcher === undefined ? '' : `${boundary('caught', 'sub', catcher)}${task('fix', 'ev_boss')}<endEvent id="fixed"/>`}`,
      ['start>sub', 'sub>afterSub', 'afterSub>end', ...(catcher === undefined ? [] : ['caught>fix', 'fix>fixed'])],
      `<error id="E1" errorCode="${code}"/><error id="E2" errorCode="OTHER"/>`,
    );

  it('is caught by the error boundary of its code on the sub-process: the sub-process ends, the boundary’s way runs', async () => {
    await deploy('EvErrorCode', errorModel('EvErrorCode', 'BAD', '<errorEventDefinition errorRef="E1"/>'));
    const instanceId = await start(starter, 'EvErrorCode');
    expectOk(await complete(t, alice, (await taskOf(t, alice, instanceId)).taskId, false));
    expect(await openOf(alice, instanceId)).toEqual([]);
    expect((await taskOf(t, boss, instanceId)).taskDefinitionKey).toBe('fix');

    // Passed, the sub-process ends normally and the boundary never fires.
    const passed = await start(starter, 'EvErrorCode');
    expectOk(await complete(t, alice, (await taskOf(t, alice, passed)).taskId, true));
    expect((await taskOf(t, alice, passed)).taskDefinitionKey).toBe('afterSub');
    expect(await openOf(boss, passed)).toEqual([]);
  });

  it('is caught by a catch-all error boundary (no error named)', async () => {
    await deploy('EvErrorAny', errorModel('EvErrorAny', 'WHATEVER', '<errorEventDefinition/>'));
    const instanceId = await start(starter, 'EvErrorAny');
    expectOk(await complete(t, alice, (await taskOf(t, alice, instanceId)).taskId, false));
    expect((await taskOf(t, boss, instanceId)).taskDefinitionKey).toBe('fix');
  });

  it('is not caught by a boundary of another code: the step is refused naming the end event, the task stays', async () => {
    await deploy('EvErrorOther', errorModel('EvErrorOther', 'BAD', '<errorEventDefinition errorRef="E2"/>'));
    const instanceId = await start(starter, 'EvErrorOther');
    const check = await taskOf(t, alice, instanceId);
    expectError(await complete(t, alice, check.taskId, false), 400, /errEnd/);
    expect((await taskOf(t, alice, instanceId)).taskId).toBe(check.taskId);
  });

  it('nobody catches: the step is refused with a 400 naming the end event; nothing changed', async () => {
    await deploy('EvErrorNone', errorModel('EvErrorNone', 'BAD'));
    const instanceId = await start(starter, 'EvErrorNone');
    const check = await taskOf(t, alice, instanceId);
    expectError(await complete(t, alice, check.taskId, false), 400, /^流程执行失败: .*errEnd/);
    expect((await taskOf(t, alice, instanceId)).taskId).toBe(check.taskId);
    expect((await userTasks(instanceId)).map((r) => [r.historyActivityId, r.endTime])).toEqual([['check', '']]);
  });
});

describe('timer start events', () => {
  const tickModel = (key: string, name = 'report') =>
    bpmn(
      key,
      `<startEvent id="tick">${timer('timeCycle', 'R2/PT1H')}</startEvent>${task(name, 'ev_alice')}<endEvent id="end"/>`,
      [`tick>${name}`, `${name}>end`],
    );

  it('R2/PT1H: deploying arms one job; each firing starts an instance as the deployer, the second removes the job', async () => {
    await deploy('EvTick', tickModel('EvTick'));
    const [definition] = await definitionsOf('EvTick');
    const jobs = await jobsOf({ definitionId: definition.id });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'start', element_id: 'tick', instance_id: null, tenant_id: TA });
    expect(dueMs(jobs[0])).toBeGreaterThan(Date.now() + HOUR - 60_000);

    expect(await fire(jobs[0])).toBe(1);
    const first = await runningOf('EvTick');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ startUserId: adminId, tenantId: TA, taskDefinitionKey: 'report' });
    expect((await taskOf(t, alice, first[0].processInstanceId)).taskDefinitionKey).toBe('report');
    const [again] = await jobsOf({ definitionId: definition.id });
    expect(again).toMatchObject({ id: jobs[0].id, lock_owner: '', repeat_left: 0 });
    expect(dueMs(again)).toBeGreaterThan(Date.now() + HOUR - 60_000);

    expect(await fire(again)).toBe(1);
    expect(await runningOf('EvTick')).toHaveLength(2);
    expect(await jobsOf({ definitionId: definition.id })).toEqual([]);
  });

  it('deploying a new version replaces the older version’s start job', async () => {
    await deploy('EvTickV', tickModel('EvTickV'));
    await deploy('EvTickV', tickModel('EvTickV', 'report2'));
    const versions = await definitionsOf('EvTickV');
    expect(versions).toHaveLength(2);
    const jobs = await t.services.db
      .selectFrom('blade_flow_job')
      .selectAll()
      .where(
        'definition_id',
        'in',
        versions.map((v) => v.id),
      )
      .execute();
    const newest = versions.find((v) => v.version === 2)!;
    expect(jobs.map((j) => j.definition_id)).toEqual([newest.id]);
    expect(await fire(jobs[0])).toBe(1);
    expect((await runningOf('EvTickV')).map((r) => r.taskDefinitionKey)).toEqual(['report2']);
  });

  it('a suspended definition’s start timer starts nothing', async () => {
    await deploy('EvTickOff', tickModel('EvTickOff'));
    const [definition] = await definitionsOf('EvTickOff');
    expectOk(
      await t.post(`${FLOW}/manager/change-state?state=suspend&processId=${encodeURIComponent(definition.id)}`, admin),
    );
    const [job] = await jobsOf({ definitionId: definition.id });
    await fire(job);
    expect(await runningOf('EvTickOff')).toEqual([]);
    const [kept] = await jobsOf({ definitionId: definition.id });
    expect(kept.error).toBe('');
  });
});

describe('signals, messages and triggers (follow/…)', () => {
  const waitModel = (key: string, definition: string, definitions: string) =>
    bpmn(
      key,
      `<startEvent id="start"/><intermediateCatchEvent id="wait">${definition}</intermediateCatchEvent><endEvent id="end"/>`,
      ['start>wait', 'wait>end'],
      definitions,
    );

  it('a signal reaches every waiting instance of its tenant only', async () => {
    await deploy(
      'EvSignal',
      waitModel('EvSignal', '<signalEventDefinition signalRef="go"/>', '<signal id="go" name="go-now"/>'),
      `${TA},${TB}`,
    );
    const a1 = await start(starter, 'EvSignal');
    const a2 = await start(starter, 'EvSignal');
    const b1 = await start(starterB, 'EvSignal');
    const res = expectOk(await t.post(`${FLOW}/follow/signal`, admin, { tenantId: TA, signalName: 'go-now' }));
    expect(res).toBeNull();
    expect(await running(a1)).toBeUndefined();
    expect(await running(a2)).toBeUndefined();
    expect(await running(b1)).toMatchObject({ tenantId: TB });

    const again = await t.post(`${FLOW}/follow/signal`, admin, { tenantId: TA, signalName: 'go-now' });
    expect(again.json().msg).toBe('信号 go-now 已发出, 0 个流程收到');
    const inB = await t.post(`${FLOW}/follow/signal`, admin, { tenantId: TB, signalName: 'go-now' });
    expect(inB.json().msg).toBe('信号 go-now 已发出, 1 个流程收到');
    expect(await running(b1)).toBeUndefined();
  });

  it('a message goes to the instance named, and only to it', async () => {
    await deploy(
      'EvMessage',
      waitModel('EvMessage', '<messageEventDefinition messageRef="paid"/>', '<message id="paid" name="invoice-paid"/>'),
    );
    const first = await start(starter, 'EvMessage');
    const second = await start(starter, 'EvMessage');
    const sent = await t.post(`${FLOW}/follow/message`, admin, {
      tenantId: TA,
      messageName: 'invoice-paid',
      processInstanceId: second,
    });
    expect(sent.json()).toMatchObject({ success: true, msg: '消息 invoice-paid 已送达' });
    expect(await running(second)).toBeUndefined();
    expect(await running(first)).toBeDefined();
    // Another tenant's message of that name reaches nobody here.
    expectError(
      await t.post(`${FLOW}/follow/message`, admin, { tenantId: TB, messageName: 'invoice-paid' }),
      400,
      '没有等待消息 invoice-paid 的流程',
    );
    expect(await running(first)).toBeDefined();
  });

  it('a message start event starts an instance with the message’s variables', async () => {
    await deploy(
      'EvMessageStart',
      bpmn(
        'EvMessageStart',
        `<startEvent id="ordered"><messageEventDefinition messageRef="m"/></startEvent>
        <userTask id="ship" name="ship" flowable:assignee="\${shipper}"/><endEvent id="end"/>`,
        ['ordered>ship', 'ship>end'],
        '<message id="m" name="order-placed"/>',
      ),
    );
    expectOk(
      await t.post(`${FLOW}/follow/message`, admin, {
        tenantId: TA,
        messageName: 'order-placed',
        variables: { shipper: boss.id },
      }),
    );
    const [instance] = await runningOf('EvMessageStart');
    expect(instance).toMatchObject({ tenantId: TA, taskDefinitionKey: 'ship' });
    expect((await taskOf(t, boss, instance.processInstanceId)).taskDefinitionKey).toBe('ship');
  });

  it('a message nobody waits for is refused in the caller’s language', async () => {
    expectError(
      await t.post(`${FLOW}/follow/message`, admin, { tenantId: TA, messageName: 'nobody-waits' }),
      400,
      '没有等待消息 nobody-waits 的流程',
    );
    expectError(
      await t.post(
        `${FLOW}/follow/message`,
        admin,
        { tenantId: TA, messageName: 'nobody-waits' },
        { 'accept-language': 'en' },
      ),
      400,
      'No process waits for the message nobody-waits',
    );
  });

  it('triggers a receive task; a step it does not wait at is refused', async () => {
    await deploy(
      'EvReceive',
      bpmn(
        'EvReceive',
        `<startEvent id="start"/><receiveTask id="recv" name="到货"/>${task('after', 'ev_alice')}<endEvent id="end"/>`,
        ['start>recv', 'recv>after', 'after>end'],
      ),
    );
    const instanceId = await start(starter, 'EvReceive');
    expectError(
      await t.post(`${FLOW}/follow/trigger`, admin, { processInstanceId: instanceId, activityId: 'after' }),
      400,
      '该流程没有在环节 after 等待',
    );
    expectOk(await t.post(`${FLOW}/follow/trigger`, admin, { processInstanceId: instanceId, activityId: 'recv' }));
    expect((await taskOf(t, alice, instanceId)).taskDefinitionKey).toBe('after');
    expectError(
      await t.post(`${FLOW}/follow/trigger`, admin, { processInstanceId: instanceId, activityId: 'recv' }),
      400,
      '该流程没有在环节 recv 等待',
    );
  });

  it.each([
    ['signal', { tenantId: TA }],
    ['signal', { signalName: 'go-now' }],
    ['signal', { tenantId: TA, signalName: 'go-now', variables: 'not json' }],
    ['signal', { tenantId: TA, signalName: 'go-now', variables: [1, 2] }],
    ['message', { tenantId: TA }],
    ['message', { messageName: 'invoice-paid' }],
    ['trigger', { activityId: 'recv' }],
    ['trigger', { processInstanceId: '1' }],
    ['trigger', { processInstanceId: 'not-an-id', activityId: 'recv' }],
  ])('refuses follow/%s with %j with a 400', async (action, body) => {
    expectError(await t.post(`${FLOW}/follow/${action}`, admin, body), 400);
  });

  it('refuses a tenant administrator (not the platform administrator) with a 403', async () => {
    for (const action of ['signal', 'message', 'trigger'])
      expectError(
        await t.post(`${FLOW}/follow/${action}`, tenantAdminA, {
          tenantId: TA,
          signalName: 'go-now',
          messageName: 'x',
          processInstanceId: '1',
          activityId: 'recv',
        }),
        403,
      );
  });
});

describe('a job whose step fails', () => {
  it('keeps the instance as it was, counts down its retries and keeps its error', async () => {
    await deploy(
      'EvJobFails',
      boundaryModel('EvJobFails', timer('timeDuration', 'PT1H'), true, task('next', '${nobody}')),
    );
    const instanceId = await start(starter, 'EvJobFails');
    const approve = await taskOf(t, alice, instanceId);
    const [job] = await jobsOf({ instanceId });
    const historyBefore = await userTasks(instanceId);

    expect(await fire(job)).toBe(0);
    const [failed] = await jobsOf({ instanceId });
    expect(failed).toMatchObject({ id: job.id, retries: 2, lock_owner: '', lock_until: null });
    expect(failed.error).toMatch(/nobody/);
    // Tried again later (a minute), not at once.
    expect(dueMs(failed)).toBeGreaterThan(Date.now() + 30_000);
    expect(await workflowOf(t.services).jobs.runDue()).toBe(0);
    expect((await taskOf(t, alice, instanceId)).taskId).toBe(approve.taskId);
    expect(await userTasks(instanceId)).toEqual(historyBefore);
    expect((await running(instanceId))?.taskDefinitionKey).toBe('approve');

    // Out of retries, it waits for an administrator: due or not, the poller leaves it.
    await fire(failed);
    const [last] = await jobsOf({ instanceId });
    expect(last.retries).toBe(1);
    await fire(last);
    const [exhausted] = await jobsOf({ instanceId });
    expect(exhausted.retries).toBe(0);
    expect(exhausted.error).toMatch(/nobody/);
    expect(await fire(exhausted)).toBe(0);
    expect((await jobsOf({ instanceId }))[0].retries).toBe(0);
    expect((await taskOf(t, alice, instanceId)).taskId).toBe(approve.taskId);
  });
});

describe('jobs and subscriptions over an instance’s and a definition’s life', () => {
  it('a job a dead process held comes back when its lease runs out, and fires once', async () => {
    const instanceId = await start(starter, 'EvEscalate');
    const [job] = await jobsOf({ instanceId });
    await t.services.db
      .updateTable('blade_flow_job')
      .set({
        due_time: new Date(Date.now() - 1000).toISOString(),
        lock_owner: 'dead-host:1:gone',
        lock_until: new Date(Date.now() + 60_000).toISOString(),
      })
      .where('id', '=', String(job.id))
      .execute();
    expect(await workflowOf(t.services).jobs.runDue()).toBe(0);
    expect((await taskOf(t, alice, instanceId)).taskDefinitionKey).toBe('approve');
    await t.services.db
      .updateTable('blade_flow_job')
      .set({ lock_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', String(job.id))
      .execute();
    expect(await workflowOf(t.services).jobs.runDue()).toBe(1);
    expect((await taskOf(t, boss, instanceId)).taskDefinitionKey).toBe('escalate');
    expect(await workflowOf(t.services).jobs.runDue()).toBe(0);
  });

  it('a start cycle due for hours while no server ran fires once, then counts from then', async () => {
    await deploy(
      'EvCatchUp',
      bpmn(
        'EvCatchUp',
        `<startEvent id="tick">${timer('timeCycle', 'R/PT1H')}</startEvent>${task('report', 'ev_alice')}<endEvent id="end"/>`,
        ['tick>report', 'report>end'],
      ),
    );
    const [definition] = await definitionsOf('EvCatchUp');
    const [job] = await jobsOf({ definitionId: definition.id });
    expect(job.repeat_left).toBe(-1);
    await t.services.db
      .updateTable('blade_flow_job')
      .set({ due_time: new Date(Date.now() - 5 * HOUR).toISOString() })
      .where('id', '=', String(job.id))
      .execute();
    expect(await workflowOf(t.services).jobs.runDue()).toBe(1);
    expect(await runningOf('EvCatchUp')).toHaveLength(1);
    const [next] = await jobsOf({ definitionId: definition.id });
    expect(next.repeat_left).toBe(-1);
    expect(dueMs(next)).toBeGreaterThan(Date.now() + HOUR - 60_000);
  });

  it('deleting an instance removes its timers; deleting a deployment removes its start timer', async () => {
    const instanceId = await start(starter, 'EvEscalate');
    expect(await jobsOf({ instanceId })).toHaveLength(1);
    expectOk(
      await t.post(`${FLOW}/follow/delete-process-instance`, admin, {
        processInstanceId: instanceId,
        deleteReason: '不要了',
      }),
    );
    expect(await jobsOf({ instanceId })).toEqual([]);

    const [definition] = await definitionsOf('EvCatchUp');
    expect(await jobsOf({ definitionId: definition.id })).toHaveLength(1);
    const deployment = (await definitionsOf('EvCatchUp'))[0] as unknown as { deploymentId: string };
    expectOk(await t.post(`${FLOW}/manager/delete-deployment?deploymentIds=${deployment.deploymentId}`, admin));
    expect(await jobsOf({ definitionId: definition.id })).toEqual([]);
  });

  it('an event-based gateway: the message that comes first withdraws the timer, and the timer the message', async () => {
    await deploy(
      'EvRace',
      bpmn(
        'EvRace',
        `<startEvent id="start"/><eventBasedGateway id="race"/>
        <intermediateCatchEvent id="paid"><messageEventDefinition messageRef="m"/></intermediateCatchEvent>
        <intermediateCatchEvent id="timeout">${timer('timeDuration', 'P3D')}</intermediateCatchEvent>
        ${task('ship', 'ev_alice')}${task('chase', 'ev_boss')}<endEvent id="e1"/><endEvent id="e2"/>`,
        ['start>race', 'race>paid', 'race>timeout', 'paid>ship', 'timeout>chase', 'ship>e1', 'chase>e2'],
        '<message id="m" name="race-paid"/>',
      ),
    );
    const paidFirst = await start(starter, 'EvRace');
    expect(await jobsOf({ instanceId: paidFirst })).toHaveLength(1);
    expectOk(
      await t.post(`${FLOW}/follow/message`, admin, {
        tenantId: TA,
        messageName: 'race-paid',
        processInstanceId: paidFirst,
      }),
    );
    expect((await taskOf(t, alice, paidFirst)).taskDefinitionKey).toBe('ship');
    expect(await jobsOf({ instanceId: paidFirst })).toEqual([]);

    const timedOut = await start(starter, 'EvRace');
    const [job] = await jobsOf({ instanceId: timedOut });
    expect(await fire(job)).toBe(1);
    expect((await taskOf(t, boss, timedOut)).taskDefinitionKey).toBe('chase');
    expectError(
      await t.post(`${FLOW}/follow/message`, admin, {
        tenantId: TA,
        messageName: 'race-paid',
        processInstanceId: timedOut,
      }),
      400,
      '没有等待消息 race-paid 的流程',
    );
  });

  it('a signal thrown by a process reaches the waiting instances of its own tenant only', async () => {
    await deploy(
      'EvThrow',
      bpmn(
        'EvThrow',
        `<startEvent id="start"/><intermediateThrowEvent id="shout"><signalEventDefinition signalRef="s"/></intermediateThrowEvent>
        <endEvent id="end"/>`,
        ['start>shout', 'shout>end'],
        '<signal id="s" name="go-now"/>',
      ),
      `${TA},${TB}`,
    );
    const waitingA = await start(starter, 'EvSignal');
    const waitingB = await start(starterB, 'EvSignal');
    await start(starter, 'EvThrow');
    expect(await running(waitingA)).toBeUndefined();
    expect(await running(waitingB)).toMatchObject({ tenantId: TB });
  });

  it('a suspended definition’s signal start starts nothing and does not stop the signal reaching the others', async () => {
    await deploy(
      'EvSignalStart',
      bpmn(
        'EvSignalStart',
        `<startEvent id="go"><signalEventDefinition signalRef="s"/></startEvent>${task('work', 'ev_alice')}<endEvent id="end"/>`,
        ['go>work', 'work>end'],
        '<signal id="s" name="go-now"/>',
      ),
    );
    const [definition] = await definitionsOf('EvSignalStart');
    expectOk(
      await t.post(`${FLOW}/manager/change-state?state=suspend&processId=${encodeURIComponent(definition.id)}`, admin),
    );
    const waiting = await start(starter, 'EvSignal');
    const res = await t.post(`${FLOW}/follow/signal`, admin, { tenantId: TA, signalName: 'go-now' });
    expect(res.json()).toMatchObject({ success: true, msg: '信号 go-now 已发出, 1 个流程收到' });
    expect(await running(waiting)).toBeUndefined();
    expect(await runningOf('EvSignalStart')).toEqual([]);
  });

  it('a shared definition’s message start starts an instance in the tenant the message is sent in', async () => {
    const xml = bpmn(
      'EvSharedOrder',
      `<startEvent id="ordered"><messageEventDefinition messageRef="m"/></startEvent>
      <userTask id="ship" name="ship" flowable:assignee="\${shipper}"/><endEvent id="end"/>`,
      ['ordered>ship', 'ship>end'],
      '<message id="m" name="shared-order"/>',
    );
    expectOk(await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'EvSharedOrder', name: '共享消息', xml }));
    const model = expectOk(await t.get(`${FLOW}/model/list?modelKey=EvSharedOrder`, admin)).records[0];
    expectOk(await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=4`, admin));
    expectOk(
      await t.post(`${FLOW}/follow/message`, admin, {
        tenantId: TA,
        messageName: 'shared-order',
        variables: { shipper: boss.id },
      }),
    );
    const [instance] = await runningOf('EvSharedOrder');
    expect(instance).toMatchObject({ tenantId: TA, taskDefinitionKey: 'ship' });
    expect((await taskOf(t, boss, instance.processInstanceId)).taskDefinitionKey).toBe('ship');
  });
});

describe('shared definitions’ start events under the tenant wall', () => {
  it('a message thrown by a tenant user’s step starts the shared definition waiting for it, in his tenant', async () => {
    const shared = bpmn(
      'EvSharedThrown',
      `<startEvent id="ordered"><messageEventDefinition messageRef="m"/></startEvent>${task('pack', 'ev_boss')}
      <endEvent id="end"/>`,
      ['ordered>pack', 'pack>end'],
      '<message id="m" name="shared-thrown"/>',
    );
    expectOk(
      await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'EvSharedThrown', name: '共享投递', xml: shared }),
    );
    const model = expectOk(await t.get(`${FLOW}/model/list?modelKey=EvSharedThrown`, admin)).records[0];
    expectOk(await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=4`, admin));
    await deploy(
      'EvThrowOrder',
      bpmn(
        'EvThrowOrder',
        `<startEvent id="start"/>${task('order', 'ev_alice')}
        <intermediateThrowEvent id="send"><messageEventDefinition messageRef="m"/></intermediateThrowEvent><endEvent id="end"/>`,
        ['start>order', 'order>send', 'send>end'],
        '<message id="m" name="shared-thrown"/>',
      ),
    );
    const ordering = await start(starter, 'EvThrowOrder');
    expectOk(await complete(t, alice, (await taskOf(t, alice, ordering)).taskId, true));
    const [packing] = await runningOf('EvSharedThrown');
    expect(packing).toMatchObject({ tenantId: TA, taskDefinitionKey: 'pack' });
    expect((await taskOf(t, boss, packing.processInstanceId)).taskDefinitionKey).toBe('pack');
  });
});

describe('boundary timers on a sub-process and a multi-instance task', () => {
  it('an interrupting timer on a sub-process withdraws the tasks inside it', async () => {
    await deploy(
      'EvSubTimeout',
      bpmn(
        'EvSubTimeout',
        `<startEvent id="start"/>
        <subProcess id="sub">
          <startEvent id="subStart"/>${task('inside', 'ev_alice')}<endEvent id="subEnd"/>
          <sequenceFlow id="s1" sourceRef="subStart" targetRef="inside"/>
          <sequenceFlow id="s2" sourceRef="inside" targetRef="subEnd"/>
        </subProcess>
        ${boundary('late', 'sub', timer('timeDuration', 'PT4H'))}${task('escalate', 'ev_boss')}
        <endEvent id="end"/><endEvent id="escalated"/>`,
        ['start>sub', 'sub>end', 'late>escalate', 'escalate>escalated'],
      ),
    );
    const instanceId = await start(starter, 'EvSubTimeout');
    const [job] = await jobsOf({ instanceId });
    expect(await fire(job)).toBe(1);
    expect(await openOf(alice, instanceId)).toEqual([]);
    expect((await taskOf(t, boss, instanceId)).taskDefinitionKey).toBe('escalate');
    expect((await userTasks(instanceId)).find((r) => r.historyActivityId === 'inside')!.endTime).not.toBe('');
  });

  it('an interrupting timer on a parallel multi-instance task withdraws every open iteration', async () => {
    await deploy(
      'EvLoopTimeout',
      bpmn(
        'EvLoopTimeout',
        `<startEvent id="start"/>
        <userTask id="sign" name="会签" flowable:assignee="\${signer}">
          <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/>
        </userTask>
        ${boundary('late', 'sign', timer('timeDuration', 'PT1H'))}${task('escalate', 'ev_boss')}
        <endEvent id="end"/><endEvent id="escalated"/>`,
        ['start>sign', 'sign>end', 'late>escalate', 'escalate>escalated'],
      ),
    );
    const instanceId = await start(starter, 'EvLoopTimeout', { signers: [alice.id, starter.id] });
    expect(await openOf(alice, instanceId)).toHaveLength(1);
    expect(await openOf(starter, instanceId)).toHaveLength(1);
    const jobs = await jobsOf({ instanceId });
    expect(jobs).toHaveLength(1);
    expect(await fire(jobs[0])).toBe(1);
    expect(await openOf(alice, instanceId)).toEqual([]);
    expect(await openOf(starter, instanceId)).toEqual([]);
    expect((await taskOf(t, boss, instanceId)).taskDefinitionKey).toBe('escalate');
    expect(await jobsOf({ instanceId })).toEqual([]);
  });
});
