// @vitest-environment happy-dom
import { createElement, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setNotifier } from '../../../src/client/notify.ts';
import { session } from '../../../src/client/session.ts';
import { createDesigner } from '../../../src/desktop/pages/flow/bpmn-modeler.ts';
import DeployPage from '../../../src/desktop/pages/flow/DeployPage.tsx';
import FollowPage from '../../../src/desktop/pages/flow/FollowPage.tsx';
import ManagerPage from '../../../src/desktop/pages/flow/ManagerPage.tsx';
import ModelPage from '../../../src/desktop/pages/flow/ModelPage.tsx';
import BpmnModdle from 'bpmn-moddle';
import {
  actionFieldsIn,
  withActionFields,
  type ElementProps,
  type ExtensionValue,
  type ServiceActionProps,
} from '../../../src/desktop/pages/flow/model-xml.ts';
import { FLOWABLE_MODDLE } from '../../../src/shared/flow/flowable-moddle.ts';
import { buttonsOf, fakeServer, ok, page, refuse, type Handler } from './fake-server.ts';
import { renderDesktop, signIn } from './render.tsx';

/** The bpmn-js modeler cannot run in happy-dom: a stand-in with its element panel API. */
const designer = vi.hoisted(() => ({
  updates: [] as Array<[string, string, string]>,
  saved: [] as Array<{ key: string; name: string }>,
  formFields: [] as Array<[string, unknown]>,
  actions: [] as Array<[string, ServiceActionProps]>,
  /** the element the editor selects once open (its user task unless a test says) */
  selects: undefined as ElementProps | undefined,
  xml: '',
}));
vi.mock('../../../src/desktop/pages/flow/bpmn-modeler.ts', () => ({
  createDesigner: vi.fn(async (_container: HTMLElement, xml: string) => {
    designer.xml = xml;
    let listener: ((element: ElementProps) => void) | undefined;
    const task: ElementProps = {
      id: 'approval',
      type: 'UserTask',
      kind: 'element',
      fields: ['name', 'assignee', 'candidateUsers', 'candidateGroups', 'multiInstance'],
      values: { name: '审批', assignee: '${taskUser}', candidateUsers: '', candidateGroups: '', multiInstance: '' },
    };
    const process: ElementProps = {
      id: 'process',
      type: 'Process',
      kind: 'process',
      fields: ['documentation'],
      values: { documentation: '' },
    };
    return {
      current: () => process,
      onChange: (next: (element: ElementProps) => void) => {
        listener = next;
        setTimeout(() => listener?.(designer.selects ?? task), 0);
      },
      update: (id: string, key: string, value: string) => {
        designer.updates.push([id, key, value]);
      },
      setFormFields: (id: string, fields: unknown) => {
        designer.formFields.push([id, fields]);
      },
      setAction: (id: string, action: ServiceActionProps) => {
        designer.actions.push([id, action]);
      },
      save: async (process: { key: string; name: string }) => {
        designer.saved.push(process);
        return '<definitions saved="1"/>';
      },
      destroy: () => undefined,
    };
  }),
}));
vi.mock('../../../src/desktop/pages/flow/bpmn-viewer.ts', () => ({
  showDiagram: vi.fn(async () => ({ destroy: () => undefined })),
}));

const FLOW = '/api/blade-flow';
const SYS = '/api/blade-system';
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
const categories = [
  { id: 'd1', dictKey: '1', dictValue: '请假流程', remark: 'leave' },
  { id: 'd2', dictKey: '2', dictValue: '资金审批流程', remark: 'finance' },
];
const tenants = [
  { id: 't0', tenantId: '000000', tenantName: '管理组' },
  { id: 't1', tenantId: '600301', tenantName: '常州工厂' },
];
const model = (id: string, modelKey: string, name: string) => ({
  id,
  modelKey,
  name,
  description: '',
  created: '2026-11-01 08:00:00',
  lastUpdated: '2026-11-02 08:00:00',
  createdBy: '1',
  lastUpdatedBy: '1',
  version: 2,
  modelType: 0,
  tenantId: '000000',
  modelComment: '',
});
const definition = (id: string, suspensionState = 1) => ({
  id,
  tenantId: '000000',
  name: '请假流程',
  key: 'Leave',
  description: '',
  category: '1',
  categoryName: '请假流程',
  version: Number(id.split(':')[1]),
  deploymentId: `dep-${id}`,
  resourceName: 'leave.bpmn20.xml',
  diagramResourceName: '',
  suspensionState,
  deploymentTime: '2026-11-20 08:00:00',
});

function renderPage(Page: ComponentType, path: string, handlers: Record<string, Handler>, codes: string[]) {
  serve({
    [`GET ${SYS}/menu/buttons`]: () => ok(buttonsOf(codes)),
    [`GET ${SYS}/dict/dictionary`]: () => ok(categories),
    [`GET ${SYS}/tenant/select`]: () => ok(tenants),
    ...handlers,
  });
  return renderDesktop(createElement(Page), path);
}
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const item = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
async function pick(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(item(scope, label)).getByRole('combobox'));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1)!);
}

/**
 * A service task's XML once the panel's action is written as the designer writes it (its attributes by name, its
 * fields through withActionFields), from a task that ran the http action and has a listener and a field of its own.
 */
async function xmlWith(action: ServiceActionProps) {
  const moddle = new BpmnModdle({ flowable: FLOWABLE_MODDLE }) as BpmnModdle & {
    create(type: string, attributes: Record<string, string>): unknown;
  };
  const { rootElement } = await moddle.fromXML(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
      xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="t"><process id="p">
    <serviceTask id="notify" flowable:type="http"><extensionElements>
      <flowable:executionListener event="start" expression="\${audit}"/>
      <flowable:field name="endpoint" stringValue="old"/><flowable:field name="note" stringValue="kept"/>
    </extensionElements></serviceTask></process></definitions>`);
  type Element = ExtensionValue & { set(name: string, value: unknown): void; values?: Element[] };
  const task = (rootElement as unknown as { rootElements: Array<{ flowElements: Element[] }> }).rootElements[0]
    .flowElements[0];
  expect(
    actionFieldsIn(task.get('extensionElements') ? (task.get('extensionElements') as Element).values! : [], 'http'),
  ).toEqual({ endpoint: 'old' });
  task.set('flowable:type', action.type || undefined);
  task.set('flowable:resultVariable', action.resultVariable || undefined);
  const extensions = task.get('extensionElements') as Element;
  extensions.set(
    'values',
    withActionFields(
      extensions.values!,
      action,
      (attributes) => moddle.create('flowable:Field', attributes) as Element,
    ),
  );
  return (await moddle.toXML(rootElement, { format: true })).xml;
}

beforeEach(() => {
  reset();
  errors.length = 0;
  designer.updates.length = 0;
  designer.saved.length = 0;
  designer.formFields.length = 0;
  designer.actions.length = 0;
  designer.selects = undefined;
  setNotifier({ error: (text) => errors.push(text), success: () => undefined });
  signIn();
});
afterEach(() => {
  cleanup();
  session.localLogout();
});

describe('模型设计 (/flow/model)', () => {
  const handlers = (extra: Record<string, Handler> = {}) => ({
    [`GET ${FLOW}/model/list`]: () => page([model('m1', 'Leave', '请假流程'), model('m2', 'Trip', '出差流程')]),
    [`GET ${FLOW}/model/detail`]: () => ok({ ...model('m1', 'Leave', '请假流程'), xml: '<definitions id="leave"/>' }),
    [`POST ${FLOW}/model/submit`]: () => ok(null),
    [`POST ${FLOW}/model/deploy`]: () => ok(null),
    [`POST ${FLOW}/model/remove`]: () => ok(null),
    ...extra,
  });
  const all = ['flow_model_add', 'flow_model_edit', 'flow_model_delete', 'flow_model_deploy'];

  it('searches by key and name from page 1, and shows buttons by their codes', async () => {
    renderPage(ModelPage, '/flow/model/index', handlers(), ['flow_model_deploy']);
    const row = await rowOf('出差流程');
    expect(within(row).getByText('v2')).toBeVisible();
    expect(within(row).queryByRole('button', { name: '设计' })).toBeNull();
    expect(within(row).getByRole('button', { name: '部署' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('请输入模型标识'), { target: { value: 'Trip' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(calls('GET', `${FLOW}/model/list`).at(-1)!.params).toEqual({ current: 1, size: 10, modelKey: 'Trip' }),
    );
  });

  it('adds a model from the minimal diagram: key and name checked, the side panel edits the element, save submits the XML', async () => {
    renderPage(ModelPage, '/flow/model/index', handlers(), all);
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(createDesigner).toHaveBeenCalled());
    expect(designer.xml).toContain('flowable:assignee="${taskUser}"');
    expect(designer.xml).toContain('<startEvent id="start"');
    // The selected user task's assignee, written into the diagram when the field is left.
    const groups = await within(dialog).findByLabelText('候选组');
    fireEvent.change(groups, { target: { value: 'hr,finance' } });
    fireEvent.blur(groups);
    expect(designer.updates).toEqual([['approval', 'candidateGroups', 'hr,finance']]);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入模型标识'), { target: { value: '9bad key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('模型标识以字母或下划线开头, 只能包含字母、数字、_ . -, 最长 64 位'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入模型名称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入模型标识'), { target: { value: 'Trip' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入模型名称'), { target: { value: '出差流程' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/model/submit`)).toHaveLength(1));
    expect(designer.saved).toEqual([{ key: 'Trip', name: '出差流程' }]);
    expect(calls('POST', `${FLOW}/model/submit`)[0].body).toEqual({
      modelKey: 'Trip',
      name: '出差流程',
      description: '',
      xml: '<definitions saved="1"/>',
    });
  });

  it("edits the selected start event's form fields: a row typed and marked required is written, a removed one goes", async () => {
    const amount = { id: 'amount', name: '金额', type: 'long', required: false };
    designer.selects = {
      id: 'start',
      type: 'StartEvent',
      kind: 'element',
      fields: ['name', 'formKey'],
      values: { name: '开始', formKey: '' },
      formFields: [amount],
    };
    renderPage(ModelPage, '/flow/model/index', handlers(), all);
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const fields = await within(await screen.findByRole('dialog')).findByRole('region', { name: '表单字段' });
    expect(
      within(fields)
        .getAllByLabelText('字段标识')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['amount']);
    fireEvent.click(within(fields).getByRole('button', { name: /添加字段/ }));
    fireEvent.change(within(fields).getAllByLabelText('字段标识')[1], { target: { value: 'reason' } });
    const name = within(fields).getAllByLabelText('字段名称')[1];
    fireEvent.change(name, { target: { value: '事由' } });
    fireEvent.blur(name);
    fireEvent.click(within(fields).getAllByRole('checkbox', { name: '必填' })[1]);
    fireEvent.click(within(fields).getAllByRole('button', { name: '删除字段' })[0]);
    const reason = { id: 'reason', name: '事由', type: 'string', required: false };
    expect(designer.formFields).toEqual([
      ['start', [amount, reason]],
      ['start', [amount, { ...reason, required: true }]],
      ['start', [{ ...reason, required: true }]],
    ]);
  });

  it("edits a service task's action: http with endpoint and path, then message drops them; async is a switch", async () => {
    designer.selects = {
      id: 'notify',
      type: 'ServiceTask',
      kind: 'element',
      fields: ['name', 'multiInstance'],
      values: { name: '通知', multiInstance: '' },
      action: { type: '', fields: {}, resultVariable: '' },
      async: false,
    };
    renderPage(ModelPage, '/flow/model/index', handlers(), all);
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    const action = await within(dialog).findByRole('region', { name: '服务动作' });
    await pick(action, '动作类型', '调用服务端点');
    const label = (text: string) => within(action).getByText(text, { selector: 'label' });
    expect(label('服务端点')).toHaveClass('ant-form-item-required');
    expect(label('路径')).not.toHaveClass('ant-form-item-required');
    const endpoint = within(action).getByLabelText('服务端点');
    fireEvent.change(endpoint, { target: { value: 'crm' } });
    fireEvent.blur(endpoint);
    const path = within(action).getByLabelText('路径');
    fireEvent.change(path, { target: { value: '/orders/${orderId}' } });
    fireEvent.blur(path);
    const http = { type: 'http', fields: { endpoint: 'crm', path: '/orders/${orderId}' }, resultVariable: '' };
    expect(designer.actions.at(-1)).toEqual(['notify', http]);
    const saved = await xmlWith(http);
    expect(saved).toContain('flowable:type="http"');
    expect(saved).toContain('<flowable:field name="endpoint" stringValue="crm" />');
    expect(saved).toMatch(
      /<flowable:field name="path">\s*<flowable:expression>\/orders\/\$\{orderId\}<\/flowable:expression>/,
    );
    expect(saved).toContain('<flowable:executionListener');
    expect(saved).toContain('<flowable:field name="note" stringValue="kept" />');

    await pick(action, '动作类型', '发送消息');
    expect(within(action).queryByLabelText('服务端点')).toBeNull();
    const message = designer.actions.at(-1)![1];
    expect(message).toEqual({ type: 'message', fields: {}, resultVariable: '' });
    const switched = await xmlWith(message);
    expect(switched).toContain('flowable:type="message"');
    expect(switched).not.toContain('endpoint');
    expect(switched).not.toContain('orders');
    expect(switched).toContain('<flowable:executionListener');
    expect(switched).toContain('<flowable:field name="note" stringValue="kept" />');

    fireEvent.click(within(dialog).getByRole('switch', { name: '异步执行' }));
    expect(designer.updates).toEqual([['notify', 'async', 'true']]);
  });

  it('edits a model with its stored XML, and shows the server refusal as the interceptor does', async () => {
    renderPage(
      ModelPage,
      '/flow/model/index',
      handlers({ [`POST ${FLOW}/model/submit`]: () => refuse('当前模型标识已存在!') }),
      all,
    );
    fireEvent.click(within(await rowOf('请假流程')).getByRole('button', { name: '设计' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByPlaceholderText('请输入模型标识')).toHaveProperty('value', 'Leave'));
    await waitFor(() => expect(designer.xml).toBe('<definitions id="leave"/>'));
    expect(calls('GET', `${FLOW}/model/detail`)[0].params).toEqual({ id: 'm1' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errors).toEqual(['当前模型标识已存在!']));
    expect(calls('POST', `${FLOW}/model/submit`)[0].body).toMatchObject({
      id: 'm1',
      modelKey: 'Leave',
      name: '请假流程',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deploys a model to a category and tenants (none = shared); a refused model shows the server message', async () => {
    renderPage(
      ModelPage,
      '/flow/model/index',
      handlers({
        [`POST ${FLOW}/model/deploy`]: ({ params }) =>
          params.tenantIds ? ok(null) : refuse('流程模型无法部署: expression ${process.exit()} is not allowed'),
      }),
      all,
    );
    fireEvent.click(within(await rowOf('出差流程')).getByRole('button', { name: '部署' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择流程类型')).toBeInTheDocument();
    await pick(dialog, '流程类型', '资金审批流程');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errors).toEqual(['流程模型无法部署: expression ${process.exit()} is not allowed']));
    expect(calls('POST', `${FLOW}/model/deploy`)[0].params).toEqual({ modelId: 'm2', category: '2', tenantIds: '' });
    await pick(dialog, '所属租户', '常州工厂 (600301)');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/model/deploy`)).toHaveLength(2));
    expect(calls('POST', `${FLOW}/model/deploy`)[1].params).toEqual({
      modelId: 'm2',
      category: '2',
      tenantIds: '600301',
    });
  });

  it('tells the deployer in a dialog which steps nobody would handle', async () => {
    const warning = '环节「人事审批」的候选组 hr 在租户 600301 没有对应的角色: 到达此环节的任务将转给租户管理员';
    renderPage(
      ModelPage,
      '/flow/model/index',
      handlers({
        [`POST ${FLOW}/model/deploy`]: () => ({
          ...(ok({ warnings: [warning] }) as object),
          msg: '部署成功, 但有环节无人办理',
        }),
      }),
      all,
    );
    fireEvent.click(within(await rowOf('出差流程')).getByRole('button', { name: '部署' }));
    const dialog = await screen.findByRole('dialog');
    await pick(dialog, '流程类型', '资金审批流程');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await screen.findByText(warning);
    screen.getByText('部署成功, 但有环节无人办理', { selector: '.ant-modal-confirm-title' });
    expect(screen.queryByText('部署成功')).toBeNull();
  });
});

describe('部署管理 (/flow/deploy)', () => {
  it('needs category, tenants and files (spec §5) before anything is sent, then uploads them as multipart', async () => {
    renderPage(DeployPage, '/flow/deploy/index', { [`POST ${FLOW}/manager/deploy-upload`]: () => ok(null) }, [
      'flow_deploy_upload',
    ]);
    const card = (await screen.findByText('上传部署', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    fireEvent.click(await within(card).findByRole('button', { name: '上传部署' }));
    for (const text of ['请选择流程类型', '请选择租户', '请选择部署文件'])
      expect(await within(card).findByText(text, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();

    await pick(card, '流程类型', '请假流程');
    await pick(card, '所属租户', '管理组 (000000)');
    await pick(card, '所属租户', '常州工厂 (600301)');
    // rc-upload renews its file input after each choice.
    const input = () => card.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['<x/>'], 'leave.xml', { type: 'text/xml' })] } });
    expect(await within(card).findByText('文件 leave.xml 不是 .bpmn20.xml 流程文件')).toBeInTheDocument();
    fireEvent.click(within(card).getByTitle('删除文件'));
    fireEvent.change(input(), {
      target: { files: [new File(['<definitions/>'], 'leave.bpmn20.xml', { type: 'text/xml' })] },
    });
    await within(card).findByTitle('leave.bpmn20.xml');
    fireEvent.click(within(card).getByRole('button', { name: '上传部署' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/manager/deploy-upload`)).toHaveLength(1));
    const form = calls('POST', `${FLOW}/manager/deploy-upload`)[0].form!;
    expect(form.get('category')).toBe('1');
    expect(form.get('tenantIds')).toBe('000000,600301');
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['leave.bpmn20.xml']);
  });

  it('hides the upload button without flow_deploy_upload', async () => {
    renderPage(DeployPage, '/flow/deploy/index', {}, []);
    await screen.findByText('上传部署', { selector: '.ant-card-head-title' });
    expect(screen.queryByRole('button', { name: '上传部署' })).toBeNull();
  });
});

describe('流程管理 (/flow/manager)', () => {
  const handlers = () => ({
    [`GET ${FLOW}/manager/list`]: ({ params }: { params: Record<string, unknown> }) =>
      page(params.mode === 2 ? [definition('Leave:3:9'), definition('Leave:2:8', 2)] : [definition('Leave:3:9')]),
    [`POST ${FLOW}/manager/change-state`]: ({ params }: { params: Record<string, unknown> }) => ({
      ...(ok(null) as object),
      msg: `挂起ID为 [${String(params.processId)}] 的流程成功`,
    }),
    [`POST ${FLOW}/manager/delete-deployment`]: () => ok(null),
  });

  it('lists the latest versions or all, and suspends with the server message', async () => {
    renderPage(ManagerPage, '/flow/manager/index', handlers(), ['flow_manager_state', 'flow_manager_delete']);
    const row = await rowOf('v3');
    expect(calls('GET', `${FLOW}/manager/list`)[0].params).toEqual({ current: 1, size: 10, mode: 1 });
    expect(within(row).getByText('激活')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '挂起' }));
    expect(await screen.findByText('挂起ID为 [Leave:3:9] 的流程成功')).toBeInTheDocument();
    expect(calls('POST', `${FLOW}/manager/change-state`)[0].params).toEqual({
      processId: 'Leave:3:9',
      state: 'suspend',
    });
    fireEvent.click(screen.getByRole('radio', { name: '全部版本' }));
    const old = await rowOf('v2');
    expect(calls('GET', `${FLOW}/manager/list`).at(-1)!.params).toEqual({ current: 1, size: 10, mode: 2 });
    expect(within(old).getByRole('button', { name: '激活' })).toBeInTheDocument();
  });

  it('deletes a deployment after confirming', async () => {
    renderPage(ManagerPage, '/flow/manager/index', handlers(), ['flow_manager_delete']);
    const row = await rowOf('v3');
    expect(within(row).queryByRole('button', { name: '挂起' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除该流程部署? 其运行中的流程将一并删除')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/manager/delete-deployment`)).toHaveLength(1));
    expect(calls('POST', `${FLOW}/manager/delete-deployment`)[0].params).toEqual({ deploymentIds: 'dep-Leave:3:9' });
  });
});

describe('流程跟踪 (/flow/follow)', () => {
  it('deletes a running instance with a reason', async () => {
    renderPage(
      FollowPage,
      '/flow/follow/index',
      {
        [`GET ${FLOW}/follow/list`]: () =>
          page([
            {
              id: 'pi1',
              name: '请假流程',
              startUserId: '2',
              startUser: '张三',
              startTime: '2026-11-20 09:00:00',
              taskDefinitionId: 'managerApproval',
              taskDefinitionKey: 'managerApproval',
              category: '1',
              categoryName: '请假流程',
              processInstanceId: 'pi1',
              processDefinitionId: 'Leave:1:7',
              processDefinitionKey: 'Leave',
              activityId: 'managerApproval',
              suspensionState: 1,
              executionId: 'e1',
              businessTable: 'blade_process_leave',
              businessId: 'b1',
              tenantId: '000000',
              taskName: '审批人审批',
            },
          ]),
        [`POST ${FLOW}/follow/delete-process-instance`]: () => ok(null),
      },
      ['flow_follow_delete'],
    );
    // The current step by its name, not its element id.
    const row = await rowOf('张三');
    within(row).getByText('审批人审批');
    expect(within(row).queryByText('managerApproval')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入删除原因')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' 重复申请 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/follow/delete-process-instance`)).toHaveLength(1));
    expect(calls('POST', `${FLOW}/follow/delete-process-instance`)[0].params).toEqual({
      processInstanceId: 'pi1',
      deleteReason: '重复申请',
    });
  });
});
