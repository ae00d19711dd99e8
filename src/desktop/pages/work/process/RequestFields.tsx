import { DatePicker, Descriptions, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { formatNumber } from '../../../../client/format.ts';
import { leaveTimeText, useLeaveDays } from '../../../../client/work-calendar.ts';
import { useSession } from '../../../../client/session.ts';
import { UserSelect } from '../../flow/FlowSelects.tsx';
import { leavePeriod, STATUS_COLOURS, type BusinessRequest, type RequestForm } from './business.ts';

const DATE = 'YYYY-MM-DD';

/** The leave's working days as the server will count them, shown while the form is filled in. */
function LeaveDays({ form }: { form: FormInstance<RequestForm> }) {
  const { t } = useTranslation();
  const values = Form.useWatch([], form) as RequestForm | undefined;
  const { startTime, endTime } = leavePeriod(values ?? {});
  const days = useLeaveDays(startTime, endTime);
  return (
    <Form.Item label={t('flow.process.days')} extra={t('flow.process.daysHint')}>
      <Typography.Text className="tenon-leave-days" strong>{days === undefined ? '-' : t('flow.process.daysValue', { days })}</Typography.Text>
    </Form.Item>
  );
}

/** The request's form items: leave (start, end, days, reason) or fund (title, amount, reason), and the first approver. */
export function RequestFields({ kind, form, withApprover = true }: { kind: BusinessKind; form: FormInstance<RequestForm>; withApprover?: boolean }) {
  const { t } = useTranslation();
  const me = useSession().userInfo?.user_id;
  const p = (key: string) => t(`flow.process.${key}`);
  const halves = [{ value: 'am', label: p('am') }, { value: 'pm', label: p('pm') }];
  return (
    <>
      {kind === 'leave' ? (
        <>
          <Form.Item label={p('startTime')} required>
            <Space.Compact block>
              <Form.Item name="startDate" noStyle rules={[{ required: true, message: p('startTimeRequired') }]}>
                <DatePicker format={DATE} placeholder={p('startTimeRequired')} style={{ width: '65%' }} />
              </Form.Item>
              <Form.Item name="startHalf" noStyle>
                <Select aria-label={p('startHalf')} options={halves} style={{ width: '35%' }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={p('endTime')} required>
            <Space.Compact block>
              <Form.Item name="endDate" noStyle dependencies={['startDate', 'startHalf', 'endHalf']} rules={[
                { required: true, message: p('endTimeRequired') },
                {
                  validator: async () => {
                    const { startTime, endTime } = leavePeriod(form.getFieldsValue());
                    if (startTime && endTime && endTime <= startTime) throw new Error(p('endBeforeStart'));
                  },
                },
              ]}>
                <DatePicker format={DATE} placeholder={p('endTimeRequired')} style={{ width: '65%' }} />
              </Form.Item>
              <Form.Item name="endHalf" noStyle>
                <Select aria-label={p('endHalf')} options={halves} style={{ width: '35%' }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <LeaveDays form={form} />
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
        { key: 'days', label: p('days'), children: t('flow.process.daysValue', { days: request.days }) },
        { key: 'startTime', label: p('startTime'), children: leaveTimeText(request.startTime, 'start') },
        { key: 'endTime', label: p('endTime'), children: leaveTimeText(request.endTime, 'end') },
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
