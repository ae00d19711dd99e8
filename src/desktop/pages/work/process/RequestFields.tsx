import { DatePicker, Descriptions, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  attachmentFieldsOf,
  alertsOf,
  detailFieldsOf,
  edgeOf,
  formFieldsOf,
  isPeriod,
  requiredMessage,
  shownValue,
  type NamedField,
} from '../../../../client/approval-fields.ts';
import { formatNumber } from '../../../../client/format.ts';
import { leaveTimeText, useLeaveDays } from '../../../../client/work-calendar.ts';
import { useSession } from '../../../../client/session.ts';
import type { ApprovableDef } from '../../../../shared/entities/approvals.ts';
import type { FieldDef } from '../../../../shared/entities/define.ts';
import type { Lang } from '../../../../shared/i18n/server-messages.ts';
import { UserSelect } from '../../flow/FlowSelects.tsx';
import { AttachmentsControl } from '../../../components/upload/AttachmentsControl.tsx';
import { filesKey, type AttachedFile } from '../../../../shared/contract/api/attachments.ts';
import { dateKey, halfKey, periodValues, STATUS_COLOURS, type BusinessRequest, type RequestForm } from './business.ts';

const DATE = 'YYYY-MM-DD';

function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

const requiredText = (field: FieldDef, lang: Lang): string | undefined => requiredMessage(field)?.[lang];

/** The period's working days as the server will count them, shown while the form is filled in. */
function LeaveDays({ entity, label, form }: { entity: ApprovableDef; label: string; form: FormInstance<RequestForm> }) {
  const { t } = useTranslation();
  const values = Form.useWatch([], form) as RequestForm | undefined;
  const { startTime, endTime } = periodValues(entity, values ?? {});
  const days = useLeaveDays(startTime, endTime);
  return (
    <Form.Item label={label} extra={t('flow.process.daysHint')}>
      <Typography.Text className="tenon-leave-days" strong>
        {days === undefined ? '-' : t('flow.process.daysValue', { days })}
      </Typography.Text>
    </Form.Item>
  );
}

interface ItemProps {
  entity: ApprovableDef;
  named: NamedField;
  form: FormInstance<RequestForm>;
  lang: Lang;
}

/** A period's start or end: a date and 上午/下午; the end must come after the start. */
function PeriodItem({ entity, named, form, lang }: ItemProps) {
  const { t } = useTranslation();
  const p = (key: string) => t(`flow.process.${key}`);
  const { name, field } = named;
  const edge = edgeOf(field);
  const message = requiredText(field, lang);
  const halves = [
    { value: 'am', label: p('am') },
    { value: 'pm', label: p('pm') },
  ];
  const rules: Rule[] = [{ required: Boolean(field.required), message }];
  if (edge === 'end') {
    rules.push({
      validator: async () => {
        const { startTime, endTime } = periodValues(entity, form.getFieldsValue());
        if (startTime && endTime && endTime <= startTime) throw new Error(p('endBeforeStart'));
      },
    });
  }
  const others = formFieldsOf(entity)
    .filter((f) => isPeriod(f.field))
    .flatMap((f) => (f.name === name ? [halfKey(f.name)] : [dateKey(f.name), halfKey(f.name)]));
  return (
    <Form.Item label={field.label[lang]} required={Boolean(field.required)}>
      <Space.Compact block>
        <Form.Item name={dateKey(name)} noStyle rules={rules} dependencies={edge === 'end' ? others : undefined}>
          <DatePicker format={DATE} placeholder={message} style={{ width: '65%' }} />
        </Form.Item>
        <Form.Item name={halfKey(name)} noStyle>
          <Select aria-label={p(`${edge}Half`)} options={halves} style={{ width: '35%' }} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** One form item of a request field, by its type and control. */
function FieldItem({ entity, named, form, lang }: ItemProps) {
  const { name, field } = named;
  const label = field.label[lang];
  if (isPeriod(field)) return <PeriodItem entity={entity} named={named} form={form} lang={lang} />;
  if (field.control === 'leave-days') return <LeaveDays entity={entity} label={label} form={form} />;
  const text = field.type === 'string' || field.type === 'text';
  const rules: Rule[] = [{ required: Boolean(field.required), whitespace: text, message: requiredText(field, lang) }];
  if (text && field.max) rules.push({ max: field.max });
  const wide = { width: '100%' };
  let control;
  if (field.type === 'money') control = <InputNumber<string> stringMode min="0.01" precision={2} style={wide} />;
  else if (field.type === 'int' || field.type === 'decimal') control = <InputNumber<string> stringMode style={wide} />;
  else if (field.control === 'textarea' || field.type === 'text') {
    control = <Input.TextArea rows={3} maxLength={field.max} showCount />;
  } else control = <Input maxLength={field.max} />;
  return (
    <Form.Item name={name} label={label} rules={rules}>
      {control}
    </Form.Item>
  );
}

interface FieldsProps {
  entity: ApprovableDef;
  form: FormInstance<RequestForm>;
  withApprover?: boolean;
  /** The approver alone (a row adjusted on its own screen, sent again). */
  only?: 'approver';
}

/**
 * The request's form items from its definition (a leave's period and days, a fund's title and amount), the approver.
 */
export function RequestFields({ entity, form, withApprover = true, only }: FieldsProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const me = useSession().userInfo?.user_id;
  const p = (key: string) => t(`flow.process.${key}`);
  return (
    <>
      {(only ? [] : formFieldsOf(entity)).map((named) => (
        <FieldItem key={named.name} entity={entity} named={named} form={form} lang={lang} />
      ))}
      {(only ? [] : attachmentFieldsOf(entity)).map(({ name, field }) => (
        <Form.Item key={name} name={name} label={field.label[lang]}>
          <AttachmentsControl />
        </Form.Item>
      ))}
      {withApprover && (
        <Form.Item
          name="taskUser"
          label={p('taskUser')}
          rules={[{ required: true, whitespace: true, message: p('taskUserRequired') }]}
        >
          {/* Nobody approves his own request (the server refuses it too). */}
          <UserSelect exclude={me} />
        </Form.Item>
      )}
    </>
  );
}

/** A request field's value for people: a period edge as its half day, days counted, amounts grouped. */
export function useValueText(): (named: NamedField, value: unknown) => string {
  const { t } = useTranslation();
  return ({ field }, value) => {
    if (isPeriod(field)) return leaveTimeText(String(value ?? ''), edgeOf(field));
    if (field.control === 'leave-days') return t('flow.process.daysValue', { days: value });
    if (field.type === 'money') return formatNumber(String(value ?? ''));
    return value == null ? '' : String(value);
  };
}

/** A saved request, read-only: applicant, time, status and the business fields. */
export function RequestDescriptions({ entity, request }: { entity: ApprovableDef; request: BusinessRequest }) {
  const { t } = useTranslation();
  const lang = useLang();
  const valueText = useValueText();
  const p = (key: string) => t(`flow.process.${key}`);
  // A state past the process (a paid claim: no result of its process) is said in the business's own words.
  const field = entity.approval.field;
  const own = field && !STATUS_COLOURS[request.status] ? String(request[`${field}Name`] ?? '') : '';
  const status = {
    key: 'status',
    label: p('status'),
    children: (
      <Tag color={STATUS_COLOURS[request.status] ?? 'default'}>
        {own || t(`flow.process.statusName.${request.status}`, { defaultValue: String(request.status) })}
      </Tag>
    ),
  };
  // Two columns a row: the long texts take a whole row.
  const wide = (field: FieldDef) =>
    field.control === 'textarea' || field.type === 'text' || (field.type === 'string' && (field.max ?? 0) > 64);
  // What the approver must not miss (a claim over its budget, by how much) comes right after the state, in red.
  const alerts = alertsOf(entity, request).map((alert) => ({
    key: alert.name,
    label: alert.label[lang],
    children: (
      <Tag color="error" className="tenon-flow-alert">
        {alert.label[lang]} {formatNumber(alert.amount)}
      </Tag>
    ),
  }));
  const items = [
    { key: 'applicant', label: p('applicant'), children: request.flow.assigneeName },
    { key: 'applyTime', label: p('applyTime'), children: request.applyTime },
    status,
    ...alerts,
    ...detailFieldsOf(entity).map((named) => ({
      key: named.name,
      label: named.field.label[lang],
      children: valueText(named, shownValue(named, request)),
      ...(wide(named.field) ? { span: 2 } : {}),
    })),
    ...attachmentFieldsOf(entity).map(({ name, field }) => ({
      key: name,
      label: field.label[lang],
      children: <AttachmentsControl value={(request[filesKey(name)] as AttachedFile[] | undefined) ?? []} disabled />,
      span: 2,
    })),
  ];
  return <Descriptions className="tenon-flow-request" bordered size="small" column={2} items={items} />;
}
