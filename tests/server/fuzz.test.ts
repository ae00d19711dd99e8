import { engineActions } from '../../src/server/platform/entity/routes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import {
  allFields,
  camelToSnake,
  startedVia,
  type EntityDef,
  type FieldDef,
} from '../../src/shared/entities/define.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { BASIC_SABER, expectOk, md5, startApp, type TestApp } from '../support/app.ts';
import { minimalBody, withTestCompany } from '../support/factories.ts';
import { hashPlainPassword } from '../../src/server/modules/auth/password.ts';
import { apiRoutes } from '../support/routes.ts';
import { watchWrites } from '../support/writes.ts';
import { definitionOf, simpleModel } from './flow.support.ts';

/**
 * Every /api route under hostile input (issue 9), from the same route list as the access-rights suite: a new route is
 * fuzzed without anyone writing a line. Requests go as the platform super administrator (past every guard, into the
 * handlers) and some anonymously or with a forged token. A case is mostly what a working client sends (known
 * parameter names with plausible values, ids of rows made for the fuzz) with a few hostile keys and values, so it gets
 * past the first checks. The suite fails on any 500, any response slower than 2 s, and any row written by a request
 * that answered an error.
 *
 * Seeded: FUZZ_SEED replays a run; FUZZ_PATH (fast-check's `path` in a failure) with `-t '<route>'` replays the
 * failing request alone. FUZZ_RUNS sets the requests per route.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const PATH = process.env.FUZZ_PATH || undefined;
/**
 * Cases per route, sized so the file runs in under a minute on PGlite on this 2-core machine; each run has a seed of
 * its own, so the runs together try far more. The entity engine's CRUD routes get a quarter: a hundred entities share
 * their code. (2026-11-30, quiet: 735 routes; 45 a route and half for the engine 23,197 requests in 76 s, 35 and a
 * quarter 14,051 in 45 s.)
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 35);
const ENGINE_ACTION = /\/(list|page|detail|submit|save|update|remove|lazy-list|tree)$/;
/**
 * A response is slow past 2 s. This machine is shared with other processes, and a request may wait for a core:
 * it counts as slow when it also kept this process busy for half of that (CPU time, PGlite and worker threads
 * included).
 */
const SLOW_MS = 2000;
console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);

/**
 * Each route's own seed, derived from the run's (FNV-1a of the route): routes draw different cases, a run replays
 * whole.
 */
const seedOf = (route: string) =>
  [...route].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, (SEED ^ 2_166_136_261) >>> 0);

/**
 * Tables a refused request writes on purpose, left out of the written-rows check: `tenon_kv` (no Redis) holds the
 * login-failure counters a failed login must raise (that is the lockout) and the captcha codes a login attempt spends;
 * `blade_online_session` the last activity of the caller's login (在线用户), which a refused request is too.
 */
const WRITTEN_ON_PURPOSE = ['tenon_kv', 'blade_online_session'];

// ---- hostile keys and values ----

const HUGE = 'x'.repeat(100_000);
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '__proto__[status]',
];
const NUMBERS = [
  '9223372036854775808',
  '9223372036854775807',
  '-9223372036854775809',
  '18446744073709551616',
  '-1',
  '0',
  '00',
  '+1',
  ' 1 ',
  '1.5',
  '1e400',
  '-1e400',
  '1e3',
  'NaN',
  'Infinity',
  '-0',
  '0x1F',
  '2147483648',
  '-2147483649',
  '4294967296',
];
const ID_LISTS = [',', ',,', '1,,2', ' , ', '-1', '1e400', '1,-1', '1,abc', '[1]', '1;2', `${'1,'.repeat(2000)}1`];
const TEXTS = [
  '',
  ' ',
  '\t',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  '{"__proto__":{"admin":1}}',
  "' or '1'='1",
  "'); drop table blade_user; --",
  '%',
  '_',
  '\\',
  '%%',
  '$1',
  '${token}',
  '${taskUser.constructor}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '2024-02-30',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '2024-13-01',
  '2024-01-01T00:00:00Z',
  'now',
  'administrator',
  'admin',
  '000000',
];
const UNICODE = [
  '😀👍🏽',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '\uD800',
  'a\uDC00b',
  'a\u0000b',
  '\u0000',
  '\uFEFF',
  '\u0301\u0301',
  'ｆｕｌｌ',
  '名'.repeat(300),
  '\r\n',
  '\u2028',
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NUMBERS, ...ID_LISTS, ...TEXTS, ...UNICODE, ...PROTO_KEYS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, '9'.repeat(400), '名'.repeat(100_000)) },
);

const BLANKS = ['', ' ', '\t', '\u3000'];
/** Hostile values for what a parameter holds: ids and numbers get mostly numbers out of range, lists and blanks. */
function hostileFor(name: string, entity: EntityDef | undefined): fc.Arbitrary<string> {
  const type = entity && allFields(entity)[name]?.type;
  const numeric =
    /Ids?$|^ids?$/.test(name) ||
    type === 'int' ||
    type === 'switch' ||
    type === 'money' ||
    type === 'decimal' ||
    type === 'id' ||
    type === 'ids';
  if (!numeric)
    return fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: fc.constantFrom(...BLANKS) });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS, ...ID_LISTS) },
    { weight: 1, arbitrary: fc.constantFrom(...BLANKS) },
    { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 63n, max: 10n ** 19n - 1n }).map(String) },
    { weight: 1, arbitrary: hostileText },
  );
}

const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: hostileText },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, /* int64's max, as a double holds it: */ 2 ** 63),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(null, null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(
          { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
          { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
        ),
        tie('value'),
        { maxKeys: 3 },
      ),
    },
  ),
})).value;

const hostileKey = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ unit: 'binary', maxLength: 12 }));

// ---- plausible keys and values: what a working client sends ----

/** Parameter names the routes read, beyond an entity's own fields. */
const PARAMS = [
  'id',
  'ids',
  'current',
  'size',
  'ascs',
  'descs',
  'parentId',
  'tenantId',
  'userId',
  'userIds',
  'roleId',
  'roleIds',
  'menuIds',
  'dataScopeIds',
  'apiScopeIds',
  'topMenuIds',
  'topMenuId',
  'deptId',
  'code',
  'processInstanceId',
  'processDefinitionId',
  'processDefinitionKey',
  'resourceType',
  'taskId',
  'taskIds',
  'targetKey',
  'deploymentIds',
  'modelId',
  'modelKey',
  'name',
  'xml',
  'description',
  'category',
  'tenantIds',
  'businessId',
  'keyword',
  'isCovered',
  'accountNumber',
  'expireTime',
  'packageId',
  'datasourceId',
  'state',
  'processId',
  'deleteReason',
  'reason',
  'comment',
  'flag',
  'pass',
  'variables',
  'mode',
  'startActivityId',
  'endActivityId',
  'beginDate',
  'endDate',
  'domain',
  'userType',
  'userExt',
  'oldPassword',
  'newPassword',
  'newPassword1',
  'username',
  'password',
  'grant_type',
  'refresh_token',
  'scope',
  'type',
  'signType',
  'jobState',
  'processKey',
  'kind',
  'startTime',
  'endTime',
  'amount',
  'title',
  'taskUser',
];
const SUFFIXES = [
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datele',
  'datelt',
  'null',
  'notnull',
  'constructor',
  'proto',
  'ignore',
  'x',
];

/**
 * Values of rows made for the fuzz (beforeAll), by parameter name: a case may act on them, never on the administrator's
 * own rows.
 */
const known = new Map<string, string[]>();
const ownIds = () => [...new Set([...known.values()].flat().filter((v) => /^\d+$/.test(v)))];

const PLAIN: Record<string, string[]> = {
  current: ['1', '2'],
  size: ['10', '1000'],
  ascs: ['id'],
  descs: ['id', 'create_time'],
  flag: ['ok'],
  pass: ['true', 'false'],
  state: ['active', 'suspend'],
  mode: ['1', '2'],
  jobState: ['failed', 'waiting', 'all'],
  kind: ['timer', 'start', 'action', 'async'],
  isCovered: ['0', '1'],
  category: ['1', '2'],
  code: ['sex', 'flow'],
  grant_type: ['password', 'refresh_token'],
  username: ['fuzz'],
  password: [md5('fuzz')],
  oldPassword: [md5('fuzz')],
  newPassword: ['fuzz1'],
  newPassword1: ['fuzz1'],
  scope: ['all'],
  type: ['account', 'before', 'after', 'parallel'],
  targetKey: ['approve', 'hrApproval'],
  xml: [simpleModel('fuzz_plain')],
  variables: ['{"pass":true}', '{}'],
  amount: ['10.5'],
  keyword: ['a'],
  deleteReason: ['fuzz'],
  modelKey: ['fuzz_plain'],
  userType: ['1'],
  accountNumber: ['10', '-1'],
};

/**
 * A plausible free text. One arbitrary for every name of every route: fast-check works out a new `stringMatching`'s
 * shrinking slices when it is made (character by character), which made up a quarter of the file's CPU when each
 * name of each route made its own.
 */
const WORD = fc.stringMatching(/^[a-z]{1,8}$/);

function plausible(key: string, entity: EntityDef | undefined): fc.Arbitrary<string> {
  const own = entity && known.get(`${entity.name}.id`);
  if (own && (key === 'id' || key === 'ids')) return fc.constantFrom(...own);
  if (entity && (key === 'ascs' || key === 'descs')) return fc.constantFrom(...Object.keys(entity.fields), 'id');
  const values = known.get(key) ?? PLAIN[key];
  if (values?.length) return fc.constantFrom(...values);
  const field: FieldDef | undefined = entity && allFields(entity)[key];
  const type =
    field?.type ??
    (/Ids$|^ids$/.test(key) ? 'ids' : /Id$|^id$/.test(key) ? 'id' : /(Time|Date)$/.test(key) ? 'datetime' : 'string');
  switch (type) {
    case 'id':
      return fc.constantFrom(...ownIds());
    case 'ids':
      return fc.subarray(ownIds(), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(','));
    case 'int':
      return fc.constantFrom('0', '1', '2');
    case 'switch':
      return fc.constantFrom('0', '1');
    case 'money':
    case 'decimal':
      return fc.constantFrom('0', '1.25', '-3');
    case 'date':
      return fc.constant('2030-01-01');
    case 'datetime':
      return fc.constantFrom('2030-01-01 09:00:00', '2030-01-03 18:00:00');
    default:
      return WORD;
  }
}

const entityOf = (url: string): EntityDef | undefined =>
  ENTITIES.find((e) => url.startsWith(`/api/${e.service}/${e.name}/`));

/**
 * Key/value pairs for `url`. Mostly every known name (route parameters and the entity's fields) with a plausible
 * value, a few of them hostile: each route finds the parameters it reads, so a case gets past the first checks. Else
 * a few known names with any values. Either way: some filters with suffixes, and hostile keys.
 */
function pairsFor(url: string): fc.Arbitrary<Array<[string, string]>> {
  const entity = entityOf(url);
  const fields = entity ? Object.keys(allFields(entity)) : [];
  const names = [...new Set([...PARAMS, ...fields])];
  // Each value is hostile one time in eight, among an entity's many fields; one in four for a route of a few
  // parameters.
  const odds = entity ? 7 : 3;
  const plausibleOf = (name: string) => plausible(name, entity);
  // A name is left out one time in four (an `id` decides between insert and update).
  const everything = fc
    .tuple(
      ...names.map((name) =>
        fc.option(
          fc
            .oneof({ weight: odds, arbitrary: plausibleOf(name) }, { weight: 1, arbitrary: hostileFor(name, entity) })
            .map((v): [string, string] => [name, v]),
          { nil: undefined, freq: 4 },
        ),
      ),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined));
  const value = (name: string) =>
    fc.oneof({ weight: 3, arbitrary: plausibleOf(name) }, { weight: 1, arbitrary: hostileFor(name, entity) });
  const some = fc
    .subarray(names, { maxLength: 6 })
    .chain((chosen) => fc.tuple(...chosen.map((name) => value(name).map((v): [string, string] => [name, v]))));
  const filters = fields.length
    ? fc.array(
        fc
          .tuple(fc.constantFrom(...fields), fc.constantFrom('', ...SUFFIXES), fc.boolean(), hostileText)
          .map(([name, suffix, column, v]): [string, string] => [
            `${column ? camelToSnake(name) : name}${suffix ? `_${suffix}` : ''}`,
            v,
          ]),
        { maxLength: 2 },
      )
    : fc.constant([] as Array<[string, string]>);
  const hostile = fc.array(fc.tuple(hostileKey, hostileText), { maxLength: 2 });
  const named = fc.oneof({ weight: 2, arbitrary: everything }, { weight: 1, arbitrary: some });
  return fc.tuple(named, filters, hostile).map(([a, b, c]) => [...a, ...b, ...c]);
}

// ---- a case and the request it sends ----

interface Case {
  caller: 'admin' | 'anonymous' | 'forged';
  query: Array<[string, string]>;
  body?: { contentType?: string; payload: string | Buffer };
  /** A submit of an entity starting from a valid body: a new row, or an update of the fuzz's own row. */
  base?: 'insert' | 'update';
  language?: string;
  tenantHeader?: string;
}

/** Percent-encodes any string, lone surrogates included (as the bytes a careless client would send). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        const cp = ch.codePointAt(0)!;
        if (cp < 0xd800 || cp > 0xdfff) return encodeURIComponent(ch);
        return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}
const queryString = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

/**
 * A query value as long as a URL can carry to the app: Node's HTTP server answers 431 by itself to a request line and
 * headers over 16 KiB, so each value is cut to 4 KiB encoded (100,000-character values still go in bodies). Query
 * strings of 900 KB, which only inject() delivers, spent a fifth of the fuzz's CPU parsing what no client can send.
 */
const URL_VALUE_BYTES = 4096;
function reachable(value: string): string {
  let cut = value.length > URL_VALUE_BYTES ? value.slice(0, URL_VALUE_BYTES) : value;
  while (encode(cut).length > URL_VALUE_BYTES) cut = cut.slice(0, Math.floor(cut.length / 2));
  return cut;
}

const BOUNDARY = '----tenon-fuzz';
function multipartBody(
  fields: Array<[string, string]>,
  file: { field: string; name: string; data: string } | null,
  cut: boolean,
): Buffer {
  const parts = fields.map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`,
  );
  if (file)
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n${file.data}\r\n`,
    );
  const text = `${parts.join('')}--${BOUNDARY}--\r\n`;
  return Buffer.from(cut ? text.slice(0, Math.floor(text.length / 2)) : text);
}

function caseFor(method: string, url: string): fc.Arbitrary<Case> {
  const pairs = pairsFor(url);
  const caller = fc.oneof(
    { weight: 16, arbitrary: fc.constant('admin' as const) },
    { weight: 3, arbitrary: fc.constant('anonymous' as const) },
    { weight: 1, arbitrary: fc.constant('forged' as const) },
  );
  const language = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('en', 'zh-CN', 'xx', '*', HUGE.slice(0, 5000)) },
  );
  // Header values a client can send at all (printable ASCII); the token endpoint reads the tenant from it.
  const tenantHeader = fc.oneof(
    { weight: 9, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom('000000', '600001'),
        hostileText.filter((v) => /^[\x20-\x7e]*$/.test(v)),
      ),
    },
  );
  if (method === 'GET') return fc.record({ caller, query: pairs, language, tenantHeader });
  // As JSON a blank is as often null, and a value is sometimes of another JSON type.
  const asJson = ([name, value]: [string, string]) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fc.constant<unknown>(value) },
        { weight: BLANKS.includes(value) ? 8 : 0, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: hostileJson },
      )
      .map((v): [string, unknown] => [name, v]);
  const json = pairs
    .chain((p) => fc.tuple(...p.map(asJson)))
    .map((entries) => ({ contentType: 'application/json', payload: JSON.stringify(Object.fromEntries(entries)) }));
  const bodies = fc.oneof(
    { weight: 6, arbitrary: json },
    {
      weight: 2,
      arbitrary: pairs.map((p) => ({ contentType: 'application/x-www-form-urlencoded', payload: queryString(p) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '[]',
          '[{"id":1}]',
          '"x"',
          '1',
          'null',
          'true',
          '{"a":',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '',
          `{"ids":${'['.repeat(20_000)}1${']'.repeat(20_000)}}`,
          `{"ids":[${'{"toString":"x"},'.repeat(3)}1]}`,
          '{"id":"1","id":"abc"}',
        )
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'application/json; charset=utf-16',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/mixed; boundary=x',
            'x/y',
            '',
          ),
          hostileText,
        )
        .map(([contentType, payload]) => ({ contentType: contentType || undefined, payload })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          pairs,
          fc.option(
            fc.record({
              field: fc.constantFrom('file', 'files', 'x'),
              name: fc.constantFrom('a.png', 'a.xlsx', 'a.bpmn20.xml', '../../x.bpmn20.xml', ''),
              data: fc.oneof(
                hostileText,
                fc.constant(simpleModel('fuzz_upload')),
                fc.constant('\x89PNG\r\n\x1a\n0000'),
                fc.constant('PK\x03\x04broken'),
              ),
            }),
          ),
          fc.boolean(),
          fc.boolean(),
        )
        .map(([fields, file, cut, noBoundary]) => ({
          contentType: noBoundary ? 'multipart/form-data' : `multipart/form-data; boundary=${BOUNDARY}`,
          payload: multipartBody(fields, file, cut),
        })),
    },
  );
  const submit = /\/(submit|save|update)$/.test(url) && entityOf(url);
  // The contract passes POST parameters in the query string too: mostly a few there, the rest in the body.
  const postQuery = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), hostileKey), hostileText), { maxLength: 3 }),
    },
    { weight: 1, arbitrary: pairs },
  );
  return fc.record({
    caller,
    query: postQuery,
    body: fc.option(bodies, { nil: undefined, freq: 8 }),
    base: submit
      ? fc.constantFrom(undefined, 'insert' as const, 'update' as const, 'update' as const)
      : fc.constant(undefined),
    language,
    tenantHeader,
  });
}

// ---- the run ----

// The routes are read from the app itself, so it starts while the tests are collected (one test per route).
const t: TestApp = await startApp();
const ADMIN_PASSWORD = `fuzz-admin-${SEED}`;
const adminToken = () => t.tokenOf('admin', ADMIN_PASSWORD);
const routes = apiRoutes(t);
let admin: string;
let writes: () => Promise<number>;
const stats = {
  routes: new Set<string>(),
  requests: 0,
  anonymous: 0,
  refused: 0,
  status500: 0,
  slowest: 0,
  busiest: 0,
  started: 0,
};

/** The inject options of a case against `method url`. */
function requestOf(method: string, url: string, c: Case): InjectOptions {
  const headers: Record<string, string> = { authorization: BASIC_SABER };
  if (c.caller === 'admin') headers['blade-auth'] = `bearer ${admin}`;
  if (c.caller === 'forged') headers['blade-auth'] = `bearer ${admin.slice(0, -4)}AAAA`;
  if (c.language) headers['accept-language'] = c.language;
  if (c.tenantHeader !== undefined) headers['tenant-id'] = c.tenantHeader;
  let body = c.body;
  if (c.base) {
    const entity = entityOf(url)!;
    const own = known.get(`${entity.name}.id`)?.[0];
    const start = c.base === 'update' && own ? { id: own } : minimalBody(entity);
    let payload = JSON.stringify(start);
    try {
      const extra: unknown =
        body?.contentType === 'application/json'
          ? JSON.parse(String(body.payload))
          : body?.contentType === 'application/x-www-form-urlencoded'
            ? Object.fromEntries(new URLSearchParams(String(body.payload)))
            : {};
      payload = JSON.stringify({ ...start, ...(extra && typeof extra === 'object' ? extra : {}) });
    } catch {
      /* a broken or too deeply nested body: the valid start alone */
    }
    body = { contentType: 'application/json', payload };
  }
  if (body?.contentType) headers['content-type'] = body.contentType;
  const query = queryString(c.query.map(([key, value]) => [reachable(key), reachable(value)]));
  return {
    method: method as 'GET' | 'POST',
    url: query ? `${url}?${query}` : url,
    headers,
    ...(body ? { payload: body.payload } : {}),
  };
}

/** The request, shortened for a failure message (FUZZ_PATH replays it whole). */
const describeRequest = (options: InjectOptions) => {
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…(${text.length} chars)` : text);
  return JSON.stringify({
    ...options,
    url: cut(String(options.url)),
    headers: { ...options.headers, authorization: undefined },
    payload: cut(String(options.payload ?? '')),
  }).replaceAll(admin, '<admin token>');
};

beforeAll(async () => {
  // The hostile strings hold 'admin': a drawn old password must not be the administrator's (update-password).
  await t.services.db
    .updateTable('blade_user')
    .set({ password: await hashPlainPassword(ADMIN_PASSWORD) })
    .where('account', '=', 'admin')
    .where('tenant_id', '=', '000000')
    .execute();
  admin = await adminToken();
  await withTestCompany(t);
  writes = await watchWrites(t, WRITTEN_ON_PURPOSE);
  const me = expectOk(await t.get('/api/blade-auth/oauth/user-info', admin));
  // A row of every entity for the fuzz to change or remove (never the administrator's own user, role or tenant).
  const overrides: Record<string, Record<string, unknown>> = {
    user: { password: '123456', realName: 'fuzz', roleId: me.roleId.split(',')[0], deptId: me.deptId.split(',')[0] },
    'dict-biz': { dictKey: '-1', parentId: '0' },
    dict: { dictKey: '-1', parentId: '0' },
    dept: { parentId: '0' },
    role: { parentId: '0' },
    menu: { parentId: '0' },
  };
  const keyOf: Record<string, string> = {
    user: 'userId',
    role: 'roleId',
    dept: 'deptId',
    menu: 'menuIds',
    topmenu: 'topMenuId',
    'data-scope': 'dataScopeIds',
    'api-scope': 'apiScopeIds',
    'tenant-package': 'packageId',
    datasource: 'datasourceId',
  };
  // Approval requests (leave, fund) have no CRUD route: their rows are written by starting their process only; an
  // expense claim is saved as a draft first (sent through the fund approval's start-process by its businessId).
  // Keyed entities (regions) are written by their module, by key.
  // Entities whose module writes them (inventory budgets, by batch) have no engine submit.
  for (const e of ENTITIES.filter(
    (entity) =>
      (!entity.approval || startedVia(entity.approval)) && !entity.key && engineActions(entity).includes('submit'),
  )) {
    // A BOM line's component is another part than its parent; a BOM cost is of a version the part has.
    if (e.name === 'productbom') {
      const product = ENTITIES.find((p) => p.name === 'product')!;
      const body = minimalBody(product, {}, (target) => known.get(`${target}.id`)?.[0]);
      const other = expectOk(await t.post('/api/blade-system/product/submit', admin, body));
      overrides.productbom = { componentId: String(other.id) };
    }
    if (e.name === 'bomcost')
      overrides.bomcost = { bomVersion: known.get('productbom.bomVersion')?.[0], costYear: 2026 };
    const saved = expectOk(
      await t.post(
        `/api/${e.service}/${e.name}/submit`,
        admin,
        minimalBody(e, overrides[e.name], (target) => known.get(`${target}.id`)?.[0]),
      ),
    );
    known.set(`${e.name}.id`, [String(saved.id)]);
    if (e.name === 'productbom') known.set('productbom.bomVersion', [String(saved.bomVersion)]);
    if (keyOf[e.name]) known.set(keyOf[e.name], [String(saved.id)]);
    if (e.name === 'tenant') known.set('tenantId', [String(saved.tenantId)]);
  }
  known.set('userIds', known.get('userId')!);
  known.set('roleIds', known.get('roleId')!);
  known.set('topMenuIds', known.get('topMenuId')!);
  // A model, and a leave request of the administrator (nobody approves his own): ids the flow routes act on.
  expectOk(
    await t.post('/api/blade-flow/model/submit', admin, { modelKey: 'fuzz', name: 'fuzz', xml: simpleModel('fuzz') }),
  );
  const model = expectOk(await t.get('/api/blade-flow/model/list?modelKey=fuzz', admin)).records[0];
  known.set('modelId', [model.id]);
  const definitionId = await definitionOf(t, admin, 'Leave');
  expectOk(
    await t.post('/api/blade-desk/process/leave/start-process', admin, {
      processDefinitionId: definitionId,
      startTime: '2030-01-01 09:00:00',
      endTime: '2030-01-03 18:00:00',
      reason: 'fuzz',
      taskUser: known.get('userId')![0],
    }),
  );
  const [task] = expectOk(await t.get('/api/blade-flow/work/send-list', admin)).records;
  const [definition] = expectOk(await t.get('/api/blade-flow/manager/list?size=1', admin)).records;
  const found: Record<string, unknown> = {
    processDefinitionId: definitionId,
    processId: definitionId,
    deploymentIds: definition?.deploymentId,
    processInstanceId: task?.processInstanceId,
    taskId: task?.taskId,
    businessId: task?.businessId,
    taskUser: me.userId,
    tenantIds: '000000',
    resourceType: 'image',
  };
  for (const [key, value] of Object.entries(found)) if (value) known.set(key, [String(value)]);
  // The fund approval's start-process also sends a saved expense claim by its id.
  known.set('businessId', [...(known.get('businessId') ?? []), ...(known.get('expense.id') ?? [])]);
  stats.started = performance.now();
}, 120_000);

afterAll(async () => {
  const seconds = ((performance.now() - stats.started) / 1000).toFixed(1);
  const n = (x: number) => x.toLocaleString('en');
  console.log(
    `fuzz: ${stats.routes.size} routes, ${n(stats.requests)} requests (${n(stats.anonymous)} without a valid token, ${n(stats.refused)} answered 4xx), ` +
      `${stats.status500} responses 500, slowest ${stats.slowest.toFixed(0)} ms (most CPU ${stats.busiest.toFixed(0)} ms), ${seconds} s, seed ${SEED}`,
  );
  await t.stop();
});

describe(`fuzz (seed ${SEED})`, () => {
  it('finds the routes in the app', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  // One property per route, with its own seed derived from the run's.
  it.each(routes)(
    '%s answers hostile input without a 500, a slow response or a write behind an error',
    async (route) => {
      const [method, url] = route.split(' ');
      // Logout revokes the token it carries: it gets a token of its own, never the one the other requests use.
      const logout =
        (method === 'GET' && url === '/api/blade-auth/oauth/logout') ||
        (method === 'POST' && url === '/api/blade-auth/logout');
      const mainToken = admin;
      if (logout) admin = await adminToken();
      try {
        const run = await fc.check(
          fc.asyncProperty(caseFor(method, url), async (c) => {
            const options = requestOf(method, url, c);
            const before = await writes();
            const started = performance.now();
            const cpu = process.cpuUsage();
            const res = await t.app.inject(options);
            const ms = performance.now() - started;
            const { user, system } = process.cpuUsage(cpu);
            const cpuMs = (user + system) / 1000;
            const written = (await writes()) - before;
            stats.routes.add(route);
            stats.requests++;
            if (c.caller !== 'admin') stats.anonymous++;
            if (res.statusCode >= 400 && res.statusCode < 500) stats.refused++;
            if (res.statusCode >= 500) stats.status500++;
            stats.slowest = Math.max(stats.slowest, ms);
            stats.busiest = Math.max(stats.busiest, cpuMs);
            const problem =
              res.statusCode >= 500
                ? `answered ${res.statusCode}`
                : ms > SLOW_MS && cpuMs > SLOW_MS / 2
                  ? `took ${ms.toFixed(0)} ms (${cpuMs.toFixed(0)} ms CPU)`
                  : res.statusCode >= 400 && written > 0
                    ? `answered ${res.statusCode} but wrote ${written} rows`
                    : undefined;
            if (problem)
              throw new Error(`${route} ${problem}: ${res.body.slice(0, 300)}\nrequest: ${describeRequest(options)}`);
            // The administrator's token stays usable for the next case (one may have ended its session).
            if (
              c.caller === 'admin' &&
              res.statusCode === 401 &&
              !logout &&
              (await t.get('/api/blade-auth/oauth/user-info', admin)).statusCode === 401
            ) {
              admin = await adminToken();
            }
          }),
          {
            seed: seedOf(route),
            path: PATH,
            numRuns: entityOf(url) && ENGINE_ACTION.test(url) ? Math.ceil(RUNS_PER_ROUTE / 4) : RUNS_PER_ROUTE,
            endOnFailure: true,
          },
        );
        if (run.failed) {
          throw new Error(
            `${run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)}\n` +
              `seed ${SEED}, replay: FUZZ_SEED=${SEED} FUZZ_PATH=${run.counterexamplePath} node_modules/.bin/vitest run tests/server/fuzz.test.ts -t '${route}'`,
          );
        }
      } finally {
        if (logout) admin = mainToken;
      }
    },
    120_000,
  );
});
