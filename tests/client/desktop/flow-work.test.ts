// @vitest-environment happy-dom
import { createElement, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';

// bpmn-js cannot draw in happy-dom: the viewer module is replaced, the markers it gets are checked.
vi.mock('../../../src/desktop/pages/flow/bpmn-viewer.ts', () => ({
  showDiagram: vi.fn(async () => ({ destroy: () => undefined })),
}));

import { showDiagram } from '../../../src/desktop/pages/flow/bpmn-viewer.ts';
import { MARKER } from '../../../src/desktop/pages/flow/flow-markers.ts';
import StartPage from '../../../src/desktop/pages/work/StartPage.tsx';
import { ClaimPage, DonePage, SendPage, TodoPage } from '../../../src/desktop/pages/work/WorkListPage.tsx';
import { buttonsOf, fakeServer, ok, page, refuse, type Handler, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

const FLOW = '/api/blade-flow';
const SYS = '/api/blade-system';
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];

const categories = [
  { id: 'd1', dictKey: '1', dictValue: '请假流程', remark: 'leave' },
  { id: 'd2', dictKey: '2', dictValue: '资金审批流程', remark: 'finance' },
  { id: 'd3', dictKey: '9', dictValue: '其他流程', remark: '' },
];
const definition = (id: string, name: string, category: string) => ({
  id,
  tenantId: '000000',
  name,
  key: id.split(':')[0],
  description: `${name}说明`,
  category,
  categoryName: categories.find((c) => c.dictKey === category)?.dictValue ?? '',
  version: 1,
  deploymentId: '77',
  resourceName: `${name}.bpmn20.xml`,
  diagramResourceName: '',
  suspensionState: 1,
  deploymentTime: '2026-11-20 08:00:00',
});
const task = (taskId: string, overrides: Record<string, unknown> = {}) => ({
  taskId,
  taskName: '审批人审批',
  taskDefinitionKey: 'managerApproval',
  assignee: 'taskUser_1',
  assigneeName: '管理员',
  category: '1',
  categoryName: '请假流程',
  createTime: '2026-11-20 09:00:00',
  endTime: '',
  claimTime: '',
  historyTaskEndTime: '',
  executionId: 'e1',
  processInstanceId: `pi-${taskId}`,
  historyProcessInstanceId: `pi-${taskId}`,
  processDefinitionId: 'Leave:1:77',
  processDefinitionKey: 'Leave',
  processDefinitionName: '请假流程',
  processDefinitionVersion: 1,
  processDefinitionDesc: '',
  processDefinitionDiagramResName: '',
  processDefinitionResName: '',
  processIsFinished: 'unfinished',
  businessTable: 'blade_process_leave',
  businessId: `b-${taskId}`,
  status: 'todo',
  startUserName: '张三',
  processResult: 'running',
  businessStatus: '',
  priority: 50,
  dueDate: '',
  ...overrides,
});

/** Where the page navigated to. */
function Location() {
  return createElement('div', { 'data-testid': 'location' }, useLocation().pathname);
}
function renderAt(Page: ComponentType, path: string, handlers: Record<string, Handler>, codes: string[] = []) {
  serve({
    [`GET ${SYS}/menu/buttons`]: () => ok(buttonsOf(codes)),
    [`GET ${SYS}/dict/dictionary`]: ({ params }) => ok(params.code === 'flow' ? categories : []),
    ...handlers,
  });
  return renderDesktop(
    createElement(
      'div',
      null,
      createElement(
        Routes,
        null,
        createElement(Route, { path, element: createElement(Page) }),
        createElement(Route, { path: '*', element: null }),
      ),
      createElement(Location),
    ),
    path,
  );
}
const location = () => screen.getByTestId('location').textContent;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

useFakeServer({ reset }, errors, () => vi.mocked(showDiagram).mockClear());

describe('发起事务 (/work/start)', () => {
  const list = () => page([definition('Leave:1:77', '请假流程', '1'), definition('Other:1:78', '其他', '9')]);

  it('opens the leave form of the started definition, routed by the flow dictionary', async () => {
    renderAt(StartPage, '/work/start/index', { [`GET ${FLOW}/work/start-list`]: list });
    fireEvent.click(within(await rowOf('请假流程说明')).getByRole('button', { name: '发起' }));
    await waitFor(() => expect(location()).toBe('/work/process/leave/form/Leave%3A1%3A77'));
    expect(calls('GET', `${FLOW}/work/start-list`)[0].params).toEqual({ current: 1, size: 10 });
  });

  it('opens the start form of a definition whose category has no business form, starts it and shows 已发事务', async () => {
    const field = { readable: true, writable: true, options: [] };
    renderAt(StartPage, '/work/start/index', {
      [`GET ${FLOW}/work/start-list`]: list,
      [`GET ${FLOW}/work/start-form`]: () =>
        ok({
          processDefinitionId: 'Other:1:78',
          name: '其他',
          formKey: '',
          business: '',
          fields: [
            { ...field, id: 'title', variable: 'title', name: '标题', type: 'string', required: true },
            { ...field, id: 'days', variable: 'days', name: '天数', type: 'long', required: false, defaultValue: '2' },
          ],
        }),
      [`POST ${FLOW}/work/start-process`]: () => ok({ processInstanceId: '9' }),
    });
    fireEvent.click(within(await rowOf('其他说明')).getByRole('button', { name: '发起' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('发起: 其他');
    expect(calls('GET', `${FLOW}/work/start-form`)[0].params).toEqual({ processDefinitionId: 'Other:1:78' });
    await waitFor(() => expect(within(dialog).getByLabelText('天数')).toHaveValue('2'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写标题')).toBeInTheDocument();
    expect(calls('POST', `${FLOW}/work/start-process`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '采购' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(location()).toBe('/work/send/index'));
    expect(calls('POST', `${FLOW}/work/start-process`)[0].body).toEqual({
      processDefinitionId: 'Other:1:78',
      variables: { title: '采购', days: 2 },
    });
  });

  it('shows a definition diagram without history', async () => {
    renderAt(StartPage, '/work/start/index', {
      [`GET ${FLOW}/work/start-list`]: list,
      [`GET ${FLOW}/process/model-view`]: () => ok({ xml: '<definitions/>', flow: [] }),
    });
    fireEvent.click(within(await rowOf('请假流程说明')).getByRole('button', { name: '流程图' }));
    expect(await screen.findByText('流程图展示')).toBeInTheDocument();
    await waitFor(() => expect(showDiagram).toHaveBeenCalled());
    expect(calls('GET', `${FLOW}/process/model-view`)[0].params).toEqual({ processDefinitionId: 'Leave:1:77' });
    expect(calls('GET', `${FLOW}/process/history-flow-list`)).toHaveLength(0);
  });
});

describe('待签事务 (/work/claim)', () => {
  it('claims a task with work_claim_sign, shows the server message and reloads the list', async () => {
    renderAt(
      ClaimPage,
      '/work/claim/index',
      {
        [`GET ${FLOW}/work/claim-list`]: () => page([task('t1', { status: 'claim', assignee: '', assigneeName: '' })]),
        [`POST ${FLOW}/work/claim-task`]: () => ({ ...(ok(null) as object), msg: '签收事务成功' }),
      },
      ['work_claim_sign'],
    );
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: '签收' }));
    expect(await screen.findByText('签收事务成功')).toBeInTheDocument();
    expect(calls('POST', `${FLOW}/work/claim-task`)[0].params).toEqual({ taskId: 't1' });
    await waitFor(() => expect(calls('GET', `${FLOW}/work/claim-list`)).toHaveLength(2));
  });

  it('hides 签收 without the button code', async () => {
    renderAt(ClaimPage, '/work/claim/index', { [`GET ${FLOW}/work/claim-list`]: () => page([task('t1')]) });
    const row = await rowOf('张三');
    expect(within(row).queryByRole('button', { name: '签收' })).toBeNull();
    expect(within(row).getByRole('button', { name: '流程图' })).toBeVisible();
  });

  it('shows the server message of a refused claim', async () => {
    renderAt(
      ClaimPage,
      '/work/claim/index',
      {
        [`GET ${FLOW}/work/claim-list`]: () => page([task('t1')]),
        [`POST ${FLOW}/work/claim-task`]: () => refuse('任务已处理'),
      },
      ['work_claim_sign'],
    );
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: '签收' }));
    await waitFor(() => expect(errors).toEqual(['任务已处理']));
  });
});

describe('待办事务 (/work/todo)', () => {
  it('handles a task on the business page of its category', async () => {
    renderAt(
      TodoPage,
      '/work/todo/index',
      {
        [`GET ${FLOW}/work/todo-list`]: () =>
          page([
            task('t1'),
            task('t2', { category: '2', businessTable: 'blade_process_finance', startUserName: '李四' }),
          ]),
      },
      ['work_todo_handle'],
    );
    fireEvent.click(within(await rowOf('李四')).getByRole('button', { name: '办理' }));
    await waitFor(() => expect(location()).toBe('/work/process/finance/handle/t2/pi-t2/b-t2'));
  });

  it("opens a claim sent through the fund approval on the claim's pages, a fund request on its own", async () => {
    renderAt(
      TodoPage,
      '/work/todo/index',
      {
        [`GET ${FLOW}/work/todo-list`]: () =>
          page([
            task('t3', { category: '2', businessTable: 'erp_expense', startUserName: '王五' }),
            task('t2', { category: '2', businessTable: 'blade_process_finance', startUserName: '李四' }),
          ]),
      },
      ['work_todo_handle'],
    );
    fireEvent.click(within(await rowOf('王五')).getByRole('button', { name: '办理' }));
    await waitFor(() => expect(location()).toBe('/work/process/expense/handle/t3/pi-t3/b-t3'));
  });

  it('handles a task of a process with no business page in its dialog, with 加签, 委派, 抄送 and 退回', async () => {
    renderAt(
      TodoPage,
      '/work/todo/index',
      {
        [`GET ${FLOW}/work/todo-list`]: () =>
          page([task('t9', { category: '9', businessTable: '', taskName: '会签', startUserName: '赵六' })]),
        [`GET ${FLOW}/work/task-form`]: () => ok({ taskId: 't9', name: '会签', formKey: '', fields: [] }),
        [`GET ${FLOW}/process/history-flow-list`]: () => ok([]),
        [`GET ${FLOW}/work/return-targets`]: () => ok([{ taskDefinitionKey: 'draft', taskName: '填写' }]),
      },
      ['work_todo_handle', 'work_todo_add_sign', 'work_todo_delegate', 'work_todo_copy', 'work_todo_return'],
    );
    fireEvent.click(within(await rowOf('赵六')).getByRole('button', { name: '办理' }));
    const dialog = await screen.findByRole('dialog');
    for (const name of ['加签', '委派', '抄送', '退回', '同意', '驳回'])
      expect(
        await within(dialog).findByRole('button', { name: new RegExp(name.split('').join('\\s*')) }),
      ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    await waitFor(() => expect(calls('GET', `${FLOW}/work/return-targets`)[0]?.params).toEqual({ taskId: 't9' }));
  });

  it('offers a delegated task its answer instead of a decision', async () => {
    renderAt(
      TodoPage,
      '/work/todo/index',
      {
        [`GET ${FLOW}/work/todo-list`]: () =>
          page([
            task('t8', {
              category: '9',
              businessTable: '',
              startUserName: '孙七',
              delegationState: 'pending',
              ownerName: '周八',
            }),
          ]),
        [`GET ${FLOW}/work/task-form`]: () => ok({ taskId: 't8', name: '会签', formKey: '', fields: [] }),
        [`GET ${FLOW}/process/history-flow-list`]: () => ok([]),
      },
      ['work_todo_handle', 'work_todo_add_sign'],
    );
    fireEvent.click(within(await rowOf('孙七')).getByRole('button', { name: '办理' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/周八/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /同\s*意/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /加\s*签/ })).toBeNull();
  });

  it('opens the detail route', async () => {
    renderAt(TodoPage, '/work/todo/index', { [`GET ${FLOW}/work/todo-list`]: () => page([task('t1')]) });
    const row = await rowOf('张三');
    expect(within(row).queryByRole('button', { name: '办理' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(location()).toBe('/work/process/leave/detail/pi-t1/b-t1'));
  });

  it('filters by category and from page 1', async () => {
    renderAt(TodoPage, '/work/todo/index', { [`GET ${FLOW}/work/todo-list`]: () => page([task('t1')]) });
    await rowOf('张三');
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByText('资金审批流程', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(calls('GET', `${FLOW}/work/todo-list`).at(-1)!.params).toEqual({ current: 1, size: 10, category: '2' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() =>
      expect(calls('GET', `${FLOW}/work/todo-list`).at(-1)!.params).toEqual({ current: 1, size: 10 }),
    );
  });
});

describe('the diagram dialog (流程图展示)', () => {
  it('draws the instance with its markers and lists its history', async () => {
    renderAt(DonePage, '/work/done/index', {
      [`GET ${FLOW}/work/done-list`]: () =>
        page([
          task('t1', {
            processIsFinished: 'finished',
            processResult: 'approved',
            historyTaskEndTime: '2026-11-20 10:00:00',
          }),
        ]),
      [`GET ${FLOW}/process/model-view`]: () =>
        ok({
          xml: '<definitions id="leave"/>',
          flow: [
            { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-20 09:00:00' },
            { historyActivityId: 'toManager', historyActivityType: 'sequenceFlow', endTime: '2026-11-20 09:00:00' },
            { historyActivityId: 'managerApproval', historyActivityType: 'userTask', endTime: '' },
          ],
        }),
      [`GET ${FLOW}/process/history-flow-list`]: () =>
        ok([
          {
            historyActivityId: 'start',
            historyActivityName: '开始',
            historyActivityType: 'startEvent',
            historyActivityDurationTime: '0秒',
            createTime: '2026-11-20 09:00:00',
            endTime: '2026-11-20 09:00:00',
            assignee: 'taskUser_2',
            assigneeName: '张三',
            comment: '',
            taskId: '',
            processInstanceId: 'pi-t1',
          },
          {
            historyActivityId: 'managerApproval',
            historyActivityName: '审批人审批',
            historyActivityType: 'userTask',
            historyActivityDurationTime: '1小时',
            createTime: '2026-11-20 09:00:00',
            endTime: '2026-11-20 10:00:00',
            assignee: 'taskUser_1',
            assigneeName: '管理员',
            comment: '同意请假',
            taskId: 't1',
            processInstanceId: 'pi-t1',
          },
        ]),
    });
    const row = await rowOf('张三');
    within(row).getByText('已通过');
    fireEvent.click(within(row).getByRole('button', { name: '流程图' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('流程图展示')).toBeInTheDocument();
    await waitFor(() => expect(showDiagram).toHaveBeenCalledTimes(1));
    const [container, xml, markers] = vi.mocked(showDiagram).mock.calls[0];
    expect(container.closest('.tenon-flow-diagram')).toBeInTheDocument();
    expect(xml).toBe('<definitions id="leave"/>');
    expect(markers).toEqual([
      { id: 'start', className: MARKER.ended },
      { id: 'toManager', className: MARKER.sequence },
      { id: 'managerApproval', className: MARKER.running },
    ]);
    expect(calls('GET', `${FLOW}/process/model-view`)[0].params).toEqual({ processInstanceId: 'pi-t1' });
    // The history: activity, assignee, comment, start, end, duration.
    const history = await within(dialog).findByText('同意请假');
    const cells = [...(history.closest('tr') as HTMLElement).querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['审批人审批', '管理员', '同意请假', '2026-11-20 09:00:00', '2026-11-20 10:00:00', '1小时']);
    expect([...dialog.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      '环节',
      '处理人',
      '审批意见',
      '开始时间',
      '结束时间',
      '耗时',
    ]);
  });
});

describe('已发事务 (/work/send)', () => {
  it('says how each request ended, as its own page does: approved and withdrawn are not both 已办结', async () => {
    renderAt(SendPage, '/work/send/index', {
      [`GET ${FLOW}/work/send-list`]: () =>
        page([
          task('t1', {
            status: 'finish',
            processIsFinished: 'finished',
            processResult: 'approved',
            assigneeName: '甲',
          }),
          task('t2', {
            status: 'finish',
            processIsFinished: 'finished',
            processResult: 'withdrawn',
            assigneeName: '乙',
          }),
          task('t3', { status: 'finish', processResult: 'rejected', assigneeName: '丙' }),
          task('t4', { status: 'finish', assigneeName: '丁' }),
        ]),
    });
    const states = await Promise.all(
      ['甲', '乙', '丙', '丁'].map(async (name) => (await rowOf(name)).querySelector('.ant-tag')!.textContent),
    );
    expect(states).toEqual(['已通过', '已撤销', '已驳回', '审批中']);
    // A finished request is at no step any more (issue 31): 已结束, not its last step.
    expect((await rowOf('甲')).textContent).toContain('已结束');
    expect((await rowOf('丁')).textContent).not.toContain('已结束');
  });

  it('lets the starter withdraw a running request after confirming; a finished one has no 撤销', async () => {
    renderAt(SendPage, '/work/send/index', {
      [`GET ${FLOW}/work/send-list`]: () =>
        page([
          task('t1', { status: 'finish' }),
          task('t2', { status: 'finish', processIsFinished: 'finished', startUserName: '', assigneeName: '王五' }),
        ]),
      [`POST ${FLOW}/work/delete-task`]: () => ({ ...(ok(null) as object), msg: '删除任务成功' }),
    });
    const finished = await rowOf('王五');
    expect(within(finished).queryByRole('button', { name: '撤销' })).toBeNull();
    fireEvent.click(within(await rowOf('管理员')).getByRole('button', { name: '撤销' }));
    expect(await screen.findByText('确定撤销此申请?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/work/delete-task`)).toHaveLength(1));
    expect(calls('POST', `${FLOW}/work/delete-task`)[0].params).toEqual({ taskId: 't1', reason: '撤销' });
    expect(await screen.findByText('申请已撤销')).toBeInTheDocument();
  });
});
