import { useState } from 'react';
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getData } from '../../../client/http.ts';
import { useSession } from '../../../client/session.ts';
import { EXPENSE_PAY, EXPENSE_SUBMIT, expense } from '../../../shared/entities/finance/expense.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { ExpensePayDialog, ExpenseSendDialog } from './ExpenseDialogs.tsx';
import { isEditable, isPayable, STATUS_COLOURS } from './expense-actions.ts';
import { EMPLOYEE_MINE_URL } from '../../../shared/contract/api/masterdata.ts';

/**
 * The employee linked to the signed-in account, whose claim a new one is by default (the server defaults it too),
 * with his department and company; none when the account has no employee.
 */
function useMyEmployee(): Record<string, unknown> | undefined {
  const me = useSession().userInfo?.user_id;
  const found = useQuery({
    queryKey: [DESKTOP_KEY, 'expense', 'my-employee', me],
    queryFn: () => getData<MyEmployee | null>(EMPLOYEE_MINE_URL),
    enabled: Boolean(me),
    staleTime: 60_000,
  });
  const employee = found.data;
  return employee ? { applicantId: employee.id, deptId: employee.deptId, orgId: employee.orgId } : undefined;
}

interface MyEmployee {
  id: string;
  name: string;
  deptId: string;
  orgId: string;
}

/** The dialog open on a claim, and how to show the list again once it has done its part. */
type Dialog = { kind: 'send' | 'pay'; claim: WireRecord; reload: () => Promise<void> } | null;

/**
 * 费用报销 (/finance/expense): the shared page over claims with their state as a tag; drafts and rejected claims are
 * edited, deleted and sent for approval (提交审批, `expense_submit`: the fund-approval process and an approver);
 * an approved claim is paid (付款, with the payment date) by whoever edits claims.
 */
export default function ExpensePage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const addValues = useMyEmployee();
  const options: CrudOptions = {
    leadColumns: ['expenseNo'],
    addValues,
    rowEditable: isEditable,
    cells: {
      expenseStatus: (record) => (
        <Tag color={STATUS_COLOURS[String(record.expenseStatus)] ?? 'default'}>{String(record.expenseStatusName)}</Tag>
      ),
    },
    rowActions: [
      {
        key: 'send',
        label: 'finance.expense.send',
        permission: EXPENSE_SUBMIT,
        visible: isEditable,
        onClick: (claim, { reload }) => setDialog({ kind: 'send', claim, reload }),
      },
      {
        key: 'pay',
        label: 'finance.expense.pay',
        permission: EXPENSE_PAY,
        visible: isPayable,
        onClick: (claim, { reload }) => setDialog({ kind: 'pay', claim, reload }),
      },
    ],
  };
  const close = () => setDialog(null);
  const done = () => {
    setDialog(null);
    void dialog?.reload();
  };
  return (
    <>
      <CrudPage entity={expense} options={options} />
      {dialog?.kind === 'send' && <ExpenseSendDialog claim={dialog.claim} onClose={close} onDone={done} />}
      {dialog?.kind === 'pay' && <ExpensePayDialog claim={dialog.claim} onClose={close} onDone={done} />}
    </>
  );
}
