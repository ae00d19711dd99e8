import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASIC_SABER, expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { multipart, simpleModel } from './flow.support.ts';

/**
 * Issue 34 "Bad input": models and requests meant to hurt the server — XML entities (XXE, billion laughs), a 50 MB
 * model, timers every second, recursive call activities, a multi-instance over 100,000 items, expressions that call
 * methods or recurse, prototype names as variables — each refused with a clear 400 naming what is refused, nothing
 * deployed or started, the server answering after it. Every way a model reaches the server is tried: the designer's
 * save (`model/submit`), the deploy of a saved model (`model/deploy`), `manager/deploy-upload` and `check-upload`.
 */

const FLOW = '/api/blade-flow';
const WORK = `${FLOW}/work`;
const TENANT = '000000';
const EN = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

// ---- models ----

const XMLNS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://tenon/test"';

/** A model of process `key`: `body` its elements, `flows` its sequence flows as `from>to`. */
function bpmn(key: string, body: string, flows: string[]) {
  const sequence = flows.map((flow, i) => {
    const [from, to] = flow.split('>');
    return `<sequenceFlow id="f${i + 1}" sourceRef="${from}" targetRef="${to}"/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${XMLNS} id="d_${key}">
  <process id="${key}" name="坏输入 ${key}" isExecutable="true">
    ${body}
    ${sequence.join('\n    ')}
  </process>
</definitions>`;
}
/** start → `task` (an element with id "task") → end. */
const around = (key: string, task: string) =>
  bpmn(key, `<startEvent id="start"/>${task}<endEvent id="end"/>`, ['start>task', 'task>end']);
/** A user task of the administrator with `inner` content, between start and end. */
const approval = (key: string, attrs = '', inner = '') =>
  around(key, `<userTask id="task" name="审批" flowable:assignee="admin"${attrs}>${inner}</userTask>`);

// ---- HTTP ----

/** A multipart upload of files (field `field`) with text fields, in the language of `headers`. */
function uploadTo(url: string, field: string, name: string, content: string, headers: Record<string, string> = {}) {
  const { payload, contentType } = multipart({ category: '4', tenantIds: TENANT }, [{ field, name, content }]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: BASIC_SABER, 'content-type': contentType, 'blade-auth': `bearer ${admin}`, ...headers },
  });
}
const deployUpload = (key: string, xml: string, headers?: Record<string, string>) =>
  uploadTo(`${FLOW}/manager/deploy-upload`, 'files', `${key}.bpmn20.xml`, xml, headers);
const checkUpload = async (xml: string, headers?: Record<string, string>) =>
  expectOk(await uploadTo(`${FLOW}/manager/check-upload`, 'file', 'x.bpmn20.xml', xml, headers)) as {
    success: boolean;
    msg: string;
  };
const deploy = async (key: string, xml: string) => expectOk(await deployUpload(key, xml));

/** How many rows each engine table holds: a refusal leaves them all as they were. */
const ENGINE_TABLES = [
  'definition',
  'instance',
  'task',
  'task_candidate',
  'job',
  'activity',
  'comment',
  'subscription',
  'model',
];
async function engineRows() {
  const counts = ENGINE_TABLES.map(
    (table) => sql`(select count(*) from ${sql.table(`blade_flow_${table}`)}) as ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.join(counts)}`.execute(t.services.db);
  return rows[0];
}

/** The response of `send`, after checking it changed no engine table. */
async function nothingLeft(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const before = await engineRows();
  const res = await send();
  expect(await engineRows(), `${res.statusCode} ${res.body.slice(0, 300)}`).toEqual(before);
  return res;
}

async function definitionId(key: string): Promise<string> {
  const page = expectOk(await t.get(`${WORK}/start-list?size=100&key=${key}`, admin));
  const found = page.records.find((r: { key: string }) => r.key === key);
  expect(found, `${key} in the start list`).toBeDefined();
  return found.id;
}
const startProcess = async (key: string, variables: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  t.post(`${WORK}/start-process`, admin, { processDefinitionId: await definitionId(key), variables }, headers);

// ---- 1. entities and DTDs ----

const withDoctype = (doctype: string, use = '') =>
  simpleModel('xxe').replace('<definitions', `${doctype}\n<definitions`).replace('name="审批"', `name="审批${use}"`);
const HUNDRED_KB = 'x'.repeat(100 * 1024);
const DECLARATIONS: Array<[string, string]> = [
  ['an external entity (XXE)', withDoctype('<!DOCTYPE definitions [<!ENTITY e SYSTEM "file:///etc/passwd">]>', '&e;')],
  [
    'a parameter entity',
    withDoctype('<!DOCTYPE definitions [<!ENTITY % p SYSTEM "http://127.0.0.1:1/x.dtd"> %p;]>', '&e;'),
  ],
  ['an external DTD', withDoctype('<!DOCTYPE definitions SYSTEM "http://127.0.0.1:1/x.dtd">')],
  [
    'billion laughs',
    withDoctype(
      `<!DOCTYPE d [<!ENTITY l0 "lol">${Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
      ).join('')}]>`,
      '&l9;',
    ),
  ],
  ['a quadratic blow-up', withDoctype(`<!DOCTYPE d [<!ENTITY big "${HUNDRED_KB}">]>`, '&big;'.repeat(10_000))],
  ['an entity declared without DOCTYPE', simpleModel('xxe').replace('<process', '<!ENTITY e "x">\n<process')],
];

describe('DOCTYPE and entity declarations', () => {
  it.each(DECLARATIONS)('%s: refused by deploy-upload, in Chinese and English, nothing deployed', async (_, xml) => {
    const declared = /<!(DOCTYPE|ENTITY)/.exec(xml)![1];
    expectError(
      await nothingLeft(() => deployUpload('xxe', xml)),
      400,
      `流程文件含有 <!${declared}: 不接受 DOCTYPE 和实体声明 (ENTITY)`,
    );
    expectError(
      await nothingLeft(() => deployUpload('xxe', xml, EN)),
      400,
      `The process file contains <!${declared}: DOCTYPE and entity declarations (ENTITY) are not accepted`,
    );
  });

  it('are refused by the designer’s save, by check-upload, and by the deploy of a model saved before', async () => {
    const [, xml] = DECLARATIONS[0];
    const save = (body: object, headers?: Record<string, string>) =>
      t.post(`${FLOW}/model/submit`, admin, { modelKey: 'xxe', name: 'XXE', ...body }, headers);
    expectError(
      await nothingLeft(() => save({ xml })),
      400,
      '流程文件含有 <!DOCTYPE: 不接受 DOCTYPE 和实体声明 (ENTITY)',
    );
    expectError(
      await nothingLeft(() => save({ xml }, EN)),
      400,
      'The process file contains <!DOCTYPE: DOCTYPE and entity declarations (ENTITY) are not accepted',
    );
    // check-upload answers its verdict (success false and why), as for any model it would not deploy.
    expect(await checkUpload(xml)).toMatchObject({
      success: false,
      msg: '流程文件含有 <!DOCTYPE: 不接受 DOCTYPE 和实体声明 (ENTITY)',
    });
    expect(await checkUpload(xml, EN)).toMatchObject({
      success: false,
      msg: 'The process file contains <!DOCTYPE: DOCTYPE and entity declarations (ENTITY) are not accepted',
    });
    // A model row written with one (before this check, or by hand) does not deploy either.
    expectOk(await save({ xml: simpleModel('xxe') }));
    const model = expectOk(await t.get(`${FLOW}/model/list?modelKey=xxe`, admin)).records[0];
    await t.services.db.updateTable('blade_flow_model').set({ xml }).where('id', '=', model.id).execute();
    expectError(
      await nothingLeft(() => t.post(`${FLOW}/model/deploy`, admin, { modelId: model.id, category: '4' })),
      400,
      '流程文件含有 <!DOCTYPE: 不接受 DOCTYPE 和实体声明 (ENTITY)',
    );
  });

  it('are refused when the file declares another encoding (UTF-16)', async () => {
    const xml = DECLARATIONS[0][1].replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const { payload, contentType } = multipart({ category: '4', tenantIds: TENANT }, []);
    const boundary = contentType.split('boundary=')[1];
    const file = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="u.bpmn20.xml"\r\n` +
          'Content-Type: text/xml\r\n\r\n',
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
    const body = Buffer.concat([payload.subarray(0, payload.length - `--${boundary}--\r\n`.length), file]);
    const res = await nothingLeft(() =>
      t.app.inject({
        method: 'POST',
        url: `${FLOW}/manager/deploy-upload`,
        payload: Buffer.concat([body, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { authorization: BASIC_SABER, 'content-type': contentType, 'blade-auth': `bearer ${admin}` },
      }),
    );
    expectError(res, 400, '流程文件含有 <!DOCTYPE: 不接受 DOCTYPE 和实体声明 (ENTITY)');
  });
});

// ---- 2. a 50 MB model ----

const MB = 1024 * 1024;
/** A body of `size` bytes streamed from one 1 MB chunk: the test holds no 50 MB buffer. */
function streamed(head: string, size: number, tail: string): Readable {
  const chunk = Buffer.alloc(MB, 'a');
  let left = size;
  return Readable.from(
    (function* () {
      yield Buffer.from(head);
      for (; left > 0; left -= MB) yield left >= MB ? chunk : chunk.subarray(0, left);
      yield Buffer.from(tail);
    })(),
  );
}

describe('a 50 MB model', () => {
  it('is refused by the upload routes as a file over 1MB, and by the save as a body too large', async () => {
    const before = await engineRows();
    const boundary = '----tenon-bad-input';
    const upload = (url: string, field: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: streamed(
          `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n4\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="tenantIds"\r\n\r\n${TENANT}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.bpmn20.xml"\r\n` +
            `Content-Type: text/xml\r\n\r\n<definitions>`,
          50 * MB,
          `</definitions>\r\n--${boundary}--\r\n`,
        ),
        headers: {
          authorization: BASIC_SABER,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'blade-auth': `bearer ${admin}`,
        },
      });
    expectError(await upload(`${FLOW}/manager/deploy-upload`, 'files'), 400, '部署文件不能超过 1MB');
    expectError(await upload(`${FLOW}/manager/check-upload`, 'file'), 400, '部署文件不能超过 1MB');
    const json = t.app.inject({
      method: 'POST',
      url: `${FLOW}/model/submit`,
      payload: streamed('{"modelKey":"big","name":"big","xml":"', 50 * MB, '"}'),
      headers: {
        authorization: BASIC_SABER,
        'content-type': 'application/json',
        'content-length': String(50 * MB + 40),
        'blade-auth': `bearer ${admin}`,
      },
    });
    expectError(await json, 413, '请求内容过大');
    // Under the body limit but over the model's: the save says so.
    const twoMb = simpleModel('big').replace('</process>', `${' '.repeat(2 * MB)}</process>`);
    expectError(
      await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'big', name: 'big', xml: twoMb }),
      400,
      '部署文件不能超过 1MB',
    );
    expect(await engineRows()).toEqual(before);
    // The server answers as before.
    expectOk(await t.get(`${FLOW}/manager/list?size=1`, admin));
  });
});

// ---- 3. timers every second ----

const timer = (form: string, text: string) => `<timerEventDefinition><${form}>${text}</${form}></timerEventDefinition>`;
const boundaryTimer = (key: string, text: string) =>
  bpmn(
    key,
    `<startEvent id="start"/><userTask id="task" flowable:assignee="admin"/><endEvent id="end"/>
    <boundaryEvent id="every" attachedToRef="task" cancelActivity="false">${timer('timeCycle', text)}</boundaryEvent>
    <endEvent id="tick"/>`,
    ['start>task', 'task>end', 'every>tick'],
  );

describe('timer cycles shorter than a minute', () => {
  it.each(['R/PT1S', 'R5/PT1S', 'R/PT59S'])('%s is refused at deploy, naming the element', async (cycle) => {
    expectError(
      await nothingLeft(() => deployUpload('tick', boundaryTimer('tick', cycle))),
      400,
      new RegExp(`BoundaryEvent "every" \\(timeCycle\\): a cycle shorter than a minute is refused \\("${cycle}"\\)`),
    );
    const start = bpmn('tick', `<startEvent id="start">${timer('timeCycle', cycle)}</startEvent><endEvent id="end"/>`, [
      'start>end',
    ]);
    expectError(
      await nothingLeft(() => deployUpload('tick', start)),
      400,
      /StartEvent "start" \(timeCycle\): a cycle shorter than a minute is refused/,
    );
    expect(await checkUpload(start)).toMatchObject({
      success: false,
      msg: expect.stringMatching(/shorter than a minute/),
    });
  });

  it('a model saved with one (a draft) is refused at its deploy, in Chinese and English', async () => {
    const xml = boundaryTimer('tickSaved', 'R/PT1S');
    expectOk(await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'tickSaved', name: 'tick', xml }));
    const model = expectOk(await t.get(`${FLOW}/model/list?modelKey=tickSaved`, admin)).records[0];
    const deployModel = (headers?: Record<string, string>) =>
      t.post(`${FLOW}/model/deploy`, admin, { modelId: model.id, category: '4', tenantIds: TENANT }, headers);
    expectError(
      await nothingLeft(() => deployModel()),
      400,
      /^流程模型无法部署: line \d+: BoundaryEvent "every" \(timeCycle\): a cycle shorter than a minute is refused/,
    );
    expectError(
      await nothingLeft(() => deployModel(EN)),
      400,
      /^The process model cannot be deployed: line \d+: BoundaryEvent "every" \(timeCycle\): a cycle shorter/,
    );
  });

  it('a start timer given by an expression is refused at deploy (no variables exist then)', async () => {
    const start = bpmn(
      'tick',
      `<startEvent id="start">${timer('timeCycle', '${every}')}</startEvent><endEvent id="end"/>`,
      ['start>end'],
    );
    expectError(
      await nothingLeft(() => deployUpload('tick', start)),
      400,
      /StartEvent "start" \(timeCycle\): a start timer's time is fixed: write it without \$\{…\}/,
    );
  });

  it('a cycle given by a variable is refused at the step that arms it, naming the element, nothing started', async () => {
    await deploy('tickVar', boundaryTimer('tickVar', '${every}'));
    for (const every of ['R/PT1S', 'R5/PT1S', 'R/PT59S'])
      expectError(
        await nothingLeft(() => startProcess('tickVar', { every })),
        400,
        `流程执行失败: every (timeCycle): a cycle shorter than a minute is refused ("${every}")`,
      );
    const started = expectOk(await startProcess('tickVar', { every: 'R/PT1M' }));
    expect(started.processInstanceId).toBeTruthy();
  });
});

// ---- 4. recursive call activities ----

const caller = (key: string, called: string) =>
  around(key, `<callActivity id="task" calledElement="${called}"><extensionElements/></callActivity>`);

describe('recursive call activities', () => {
  it('a process calling itself is refused at deploy', async () => {
    expectError(
      await nothingLeft(() => deployUpload('selfCall', caller('selfCall', 'selfCall'))),
      400,
      '流程模型无法部署: 调用活动 task 调用了流程自身',
    );
  });

  it('A calls B calls A: the deploy closing the circle is refused, naming it', async () => {
    await deploy('ping', approval('ping'));
    await deploy('pong', caller('pong', 'ping'));
    expectError(
      await nothingLeft(() => deployUpload('ping', caller('ping', 'pong'))),
      400,
      '流程模型无法部署: 调用活动 task 经调用链 ping → pong → ping 又调用了流程自身',
    );
    expectError(
      await nothingLeft(() => deployUpload('ping', caller('ping', 'pong'), EN)),
      400,
      'The model cannot be deployed: call activity task calls its own process again (ping → pong → ping)',
    );
  });

  it('a recursion the deploy cannot see (a key given by a variable) stops at 10 levels: a 400, nothing left', async () => {
    const loop = around(
      'loopCall',
      '<callActivity id="task" calledElement="${next}" flowable:inheritVariables="true"/>',
    );
    await deploy('loopCall', loop);
    const res = await nothingLeft(() => startProcess('loopCall', { next: 'loopCall' }));
    expectError(res, 400, '流程执行失败: call activities nested more than 10 deep (does a process call itself?)');
    expectError(
      await startProcess('loopCall', { next: 'loopCall' }, EN),
      400,
      'The process step failed: call activities nested more than 10 deep (does a process call itself?)',
    );
    // Nine levels are fine: a legitimate nesting is not the recursion's bound.
    await deploy('leaf', approval('leaf'));
    expect(expectOk(await startProcess('loopCall', { next: 'leaf' })).processInstanceId).toBeTruthy();
  });
});

// ---- 5. multi-instance loops ----

/** A multi-instance user task of the administrator: `inner` the loop's elements, `attrs` its attributes. */
const loop = (key: string, inner: string, attrs = '') =>
  around(
    key,
    `<userTask id="task" name="会签" flowable:assignee="admin"><multiInstanceLoopCharacteristics${attrs}>${inner}` +
      '</multiInstanceLoopCharacteristics></userTask>',
  );

describe('multi-instance loops', () => {
  it('a loopCardinality over the bound is refused at deploy, naming the element', async () => {
    for (const n of ['100001', '1001'])
      expectError(
        await nothingLeft(() => deployUpload('bigLoop', loop('bigLoop', `<loopCardinality>${n}</loopCardinality>`))),
        400,
        `流程模型无法部署: line 4: UserTask "task" (loopCardinality): ${n} instances are more than the 1000 a loop may have`,
      );
  });

  it('a collection over the bound is refused at the step, naming the element, nothing started', async () => {
    await deploy('listLoop', loop('listLoop', '', ' flowable:collection="people" flowable:elementVariable="who"'));
    const people = Array.from({ length: 1001 }, (_, i) => `u${i}`);
    expectError(
      await nothingLeft(() => startProcess('listLoop', { people })),
      400,
      '流程执行失败: task: 1001 instances are more than the 1000 a loop may have',
    );
    // 100,001 items are over the variables' limit before they reach any loop.
    const many = Array.from({ length: 100_001 }, (_, i) => i);
    expectError(
      await nothingLeft(() => startProcess('listLoop', { people: many })),
      400,
      /^流程执行失败: the variables are over 64 KB as JSON \(\d+ KB\)$/,
    );
    // A cardinality given by a variable likewise.
    await deploy('varLoop', loop('varLoop', '<loopCardinality>${n}</loopCardinality>'));
    expectError(
      await nothingLeft(() => startProcess('varLoop', { n: 100_001 })),
      400,
      '流程执行失败: task: 100001 instances are more than the 1000 a loop may have',
    );
  });
});

// ---- 6. expressions ----

const HOSTILE = [
  "${execution.getVariable('x')}",
  "${''.getClass()}",
  '${T(java.lang.Runtime)}',
  '${x.constructor}',
  '${__proto__}',
  "${a['constructor']['constructor']('return process')()}",
  `\${${'('.repeat(10_000)}x${')'.repeat(10_000)}}`,
  `\${${'x+'.repeat(450_000)}x}`,
];
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

describe('expressions that call methods, reach prototypes or recurse', () => {
  it.each(HOSTILE.map((e) => [e.slice(0, 60), e]))(
    '%s is refused at deploy, naming element and attribute',
    async (_, e) => {
      const res = await nothingLeft(() =>
        deployUpload(
          'expr',
          approval('expr').replace('flowable:assignee="admin"', `flowable:assignee="${escaped(e)}"`),
        ),
      );
      expectError(res, 400, /^流程模型无法部署: line 4: UserTask "task" \(flowable:assignee\): expression /);
      // The long ones once: the parser reads their megabyte whichever attribute holds it.
      if (e.length > 500) return;
      const condition = simpleModel('expr', { condition: e });
      expectError(
        await nothingLeft(() => deployUpload('expr', condition)),
        400,
        /SequenceFlow "f3" \(conditionExpression\): expression /,
      );
    },
  );

  it('a variable whose value looks like an expression is a value, never evaluated', async () => {
    await deploy(
      'exprValue',
      approval('exprValue', '', '').replace('flowable:assignee="admin"', 'flowable:assignee="${who}"'),
    );
    const res = await startProcess('exprValue', { who: "${''.getClass()}" });
    // Nobody has that account: the task goes to the administrators, the text stays text.
    const id = expectOk(res).processInstanceId;
    const variables = expectOk(await t.get(`${FLOW}/process/variables?processInstanceId=${id}`, admin));
    expect(JSON.stringify(variables)).toContain("${''.getClass()}");
  });
});

describe('prototype names as variables', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('%s is refused as a start variable', async (name) => {
    await deploy('protoStart', approval('protoStart'));
    const body = `{"processDefinitionId":"${await definitionId('protoStart')}","variables":{"${name}":{"polluted":true}}}`;
    const res = await nothingLeft(() =>
      t.post(`${WORK}/start-process`, admin, body, { 'content-type': 'application/json' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [
      'resultVariable',
      around(
        'proto',
        '<scriptTask id="task" scriptFormat="juel" flowable:resultVariable="constructor"><script>${1}</script></scriptTask>',
      ),
      'flowable:resultVariable',
    ],
    [
      'flowable:in target',
      around(
        'proto',
        '<callActivity id="task" calledElement="leaf"><extensionElements><flowable:in source="a" target="__proto__"/></extensionElements></callActivity>',
      ),
      'flowable:in',
    ],
    [
      'flowable:in source',
      around(
        'proto',
        '<callActivity id="task" calledElement="leaf"><extensionElements><flowable:in source="constructor" target="a"/></extensionElements></callActivity>',
      ),
      'flowable:in',
    ],
    [
      'flowable:out target',
      around(
        'proto',
        '<callActivity id="task" calledElement="leaf"><extensionElements><flowable:out source="a" target="prototype"/></extensionElements></callActivity>',
      ),
      'flowable:out',
    ],
    [
      'a form field',
      approval(
        'proto',
        '',
        '<extensionElements><flowable:formProperty id="__proto__" type="string"/></extensionElements>',
      ),
      'flowable:formProperty id',
    ],
    [
      'a form field variable',
      approval(
        'proto',
        '',
        '<extensionElements><flowable:formProperty id="a" variable="constructor" type="string"/></extensionElements>',
      ),
      'flowable:formProperty "a" variable',
    ],
    [
      'initiator',
      approval('proto').replace('<startEvent id="start"/>', '<startEvent id="start" flowable:initiator="__proto__"/>'),
      'flowable:initiator',
    ],
    [
      'elementVariable',
      loop('proto', '', ' flowable:collection="people" flowable:elementVariable="__proto__"'),
      'flowable:elementVariable',
    ],
  ])('%s named like a prototype property is refused at deploy', async (_, xml, attribute) => {
    const res = await nothingLeft(() => deployUpload('proto', xml));
    expectError(
      res,
      400,
      new RegExp(`(Task|Event|Activity) "\\w+" \\(${attribute}\\): .*is not a (variable name|field id)`),
    );
  });
});

// ---- 7. the routes of issue 34 are in the fuzz and access-rights suites (they list every route of the app) ----
