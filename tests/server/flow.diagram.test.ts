import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';
import { person, upload, WORK, type Person } from './flow.support.ts';

/**
 * Issue 34 point 7: models without diagram information get one laid out (deployed, saved, opened, viewed), the
 * definition's files (`process/resource-view`: XML and image) and an instance's highlighted diagram
 * (`process/diagram-view`), and `manager/check-upload`'s reasons (point 6).
 */

const FLOW = '/api/blade-flow';
const PROCESS = `${FLOW}/process`;
const TENANT = '600741';
const OTHER = '600742';
/** General processes (no business form): flow dictionary key 4 (modules/flow/manifest.ts). */
const GENERAL = '4';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

/** Flowable's test style: no diagram, no isExecutable, one flow without id, one task for nobody in particular. */
const undrawn = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://tenon/test">
  <process id="${key}" name="未画图的流程 ${key}">
    <startEvent id="start" name="开始"/>
    <sequenceFlow id="toCheck" sourceRef="start" targetRef="check"/>
    <userTask id="check" name="初审 &lt;b&gt;" flowable:assignee="\${starter}"/>
    <sequenceFlow sourceRef="check" targetRef="decide"/>
    <exclusiveGateway id="decide" name="通过?"/>
    <sequenceFlow id="toReview" sourceRef="decide" targetRef="review">
      <conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="toEnd" sourceRef="decide" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression>
    </sequenceFlow>
    <userTask id="review" name="复核"/>
    <sequenceFlow id="reviewed" sourceRef="review" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
</definitions>`;

const file = (name: string, content: string) => [{ field: 'files', name, content }];
let starter: Person;
let stranger: Person;
let definitionId: string;
let instanceId: string;

beforeAll(async () => {
  await createTenant(t, TENANT);
  await createTenant(t, OTHER);
  starter = await person(t, TENANT, 'dg_starter', 'dg_user');
  stranger = await person(t, OTHER, 'dg_stranger', 'dg_user');
  expectOk(
    await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: GENERAL, tenantIds: TENANT }, [
      ...file('undrawn.bpmn20.xml', undrawn('Undrawn')),
    ]),
  );
  const page = expectOk(await t.get(`${WORK}/start-list?size=100&key=Undrawn`, starter.token));
  definitionId = page.records[0].id;
  const started = expectOk(
    await t.post(`${WORK}/start-process`, starter.token, {
      processDefinitionId: definitionId,
      variables: { starter: `taskUser_${starter.id}` },
    }),
  );
  instanceId = started.processInstanceId;
}, 60_000);

const shapes = (xml: string) => [...xml.matchAll(/<bpmndi:BPMNShape[^>]*bpmnElement="([^"]+)"/g)].map((m) => m[1]);
const edges = (xml: string) => [...xml.matchAll(/<bpmndi:BPMNEdge[^>]*bpmnElement="([^"]+)"/g)].map((m) => m[1]);

describe('a model deployed without diagram information', () => {
  it('is stored laid out: the XML served has a shape per node and an edge per flow, the process unchanged', async () => {
    const res = await t.get(`${PROCESS}/resource-view?processDefinitionId=${definitionId}&resourceType=xml`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const xml = res.body;
    expect(shapes(xml).sort()).toEqual(['check', 'decide', 'end', 'review', 'start']);
    // The flow written without an id has the one the engine gives it, so that the diagram can point at it.
    expect(edges(xml).sort()).toEqual(['flow_1', 'reviewed', 'toCheck', 'toEnd', 'toReview']);
    expect(xml).toContain('<sequenceFlow id="flow_1" sourceRef="check" targetRef="decide"/>');
    // Every line of the uploaded process is there as it was written.
    const original = undrawn('Undrawn').split('\n').slice(0, -1);
    const served = xml.split('\n');
    original.forEach((line, i) => {
      if (!line.includes('sourceRef="check"')) expect(served[i]).toBe(line);
    });
  });

  it('shows laid out in the model view of the definition and of an instance', async () => {
    const byDefinition = expectOk(
      await t.get(`${PROCESS}/model-view?processDefinitionId=${definitionId}`, starter.token),
    );
    expect(shapes(byDefinition.xml)).toHaveLength(5);
    const byInstance = expectOk(await t.get(`${PROCESS}/model-view?processInstanceId=${instanceId}`, starter.token));
    expect(byInstance.xml).toBe(byDefinition.xml);
  });

  it('saved through the API, opens laid out in the designer; a drawn model is kept as it was written', async () => {
    expectOk(
      await t.post(`${FLOW}/model/submit`, admin, {
        modelKey: 'UndrawnModel',
        name: '未画图',
        xml: undrawn('UndrawnModel'),
      }),
    );
    const [model] = expectOk(await t.get(`${FLOW}/model/list?modelKey=UndrawnModel`, admin)).records;
    const detail = expectOk(await t.get(`${FLOW}/model/detail?id=${model.id}`, admin));
    expect(shapes(detail.xml)).toHaveLength(5);
    expect(detail.xml).toContain('<process id="UndrawnModel" name="未画图的流程 UndrawnModel">');
  });
});

describe('process/resource-view', () => {
  it('draws the definition as an SVG image: shapes named, text escaped, nothing coloured', async () => {
    const res = await t.get(`${PROCESS}/resource-view?processDefinitionId=${definitionId}&resourceType=image`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const svg = res.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const id of ['start', 'check', 'decide', 'review', 'end', 'flow_1', 'toReview'])
      expect(svg).toContain(`data-element-id="${id}"`);
    expect(svg).toContain('&#60;b&#62;');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('data-state=');
  });

  it('serves the definition of an instance to who may see the instance', async () => {
    const res = await t.get(`${PROCESS}/resource-view?processInstanceId=${instanceId}&resourceType=xml`, starter.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<process id="Undrawn"');
  });

  it('answers 404 in the envelope for another tenant and for what does not exist', async () => {
    expectError(await t.get(`${PROCESS}/resource-view?processInstanceId=${instanceId}`, stranger.token), 404);
    expectError(await t.get(`${PROCESS}/resource-view?processDefinitionId=${definitionId}`, stranger.token), 404);
    expectError(
      await t.get(`${PROCESS}/resource-view?processDefinitionId=Nothing:1:1&resourceType=image`, admin),
      404,
      '流程定义不存在: Nothing:1:1',
    );
    expectError(await t.get(`${PROCESS}/resource-view?processInstanceId=123456789`, admin), 404);
  });

  it('refuses bad parameters with a 400', async () => {
    expectError(await t.get(`${PROCESS}/resource-view?processInstanceId=abc`, admin), 400);
    expectError(await t.get(`${PROCESS}/resource-view?processDefinitionId=${encodeURIComponent('<x>')}`, admin), 400);
    expectError(await t.get(`${PROCESS}/resource-view`, admin), 400);
    expectError(
      await t.get(`${PROCESS}/resource-view?processDefinitionId=${definitionId}&resourceType=pdf`, admin),
      400,
      '资源类型只能是 xml 或 image: pdf',
    );
  });
});

describe('process/diagram-view', () => {
  it('colours a running instance: what ended green, the open task blue, the rest as drawn', async () => {
    const res = await t.get(`${PROCESS}/diagram-view?processInstanceId=${instanceId}`, starter.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const svg = res.body;
    const stateOf = (id: string) => new RegExp(`data-element-id="${id}"(?: data-state="(\\w+)")?`).exec(svg)?.[1];
    expect(stateOf('start')).toBe('ended');
    expect(stateOf('check')).toBe('running');
    expect(stateOf('review')).toBeUndefined();
    expect(stateOf('end')).toBeUndefined();
    expect(svg).toMatch(/data-element-id="check" data-state="running" stroke="#409eff"/);
    expect(svg).toMatch(/data-element-id="start" data-state="ended" stroke="#52c41a"/);
  });

  it('is refused to another tenant (404), for bad or missing ids (400)', async () => {
    expectError(await t.get(`${PROCESS}/diagram-view?processInstanceId=${instanceId}`, stranger.token), 404);
    expectError(await t.get(`${PROCESS}/diagram-view?processInstanceId=987654321`, starter.token), 404);
    expectError(await t.get(`${PROCESS}/diagram-view?processInstanceId=x1`, starter.token), 400);
    expectError(await t.get(`${PROCESS}/diagram-view`, starter.token), 400);
  });
});

describe('manager/check-upload', () => {
  const check = (name: string, content: string) =>
    upload(t, admin, `${FLOW}/manager/check-upload`, {}, [{ field: 'file', name, content }]);

  it('names every problem when the model cannot be deployed', async () => {
    const broken = undrawn('Broken')
      .replace('<userTask id="review" name="复核"/>', '<serviceTask id="review" flowable:class="com.acme.Mail"/>')
      .replace('${pass}', '${pass &&}');
    const checked = expectOk(await check('broken.bpmn20.xml', broken));
    expect(checked).toMatchObject({ name: 'broken.bpmn20.xml', success: false });
    expect(checked.msg).toMatch(/^流程模型无法部署: /);
    expect(checked.msg).toMatch(/ServiceTask "review" \(flowable:class\)/);
    expect(checked.msg).toMatch(/SequenceFlow "toReview"/);
  });

  it('says why a file of another kind is refused', async () => {
    const checked = expectOk(await check('model.xml', undrawn('Other')));
    expect(checked).toEqual({ name: 'model.xml', success: false, msg: '文件 model.xml 不是 .bpmn20.xml 流程文件' });
  });

  it('deploys with a warning naming the task nobody handles', async () => {
    const checked = expectOk(await check('undrawn.bpmn20.xml', undrawn('Warned')));
    expect(checked.success).toBe(true);
    expect(checked.msg).toMatch(/^可以部署, 但以下环节无人办理/);
    expect(checked.msg).toMatch(/UserTask "review"/);
  });
});

describe('a pooled model', () => {
  it('keeps its collaboration and its process ids through model/submit and model/detail', async () => {
    const xml = readFileSync(join(import.meta.dirname, '../flow-corpus/models/miwg/C.1.0.bpmn'), 'utf8');
    const ids = (text: string) =>
      [...text.matchAll(/<(?:\w+:)?(?:collaboration|process|participant)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    expectOk(await t.post(`${FLOW}/model/submit`, admin, { modelKey: 'Pooled', name: '泳池', xml }));
    const [model] = expectOk(await t.get(`${FLOW}/model/list?modelKey=Pooled`, admin)).records;
    const detail = expectOk(await t.get(`${FLOW}/model/detail?id=${model.id}`, admin));
    expect(ids(detail.xml)).toEqual(ids(xml));
    expect(detail.xml).toBe(xml);
  });
});
