// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RequestDescriptions } from '../../../src/desktop/pages/work/process/RequestFields.tsx';
import { approvalOf } from '../../../src/shared/entities/approvals.ts';
import { renderDesktop } from './render.tsx';

/**
 * Budget control (issue 35) on the desktop: the approver's task shows an expense claim sent over its budget as 超预算
 * and by how much, right after its state; a claim within its budget shows nothing of it.
 */
const expense = approvalOf('expense')!;

const request = (overBudget: string) => ({
  id: 'e1',
  tenantId: '000000',
  processDefinitionId: 'Finance:1:1',
  processInstanceId: 'pi',
  taskUser: '101',
  applyTime: '2026-11-28 09:00:00',
  createUser: '200',
  createDept: '1',
  createTime: '',
  updateTime: '',
  status: 1,
  flow: {
    assignee: 'taskUser_200',
    assigneeName: '孙预算',
    processInstanceId: 'pi',
    processDefinitionId: 'Finance:1:1',
    businessTable: 'erp_expense',
    businessId: 'e1',
  },
  expenseNo: 'BX202611280001',
  applicantName: '孙预算',
  expenseTypeName: '差旅费',
  amount: '12500.50',
  reason: '客户拜访',
  overBudget,
});

describe('an expense claim on the approver’s task', () => {
  it('is marked 超预算 by how much, in red, right after its state', () => {
    renderDesktop(<RequestDescriptions entity={expense} request={request('2100.50')} />);
    const labels = [...document.querySelectorAll('.ant-descriptions-item-label')].map((cell) => cell.textContent);
    expect(labels.slice(0, 5)).toEqual(['申请人', '申请时间', '申请状态', '超预算', '报销单号']);
    const mark = screen.getByText('超预算 2,100.50');
    expect(mark).toBeVisible();
    expect(mark.closest('.ant-tag')?.className).toMatch(/error/);
    expect(screen.getByText('12,500.50')).toBeVisible();
  });

  it('says nothing of the budget for a claim within it', () => {
    renderDesktop(<RequestDescriptions entity={expense} request={request('')} />);
    expect(screen.queryByText(/超预算/)).toBeNull();
  });
});
