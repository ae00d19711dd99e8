// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { processRoutes } from '../../../src/client/api/flow.ts';
import { equivalentPath } from '../../../src/client/layout-routes.ts';
import { RequestDescriptions, RequestFields } from '../../../src/desktop/pages/work/process/RequestFields.tsx';
import type { RequestForm } from '../../../src/desktop/pages/work/process/business.ts';
import { describeRoute, processRouteLabel } from '../../../src/desktop/router/route-table.ts';
import { APPROVALS, type ApprovableDef } from '../../../src/shared/entities/approvals.ts';
import { expenseClaim } from '../../support/expense-claim-fixture.ts';
import { renderDesktop } from './render.tsx';

/** Issue 11: the console renders an approvable entity from its definition, and routes every registered kind. */
const claim = expenseClaim as ApprovableDef;

function ClaimForm({ onFinish }: { onFinish: (values: RequestForm) => void }) {
  const [form] = Form.useForm<RequestForm>();
  return (
    <Form<RequestForm> form={form} onFinish={onFinish}>
      <RequestFields entity={claim} form={form} withApprover={false} />
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

describe('an approvable entity in the desktop', () => {
  it('gets its form fields, labels and required messages from its definition', async () => {
    let sent: RequestForm | undefined;
    renderDesktop(
      <ClaimForm
        onFinish={(values) => {
          sent = values;
        }}
      />,
    );
    for (const label of ['报销金额', '住宿晚数', '事由'])
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    // The definition's own message, and the server's wording for a plain `required: true`.
    expect(await screen.findByText('请输入报销金额', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(await screen.findByText('请输入事由', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(sent).toBeUndefined();
  });

  it('shows a saved request with its summary fields first, amounts grouped', () => {
    const request = {
      id: 'c1',
      tenantId: '000000',
      processDefinitionId: 'Claim:1:1',
      processInstanceId: 'pi',
      taskUser: '101',
      applyTime: '2026-11-20 08:00:00',
      total: '12345.5',
      nights: 2,
      purpose: '出差北京',
      claimNo: 'BX-7',
      deptId: '9',
      deptName: '研发部',
      createUser: '200',
      createDept: '1',
      createTime: '',
      updateTime: '',
      status: 30,
      flow: {
        assignee: 'taskUser_200',
        assigneeName: '张三',
        processInstanceId: 'pi',
        processDefinitionId: 'Claim:1:1',
        businessTable: 'test_expense_claim',
        businessId: 'c1',
      },
    };
    renderDesktop(<RequestDescriptions entity={claim} request={request} />);
    const labels = [...document.querySelectorAll('.ant-descriptions-item-label')].map((cell) => cell.textContent);
    expect(labels).toEqual(['申请人', '申请时间', '申请状态', '报销金额', '事由', '住宿晚数', '报销单号', '报销部门']);
    expect(screen.getByText('12,345.50')).toBeVisible();
    // A reference shows the name the server joined in, never the id.
    expect(screen.getByText('研发部')).toBeVisible();
    expect(screen.queryByText('9')).toBeNull();
    expect(screen.getByText('出差北京')).toBeVisible();
  });

  it('routes the pages of every registered kind, and of no other', () => {
    for (const {
      approval: { kind },
    } of APPROVALS) {
      const row = { taskId: 't', processInstanceId: 'p', businessId: 'b' };
      expect(processRouteLabel(processRoutes.form(kind, 'D:1:1'))).toBe(`flow.route.${kind}Form`);
      expect(processRouteLabel(processRoutes.handle(kind, row))).toBe(`flow.route.${kind}Handle`);
      expect(processRouteLabel(processRoutes.detail(kind, row))).toBe(`flow.route.${kind}Detail`);
      expect(equivalentPath('phone', processRoutes.handle(kind, row))).toBe(`/approvals/${kind}/handle/t/p/b`);
    }
    // Any kind is routed (its page checks it); one without page titles gets no tab.
    expect(describeRoute('/work/process/unknown/form/D:1:1', [], (key) => key)).toBeUndefined();
  });
});
