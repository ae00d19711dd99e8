import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BASIC_SABER, expectOk, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';
import { SEED } from '../../src/server/modules/system/install.ts';

/** Helpers of the workflow tests: people with roles, starting requests, the inbox. */

export const WORK = '/api/blade-flow/work';
export const LEAVE = '/api/blade-desk/process/leave';
export const FINANCE = '/api/blade-desk/process/finance';

export interface Person {
  id: string;
  token: string;
  account: string;
}

/** A user of `tenantId` holding one role with `alias` (created once per alias and tenant). */
export async function person(
  t: TestApp,
  tenantId: string,
  account: string,
  alias: string,
  roles: Map<string, string> = new Map(),
): Promise<Person> {
  const key = `${tenantId}:${alias}`;
  let roleId = roles.get(key);
  if (!roleId) {
    roleId = await createRole(t, tenantId, alias, ['work', 'work_todo']);
    roles.set(key, roleId);
  }
  const id = await createUser(t, {
    tenantId,
    account,
    password: 'pw',
    roleId,
    realName: `${account.split('_').pop()}名`.slice(0, 10),
  });
  return { id, account, token: await t.tokenOf(account, 'pw', tenantId) };
}

/**
 * A user of tenant 000000 in 常州布雷德 with a role of his own holding `codes` (a claimant, an approver of the finance
 * tests), named after his account without its prefix (`ex_claimant`: claimant).
 */
export async function personWithCodes(t: TestApp, account: string, codes: string[]): Promise<Person> {
  const roleId = await createRole(t, '000000', account.slice(0, 10), codes);
  const id = await createUser(t, {
    tenantId: '000000',
    account,
    password: 'pw',
    roleId,
    deptId: SEED.deptChangzhou,
    realName: account.slice(3),
  });
  return { id, account, token: await t.tokenOf(account, 'pw') };
}

/** The staff of the seeded processes in tenant 000000. */
export async function staff(t: TestApp, prefix: string) {
  const roles = new Map<string, string>();
  return {
    applicant: await person(t, '000000', `${prefix}_applicant`, 'staff', roles),
    manager: await person(t, '000000', `${prefix}_manager`, 'manager', roles),
    deputy: await person(t, '000000', `${prefix}_deputy`, 'manager', roles),
    hr1: await person(t, '000000', `${prefix}_hr1`, 'hr', roles),
    hr2: await person(t, '000000', `${prefix}_hr2`, 'hr', roles),
    finance: await person(t, '000000', `${prefix}_fin`, 'finance', roles),
    boss: await person(t, '000000', `${prefix}_boss`, 'boss', roles),
  };
}

/** The newest startable definition of `key` for the caller. */
export async function definitionOf(t: TestApp, token: string, key: string): Promise<string> {
  const page = expectOk(await t.get(`${WORK}/start-list?size=100`, token));
  const found = page.records.find((r: { key: string }) => r.key === key);
  expect(found, `definition ${key} in ${JSON.stringify(page.records)}`).toBeDefined();
  return found.id;
}

export async function startLeave(
  t: TestApp,
  who: Person,
  approver: Person,
  days: number,
  reason = '探亲',
): Promise<LightMyRequestResponse> {
  const definitionId = await definitionOf(t, who.token, 'Leave');
  const end = new Date(Date.UTC(2030, 0, 1 + days, 9));
  return t.post(`${LEAVE}/start-process`, who.token, {
    processDefinitionId: definitionId,
    startTime: '2030-01-01 09:00:00',
    endTime: end.toISOString().slice(0, 19).replace('T', ' '),
    reason,
    taskUser: approver.id,
  });
}

/** Starts a leave request and returns its row (from the applicant's send list). */
export async function leaveRequest(t: TestApp, who: Person, approver: Person, days: number) {
  expectOk(await startLeave(t, who, approver, days));
  const sent = expectOk(await t.get(`${WORK}/send-list`, who.token));
  return sent.records[0] as { processInstanceId: string; businessId: string; taskId: string; taskName: string };
}

export async function todo(t: TestApp, who: Person) {
  return expectOk(await t.get(`${WORK}/todo-list?size=100`, who.token)).records as Array<Record<string, string>>;
}

export async function claimable(t: TestApp, who: Person) {
  return expectOk(await t.get(`${WORK}/claim-list?size=100`, who.token)).records as Array<Record<string, string>>;
}

/** The caller's only open task of an instance. */
export async function taskOf(t: TestApp, who: Person, instanceId: string) {
  const mine = (await todo(t, who)).filter((r) => r.processInstanceId === instanceId);
  expect(mine, `${who.account} tasks of ${instanceId}`).toHaveLength(1);
  return mine[0];
}

export function complete(t: TestApp, who: Person, taskId: string, pass: boolean, extra: Record<string, unknown> = {}) {
  return t.post(`${WORK}/complete-task`, who.token, { taskId, ...(pass ? { flag: 'ok' } : { pass: false }), ...extra });
}

export async function leaveStatus(t: TestApp, who: Person, businessId: string): Promise<number> {
  return expectOk(await t.get(`${LEAVE}/detail?businessId=${businessId}`, who.token)).status;
}

/** A multipart/form-data body: text fields, then files of one field name. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; content: string }>,
) {
  const boundary = '----tenon-flow-boundary-5f3a9c';
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    ...files.map(
      (f) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: text/xml\r\n\r\n${f.content}\r\n`,
    ),
  ];
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function upload(
  t: TestApp,
  token: string,
  url: string,
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; content: string }>,
) {
  const { payload, contentType } = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: BASIC_SABER, 'content-type': contentType, 'blade-auth': `bearer ${token}` },
  });
}

/** A small model: one approval by ${taskUser}, then a gateway on `condition`, ending either way. */
export function simpleModel(key: string, options: { condition?: string; assignee?: string; extraTask?: string } = {}) {
  const condition = (options.condition ?? '${pass}').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://tenon/test">
  <process id="${key}" name="测试流程 ${key}" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="approve" name="审批" flowable:assignee="${options.assignee ?? '${taskUser}'}"/>
    ${options.extraTask ?? ''}
    <exclusiveGateway id="gw"/>
    <endEvent id="yes"/>
    <endEvent id="no"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="gw"/>
    <sequenceFlow id="f3" sourceRef="gw" targetRef="yes"><conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="no"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
  </process>
</definitions>`;
}

/**
 * A model of one process `key`: `body` its elements, `flows` its sequence flows as `from>to` or `from>to:${condition}`
 * (ids f1, f2… in order), `definitions` what stands beside the process (errors, messages, signals).
 */
export function processModel(
  key: string,
  body: string,
  flows: string[],
  { definitions = '', name = key }: { definitions?: string; name?: string } = {},
) {
  const sequence = flows
    .map((flow, i) => {
      const [path, condition] = flow.split(':');
      const [from, to] = path.split('>');
      const test = condition
        ? `<conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression>`
        : '';
      return `<sequenceFlow id="f${i + 1}" sourceRef="${from}" targetRef="${to}">${test}</sequenceFlow>`;
    })
    .join('\n    ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://tenon/test">
  ${definitions}
  <process id="${key}" name="${name}" isExecutable="true">
    ${body}
    ${sequence}
  </process>
</definitions>`;
}
