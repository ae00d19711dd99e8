import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';
import { complete, person, processModel, todo, upload, WORK, type Person } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';

/**
 * Issue 34 over HTTP: multi-instance embedded sub-processes (each iteration a scope with its `loopCounter`, item and
 * `nrOf…` counters), multi-instance call activities (a called instance per iteration), and event sub-processes
 * (timer, message, signal and error start events, interrupting or not, in the process and in a sub-process). Timers
 * fire as in flow.events.test.ts: a job's due time moved into the past, the poller's batch run by the test.
 */

const FLOW = '/api/blade-flow';
const TA = '600371';
let t: TestApp;
let admin: string;
withTestApp(
  (app, token) => {
    t = app;
    admin = token;
  },
  { TENON_FLOW_JOB_POLL_MS: 'off' },
);

let tenantAdmin: string;
let starter: Person;
let alice: Person;
let bob: Person;
let carol: Person;
let boss: Person;

beforeAll(async () => {
  tenantAdmin = (await createTenantAdmin(t, TA, ['work', 'work_todo'], 'mi_admin')).token;
  const roles = new Map<string, string>();
  starter = await person(t, TA, 'mi_starter', 'staff', roles);
  alice = await person(t, TA, 'mi_alice', 'staff', roles);
  bob = await person(t, TA, 'mi_bob', 'staff', roles);
  carol = await person(t, TA, 'mi_carol', 'staff', roles);
  boss = await person(t, TA, 'mi_boss', 'staff', roles);
}, 60_000);

// ---- models ----

/** A model of one process `key` (flow.support.ts). */
const bpmn = (key: string, body: string, flows: string[], definitions = '') =>
  processModel(key, body, flows, { definitions, name: `子流程 ${key}` });

const task = (id: string, assignee: string) => `<userTask id="${id}" name="${id}" flowable:assignee="${assignee}"/>`;
/** `multiInstanceLoopCharacteristics` with these attributes and content. */
const loop = (attributes: string, content: string, sequential = false) =>
  `<multiInstanceLoopCharacteristics isSequential="${sequential}" ${attributes}>${content}</multiInstanceLoopCharacteristics>`;
/** A loop over the variable `people`, each item in `who`, ended early by `completion`. */
const overPeople = (completion = '', sequential = false) =>
  loop(
    'flowable:collection="people" flowable:elementVariable="who"',
    completion ? `<completionCondition>${completion}</completionCondition>` : '',
    sequential,
  );
const timer = (text: string) => `<timerEventDefinition><timeDuration>${text}</timeDuration></timerEventDefinition>`;
/** Flows inside a sub-process, numbered after the process's own (ids are unique in a file). */
const inner = (prefix: string, flows: string[]) =>
  flows
    .map((flow, i) => {
      const [path, condition] = flow.split(':');
      const [from, to] = path.split('>');
      const test = condition
        ? `<conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression>`
        : '';
      return `<sequenceFlow id="${prefix}${i + 1}" sourceRef="${from}" targetRef="${to}">${test}</sequenceFlow>`;
    })
    .join('');

// ---- HTTP helpers ----

const deploy = async (key: string, xml: string) =>
  expectOk(
    await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds: TA }, [
      { field: 'files', name: `${key}.bpmn20.xml`, content: xml },
    ]),
  );
const deployRefused = async (key: string, xml: string) =>
  upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds: TA }, [
    { field: 'files', name: `${key}.bpmn20.xml`, content: xml },
  ]);

async function start(who: Person, key: string, variables: Record<string, unknown> = {}): Promise<string> {
  const page = expectOk(await t.get(`${WORK}/start-list?size=100&key=${key}`, who.token));
  const definition = page.records.find((r: { key: string }) => r.key === key);
  expect(definition, `${key} in ${who.account}'s start list`).toBeDefined();
  return expectOk(await t.post(`${WORK}/start-process`, who.token, { processDefinitionId: definition.id, variables }))
    .processInstanceId;
}

/** The instance's running row of the follow-up list, or undefined once it ended. */
async function running(instanceId: string) {
  const page = expectOk(await t.get(`${FLOW}/follow/list?processInstanceId=${instanceId}`, admin));
  return page.records[0] as Record<string, string> | undefined;
}

const variablesOf = async (instanceId: string) =>
  expectOk(await t.get(`${FLOW}/process/variables?processInstanceId=${instanceId}`, tenantAdmin)) as Record<
    string,
    unknown
  >;

/** The open tasks of `who` (of any instance when `instanceId` is not given), by element id, sorted. */
async function openOf(who: Person, instanceId?: string) {
  const rows = (await todo(t, who)).filter((r) => !instanceId || r.processInstanceId === instanceId);
  return rows.map((r) => r.taskDefinitionKey).sort();
}
/** Completes `who`'s one open task at `element` (of the instance, or of any when not given). */
async function done(who: Person, element: string, instanceId?: string, variables?: Record<string, unknown>) {
  const rows = (await todo(t, who)).filter(
    (r) => r.taskDefinitionKey === element && (!instanceId || r.processInstanceId === instanceId),
  );
  expect(rows, `${who.account}'s open ${element}`).toHaveLength(1);
  expectOk(await complete(t, who, rows[0].taskId, true, variables ? { variables } : {}));
  return rows[0];
}

const jobsOf = (instanceId: string) =>
  t.services.db.selectFrom('blade_flow_job').selectAll().where('instance_id', '=', instanceId).orderBy('id').execute();
const subscriptionsOf = (instanceId: string) =>
  t.services.db.selectFrom('blade_flow_subscription').selectAll().where('instance_id', '=', instanceId).execute();

/** The job's clock passes its due time; the poller's batch runs. Returns how many jobs ran. */
async function fire(job: { id: unknown }): Promise<number> {
  await t.services.db
    .updateTable('blade_flow_job')
    .set({ due_time: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', String(job.id))
    .execute();
  return workflowOf(t.services).jobs.runDue();
}

const people = ['mi_alice', 'mi_bob', 'mi_carol'];

// ---- multi-instance embedded sub-processes ----

describe('multi-instance sub-processes', () => {
  /** Per person a review, then a second look by the boss for the iteration whose loopCounter is 1. */
  const reviewModel = (key: string, sequential: boolean, completion = '', boundary = '') =>
    bpmn(
      key,
      `<startEvent id="start"/>
    <subProcess id="each" name="each">${overPeople(completion, sequential)}
      <startEvent id="in"/>${task('review', '${who}')}<exclusiveGateway id="which"/>
      ${task('second', 'mi_boss')}<endEvent id="out"/>
      ${inner('s', ['in>review', 'review>which', 'which>second:${loopCounter == 1 && nrOfInstances == 3}', 'which>out:${loopCounter != 1 || nrOfInstances != 3}', 'second>out'])}
    </subProcess>
    ${task('after', 'mi_starter')}<endEvent id="end"/>${boundary}`,
      ['start>each', 'each>after', 'after>end', ...(boundary ? ['late>escalate', 'escalate>escalated'] : [])],
    );

  it('runs one scope per item in parallel, each with its item and loopCounter, and completes when all closed', async () => {
    await deploy('MiParallel', reviewModel('MiParallel', false));
    const id = await start(starter, 'MiParallel', { people });
    expect(await openOf(alice, id)).toEqual(['review']);
    expect(await openOf(bob, id)).toEqual(['review']);
    expect(await openOf(carol, id)).toEqual(['review']);

    await done(bob, 'review', id);
    // bob's iteration is loopCounter 1: its scope goes on to the boss; the others' close at their end.
    expect(await openOf(boss, id)).toEqual(['second']);
    await done(alice, 'review', id);
    await done(carol, 'review', id);
    expect(await openOf(starter, id)).toEqual([]);
    await done(boss, 'second', id);
    expect(await openOf(starter, id)).toEqual(['after']);
    // The element variable and loopCounter were the iterations' own: the instance has none of them.
    const variables = await variablesOf(id);
    expect(variables).not.toHaveProperty('who');
    expect(variables).not.toHaveProperty('loopCounter');
    await done(starter, 'after', id);
    expect(await running(id)).toBeUndefined();
  });

  it('runs them one after the other when sequential; its completionCondition ends the loop early', async () => {
    await deploy('MiSequential', reviewModel('MiSequential', true, '${stop == true}'));
    const id = await start(starter, 'MiSequential', { people, stop: false });
    expect(await openOf(alice, id)).toEqual(['review']);
    expect(await openOf(bob, id)).toEqual([]);
    await done(alice, 'review', id);
    expect(await openOf(bob, id)).toEqual(['review']);
    // A variable set inside an iteration is the instance's: stop ends the loop once bob's scope closes.
    await done(bob, 'review', id, { stop: true });
    expect(await openOf(boss, id)).toEqual(['second']);
    await done(boss, 'second', id);
    expect(await openOf(carol, id)).toEqual([]);
    expect(await openOf(starter, id)).toEqual(['after']);
  });

  it('a parallel one met by its completionCondition withdraws the iterations still running', async () => {
    await deploy('MiEnough', reviewModel('MiEnough', false, '${nrOfCompletedInstances >= 2}'));
    const id = await start(starter, 'MiEnough', { people });
    await done(alice, 'review', id);
    await done(carol, 'review', id);
    expect(await openOf(bob, id)).toEqual([]);
    expect(await openOf(starter, id)).toEqual(['after']);
  });

  it('a boundary timer on it is armed once and withdraws every iteration when due', async () => {
    const late = `<boundaryEvent id="late" attachedToRef="each">${timer('PT2H')}</boundaryEvent>
      ${task('escalate', 'mi_boss')}<endEvent id="escalated"/>`;
    await deploy('MiLate', reviewModel('MiLate', false, '', late));
    const id = await start(starter, 'MiLate', { people });
    const jobs = await jobsOf(id);
    expect(jobs.map((j) => j.element_id)).toEqual(['late']);
    await done(alice, 'review', id);
    expect(await fire(jobs[0])).toBe(1);
    expect(await openOf(bob, id)).toEqual([]);
    expect(await openOf(carol, id)).toEqual([]);
    expect(await openOf(boss, id)).toEqual(['escalate']);
    expect(await jobsOf(id)).toEqual([]);
  });

  it('the corpus model: a boundary timer inside each iteration interrupts its task and the loop completes', async () => {
    const model = bpmn(
      'MiInnerTimer',
      `<startEvent id="start"/>
    <subProcess id="each">${loop('', '<loopCardinality>3</loopCardinality>')}
      <startEvent id="in"/>${task('work', 'mi_alice')}<task id="mail"/><endEvent id="out"/>
      <boundaryEvent id="slow" attachedToRef="work">${timer('PT1M')}</boundaryEvent>
      ${inner('s', ['in>work', 'work>out', 'slow>mail', 'mail>out'])}
    </subProcess><endEvent id="end"/>`,
      ['start>each', 'each>end'],
    );
    await deploy('MiInnerTimer', model);
    const id = await start(starter, 'MiInnerTimer');
    expect(await openOf(alice, id)).toEqual(['work', 'work', 'work']);
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(3);
    await fire(jobs[0]);
    expect(await openOf(alice, id)).toEqual(['work', 'work']);
    // One task done by hand (its timer withdrawn with it), the last one's timer fires.
    const [first] = (await todo(t, alice)).filter((r) => r.processInstanceId === id);
    expectOk(await complete(t, alice, first.taskId, true));
    const left = await jobsOf(id);
    expect(left).toHaveLength(1);
    await fire(left[0]);
    expect(await openOf(alice, id)).toEqual([]);
    expect(await running(id)).toBeUndefined();
  });
});

// ---- multi-instance call activities ----

describe('multi-instance call activities', () => {
  beforeAll(async () => {
    await deploy(
      'MiChild',
      bpmn(
        'MiChild',
        `<startEvent id="start"/>${task('answer', '${who}')}
    <scriptTask id="sign" scriptFormat="juel" flowable:resultVariable="answer"><script>\${who}</script></scriptTask>
    <endEvent id="end"/>`,
        ['start>answer', 'answer>sign', 'sign>end'],
      ),
    );
  });
  const callModel = (key: string, completion = '', sequential = false, boundary = '') =>
    bpmn(
      key,
      `<startEvent id="start"/>
    <callActivity id="ask" calledElement="MiChild">
      <extensionElements><flowable:in source="who" target="who"/><flowable:out source="answer" target="last"/></extensionElements>
      ${overPeople(completion, sequential)}
    </callActivity>
    ${task('after', 'mi_starter')}<endEvent id="end"/>${boundary}`,
      ['start>ask', 'ask>after', 'after>end', ...(boundary ? ['late>escalate', 'escalate>escalated'] : [])],
    );

  it('starts one called instance per item and goes on when all ended, their out variables in completion order', async () => {
    await deploy('MiCalls', callModel('MiCalls'));
    const id = await start(starter, 'MiCalls', { people });
    // The called instances' tasks are in the same lists.
    expect(await openOf(alice)).toContain('answer');
    expect(await openOf(bob)).toContain('answer');
    expect(await openOf(carol)).toContain('answer');
    await done(carol, 'answer');
    expect((await variablesOf(id)).last).toBe('mi_carol');
    await done(alice, 'answer');
    expect(await openOf(starter, id)).toEqual([]);
    await done(bob, 'answer');
    expect((await variablesOf(id)).last).toBe('mi_bob');
    expect(await openOf(starter, id)).toEqual(['after']);
  });

  it('calls one after the other when sequential', async () => {
    await deploy('MiCallsInTurn', callModel('MiCallsInTurn', '', true));
    const id = await start(starter, 'MiCallsInTurn', { people: ['mi_bob', 'mi_alice'] });
    expect(await openOf(bob)).toContain('answer');
    expect(await openOf(alice)).not.toContain('answer');
    await done(bob, 'answer');
    expect((await variablesOf(id)).last).toBe('mi_bob');
    await done(alice, 'answer');
    expect((await variablesOf(id)).last).toBe('mi_alice');
    expect(await openOf(starter, id)).toEqual(['after']);
  });

  it('a boundary timer on it withdraws every called instance when due', async () => {
    const late = `<boundaryEvent id="late" attachedToRef="ask">${timer('PT2H')}</boundaryEvent>
      ${task('escalate', 'mi_boss')}<endEvent id="escalated"/>`;
    await deploy('MiCallsLate', callModel('MiCallsLate', '', false, late));
    const id = await start(starter, 'MiCallsLate', { people: ['mi_bob', 'mi_carol'] });
    const called = (await todo(t, carol)).find((r) => r.taskDefinitionKey === 'answer')!;
    const jobs = await jobsOf(id);
    expect(jobs.map((j) => j.element_id)).toEqual(['late']);
    await fire(jobs[0]);
    expect(await openOf(boss, id)).toEqual(['escalate']);
    expect(await openOf(bob)).not.toContain('answer');
    expect(await running(called.processInstanceId)).toBeUndefined();
  });

  it('its completionCondition withdraws the called instances still running', async () => {
    await deploy('MiFirstCall', callModel('MiFirstCall', '${nrOfCompletedInstances >= 1}'));
    const id = await start(starter, 'MiFirstCall', { people });
    const bobs = (await todo(t, bob)).find((r) => r.taskDefinitionKey === 'answer')!;
    await done(alice, 'answer');
    expect(await openOf(starter, id)).toEqual(['after']);
    expect(await openOf(bob)).not.toContain('answer');
    expect(await openOf(carol)).not.toContain('answer');
    expect(await running(bobs.processInstanceId)).toBeUndefined();
  });
});

// ---- event sub-processes ----

describe('event sub-processes', () => {
  const eventSub = (id: string, start: string, body: string, interrupting = true) =>
    `<subProcess id="${id}" triggeredByEvent="true">
      <startEvent id="${id}Start"${interrupting ? '' : ' isInterrupting="false"'}>${start}</startEvent>${body}
      <endEvent id="${id}End"/>${inner(`${id}_`, [`${id}Start>${/id="(\w+)"/.exec(body)![1]}`, `${/id="(\w+)"/.exec(body)![1]}>${id}End`])}
    </subProcess>`;

  it('an interrupting timer one in the process withdraws its tokens when due and ends the process', async () => {
    await deploy(
      'EsTimer',
      bpmn(
        'EsTimer',
        `<startEvent id="start"/>${task('approve', 'mi_alice')}<endEvent id="end"/>
    ${eventSub('overdue', timer('PT24H'), task('chase', 'mi_boss'))}`,
        ['start>approve', 'approve>end'],
      ),
    );
    const id = await start(starter, 'EsTimer');
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ element_id: 'overdueStart' });
    await fire(job);
    expect(await openOf(alice, id)).toEqual([]);
    expect(await openOf(boss, id)).toEqual(['chase']);
    await done(boss, 'chase', id);
    expect(await running(id)).toBeUndefined();
  });

  it('is withdrawn with its scope: a process that ends leaves no job behind', async () => {
    const id = await start(starter, 'EsTimer');
    expect(await jobsOf(id)).toHaveLength(1);
    await done(alice, 'approve', id);
    expect(await running(id)).toBeUndefined();
    expect(await jobsOf(id)).toEqual([]);
  });

  it('a non-interrupting cycle one runs beside its scope at each firing, its cycle re-armed until spent', async () => {
    const cycle = '<timerEventDefinition><timeCycle>R2/PT1H</timeCycle></timerEventDefinition>';
    await deploy(
      'EsCycle',
      bpmn(
        'EsCycle',
        `<startEvent id="start"/>${task('approve', 'mi_alice')}<endEvent id="end"/>
    ${eventSub('remind', cycle, task('remindBoss', 'mi_boss'), false)}`,
        ['start>approve', 'approve>end'],
      ),
    );
    const id = await start(starter, 'EsCycle');
    await fire((await jobsOf(id))[0]);
    expect(await openOf(boss, id)).toEqual(['remindBoss']);
    expect(await openOf(alice, id)).toEqual(['approve']);
    await fire((await jobsOf(id))[0]);
    expect(await openOf(boss, id)).toEqual(['remindBoss', 'remindBoss']);
    expect(await jobsOf(id)).toEqual([]);
    await done(alice, 'approve', id);
    // The process waits for its running event sub-processes.
    expect(await running(id)).toBeDefined();
    const reminders = (await todo(t, boss)).filter((r) => r.processInstanceId === id);
    for (const reminder of reminders) expectOk(await complete(t, boss, reminder.taskId, true));
    expect(await running(id)).toBeUndefined();
  });

  it('a non-interrupting message one in a sub-process runs beside it, again for each message, until it ends', async () => {
    await deploy(
      'EsMessage',
      bpmn(
        'EsMessage',
        `<startEvent id="start"/>
    <subProcess id="inner"><startEvent id="in"/>${task('work', 'mi_alice')}<endEvent id="out"/>
      ${inner('s', ['in>work', 'work>out'])}
      ${eventSub('noted', '<messageEventDefinition messageRef="m"/>', task('note', 'mi_bob'), false)}
    </subProcess>
    ${task('after', 'mi_starter')}<endEvent id="end"/>`,
        ['start>inner', 'inner>after', 'after>end'],
        '<message id="m" name="es-note"/>',
      ),
    );
    const id = await start(starter, 'EsMessage');
    const send = () =>
      t.post(`${FLOW}/follow/message`, admin, { tenantId: TA, messageName: 'es-note', processInstanceId: id });
    expectOk(await send());
    expectOk(await send());
    expect(await openOf(alice, id)).toEqual(['work']);
    expect(await openOf(bob, id)).toEqual(['note', 'note']);
    await done(alice, 'work', id);
    // The sub-process waits for its event sub-processes' tokens, not for its armed start event.
    expect(await openOf(starter, id)).toEqual([]);
    const notes = (await todo(t, bob)).filter((r) => r.processInstanceId === id);
    for (const note of notes) expectOk(await complete(t, bob, note.taskId, true));
    expect(await openOf(starter, id)).toEqual(['after']);
    expect(await subscriptionsOf(id)).toEqual([]);
    expectError(await send(), 400, '没有等待消息 es-note 的流程');
  });

  it('an interrupting signal one withdraws the tokens of its sub-process only', async () => {
    await deploy(
      'EsSignal',
      bpmn(
        'EsSignal',
        `<startEvent id="start"/><parallelGateway id="fork"/>${task('outside', 'mi_carol')}
    <subProcess id="inner"><startEvent id="in"/>${task('work', 'mi_alice')}<endEvent id="out"/>
      ${inner('s', ['in>work', 'work>out'])}
      ${eventSub('stopped', '<signalEventDefinition signalRef="s"/>', task('cleanup', 'mi_bob'))}
    </subProcess>
    <parallelGateway id="join"/><endEvent id="end"/>`,
        ['start>fork', 'fork>outside', 'fork>inner', 'outside>join', 'inner>join', 'join>end'],
        '<signal id="s" name="es-stop"/>',
      ),
    );
    const id = await start(starter, 'EsSignal');
    expectOk(await t.post(`${FLOW}/follow/signal`, admin, { tenantId: TA, signalName: 'es-stop' }));
    expect(await openOf(alice, id)).toEqual([]);
    expect(await openOf(carol, id)).toEqual(['outside']);
    await done(bob, 'cleanup', id);
    await done(carol, 'outside', id);
    expect(await running(id)).toBeUndefined();
  });

  it('an error one catches an error thrown in its scope before an error boundary event outside it', async () => {
    await deploy(
      'EsError',
      bpmn(
        'EsError',
        `<startEvent id="start"/>
    <subProcess id="inner"><startEvent id="in"/>${task('check', 'mi_alice')}<exclusiveGateway id="ok"/>
      <endEvent id="fine"/><endEvent id="broken"><errorEventDefinition errorRef="bad"/></endEvent>
      ${inner('s', ['in>check', 'check>ok', 'ok>fine:${good == true}', 'ok>broken:${good != true}'])}
      ${eventSub('repair', '<errorEventDefinition errorRef="bad"/>', task('fix', 'mi_bob'))}
    </subProcess>
    <boundaryEvent id="failed" attachedToRef="inner"><errorEventDefinition errorRef="bad"/></boundaryEvent>
    ${task('after', 'mi_starter')}${task('outsideFix', 'mi_boss')}<endEvent id="end"/><endEvent id="end2"/>`,
        ['start>inner', 'inner>after', 'after>end', 'failed>outsideFix', 'outsideFix>end2'],
        '<error id="bad" errorCode="BAD"/>',
      ),
    );
    const id = await start(starter, 'EsError');
    await done(alice, 'check', id, { good: false });
    expect(await openOf(boss, id)).toEqual([]);
    await done(bob, 'fix', id);
    // The event sub-process ended its scope: the sub-process completes and leaves by its normal flow.
    expect(await openOf(starter, id)).toEqual(['after']);
  });

  it.each([
    ['EsFlow', eventSub('es', timer('PT1H'), task('x', 'mi_boss')), ['start>es'], 'SubProcess "es" (incoming)'],
    ['EsNone', eventSub('es', '', task('x', 'mi_boss')), [], 'SubProcess "es" (triggeredByEvent)'],
    [
      'EsBoundary',
      `${eventSub('es', timer('PT1H'), task('x', 'mi_boss'))}<boundaryEvent id="b" attachedToRef="es">${timer('PT1H')}</boundaryEvent>`,
      [],
      'BoundaryEvent "b" (attachedToRef)',
    ],
    [
      'EsErrorStart',
      '<startEvent id="oops"><errorEventDefinition/></startEvent>',
      [],
      'StartEvent "oops" (errorEventDefinition)',
    ],
    [
      'EsMiManual',
      `<manualTask id="m">${loop('', '<loopCardinality>2</loopCardinality>')}</manualTask>`,
      [],
      'ManualTask "m" (multiInstanceLoopCharacteristics)',
    ],
  ])('refuses %s with a 400 naming the element and the attribute', async (key, body, flows, named) => {
    const xml = bpmn(key, `<startEvent id="start"/><endEvent id="end"/>${body}`, ['start>end', ...flows]);
    const res = await deployRefused(key, xml);
    expectError(res, 400, /^流程模型无法部署/);
    expect(res.json().msg).toContain(named);
  });
});
