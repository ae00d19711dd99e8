import { connect } from 'node:net';
import { engineActions } from '../../src/server/platform/entity/routes.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { fieldsOf } from '../../src/server/platform/entity/fields.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { startedVia } from '../../src/shared/entities/define.ts';
import { BASIC_SABER, expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { minimalBody } from '../support/factories.ts';
import { watchWrites } from '../support/writes.ts';

/**
 * The six causes of HTTP 500 an outside probe found (issue 9): each one answers 400 with a message naming what is
 * wrong, and writes nothing.
 */
let t: TestApp;
let admin: string;
let writes: () => Promise<number>;
withTestApp((app, token) => {
  t = app;
  admin = token;
});
beforeAll(async () => {
  writes = await watchWrites(t);
});

/** The response of `send`, after checking it wrote no row. */
async function refused(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const before = await writes();
  const res = await send();
  expect(await writes(), `${res.statusCode} ${res.body}`).toBe(before);
  return res;
}

const entity = (name: string) => ENTITIES.find((e) => e.name === name)!;
const base = (name: string) => `/api/${entity(name).service}/${name}`;

describe('query keys that look like prototype properties', () => {
  // Approval requests (leave, fund) have no CRUD route: their rows are written by starting their process only (an
  // expense claim, sent through the fund approval, has its screen's); some entities leave `page` to their module
  // (inventory budgets are read through statlist).
  const listed = ENTITIES.filter((e) => (!e.approval || startedVia(e.approval)) && engineActions(e).includes('page'));
  it.each(listed.map((e) => [e.name, e] as const))('%s/page refuses <field>_constructor by name', async (_name, e) => {
    const field = Object.keys(e.fields)[0];
    expectError(
      await refused(() => t.get(`/api/${e.service}/${e.name}/page?${field}_constructor=1`, admin)),
      400,
      `请求参数类型错误: ${field}_constructor`,
    );
  });

  it('refuses any unknown suffix of a known field, and still ignores keys that name no field', async () => {
    expectError(
      await t.get(`${base('param')}/page?status_constructor=1`, admin),
      400,
      '请求参数类型错误: status_constructor',
    );
    expectError(
      await t.get(`${base('param')}/page?paramKey_hasownproperty=1`, admin),
      400,
      '请求参数类型错误: paramKey_hasownproperty',
    );
    // As many as the unfiltered list: every installed parameter.
    const all = expectOk(await t.get(`${base('param')}/page`, admin)).total;
    for (const key of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '__proto__[status]',
      'valueOf_equal',
    ]) {
      const res = await t.get(`${base('param')}/page?${encodeURIComponent(key)}=1`, admin);
      expect(expectOk(res).total, key).toBe(all);
    }
    // A date suffix on a number column is as unknown as any other.
    expectError(
      await t.get(`${base('param')}/page?status_dateequal=2024-01-01`, admin),
      400,
      '请求参数类型错误: status_dateequal',
    );
    // A filter longer than any value of its column matches nothing: refused before it costs a LIKE over every row.
    expectError(
      await t.get(`/api/blade-system/region/lazy-list?code=${encodeURIComponent('名'.repeat(100_000))}`, admin),
      400,
      '区划编号长度不能超过12',
    );
    expectError(await t.get(`${base('param')}/page?status_like=${'1'.repeat(100)}`, admin), 400, '状态长度不能超过64');
    // Column names still filter (the contract's clients send `param_key` style keys too).
    const [first] = expectOk(await t.get(`${base('param')}/page`, admin)).records;
    expect(
      expectOk(await t.get(`${base('param')}/page?param_key=${encodeURIComponent(first.paramKey)}`, admin)).total,
    ).toBe(1);
  });
});

describe('ids out of the signed 64-bit range', () => {
  it.each(['history-flow-list', 'model-view'])(
    'process/%s refuses processInstanceId 2^63 and other non-ids',
    async (action) => {
      for (const id of ['9223372036854775808', '-1', '1e3', '00', 'abc', '1.5']) {
        expectError(
          await refused(() => t.get(`/api/blade-flow/process/${action}?processInstanceId=${id}`, admin)),
          400,
          '请求参数类型错误: processInstanceId',
        );
      }
    },
  );

  it('the fund approval refuses sending a businessId 2^63 and other non-ids', async () => {
    for (const id of ['9223372036854775808', '-1', '1e3', '00', 'abc', '1.5']) {
      const body = { businessId: id, processDefinitionId: 'x', taskUser: '1' };
      expectError(
        await refused(() => t.post('/api/blade-desk/process/finance/start-process', admin, body)),
        400,
        '申请不存在或已在审批中',
      );
    }
  });
});

/** A multipart body cut off inside its first part, declared with its boundary and without one. */
const TRUNCATED =
  '------tenon\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
const BROKEN_MULTIPART: Array<[string, string]> = [
  ['multipart/form-data', TRUNCATED],
  ['multipart/form-data; boundary=----tenon', TRUNCATED],
  ['multipart/form-data; boundary=----tenon', 'not a form'],
];

describe('broken multipart bodies', () => {
  it.each([
    '/api/blade-resource/oss/endpoint/put-file',
    '/api/blade-system/user/import-user',
    '/api/blade-flow/manager/check-upload',
    '/api/blade-flow/manager/deploy-upload',
  ])('%s answers 400 to a body without boundary or cut short', async (url) => {
    for (const [contentType, payload] of BROKEN_MULTIPART) {
      const res = await refused(() =>
        t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${admin}`, 'content-type': contentType },
        }),
      );
      expectError(res, 400, '消息不能读取');
    }
    // An empty boundary parses as a form without parts: the route's own "no file" message.
    const empty = await refused(() =>
      t.app.inject({
        method: 'POST',
        url,
        payload: '',
        headers: {
          authorization: BASIC_SABER,
          'blade-auth': `bearer ${admin}`,
          'content-type': 'multipart/form-data; boundary=',
        },
      }),
    );
    expectError(empty, 400);
  });
});

describe('blank values for columns that cannot hold NULL', () => {
  const CASES: Array<[string, string]> = [
    ...[
      'param',
      'post',
      'message',
      'client',
      'topmenu',
      'tenant-package',
      'data-scope',
      'api-scope',
      'user',
      'tenant',
      'datasource',
    ].map((name) => [name, 'status'] as [string, string]),
    ['message', 'category'],
    ['message', 'userId'],
    ['menu', 'action'],
    ['menu', 'isOpen'],
    ['tenant', 'accountNumber'],
  ];
  const rows = new Map<string, Record<string, unknown>>();
  beforeAll(async () => {
    for (const name of new Set(CASES.map(([n]) => n))) {
      const page = expectOk(await t.get(`${base(name)}/page?size=1`, admin));
      const row = page.records[0] ?? expectOk(await t.post(`${base(name)}/submit`, admin, minimalBody(entity(name))));
      rows.set(name, expectOk(await t.get(`${base(name)}/detail?id=${row.id}`, admin)));
    }
  });

  it.each(CASES)(
    '%s: an update with a blank %s is refused with the field message and changes nothing',
    async (name, fieldName) => {
      const field = fieldsOf(entity(name)).get(fieldName)!;
      // domain/README.md §3.5: 请选择 for what is picked (a dictionary item, a reference), 请输入 for what is typed.
      const picked = field.dict || field.bizDict || field.ref;
      const message =
        typeof field.required === 'object' ? field.required.zh : `${picked ? '请选择' : '请输入'}${field.label.zh}`;
      const row = rows.get(name)!;
      for (const blank of [null, '', ' ']) {
        const res = await refused(() => t.post(`${base(name)}/submit`, admin, { id: row.id, [fieldName]: blank }));
        expectError(res, 400, message);
      }
      expect(expectOk(await t.get(`${base(name)}/detail?id=${row.id}`, admin))).toEqual(row);
    },
  );

  it('takes the default on insert, through the engine and through tenant provisioning', async () => {
    const param = expectOk(
      await t.post(`${base('param')}/submit`, admin, {
        paramName: 'n',
        paramKey: 'blank.status',
        paramValue: 'v',
        status: '',
      }),
    );
    expect(param.status).toBe(1);
    const menu = expectOk(
      await t.post(`${base('menu')}/submit`, admin, { ...minimalBody(entity('menu')), action: null, isOpen: ' ' }),
    );
    expect(menu).toMatchObject({ action: 0, isOpen: 1 });
    const tenant = expectOk(
      await t.post(`${base('tenant')}/submit`, admin, {
        ...minimalBody(entity('tenant')),
        status: null,
        accountNumber: '',
      }),
    );
    expect(tenant).toMatchObject({ status: 1, accountNumber: -1 });
  });
});

describe('ids in bodies and id lists', () => {
  it('model/submit validates the id before any query', async () => {
    for (const id of ['abc', '9223372036854775808', '-1', '1e3']) {
      const body = { id, modelKey: 'hostile', name: 'hostile', xml: '' };
      expectError(
        await refused(() => t.post('/api/blade-flow/model/submit', admin, body)),
        400,
        '请求参数类型错误: id',
      );
    }
  });

  it('delete-deployment names deploymentIds when the list is empty or malformed', async () => {
    for (const ids of [',', ' , ,']) {
      expectError(
        await refused(() =>
          t.post(`/api/blade-flow/manager/delete-deployment?deploymentIds=${encodeURIComponent(ids)}`, admin),
        ),
        400,
        '缺少必要的请求参数: deploymentIds',
      );
    }
    for (const ids of ['-1', '1e400', '1,abc', '9223372036854775808']) {
      expectError(
        await refused(() => t.post(`/api/blade-flow/manager/delete-deployment?deploymentIds=${ids}`, admin)),
        400,
        '请求参数类型错误: deploymentIds',
      );
    }
  });
});

/** Sends `request` on a connection of its own; what came back once the server closed it. */
async function rawExchange(port: number, request: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined); // the server closes the connection: a reset after its answer is no failure
  socket.write(request);
  await new Promise((resolve) => socket.on('close', resolve));
  return received;
}

function parsed(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(raw.slice(split + 4)) as unknown };
}

describe('requests Node refuses before the app sees them', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('answers headers over the limit (64 KB) with 431 in the envelope, and closes the connection', async () => {
    const raw = await rawExchange(
      port,
      `GET /api/blade-system/param/list HTTP/1.1\r\nHost: tenon\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    const answer = parsed(raw);
    expect(answer.status, raw).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({ code: 431, success: false, data: null, msg: '请求头过大' });
  });

  it('answers a request it cannot parse with 400 in the envelope', async () => {
    const raw = await rawExchange(port, 'GET /api/health/live HTTP/1.1\r\nHost tenon\r\n\r\n');
    const answer = parsed(raw);
    expect(answer.status, raw).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ code: 400, success: false, data: null, msg: '消息不能读取' });
  });
});
