// @vitest-environment happy-dom
import { createElement, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { showDiagram } from '../../../src/desktop/pages/flow/bpmn-viewer.ts';
import ProcessDetailPage from '../../../src/desktop/pages/work/process/ProcessDetailPage.tsx';
import ProcessFormPage from '../../../src/desktop/pages/work/process/ProcessFormPage.tsx';
import ProcessHandlePage from '../../../src/desktop/pages/work/process/ProcessHandlePage.tsx';
import { PROCESS_PATHS } from '../../../src/desktop/router/route-table.ts';
import { tabStore } from '../../../src/desktop/tabs/tab-store.ts';
import { fakeServer, ok, refuse, type Handler, useFakeServer } from './fake-server.ts';
import { modelToEntity } from '../../../src/shared/develop/model-entity.ts';
import { LIVE_APPROVALS_URL, liveRequestUrl } from '../../../src/shared/develop/live.ts';
import { renderDesktop, userInfo } from './render.tsx';

vi.mock('../../../src/desktop/pages/flow/bpmn-viewer.ts', () => ({
  showDiagram: vi.fn(async () => ({ destroy: () => undefined })),
}));

const FLOW = '/api/blade-flow';
const DESK = '/api/blade-desk/process';
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
const users = [
  { id: '101', account: 'wang', realName: '王经理' },
  { id: '102', account: 'li', realName: '李主管' },
  { id: userInfo.user_id, account: 'admin', realName: '管理员' },
];

const leave = (overrides: Record<string, unknown> = {}) => ({
  id: 'b1',
  tenantId: '000000',
  processDefinitionId: 'Leave:1:77',
  processInstanceId: 'pi1',
  taskUser: '101',
  applyTime: '2026-11-20 08:00:00',
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-05 18:00:00',
  days: 4,
  reason: '回家探亲',
  createUser: '200',
  createDept: '1',
  createTime: '2026-11-20 08:00:00',
  updateTime: '2026-11-20 08:00:00',
  status: 1,
  flow: {
    assignee: 'taskUser_200',
    assigneeName: '张三',
    processInstanceId: 'pi1',
    processDefinitionId: 'Leave:1:77',
    businessTable: 'blade_process_leave',
    businessId: 'b1',
  },
  ...overrides,
});

function Location() {
  return createElement('div', { 'data-testid': 'location' }, useLocation().pathname);
}
function renderRoute(Page: ComponentType, pattern: string, path: string, handlers: Record<string, Handler>) {
  serve({
    [`GET /api/blade-system/menu/buttons`]: () => ok([]),
    [`GET /api/blade-flow/work/user-select`]: () => ok(users),
    [`GET ${FLOW}/process/history-flow-list`]: () => ok([]),
    [`GET /api/blade-system/work-calendar/year`]: () => ok([]),
    ...handlers,
  });
  return renderDesktop(
    createElement(
      'div',
      null,
      createElement(
        Routes,
        null,
        createElement(Route, { path: pattern, element: createElement(Page) }),
        createElement(Route, { path: '*', element: null }),
      ),
      createElement(Location),
    ),
    path,
  );
}
const location = () => screen.getByTestId('location').textContent;
const item = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
/** Types a date into the picker with this placeholder (请选择开始日期), as a keyboard user does. */
const typeDate = (placeholder: string, value: string) => {
  const input = screen.getByPlaceholderText(placeholder) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
};
async function pickUser(label: string, name: string) {
  fireEvent.mouseDown(within(item(label)).getByRole('combobox'));
  fireEvent.click(await screen.findByText(name, { selector: '.ant-select-item-option-content' }));
}

useFakeServer({ reset }, errors);

describe('the leave form (/work/process/leave/form/:processDefinitionId)', () => {
  it('checks the fields before sending', async () => {
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/leave/form/Leave%3A1%3A77', {});
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    // Dates are picked (no time of day): placeholders and messages say so.
    expect(screen.getByPlaceholderText('请选择开始日期')).toBeInTheDocument();
    for (const text of ['请选择开始日期', '请选择结束日期', '请输入理由', '请选择审批人'])
      expect(await screen.findByText(text, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(calls('POST', `${DESK}/leave/start-process`)).toHaveLength(0);
  });

  it('starts the process from dates and half days, showing the working days by the tenant calendar, then shows the sent list', async () => {
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/leave/form/Leave%3A1%3A77', {
      [`POST ${DESK}/leave/start-process`]: () => ok(null),
      // Wednesday 2 December is a holiday in this tenant's calendar.
      [`GET /api/blade-system/work-calendar/year`]: (request) =>
        ok(request.params.year === 2026 ? [{ calendarDate: '2026-12-02', dayType: 3 }] : []),
    });
    await screen.findByRole('button', { name: '提交' });
    typeDate('请选择开始日期', '2026-12-01');
    typeDate('请选择结束日期', '2026-12-03');
    // Tuesday and Thursday, whole days (a new leave starts in the morning and ends in the evening).
    await waitFor(() => expect(document.querySelector('.tenon-leave-days')!.textContent).toBe('2 天'));
    fireEvent.mouseDown(within(item('结束时间')).getAllByRole('combobox').at(-1)!);
    fireEvent.click(await screen.findByText('上午', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(document.querySelector('.tenon-leave-days')!.textContent).toBe('1.5 天'));
    fireEvent.change(within(item('请假理由')).getByRole('textbox'), { target: { value: '回家探亲' } });
    await pickUser('审批人', '王经理 (wang)');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls('POST', `${DESK}/leave/start-process`)).toHaveLength(1));
    expect(calls('POST', `${DESK}/leave/start-process`)[0].body).toEqual({
      processDefinitionId: 'Leave:1:77',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-03 12:00:00',
      reason: '回家探亲',
      taskUser: '101',
    });
    await waitFor(() => expect(location()).toBe('/work/send/index'));
  });

  it('does not offer the applicant himself as approver', async () => {
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/leave/form/Leave%3A1%3A77', {});
    await screen.findByRole('button', { name: '提交' });
    fireEvent.mouseDown(within(item('审批人')).getByRole('combobox'));
    await screen.findByText('王经理 (wang)', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('管理员 (admin)', { selector: '.ant-select-item-option-content' })).toBeNull();
  });

  it('names 用途 when a fund request lacks it', async () => {
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/finance/form/Finance%3A1%3A78', {});
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    await screen.findByText('请输入用途', { selector: '.ant-form-item-explain-error' });
    expect(screen.queryByText('请输入理由', { selector: '.ant-form-item-explain-error' })).toBeNull();
  });

  it('refuses an end before the start', async () => {
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/leave/form/Leave%3A1%3A77', {});
    await screen.findByRole('button', { name: '提交' });
    typeDate('请选择开始日期', '2026-12-03');
    typeDate('请选择结束日期', '2026-12-01');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeInTheDocument();
  });

  it('lets the approver id be typed when the user list is not allowed, and goes to 404 for an unknown business', async () => {
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/finance/form/Finance%3A1%3A78', {
      [`GET /api/blade-flow/work/user-select`]: () => refuse('没有权限', 403),
      [`POST ${DESK}/finance/start-process`]: () => ok(null),
    });
    const id = await screen.findByPlaceholderText('请输入审批人的用户ID');
    expect(errors).toEqual([]); // the refused list is silent
    fireEvent.change(within(item('标题')).getByRole('textbox'), { target: { value: '采购电脑' } });
    fireEvent.change(within(item('金额')).getByRole('spinbutton'), { target: { value: '12000.5' } });
    fireEvent.change(within(item('用途')).getByRole('textbox'), { target: { value: '研发用' } });
    fireEvent.change(id, { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls('POST', `${DESK}/finance/start-process`)).toHaveLength(1));
    expect(calls('POST', `${DESK}/finance/start-process`)[0].body).toEqual({
      processDefinitionId: 'Finance:1:78',
      title: '采购电脑',
      amount: '12000.5',
      reason: '研发用',
      // The request's attachments field, no file uploaded (issue 36).
      attach: '',
      taskUser: '101',
    });
    cleanup();
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/travel/form/X', {});
    await waitFor(() => expect(location()).toBe('/404'));
  });
});

describe('handling a task (/work/process/leave/handle/...)', () => {
  const path = '/work/process/leave/handle/t1/pi1/b1';
  const handlers = (overrides: Record<string, Handler> = {}) => ({
    [`GET ${DESK}/leave/detail`]: () => ok(leave()),
    [`POST ${FLOW}/work/complete-task`]: () => ok(null),
    [`POST ${FLOW}/work/transfer-task`]: () => ({ ...(ok(null) as object), msg: '转办成功' }),
    // The box reads its task's 加签 / 委派 state: a plain task.
    [`GET ${FLOW}/work/todo-list`]: () => ok({ records: [], total: 0, size: 1, current: 1, pages: 0 }),
    ...overrides,
  });

  it('goes to 404 for a kind no definition declares', async () => {
    renderRoute(ProcessHandlePage, PROCESS_PATHS.handle, '/work/process/travel/handle/t1/pi1/b1', {});
    await waitFor(() => expect(location()).toBe('/404'));
  });

  it("opened by its address, waits for the approved live models' definitions and shows a live row's request", async () => {
    const entity = modelToEntity(
      { modelName: '样品申请', modelCode: 'livesample', modelTable: 'live_sample', approvalKind: 'finance' },
      [
        { jdbcName: 'title', propertyName: 'title', fieldType: 'string', comment: '标题', isList: 1, isForm: 1 },
        { jdbcName: 'amount', propertyName: 'amount', fieldType: 'money', comment: '金额', isList: 1, isForm: 1 },
      ],
      { service: 'blade-live' },
    );
    renderRoute(ProcessHandlePage, PROCESS_PATHS.handle, '/work/process/livesample/handle/t1/pi1/b1', {
      ...handlers(),
      'GET /api/blade-system/dict/dictionary': () => ok([]),
      [`GET ${LIVE_APPROVALS_URL}`]: () => ok([{ code: 'livesample', version: 1, entity }]),
      [`GET ${liveRequestUrl('livesample')}`]: () =>
        ok({
          id: 'b1',
          title: '样机评审',
          amount: '1200.00',
          approvalStatus: 1,
          processInstanceId: 'pi1',
          createUser: '200',
          flow: { assignee: 'taskUser_200', assigneeName: '张三', businessTable: 'live_sample', businessId: 'b1' },
        }),
    });
    expect(await screen.findByText('样机评审')).toBeVisible();
    expect(location()).toBe('/work/process/livesample/handle/t1/pi1/b1');
    expect(calls('GET', liveRequestUrl('livesample'))[0].params).toEqual({ businessId: 'b1' });
  });

  it('shows the request read-only and approves with the comment (flag ok, pass true)', async () => {
    renderRoute(ProcessHandlePage, PROCESS_PATHS.handle, path, handlers());
    expect(await screen.findByText('回家探亲')).toBeVisible();
    expect(screen.getByText('张三')).toBeVisible();
    expect(screen.getByText('审批中')).toBeVisible();
    // The working days the server counted, and the half days of the period.
    expect(screen.getByText('4 天')).toBeVisible();
    expect(screen.getByText('2026-12-01 上午')).toBeVisible();
    expect(screen.getByText('2026-12-05 下午')).toBeVisible();
    expect(calls('GET', `${DESK}/leave/detail`)[0].params).toEqual({ businessId: 'b1' });
    fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: '  准了 ' } });
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/work/complete-task`)).toHaveLength(1));
    expect(calls('POST', `${FLOW}/work/complete-task`)[0].body).toEqual({
      taskId: 't1',
      processInstanceId: 'pi1',
      pass: true,
      flag: 'ok',
      comment: '准了',
    });
    await waitFor(() => expect(location()).toBe('/work/todo/index'));
  });

  it('rejects without a comment (the server records 驳回), and keeps the page when the server refuses', async () => {
    renderRoute(
      ProcessHandlePage,
      PROCESS_PATHS.handle,
      path,
      handlers({ [`POST ${FLOW}/work/complete-task`]: () => refuse('任务已处理') }),
    );
    await screen.findByText('回家探亲');
    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(errors).toEqual(['任务已处理']));
    expect(calls('POST', `${FLOW}/work/complete-task`)[0].body).toEqual({
      taskId: 't1',
      processInstanceId: 'pi1',
      pass: false,
    });
    expect(location()).toBe(path);
  });

  it('transfers the task to another user (not to oneself) with the server message', async () => {
    renderRoute(ProcessHandlePage, PROCESS_PATHS.handle, path, handlers());
    await screen.findByText('回家探亲');
    fireEvent.click(screen.getByRole('button', { name: '转办' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择转办人')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(await screen.findByText('李主管 (li)', { selector: '.ant-select-item-option-content' })).toBeInTheDocument();
    expect(screen.queryByText('管理员 (admin)', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(screen.getByText('李主管 (li)', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/work/transfer-task`)).toHaveLength(1));
    expect(calls('POST', `${FLOW}/work/transfer-task`)[0].body).toEqual({ taskId: 't1', userId: '102' });
    expect(await screen.findByText('转办成功')).toBeInTheDocument();
  });

  it('gives the applicant his rejected request back: resubmit updates it and completes with the next approver (the server counts the days)', async () => {
    const mine = leave({ createUser: userInfo.user_id, status: 2 });
    tabStore.enter({ label: '请假审批', value: path });
    renderRoute(
      ProcessHandlePage,
      PROCESS_PATHS.handle,
      path,
      handlers({
        [`GET ${DESK}/leave/detail`]: () => ok(mine),
        [`POST ${DESK}/leave/start-process`]: () => ok(null),
      }),
    );
    expect(await screen.findByText('您的申请已被驳回: 可调整后重新提交, 或撤销申请')).toBeVisible();
    // Titled for what it is: his request to adjust, not an approval.
    screen.getByText('调整请假申请');
    expect(screen.queryByText('请假审批')).toBeNull();
    // So is its tab (the route alone says 请假审批).
    expect(tabStore.get().tabs.find((tab) => tab.value === path)?.title).toBe('flow.route.leaveResubmit');
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
    expect(screen.getByPlaceholderText('请选择开始日期')).toHaveProperty('value', '2026-12-01');
    typeDate('请选择结束日期', '2026-12-02');
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/work/complete-task`)).toHaveLength(1));
    expect(calls('POST', `${DESK}/leave/start-process`)[0].body).toEqual({
      id: 'b1',
      processDefinitionId: 'Leave:1:77',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 18:00:00',
      reason: '回家探亲',
      taskUser: '101',
    });
    expect(calls('POST', `${FLOW}/work/complete-task`)[0].body).toEqual({
      taskId: 't1',
      processInstanceId: 'pi1',
      pass: true,
      flag: 'ok',
      comment: '重新提交',
      variables: { taskUser: 'taskUser_101' },
    });
  });

  it('says a task handled since it was opened (an old message, another candidate) is done, and offers no decision', async () => {
    renderRoute(
      ProcessHandlePage,
      PROCESS_PATHS.handle,
      path,
      handlers({
        [`GET ${FLOW}/process/history-flow-list`]: () =>
          ok([
            {
              historyActivityId: 'managerApproval',
              historyActivityName: '审批人审批',
              historyActivityType: 'userTask',
              historyActivityDurationTime: '1分',
              createTime: '2026-11-20 09:00:00',
              endTime: '2026-11-20 09:01:00',
              assignee: 'taskUser_102',
              assigneeName: '李主管',
              comment: '同意',
              taskId: 't1',
              processInstanceId: 'pi1',
            },
          ]),
      }),
    );
    await screen.findByText('任务已处理');
    screen.getByText('回家探亲');
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
  });

  it('lets the applicant withdraw his rejected request after confirming', async () => {
    renderRoute(
      ProcessHandlePage,
      PROCESS_PATHS.handle,
      path,
      handlers({ [`GET ${DESK}/leave/detail`]: () => ok(leave({ createUser: userInfo.user_id, status: 2 })) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '撤销' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${FLOW}/work/complete-task`)).toHaveLength(1));
    expect(calls('POST', `${FLOW}/work/complete-task`)[0].body).toEqual({
      taskId: 't1',
      processInstanceId: 'pi1',
      pass: false,
      comment: '撤销',
    });
  });
});

describe('the detail page (/work/process/finance/detail/...)', () => {
  it('shows the request, its diagram and its history', async () => {
    renderRoute(ProcessDetailPage, PROCESS_PATHS.detail, '/work/process/finance/detail/pi1/b9', {
      [`GET ${DESK}/finance/detail`]: () => {
        const { startTime: _start, endTime: _end, ...record } = leave({ id: 'b9', status: 3 });
        return ok({ ...record, title: '采购电脑', amount: '12000.50', reason: '研发用', useFor: '研发用', attach: '' });
      },
      [`GET ${FLOW}/process/model-view`]: () =>
        ok({
          xml: '<definitions/>',
          flow: [{ historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-20 08:00:00' }],
        }),
      [`GET ${FLOW}/process/history-flow-list`]: () =>
        ok([
          {
            historyActivityId: 'deptApproval',
            historyActivityName: '审批人审批',
            historyActivityType: 'userTask',
            historyActivityDurationTime: '5分',
            createTime: '2026-11-20 08:00:00',
            endTime: '2026-11-20 08:05:00',
            assignee: 'taskUser_101',
            assigneeName: '王经理',
            comment: '同意',
            taskId: 't1',
            processInstanceId: 'pi1',
          },
        ]),
    });
    expect(await screen.findByText('采购电脑')).toBeVisible();
    expect(screen.getByText('12,000.50')).toBeVisible();
    expect(screen.getByText('已通过')).toBeVisible();
    expect(await screen.findByText('王经理')).toBeVisible();
    await waitFor(() => expect(showDiagram).toHaveBeenCalled());
    expect(vi.mocked(showDiagram).mock.calls.at(-1)![2]).toEqual([{ id: 'start', className: 'tenon-flow-ended' }]);
  });
});

describe('a claim sent through the fund approval (/work/process/expense/...)', () => {
  const SYS = '/api/blade-system/process';
  const claim = (overrides: Record<string, unknown> = {}) => ({
    ...leave({ id: 'c1', processDefinitionId: 'Finance:1:9', status: 2, createUser: userInfo.user_id }),
    expenseNo: 'BX202611200001',
    applicantId: '31',
    applicantName: '钱报销',
    expenseType: '1',
    expenseTypeName: '差旅费',
    amount: '880.50',
    reason: '上海客户拜访',
    expenseStatus: '3',
    expenseStatusName: '已驳回',
    ...overrides,
  });

  it('gives its sender the rejected claim as it is, and sends it again to the approver picked', async () => {
    const path = '/work/process/expense/handle/t1/pi1/c1';
    renderRoute(ProcessHandlePage, PROCESS_PATHS.handle, path, {
      [`GET ${SYS}/expense/detail`]: () => ok(claim()),
      [`POST ${DESK}/finance/start-process`]: () => ok(null),
    });
    expect(await screen.findByText('调整报销单')).toBeVisible();
    // Shown with the names of its claimant and type, not edited here (its own screen edits it).
    expect(screen.getByText('钱报销')).toBeVisible();
    expect(screen.getByText('差旅费')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: '报销事由' })).toBeNull();
    fireEvent.mouseDown(within(item('审批人')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('李主管 (li)', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(calls('POST', `${DESK}/finance/start-process`)).toHaveLength(1));
    expect(calls('POST', `${DESK}/finance/start-process`)[0].body).toEqual({
      businessId: 'c1',
      processDefinitionId: 'Finance:1:9',
      taskUser: '102',
      comment: '重新提交',
    });
    expect(calls('POST', `${FLOW}/work/complete-task`)).toHaveLength(0);
  });

  it('says a paid claim in its own words, and has no request form', async () => {
    renderRoute(ProcessDetailPage, PROCESS_PATHS.detail, '/work/process/expense/detail/pi1/c1', {
      [`GET ${SYS}/expense/detail`]: () => ok(claim({ status: 0, expenseStatus: '4', expenseStatusName: '已付款' })),
      [`GET ${FLOW}/process/model-view`]: () => ok({ xml: '<definitions/>', flow: [] }),
    });
    expect(await screen.findByText('已付款')).toBeVisible();
    expect(screen.getByText('BX202611200001')).toBeVisible();
    cleanup();
    renderRoute(ProcessFormPage, PROCESS_PATHS.form, '/work/process/expense/form/Finance:1:9', {});
    await waitFor(() => expect(location()).toBe('/404'));
  });
});
