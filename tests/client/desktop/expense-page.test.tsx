// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import ExpensePage from '../../../src/desktop/pages/finance/ExpensePage.tsx';
import { categoryOf, sendDefaults } from '../../../src/desktop/pages/finance/expense-actions.ts';
import type { FlowProcess } from '../../../src/client/api/flow.ts';
import { buttonsOf, fakeServer, ok, page, useFakeServer, type Handler } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop } from './render.tsx';

/** 费用报销: each claim's buttons by its state, 提交审批 through the fund approval, 付款 of an approved claim. */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/expense';
const SEND = '/api/blade-desk/process/finance/start-process';

const STATES = ['草稿', '审批中', '已通过', '已驳回', '已付款'];
const claim = (id: string, status: number, extra: Record<string, unknown> = {}) => ({
  id,
  expenseNo: `BX2026110${id}0001`,
  applicantId: '31',
  applicantName: '钱报销',
  deptId: '41',
  deptName: '常州布雷德',
  orgId: '1010',
  orgName: '常州布雷德',
  expenseType: '1',
  expenseTypeName: '差旅费',
  subjectCode: '660203',
  subjectName: '管理费用-差旅费',
  expenseDate: '2026-11-02',
  amount: 880.5,
  invoiceCount: 2,
  reason: `事由${id}`,
  expenseStatus: String(status),
  expenseStatusName: STATES[status],
  payDate: '',
  processDefinitionId: '',
  taskUser: '',
  ...extra,
});
const ROWS = [claim('1', 0), claim('2', 1), claim('3', 2), claim('4', 3, { taskUser: '7' }), claim('5', 4)];
const process = (id: string, name: string) =>
  ({ id, name, key: id.split(':')[0], category: '2', version: 1 }) as unknown as FlowProcess;

const CLAIMANT = ['expense_add', 'expense_edit', 'expense_delete', 'expense_view', 'expense_submit'];
function serve(codes: string[], extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    'GET /api/blade-system/dict/dictionary': ({ params }) =>
      ok(params.code === 'flow' ? [{ id: 'd2', dictKey: '2', dictValue: '资金审批流程', remark: 'finance' }] : []),
    'GET /api/blade-system/employee/mine': () => ok({ id: '31', name: '张三', deptId: '41', orgId: '1010' }),
    // The form's pickers, warmed up while the list shows.
    'GET /api/blade-system/employee/picker': () => page([]),
    'GET /api/blade-system/dept/tree': () => ok([]),
    'GET /api/blade-flow/work/start-list': ({ params }) =>
      page(params.category === '2' ? [process('Finance:1:9', '资金审批流程')] : []),
    'GET /api/blade-flow/work/user-select': () =>
      ok([
        { id: '7', account: 'li', realName: '李主管' },
        { id: '8', account: 'wang', realName: '王经理' },
      ]),
    [`GET ${API}/list`]: () => page(ROWS),
    ...extra,
  });
}
const buttonsOfRow = async (text: string) =>
  within(await findRow(text))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the expense claim screen', () => {
  it('offers editing and sending on drafts and rejected claims, paying on approved ones, viewing on the rest', async () => {
    serve([...CLAIMANT, 'expense_pay']);
    renderDesktop(<ExpensePage />);
    expect(await buttonsOfRow('事由1')).toEqual(['查看', '修改', '删除', '提交审批']);
    expect(await buttonsOfRow('事由2')).toEqual(['查看']);
    expect(await buttonsOfRow('事由3')).toEqual(['查看', '付款']);
    expect(await buttonsOfRow('事由4')).toEqual(['查看', '修改', '删除', '提交审批']);
    expect(await buttonsOfRow('事由5')).toEqual(['查看']);
    // The state as a tag.
    expect(
      within(await findRow('事由4'))
        .getByText('已驳回')
        .closest('.ant-tag'),
    ).toBeInTheDocument();
  });

  it('offers neither sending without expense_submit nor paying without expense_pay (a claimant edits, finance pays)', async () => {
    serve(CLAIMANT.filter((code) => code !== 'expense_submit'));
    renderDesktop(<ExpensePage />);
    expect(await buttonsOfRow('事由1')).toEqual(['查看', '修改', '删除']);
    expect(await buttonsOfRow('事由3')).toEqual(['查看']);
  });

  it('sends a rejected claim to the approver it had, through the fund-approval process', async () => {
    serve(CLAIMANT, { [`POST ${SEND}`]: () => ok(null) });
    renderDesktop(<ExpensePage />);
    fireEvent.click(within(await findRow('事由4')).getByRole('button', { name: '提交审批' }));
    const dialog = await lastDialog();
    await within(dialog).findByText('资金审批流程 v1');
    await within(dialog).findByText('李主管 (li)');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(server.calls('POST', SEND)).toHaveLength(1));
    expect(server.calls('POST', SEND)[0].body).toMatchObject({
      businessId: '4',
      processDefinitionId: 'Finance:1:9',
      taskUser: '7',
    });
    expect(errors).toEqual([]);
  });

  it('pays an approved claim on the date picked', async () => {
    serve(['expense_view', 'expense_edit', 'expense_pay'], { [`POST ${API}/submit`]: ({ body }) => ok(body) });
    renderDesktop(<ExpensePage />);
    fireEvent.click(within(await findRow('事由3')).getByRole('button', { name: '付款' }));
    const dialog = await lastDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '付款' }));
    await waitFor(() => expect(server.calls('POST', `${API}/submit`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/submit`)[0].body).toMatchObject({
      id: '3',
      expenseStatus: '4',
      payDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
  });

  it('starts a new claim as the signed-in user’s employee, in his department and company', async () => {
    serve(CLAIMANT);
    renderDesktop(<ExpensePage />);
    await findRow('事由1');
    // His own employee, read without the employee screen (a claimant holds only the claim screen).
    await waitFor(() => expect(server.calls('GET', '/api/blade-system/employee/mine')).toHaveLength(1));
    expect(server.calls('GET', '/api/blade-system/employee/list')).toHaveLength(0);
  });
});

describe('the send dialog defaults', () => {
  const processes = [process('Finance:1:9', '资金审批流程'), process('Finance2:1:3', '大额资金审批')];

  it('takes the process and approver a claim had, else the first process and nobody', () => {
    expect(sendDefaults(processes, claim('1', 3, { processDefinitionId: 'Finance2:1:3', taskUser: '7' }))).toEqual({
      processDefinitionId: 'Finance2:1:3',
      taskUser: '7',
    });
    expect(sendDefaults(processes, claim('1', 0, { processDefinitionId: 'Gone:1:1' }))).toEqual({
      processDefinitionId: 'Finance:1:9',
      taskUser: undefined,
    });
    expect(sendDefaults([], claim('1', 0))).toEqual({ processDefinitionId: undefined, taskUser: undefined });
  });

  it("finds the category the flow dictionary routes to the claims' kind", () => {
    const categories = [
      { id: 'a', dictKey: '1', dictValue: '请假流程', remark: 'leave', sort: 1 },
      { id: 'b', dictKey: '2', dictValue: '资金审批流程', remark: ' finance ', sort: 2 },
    ] as unknown as Parameters<typeof categoryOf>[0];
    expect(categoryOf(categories, 'finance')).toBe('2');
    expect(categoryOf(categories, 'expense')).toBeUndefined();
  });
});
