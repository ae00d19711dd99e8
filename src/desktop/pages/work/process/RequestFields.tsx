import { DatePicker, Descriptions, Form, Input, InputNumber, Tag } from 'antd';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { formatNumber } from '../../../../client/format.ts';
import { useSession } from '../../../../client/session.ts';
import { UserSelect } from '../../flow/FlowSelects.tsx';
import { leaveDays, STATUS_COLOURS, type BusinessRequest, type RequestForm } from './business.ts';

const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** The request's form items: leave (start, end, reason) or fund (title, amount, reason), and the first approver. */
export function RequestFields({ kind, form, withApprover = true }: { kind: BusinessKind; form: FormInstance<RequestForm>; withApprover?: boolean }) {
  const { t } = useTranslation();
  const me = useSession().userInfo?.user_id;
  const p = (key: string) => t(`flow.process.${key}`);
  return (
    <>
      {kind === 'leave' ? (
        <>
          <Form.Item name="startTime" label={p('startTime')} rules={[{ required: true, message: p('startTimeRequired') }]}>
            <DatePicker showTime format={DATETIME} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="endTime" label={p('endTime')} dependencies={['startTime']} rules={[
            { required: true, message: p('endTimeRequired') },
            {
              validator: async (_rule, end: Dayjs | undefined) => {
                const start = form.getFieldValue('startTime') as Dayjs | undefined;
                if (start && end && !end.isAfter(start)) throw new Error(p('endBeforeStart'));
              },
            },
          ]}>
            <DatePicker showTime format={DATETIME} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={p('leaveReason')} rules={[{ required: true, whitespace: true, message: p('reasonRequired') }, { max: 255 }]}>
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="title" label={p('title')} rules={[{ required: true, whitespace: true, message: p('titleRequired') }, { max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="amount" label={p('amount')} rules={[{ required: true, message: p('amountRequired') }]}>
            <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={p('useFor')} rules={[{ required: true, whitespace: true, message: p('useForRequired') }, { max: 255 }]}>
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </>
      )}
      {withApprover && (
        <Form.Item name="taskUser" label={p('taskUser')} rules={[{ required: true, whitespace: true, message: p('taskUserRequired') }]}>
          {/* Nobody approves his own request (the server refuses it too). */}
          <UserSelect exclude={me} />
        </Form.Item>
      )}
    </>
  );
}

/** A saved request, read-only: applicant, time, status and the business fields. */
export function RequestDescriptions({ request }: { request: BusinessRequest }) {
  const { t } = useTranslation();
  const p = (key: string) => t(`flow.process.${key}`);
  const status = { key: 'status', label: p('status'), children: <Tag color={STATUS_COLOURS[request.status] ?? 'default'}>{t(`flow.process.statusName.${request.status}`, { defaultValue: String(request.status) })}</Tag> };
  // Two columns a row: the long texts take a whole row.
  const items = [
    { key: 'applicant', label: p('applicant'), children: request.flow.assigneeName },
    { key: 'applyTime', label: p('applyTime'), children: request.applyTime },
    status,
    ...('startTime' in request
      ? [
        { key: 'days', label: p('days'), children: leaveDays(request.startTime, request.endTime) },
        { key: 'startTime', label: p('startTime'), children: request.startTime },
        { key: 'endTime', label: p('endTime'), children: request.endTime },
        { key: 'reason', label: p('leaveReason'), children: request.reason, span: 2 },
      ]
      : [
        { key: 'amount', label: p('amount'), children: formatNumber(request.amount) },
        { key: 'title', label: p('title'), children: request.title, span: 2 },
        { key: 'reason', label: p('useFor'), children: request.reason, span: 2 },
      ]),
  ];
  return <Descriptions className="tenon-flow-request" bordered size="small" column={2} items={items} />;
}
