import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin, crudCodes } from '../support/factories.ts';
import { WORK, person, processModel, todo, upload, type Person } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';
import { callEndpoint } from '../../src/server/platform/workflow/flow-http.ts';
import { ActionFailure } from '../../src/server/platform/workflow/service-actions.ts';
import type { InstanceRow } from '../../src/server/platform/workflow/flow-store.ts';

/**
 * Issue 34 point 2: service tasks run the platform's allow-listed actions (message, status, hook, http) as jobs, and
 * `flowable:async` continuations, over HTTP. The app's poller is off: a test runs the poller's batch itself, and moves
 * a retried job's due time into the past as the clock would.
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
  { TENON_FLOW_JOB_POLL_MS: 'off', TENON_FLOW_HTTP_PRIVATE: 'allow' },
);

let starter: Person;
let alice: Person;
let bob: Person;
let tenantAdmin: string;

/** The tenant's own system: answers by path; every request it got is kept with its verified signature. */
let server: Server;
let base: string;
const received: Array<{ path: string; body: string; signed: boolean; delivery: string }> = [];
const SECRET = 'endpoint-secret-of-tenant-a';

beforeAll(async () => {
  tenantAdmin = (await createTenantAdmin(t, TA, ['work', 'work_todo', ...crudCodes('flow_endpoint')], 'sa_admin'))
    .token;
  const roles = new Map<string, string>();
  starter = await person(t, TA, 'sa_starter', 'staff', roles);
  alice = await person(t, TA, 'sa_alice', 'staff', roles);
  bob = await person(t, TA, 'sa_bob', 'clerk', roles);
  server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const stamp = String(request.headers['x-tenon-timestamp']);
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${stamp}.${body}`).digest('hex')}`;
      received.push({
        path: request.url ?? '',
        body,
        signed: request.headers['x-tenon-signature'] === expected,
        delivery: String(request.headers['x-tenon-delivery']),
      });
      const status = Number(/\/status\/(\d+)/.exec(request.url ?? '')?.[1] ?? 200);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ approved: true, amount: 1200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  expectOk(
    await t.post(`${FLOW}/endpoint/submit`, tenantAdmin, { name: 'erp', url: base, secret: SECRET, timeoutSeconds: 5 }),
  );
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

// ---- models ----

const field = (name: string, value: string) =>
  value.includes('${')
    ? `<flowable:field name="${name}"><flowable:expression>${value}</flowable:expression></flowable:field>`
    : `<flowable:field name="${name}" stringValue="${value}"/>`;
const service = (id: string, type: string, fields: Record<string, string>, extra = '') =>
  `<serviceTask id="${id}" name="${id}" flowable:type="${type}"${extra}><extensionElements>${Object.entries(fields)
    .map(([n, v]) => field(n, v))
    .join('')}</extensionElements></serviceTask>`;
const task = (id: string, assignee: string, extra = '') =>
  `<userTask id="${id}" name="${id}" flowable:assignee="${assignee}"${extra}/>`;

/** A process `key`: its start event (the starter in `starter`) → `body`'s elements → its end event `end`. */
const bpmn = (key: string, body: string, flows: string[]) =>
  processModel(key, `<startEvent id="start" flowable:initiator="starter"/>\n${body}\n<endEvent id="end"/>`, flows, {
    name: `服务 ${key}`,
  });

const deployTo = (key: string, xml: string) =>
  upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds: TA }, [
    { field: 'files', name: `${key}.bpmn20.xml`, content: xml },
  ]);
const deploy = async (key: string, xml: string) => expectOk(await deployTo(key, xml));

async function start(key: string, variables: Record<string, unknown> = {}): Promise<string> {
  const page = expectOk(await t.get(`${WORK}/start-list?size=100&key=${key}`, starter.token));
  const definition = page.records.find((r: { key: string }) => r.key === key);
  return expectOk(
    await t.post(`${WORK}/start-process`, starter.token, { processDefinitionId: definition.id, variables }),
  ).processInstanceId;
}

const jobsOf = (instanceId: string) =>
  t.services.db.selectFrom('blade_flow_job').selectAll().where('instance_id', '=', instanceId).orderBy('id').execute();
const runDue = () => workflowOf(t.services).jobs.runDue();
/** The instance's jobs come due now (a retry's wait passes). */
const dueNow = (instanceId: string) =>
  t.services.db
    .updateTable('blade_flow_job')
    .set({ due_time: new Date(Date.now() - 1000).toISOString() })
    .where('instance_id', '=', instanceId)
    .execute();
const variablesOf = async (instanceId: string) =>
  expectOk(await t.get(`${FLOW}/process/variables?processInstanceId=${instanceId}`, admin)) as Record<string, unknown>;
const openKeys = async (who: Person, instanceId: string) =>
  (await todo(t, who)).filter((r) => r.processInstanceId === instanceId).map((r) => r.taskDefinitionKey);

describe('deploy: every action is checked before it can run', () => {
  it('refuses unknown actions, missing and unknown fields, code beside an action and hooks no module offers', async () => {
    const refusals: Array<[string, string, string[]]> = [
      [service('s', 'message', { to: '${starter}' }), 'ServiceTask "s"', ['"title"', 'action needs it']],
      [service('s', 'message', { title: 'x' }), 'ServiceTask "s"', ['needs its recipients']],
      [service('s', 'message', { title: 'x', to: 'a', color: 'red' }), '"color"', ['reads no such field']],
      [service('s', 'http', { path: 'x' }), '"endpoint"', ['action needs it']],
      [service('s', 'hook', { hook: 'erp.post' }), 'no module offers "erp.post"', ['offered: flow.copy']],
      [service('s', 'hook', { hook: 'flow.copy', to: 'a', when: 'now' }), '(field when)', ['reads no such field']],
      [service('s', 'status', { status: '${1 +}' }), 'ServiceTask "s"', ['flowable:field "status"']],
      [service('s', 'status', { status: 'x' }, ' flowable:class="org.Foo"'), 'flowable:class', ['runs no code']],
      [service('s', 'mail', { to: 'a' }), '"mail" tasks are not supported yet', []],
    ];
    for (const [body, named, more] of refusals) {
      const refused = await deployTo('SaBad', bpmn('SaBad', body, ['start>s', 's>end']));
      expectError(refused, 400);
      const message = refused.json().msg as string;
      for (const part of [named, ...more]) expect(message, body).toContain(part);
    }
    const definitions = expectOk(await t.get(`${FLOW}/manager/list?size=10&key=SaBad`, admin));
    expect(definitions.total).toBe(0);
  });
});

describe('message, status and hook actions', () => {
  it('a message reaches the starter and the holders of a role; the status shows in the lists; 抄送 by hook', async () => {
    const body = [
      service('notify', 'message', {
        to: '${starter}',
        toRoles: 'clerk',
        title: '已受理 ${amount}',
        content: '请等待',
      }),
      service('mark', 'status', { status: '审批中' }),
      service('copy', 'hook', { hook: 'flow.copy', to: 'sa_alice', comment: '请知悉' }),
      task('approve', 'sa_alice'),
    ].join('\n');
    await deploy(
      'SaLocal',
      bpmn('SaLocal', body, ['start>notify', 'notify>mark', 'mark>copy', 'copy>approve', 'approve>end']),
    );
    const instanceId = await start('SaLocal', { amount: 1200 });
    // Nothing ran in the starter's request: the action is a job due now.
    expect(await jobsOf(instanceId)).toMatchObject([{ kind: 'action', element_id: 'notify', retries: 3 }]);
    expect(await openKeys(alice, instanceId)).toEqual([]);

    expect(await runDue()).toBe(3);
    expect(await jobsOf(instanceId)).toEqual([]);
    expect(await openKeys(alice, instanceId)).toEqual(['approve']);
    // Their drawer messages (the 消息 screen's rows).
    for (const who of [starter, bob]) {
      const titles = await t.services.db
        .selectFrom('blade_message')
        .select('title')
        .where('user_id', '=', who.id)
        .where('process_instance_id', '=', instanceId)
        .execute();
      expect(titles.map((m) => m.title)).toContain('已受理 1200');
    }
    const sent = expectOk(await t.get(`${WORK}/send-list?size=50`, starter.token));
    expect(sent.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId)).toMatchObject({
      businessStatus: '审批中',
    });
    const followed = expectOk(await t.get(`${FLOW}/follow/list?processInstanceId=${instanceId}`, admin));
    expect(followed.records[0].businessStatus).toBe('审批中');
    const copies = expectOk(await t.get(`${WORK}/copy-list?size=50`, alice.token));
    expect(copies.records.map((r: { processInstanceId: string }) => r.processInstanceId)).toContain(instanceId);
  });

  it('a message to nobody fails for good: no retry, the job keeps why, the instance waits', async () => {
    const body = service('notify', 'message', { to: 'nobody_here', title: 'x' }) + task('approve', 'sa_alice');
    await deploy('SaNobody', bpmn('SaNobody', body, ['start>notify', 'notify>approve', 'approve>end']));
    const instanceId = await start('SaNobody');
    expect(await runDue()).toBe(0);
    const [job] = await jobsOf(instanceId);
    expect(job).toMatchObject({ kind: 'action', retries: 0 });
    expect(job.error).toContain('NO_RECIPIENT');
    expect(await openKeys(alice, instanceId)).toEqual([]);
  });
});

describe('http actions call the endpoints the tenant configured', () => {
  const model = (key: string, path: string, boundary = '') =>
    bpmn(
      key,
      [
        service('call', 'http', { endpoint: 'erp', path, requestBody: '${order}' }, ' flowable:resultVariable="reply"'),
        boundary,
        '<exclusiveGateway id="decide"/>',
        task('pay', 'sa_alice'),
        task('check', 'sa_alice'),
        task('fix', 'sa_alice'),
      ].join('\n'),
      [
        'start>call',
        'call>decide',
        'decide>pay:${reply.approved && reply.amount == 1200}',
        'decide>check:${!reply.approved}',
        'pay>end',
        'check>end',
        ...(boundary ? ['failed>fix', 'fix>end'] : []),
      ],
    );

  it('signs the request, keeps the JSON answer in the result variable and decides on it; the secret stays sealed', async () => {
    await deploy('SaHttp', model('SaHttp', 'orders/approve'));
    const instanceId = await start('SaHttp', { order: { no: 'PO-1', lines: 2 } });
    received.length = 0;
    expect(await runDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ path: '/hooks/orders/approve', body: '{"no":"PO-1","lines":2}', signed: true });
    expect(await openKeys(alice, instanceId)).toEqual(['pay']);
    expect((await variablesOf(instanceId)).reply).toEqual({ approved: true, amount: 1200 });

    const endpoints = expectOk(await t.get(`${FLOW}/endpoint/list?size=10`, tenantAdmin));
    expect(endpoints.records[0]).toMatchObject({ name: 'erp', url: base });
    expect(JSON.stringify(endpoints)).not.toContain(SECRET);
    const stored = await t.services.db.selectFrom('blade_flow_endpoint').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1:/);
  });

  it('a path cannot leave the endpoint: the job fails for good', async () => {
    await deploy('SaEscape', model('SaEscape', '../admin'));
    const escaped = await start('SaEscape', { order: {} });
    await runDue();
    expect((await jobsOf(escaped))[0]).toMatchObject({ retries: 0 });
    expect((await jobsOf(escaped))[0].error).toContain('may not leave');
  });

  it('a 404 is caught at once by the error boundary for HTTP404', async () => {
    const boundary = `<boundaryEvent id="failed" attachedToRef="call"><errorEventDefinition errorRef="e404"/></boundaryEvent>`;
    const xml = model('SaMissing', 'status/404', boundary).replace(
      '<process',
      '<error id="e404" errorCode="HTTP404"/>\n  <process',
    );
    await deploy('SaMissing', xml);
    const instanceId = await start('SaMissing', { order: {} });
    expect(await runDue()).toBe(1);
    expect(await openKeys(alice, instanceId)).toEqual(['fix']);
    expect(await jobsOf(instanceId)).toEqual([]);
  });

  it('a 503 is retried after 1 and 5 minutes with the same delivery id, then the boundary for any error takes it', async () => {
    const boundary = `<boundaryEvent id="failed" attachedToRef="call"><errorEventDefinition/></boundaryEvent>`;
    await deploy('SaDown', model('SaDown', 'status/503', boundary));
    const instanceId = await start('SaDown', { order: {} });
    received.length = 0;
    const before = Date.now();
    expect(await runDue()).toBe(0);
    const [first] = await jobsOf(instanceId);
    expect(first).toMatchObject({ retries: 2 });
    expect(first.error).toContain('answered 503');
    expect(new Date(first.due_time as string).getTime()).toBeGreaterThan(before + 50_000);
    await dueNow(instanceId);
    expect(await runDue()).toBe(0);
    expect((await jobsOf(instanceId))[0]).toMatchObject({ retries: 1 });
    await dueNow(instanceId);
    expect(await runDue()).toBe(1);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.delivery)).size).toBe(1);
    expect(await openKeys(alice, instanceId)).toEqual(['fix']);
  });

  it('without a boundary a failing endpoint ends with the job out of retries and its error kept', async () => {
    await deploy('SaDead', model('SaDead', 'status/500'));
    const instanceId = await start('SaDead', { order: {} });
    for (let i = 0; i < 3; i++) {
      await dueNow(instanceId);
      await runDue();
    }
    const [job] = await jobsOf(instanceId);
    expect(job).toMatchObject({ retries: 0 });
    expect(job.error).toContain('HTTP500');
    await dueNow(instanceId);
    expect(await runDue()).toBe(0);
  });

  it('refuses addresses of this machine unless the operator allows them', async () => {
    const instance = { id: '1', tenant_id: TA, process_key: 'k', business_key: '' } as InstanceRow;
    const call = callEndpoint(
      t.services.db,
      instance,
      { endpoint: 'erp' },
      {},
      {
        sealKey: t.services.config.jwtSecret,
        allowPrivate: false,
        deliveryId: '1',
      },
    );
    await expect(call).rejects.toThrow(ActionFailure);
    await expect(call).rejects.toMatchObject({ code: 'ADDRESS', retryable: false });
  });
});

describe('asynchronous continuations', () => {
  it('an approval before an async step that fails is kept: the failure stays with the job, retried', async () => {
    const body = [
      task('approve', 'sa_alice'),
      `<scriptTask id="compute" scriptFormat="juel" flowable:async="true"><script>\${total / count}</script></scriptTask>`,
      task('after', 'sa_alice'),
    ].join('\n');
    await deploy('SaAsync', bpmn('SaAsync', body, ['start>approve', 'approve>compute', 'compute>after', 'after>end']));
    const instanceId = await start('SaAsync', { total: 10 });
    const [approve] = (await todo(t, alice)).filter((r) => r.processInstanceId === instanceId);
    expectOk(await t.post(`${WORK}/complete-task`, alice.token, { taskId: approve.taskId, pass: true, flag: 'ok' }));
    expect(await jobsOf(instanceId)).toMatchObject([{ kind: 'async', element_id: 'compute' }]);
    expect(await runDue()).toBe(0);
    const [job] = await jobsOf(instanceId);
    expect(job).toMatchObject({ kind: 'async', retries: 2 });
    expect(job.error).toContain('compute');
    expect(await openKeys(alice, instanceId)).toEqual([]);
  });

  it('an async user task appears once its job ran', async () => {
    await deploy(
      'SaLater',
      bpmn('SaLater', task('approve', 'sa_alice', ' flowable:async="true"'), ['start>approve', 'approve>end']),
    );
    const instanceId = await start('SaLater');
    expect(await openKeys(alice, instanceId)).toEqual([]);
    expect(await runDue()).toBe(1);
    expect(await openKeys(alice, instanceId)).toEqual(['approve']);
  });
});
