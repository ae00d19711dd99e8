import { createElement, Fragment } from 'react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import type { BladeFlow, BusinessRequest, FlowHistory } from '../../../src/client/api/flow.ts';
import { setNotifier } from '../../../src/client/notify.ts';
import MainArea from '../../../src/mobile/main-area.tsx';
import { ok, page, type fakeServer, type Handler } from '../desktop/fake-server.ts';
import { renderMobile, signIn, userInfo } from './render.tsx';

/** The workflow world of the phone tests: two to-do tasks, one to claim, two requests of the signed-in user. */

export const flow = (overrides: Partial<BladeFlow>): BladeFlow => ({
  taskId: '',
  taskName: '',
  taskDefinitionKey: '',
  assignee: '',
  assigneeName: '',
  category: '1',
  categoryName: '请假流程',
  createTime: '2026-11-21 09:00:00',
  endTime: '',
  claimTime: '',
  historyTaskEndTime: '',
  executionId: '',
  processInstanceId: '',
  historyProcessInstanceId: '',
  processDefinitionId: 'Leave:1:1',
  processDefinitionKey: 'Leave',
  processDefinitionName: '请假流程',
  processDefinitionVersion: 1,
  processDefinitionDesc: '',
  processDefinitionDiagramResName: '',
  processDefinitionResName: '',
  processIsFinished: 'unfinished',
  businessTable: 'blade_process_leave',
  businessId: '',
  status: 'todo',
  startUserName: '',
  processResult: 'running',
  businessStatus: '',
  priority: 50,
  dueDate: '',
  ...overrides,
});

export const leaveTask = flow({
  taskId: '101',
  taskName: '审批人审批',
  taskDefinitionKey: 'managerApproval',
  processInstanceId: '501',
  businessId: '901',
  startUserName: '张三',
  createTime: '2026-11-21 10:30:00',
});
export const fundTask = flow({
  taskId: '102',
  taskName: '审批人审批',
  taskDefinitionKey: 'deptApproval',
  processInstanceId: '502',
  businessId: '902',
  category: '2',
  categoryName: '资金审批流程',
  processDefinitionName: '资金审批流程',
  processDefinitionKey: 'Finance',
  businessTable: 'blade_process_finance',
  startUserName: '王五',
  createTime: '2026-11-20 16:00:00',
});
export const claimTask = flow({
  taskId: '103',
  taskName: '人事审批',
  taskDefinitionKey: 'hrApproval',
  processInstanceId: '503',
  businessId: '903',
  startUserName: '赵六',
  createTime: '2026-11-19 08:00:00',
  status: 'claim',
});
/** My rejected leave (its open task is my 调整申请) and my approved fund request. */
export const myRejected = flow({
  taskId: '104',
  taskName: '调整申请',
  taskDefinitionKey: 'adjust',
  processInstanceId: '504',
  businessId: '904',
  startUserName: userInfo.real_name,
  createTime: '2026-11-18 09:00:00',
  status: 'finish',
});
export const myApproved = flow({
  taskId: '105',
  taskName: '审批人审批',
  processInstanceId: '505',
  businessId: '905',
  category: '2',
  processDefinitionName: '资金审批流程',
  businessTable: 'blade_process_finance',
  startUserName: userInfo.real_name,
  createTime: '2026-11-17 09:00:00',
  status: 'finish',
  processIsFinished: 'finished',
});

const record = (id: string, processInstanceId: string, createUser: string, applicant: string, status: number) => ({
  id,
  tenantId: '000000',
  processDefinitionId: 'Leave:1:1',
  processInstanceId,
  taskUser: '1',
  applyTime: '2026-11-18 09:00:00',
  createUser,
  createDept: '1',
  createTime: '2026-11-18 09:00:00',
  updateTime: '2026-11-18 09:00:00',
  status,
  flow: {
    assignee: `taskUser_${createUser}`,
    assigneeName: applicant,
    processInstanceId,
    processDefinitionId: 'Leave:1:1',
    businessTable: 'blade_process_leave',
    businessId: id,
  },
});
export const leaves: Record<string, BusinessRequest> = {
  901: {
    ...record('901', '501', '2', '张三', 1),
    startTime: '2026-11-23 09:00:00',
    endTime: '2026-11-25 18:00:00',
    days: 3,
    reason: '回老家办事',
  },
  903: {
    ...record('903', '503', '3', '赵六', 1),
    startTime: '2026-12-01 09:00:00',
    endTime: '2026-12-06 18:00:00',
    days: 4,
    reason: '年假',
  },
  904: {
    ...record('904', '504', userInfo.user_id, userInfo.real_name, 2),
    startTime: '2026-11-26 09:00:00',
    endTime: '2026-11-26 18:00:00',
    days: 1,
    reason: '看病',
  },
};
export const funds: Record<string, BusinessRequest> = {
  902: {
    ...record('902', '502', '4', '王五', 1),
    title: '采购服务器',
    amount: '12000.00',
    reason: '机房扩容',
    useFor: '机房扩容',
    attach: '',
  },
  905: {
    ...record('905', '505', userInfo.user_id, userInfo.real_name, 3),
    title: '团建经费',
    amount: '800.50',
    reason: '部门团建',
    useFor: '部门团建',
    attach: '',
  },
};

export const history = (processInstanceId: string): FlowHistory[] => [
  {
    historyActivityId: 'start',
    historyActivityName: '开始',
    historyActivityType: 'startEvent',
    historyActivityDurationTime: '',
    createTime: '2026-11-21 10:30:00',
    endTime: '2026-11-21 10:30:00',
    assignee: 'taskUser_2',
    assigneeName: '张三',
    comment: '',
    taskId: '',
    processInstanceId,
  },
  {
    historyActivityId: 'managerApproval',
    historyActivityName: '审批人审批',
    historyActivityType: 'userTask',
    historyActivityDurationTime: '',
    createTime: '2026-11-21 10:30:00',
    endTime: '',
    assignee: 'taskUser_1',
    assigneeName: '管理员',
    comment: '',
    taskId: '101',
    processInstanceId,
  },
];

const envelope = (msg: string) => ({ code: 200, success: true, data: null, msg });

/** `METHOD path` handlers of the fake server for these rows. */
export function flowRoutes(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/blade-system/message/unread-count': () => ok(0),
    // The tab bar asks which console menus the user holds (出入库 shows for 出入库记录's holders).
    'GET /api/blade-system/menu/routes': () => ok([]),
    'GET /api/blade-system/dict/dictionary': () =>
      ok([
        {
          id: 'd1',
          parentId: 'd0',
          code: 'flow',
          dictKey: '1',
          dictValue: '请假流程',
          sort: 1,
          remark: 'leave',
          isSealed: 0,
        },
        {
          id: 'd2',
          parentId: 'd0',
          code: 'flow',
          dictKey: '2',
          dictValue: '资金审批流程',
          sort: 2,
          remark: 'finance',
          isSealed: 0,
        },
      ]),
    'GET /api/blade-flow/work/todo-list': () => page([leaveTask, fundTask]),
    'GET /api/blade-flow/work/claim-list': () => page([claimTask]),
    'GET /api/blade-flow/work/send-list': () => page([myRejected, myApproved]),
    'GET /api/blade-flow/work/start-list': () =>
      page([
        { id: 'Leave:2:77', tenantId: '000000', name: '请假流程', key: 'Leave', category: '1', version: 2 },
        { id: 'Finance:1:78', tenantId: '000000', name: '资金审批流程', key: 'Finance', category: '2', version: 1 },
      ]),
    'GET /api/blade-desk/process/leave/detail': (request) => ok(leaves[String(request.params.businessId)] ?? null),
    'GET /api/blade-desk/process/finance/detail': (request) => ok(funds[String(request.params.businessId)] ?? null),
    'GET /api/blade-flow/process/history-flow-list': (request) => ok(history(String(request.params.processInstanceId))),
    'GET /api/blade-flow/work/user-select': () =>
      ok([
        { id: userInfo.user_id, account: 'admin', realName: userInfo.real_name },
        { id: '2', account: 'zhangsan', realName: '张三', deptName: '常州布雷德' },
        { id: '7', account: 'lisi', realName: '李四', deptName: '苏州布雷德' },
      ]),
    'POST /api/blade-flow/work/complete-task': () => ok(null),
    'POST /api/blade-flow/work/claim-task': () => envelope('签收事务成功'),
    'POST /api/blade-desk/process/leave/start-process': () => ok(null),
    'POST /api/blade-desk/process/finance/start-process': () => ok(null),
    'GET /api/blade-system/work-calendar/year': () => ok([]),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The tests' setup: the approvals tab with the current location shown, each test signed in against flowRoutes().

function Location() {
  const location = useLocation();
  return createElement('output', { 'data-testid': 'location' }, location.pathname + location.search);
}
/** The path and query string the phone shows. */
export const at = () => screen.getByTestId('location').textContent;
export const renderApprovals = (path = '/approvals') =>
  renderMobile(createElement(Fragment, null, createElement(MainArea), createElement(Location)), path);
/** The card of the list holding `text`. */
export const card = (text: string) => screen.getByText(text).closest('.adm-card') as HTMLElement;

/**
 * Before each test: storage cleared, signed in, `server` serving flowRoutes(), notices into `notified`;
 * after each: unmounted, mocks restored, on line again, `notified` reset.
 */
export function useApprovalsSetup(server: ReturnType<typeof fakeServer>, notified: Mock) {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    server.reset();
    server.serve(flowRoutes());
    setNotifier({ error: notified, success: notified });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    notified.mockReset();
  });
}
