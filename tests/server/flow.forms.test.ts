import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';
import { WORK, claimable, complete, definitionOf, person, todo, upload, type Person } from './flow.support.ts';

/**
 * Start forms and task forms (issue 34 point 4), a task's priority and due date, an instance's variables: over HTTP
 * against the models of tests/server/flow-forms (Flowable's vacation request with activiti:formProperty, a Camunda
 * formData start form).
 */

const FLOW = '/api/blade-flow';
const model = (name: string) => readFileSync(new URL(`./flow-forms/${name}.bpmn20.xml`, import.meta.url), 'utf8');
let t: TestApp;
let admin: string;
let employee: Person;
let manager: Person;
let outsider: Person;
let otherTenant: Person;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const deploy = async (name: string, tenantIds = '000000') =>
  expectOk(
    await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds }, [
      { field: 'files', name: `${name}.bpmn20.xml`, content: model(name) },
    ]),
  );
const startForm = (who: Person, processDefinitionId: string, headers: Record<string, string> = {}) =>
  t.get(`${WORK}/start-form?processDefinitionId=${encodeURIComponent(processDefinitionId)}`, who.token, headers);
const start = (who: Person, processDefinitionId: string, variables: unknown, headers: Record<string, string> = {}) =>
  t.post(`${WORK}/start-process`, who.token, { processDefinitionId, variables }, headers);
const variablesOf = async (who: Person, instanceId: string) =>
  expectOk(await t.get(`${FLOW}/process/variables?processInstanceId=${instanceId}`, who.token)) as Record<
    string,
    unknown
  >;
const instances = async (processInstanceId: string) =>
  t.services.db.selectFrom('blade_flow_instance').select('id').where('id', '=', processInstanceId).execute();

let vacation: string;
let invoice: string;

beforeAll(async () => {
  await createTenant(t, '600491');
  const roles = new Map<string, string>();
  employee = await person(t, '000000', 'fm_employee', 'staff', roles);
  manager = await person(t, '000000', 'fm_manager', 'management', roles);
  outsider = await person(t, '000000', 'fm_outsider', 'staff', roles);
  otherTenant = await person(t, '600491', 'fm_other', 'management', roles);
  await deploy('vacation');
  await deploy('invoice');
  vacation = await definitionOf(t, employee.token, 'vacationRequest');
  invoice = await definitionOf(t, employee.token, 'invoiceForm');
}, 60_000);

const goodVacation = { numberOfDays: '7', startDate: '2030-01-07', vacationType: 'annual', paid: 'true' };

describe('work/start-form', () => {
  it("answers a Flowable start event's formProperty fields", async () => {
    const form = expectOk(await startForm(employee, vacation));
    expect(form).toMatchObject({ processDefinitionId: vacation, name: 'Vacation request', formKey: '', business: '' });
    expect(form.fields.map((f: { id: string; type: string; required: boolean }) => [f.id, f.type, f.required])).toEqual(
      [
        ['numberOfDays', 'long', true],
        ['startDate', 'date', true],
        ['vacationType', 'enum', true],
        ['paid', 'boolean', false],
        ['vacationMotivation', 'string', false],
      ],
    );
    expect(form.fields[0]).toMatchObject({ name: 'Number of days', defaultValue: '1', readable: true, writable: true });
    expect(form.fields[2].options).toEqual([
      { id: 'annual', name: 'Annual leave' },
      { id: 'unpaid', name: 'Unpaid leave' },
    ]);
  });

  it("answers a Camunda formData's fields with their defaults and required constraint", async () => {
    const form = expectOk(await startForm(employee, invoice));
    expect(form.fields).toEqual([
      expect.objectContaining({ id: 'amount', name: 'Amount', type: 'long', required: true }),
      expect.objectContaining({ id: 'creditor', type: 'string', required: false, defaultValue: 'ACME' }),
      expect.objectContaining({ id: 'invoiceDate', type: 'date' }),
      expect.objectContaining({ id: 'urgent', type: 'boolean', defaultValue: 'false' }),
      expect.objectContaining({ id: 'category', type: 'enum', defaultValue: 'travel', options: expect.any(Array) }),
    ]);
  });

  it("refuses another tenant's definition and an unknown one", async () => {
    expectError(await startForm(otherTenant, vacation), 400, `流程定义不存在: ${vacation}`);
    expectError(await startForm(employee, 'Nope:1:1', { 'accept-language': 'en' }), 400, /^No such process definition/);
    expectError(await t.get(`${WORK}/start-form`, employee.token), 400);
  });
});

describe('deploying forms', () => {
  it('refuses a field of an unknown type and an enum without values, naming the element and the field', async () => {
    const xml = model('vacation')
      .replace('type="boolean"/>', 'type="user"/>')
      .replace(/(<activiti:formProperty id="resendRequest"[^>]*>)[^]*?(<\/activiti:formProperty>)/, '$1$2');
    const res = await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '4', tenantIds: '000000' }, [
      { field: 'files', name: 'badForm.bpmn20.xml', content: xml.replace('id="vacationRequest"', 'id="badForm"') },
    ]);
    expectError(res, 400);
    const msg = String(res.json().msg);
    expect(msg).toMatch(/StartEvent "request" \(activiti:formProperty "paid" type\): "user" is not a form type/);
    expect(msg).toMatch(
      /UserTask "adjustVacationRequestTask" \(activiti:formProperty "resendRequest"\): an enum needs its values/,
    );
  });
});

describe('work/start-process with a start form', () => {
  it('refuses a missing required field, a wrong type, a value not among the options, naming the field, nothing started', async () => {
    const before = (await t.services.db.selectFrom('blade_flow_instance').select('id').execute()).length;
    const { vacationType: _, ...noType } = goodVacation;
    void _;
    expectError(await start(employee, vacation, noType), 400, '请填写「Type」');
    expectError(await start(employee, vacation, { ...goodVacation, startDate: '' }), 400, /First day of holiday/);
    expectError(
      await start(employee, vacation, { ...goodVacation, numberOfDays: 'seven' }),
      400,
      '「Number of days」须为整数',
    );
    expectError(
      await start(employee, vacation, { ...goodVacation, numberOfDays: '1.5' }, { 'accept-language': 'en' }),
      400,
      '"Number of days" must be a whole number',
    );
    expectError(await start(employee, vacation, { ...goodVacation, startDate: '2030-02-30' }), 400, /日期/);
    expectError(await start(employee, vacation, { ...goodVacation, paid: 'maybe' }), 400, /Paid/);
    expectError(
      await start(employee, vacation, { ...goodVacation, vacationType: 'sabbatical' }),
      400,
      '「Type」须为可选项之一',
    );
    expectError(
      await start(employee, vacation, { ...goodVacation, employee: 'someone', bonus: 1 }),
      400,
      '表单没有这些字段, 不能设置: employee, bonus',
    );
    const after = (await t.services.db.selectFrom('blade_flow_instance').select('id').execute()).length;
    expect(after).toBe(before);
  });

  it('converts the values to their types, sets the initiator, and shows the variables to who may view the instance', async () => {
    const { processInstanceId } = expectOk(await start(employee, vacation, goodVacation));
    const variables = await variablesOf(employee, processInstanceId);
    expect(variables).toMatchObject({
      numberOfDays: 7,
      startDate: '2030-01-07',
      vacationType: 'annual',
      paid: true,
      employee: employee.id,
    });
    expect(variables).not.toHaveProperty('vacationMotivation');
    // A blank field with a default takes it (numberOfDays: 1).
    const defaulted = expectOk(await start(employee, vacation, { ...goodVacation, numberOfDays: '' }));
    expect(await variablesOf(employee, defaulted.processInstanceId)).toMatchObject({ numberOfDays: 1 });
    // The manager (a candidate) may view it; a colleague with no part in it and another tenant may not.
    expect(await variablesOf(manager, processInstanceId)).toMatchObject({ numberOfDays: 7 });
    expectError(
      await t.get(`${FLOW}/process/variables?processInstanceId=${processInstanceId}`, outsider.token),
      400,
      `流程实例不存在: ${processInstanceId}`,
    );
    expectError(
      await t.get(`${FLOW}/process/variables?processInstanceId=${processInstanceId}`, otherTenant.token),
      400,
    );
  });

  it('fills defaults of a Camunda form and refuses what is not its type', async () => {
    expectError(await start(employee, invoice, { creditor: 'X' }), 400, '请填写「Amount」');
    expectError(await start(employee, invoice, { amount: 12, invoiceDate: '07.01.2030' }), 400, /Invoice date/);
    const { processInstanceId } = expectOk(
      await start(employee, invoice, { amount: 1200, invoiceDate: '2030-01-07 10:00:00' }),
    );
    expect(await variablesOf(employee, processInstanceId)).toMatchObject({
      amount: 1200,
      creditor: 'ACME',
      invoiceDate: '2030-01-07',
      urgent: false,
      category: 'travel',
      starter: employee.id,
    });
    expect(await instances(processInstanceId)).toHaveLength(1);
  });
});

describe('task forms', () => {
  it("lets the manager set his form's fields on every round, refuses read-only and undeclared ones", async () => {
    const { processInstanceId } = expectOk(await start(employee, vacation, goodVacation));
    const task = (await claimable(t, manager)).find((r) => r.processInstanceId === processInstanceId)!;
    expect(task).toMatchObject({ taskDefinitionKey: 'handleRequest', priority: 80 });
    expect(task.dueDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const form = expectOk(await t.get(`${WORK}/task-form?taskId=${task.taskId}`, manager.token));
    expect(form).toMatchObject({ taskId: task.taskId, processInstanceId, taskName: 'Handle vacation request' });
    expect(
      form.fields.map((f: { id: string; writable: boolean; value?: unknown }) => [f.id, f.writable, f.value]),
    ).toEqual([
      ['numberOfDays', false, 7],
      ['vacationApproved', true, undefined],
      ['managerMotivation', true, undefined],
    ]);
    // Nobody else reads the form of a task he may not handle.
    expectError(await t.get(`${WORK}/task-form?taskId=${task.taskId}`, outsider.token), 400, '查询不到此任务');

    expectError(
      await complete(t, manager, task.taskId, true, { variables: { vacationApproved: 'false', numberOfDays: 1 } }),
      400,
      '这些字段只读, 不能修改: Number of days',
    );
    expectError(
      await complete(t, manager, task.taskId, true, { variables: { vacationApproved: 'false', bonus: 3 } }),
      400,
      '表单没有这些字段, 不能设置: bonus',
    );
    expectError(await complete(t, manager, task.taskId, true, { variables: {} }), 400, /Do you approve this vacation/);
    expectError(
      await complete(t, manager, task.taskId, true, { variables: { vacationApproved: 'perhaps' } }),
      400,
      /须为可选项之一/,
    );
    // Rejected: back with the employee, who adjusts his request and sends it again.
    expectOk(await complete(t, manager, task.taskId, false, { variables: { vacationApproved: 'false' } }));
    const adjust = (await todo(t, employee)).find((r) => r.processInstanceId === processInstanceId)!;
    expect(adjust).toMatchObject({ taskDefinitionKey: 'adjustVacationRequestTask', priority: 50, dueDate: '' });
    expectOk(
      await complete(t, employee, adjust.taskId, true, { variables: { numberOfDays: '3', resendRequest: 'true' } }),
    );
    // Second round: the manager's vacationApproved (already set, by a non-starter) reaches the gateway this time.
    const again = (await claimable(t, manager)).find((r) => r.processInstanceId === processInstanceId)!;
    expect(again).toMatchObject({ taskDefinitionKey: 'handleRequest', priority: 40 });
    expectOk(await complete(t, manager, again.taskId, true, { variables: { vacationApproved: 'true' } }));
    expect(await variablesOf(employee, processInstanceId)).toMatchObject({
      numberOfDays: 3,
      vacationApproved: 'true',
      resendRequest: 'true',
    });
    const sent = expectOk(await t.get(`${WORK}/send-list?size=100`, employee.token)).records;
    expect(sent.find((r: { processInstanceId: string }) => r.processInstanceId === processInstanceId)).toMatchObject({
      processIsFinished: 'finished',
    });
  });

  it("shows a task's priority in its history row", async () => {
    const { processInstanceId } = expectOk(await start(employee, invoice, { amount: 5 }));
    const history = expectOk(
      await t.get(`${FLOW}/process/history-flow-list?processInstanceId=${processInstanceId}`, employee.token),
    );
    expect(history.find((row: { historyActivityId: string }) => row.historyActivityId === 'approve')).toMatchObject({
      priority: 70,
      dueDate: '',
    });
    const task = (await todo(t, employee)).find((r) => r.processInstanceId === processInstanceId)!;
    expectError(
      await complete(t, employee, task.taskId, true, { variables: { amount: 6, approved: true } }),
      400,
      /Amount/,
    );
    expectOk(await complete(t, employee, task.taskId, true, { variables: { approved: 'true' } }));
    expect(await variablesOf(employee, processInstanceId)).toMatchObject({ amount: 5, approved: true });
  });
});
