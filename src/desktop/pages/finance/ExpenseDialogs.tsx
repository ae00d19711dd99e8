import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchStartList, sendForApproval } from '../../../client/api/flow.ts';
import { ApiFailure } from '../../../client/http.ts';
import { useSession } from '../../../client/session.ts';
import type { ApprovableDef } from '../../../shared/entities/approvals.ts';
import { startedVia } from '../../../shared/entities/define.ts';
import { EXPENSE_STATUS, expense } from '../../../shared/entities/finance/expense.ts';
import { entityApi } from '../../components/crud/crud-api.ts';
import type { WireRecord } from '../../components/crud/fields.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { flowCategoriesQuery } from '../flow/flow-screen-queries.ts';
import { UserSelect } from '../flow/FlowSelects.tsx';
import { categoryOf, sendDefaults } from './expense-actions.ts';

interface Props {
  claim: WireRecord;
  onClose: () => void;
  onDone: () => void;
}

interface SendForm {
  processDefinitionId?: string;
  taskUser?: string;
  comment?: string;
}

const claimant = expense as ApprovableDef;
/** The kind its claims go through: the fund approval. */
const VIA = startedVia(claimant.approval)!;

/**
 * 提交审批 (`expense_submit`): the fund-approval process (the `flow` category routed to `finance`) and the approver,
 * as the fund's own form asks for them. A claim its approver sent back continues its process with the approver
 * picked here.
 */
export function ExpenseSendDialog({ claim, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useSession().userInfo?.user_id;
  const [form] = Form.useForm<SendForm>();
  const categories = useQuery(flowCategoriesQuery);
  const category = categoryOf(categories.data, VIA);
  const processes = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'start-list', category],
    queryFn: () => fetchStartList({ category, size: 100 }),
    enabled: Boolean(category),
  });
  const offered = processes.data?.records ?? [];
  const send = useMutation({
    mutationFn: (values: SendForm) =>
      sendForApproval(claimant, {
        businessId: claim.id,
        processDefinitionId: values.processDefinitionId ?? '',
        taskUser: values.taskUser ?? '',
        comment: values.comment?.trim(),
      }),
    onSuccess: () => {
      void message.success(t('finance.expense.sent'));
      onDone();
    },
    // Refusals were toasted by the interceptor; only a lost connection is left to say.
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });
  const loading = categories.isPending || (Boolean(category) && processes.isPending);
  return (
    <Modal
      open
      title={t('finance.expense.sendTitle', { no: claim.expenseNo })}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      loading={loading}
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: !offered.length }}
      onOk={() =>
        void form.validateFields().then(
          (values) => send.mutate(values),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      {!loading && (
        <Form<SendForm> form={form} layout="vertical" name="expense-send" initialValues={sendDefaults(offered, claim)}>
          <Form.Item
            name="processDefinitionId"
            label={t('finance.expense.process')}
            rules={[{ required: true, message: t('finance.expense.processRequired') }]}
            extra={offered.length ? undefined : t('finance.expense.noProcess')}
          >
            <Select
              options={offered.map((process) => ({ value: process.id, label: `${process.name} v${process.version}` }))}
            />
          </Form.Item>
          <Form.Item
            name="taskUser"
            label={t('flow.process.taskUser')}
            rules={[{ required: true, whitespace: true, message: t('flow.process.taskUserRequired') }]}
          >
            {/* Nobody approves his own claim (the server refuses it too). */}
            <UserSelect exclude={me} />
          </Form.Item>
          <Form.Item name="comment" label={t('finance.expense.comment')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 付款: finance pays an approved claim on a date (domain/finance.md: 2 → 4 with the payment date). */
export function ExpensePayDialog({ claim, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [form] = Form.useForm<{ payDate: Dayjs }>();
  const label = expense.fields.payDate.label[lang];
  const pay = useMutation({
    mutationFn: ({ payDate }: { payDate: Dayjs }) =>
      entityApi(expense).submit({
        id: claim.id,
        expenseStatus: EXPENSE_STATUS.paid,
        payDate: payDate.format('YYYY-MM-DD'),
      }),
    onSuccess: () => {
      void message.success(t('finance.expense.paid'));
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });
  return (
    <Modal
      open
      title={t('finance.expense.payTitle', { no: claim.expenseNo })}
      okText={t('finance.expense.pay')}
      cancelText={t('common.cancel')}
      confirmLoading={pay.isPending}
      onOk={() =>
        void form.validateFields().then(
          (values) => pay.mutate(values),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="expense-pay" initialValues={{ payDate: dayjs() }}>
        <Form.Item
          name="payDate"
          label={label}
          rules={[{ required: true, message: t('crud.requiredSelect', { label }) }]}
        >
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
