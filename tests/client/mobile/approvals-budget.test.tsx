// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { BusinessRequest } from '../../../src/client/api/flow.ts';
import { fakeServer, ok, page } from '../desktop/fake-server.ts';
import { at, card, flow, flowRoutes, renderApprovals, useApprovalsSetup } from './approvals-fixtures.ts';

/**
 * Budget control (issue 35) on the phone: an expense claim sent over its budget reaches its approver marked 超预算 and
 * by how much, on the to-do card and on the task's request; a claim within its budget says nothing of it.
 */
const server = fakeServer();
useApprovalsSetup(server, vi.fn());

const expenseTask = (taskId: string, businessId: string) =>
  flow({
    taskId,
    taskName: '审批人审批',
    processInstanceId: `6${businessId}`,
    businessId,
    category: '2',
    categoryName: '资金审批流程',
    processDefinitionName: '资金审批流程',
    processDefinitionKey: 'Finance',
    businessTable: 'erp_expense',
    startUserName: '孙预算',
  });

const claim = (id: string, expenseNo: string, amount: string, overBudget: string): BusinessRequest => ({
  id,
  tenantId: '000000',
  processDefinitionId: 'Finance:1:1',
  processInstanceId: `6${id}`,
  taskUser: '1',
  applyTime: '2026-11-28 09:00:00',
  createUser: '8',
  createDept: '1',
  createTime: '2026-11-28 09:00:00',
  updateTime: '2026-11-28 09:00:00',
  status: 1,
  flow: {
    assignee: 'taskUser_8',
    assigneeName: '孙预算',
    processInstanceId: `6${id}`,
    processDefinitionId: 'Finance:1:1',
    businessTable: 'erp_expense',
    businessId: id,
  },
  expenseNo,
  applicantId: '77',
  applicantName: '孙预算',
  expenseType: '1',
  expenseTypeName: '差旅费',
  amount,
  reason: `${expenseNo} 客户拜访`,
  overBudget,
});
const claims: Record<string, BusinessRequest> = {
  '951': claim('951', 'BX202611280001', '500.50', '100.50'),
  '952': claim('952', 'BX202611280002', '200.00', ''),
};

function serveClaims() {
  server.serve(
    flowRoutes({
      'GET /api/blade-flow/work/todo-list': () => page([expenseTask('111', '951'), expenseTask('112', '952')]),
      'GET /api/blade-system/process/expense/detail': (request) =>
        ok(claims[String(request.params.businessId)] ?? null),
    }),
  );
}

describe('phone approvals: an expense claim over its budget', () => {
  it('is marked 超预算 by how much on its to-do card; one within its budget is not', async () => {
    serveClaims();
    renderApprovals();
    await screen.findByText('BX202611280001 客户拜访');
    const over = card('BX202611280001 客户拜访');
    expect(within(over).getByText('超预算 ¥100.50')).toBeVisible();
    expect(within(over).getByText('¥500.50')).toBeVisible();
    const fits = card('BX202611280002 客户拜访');
    expect(within(fits).getByText('¥200.00')).toBeVisible();
    expect(within(fits).queryByText(/超预算/)).toBeNull();
  });

  it('is marked on the request of its task, where the approver decides', async () => {
    serveClaims();
    renderApprovals();
    fireEvent.click(await screen.findByText('BX202611280001 客户拜访'));
    expect(at()).toBe('/approvals/expense/handle/111/6951/951');
    const record = await screen.findByRole('region', { name: '申请内容' });
    expect(await within(record).findByText('超预算 ¥100.50')).toBeVisible();
    expect(within(record).getByText('差旅费')).toBeVisible();
    expect(screen.getByRole('button', { name: '同意' })).toBeVisible();
  });
});
