import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../../../client/api/flow-forms.ts';
import { defaultOf } from '../../../../shared/flow/form-fields.ts';
import '../../../../client/flow-forms-i18n.ts';

/**
 * A process form's fields as antd form items (start forms and task forms of a 通用流程: shared/flow/form-fields.ts):
 * text, whole number, number, yes/no, date, one of the options; required and read-only as the model declares. Values
 * go back to the server as the field's type (`toVariables`), which checks them again.
 */

/** The form's first values: a task form's current values, else the fields' defaults. */
export function initialValues(fields: FormField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = 'value' in field && field.value !== undefined ? field.value : defaultOf(field);
    if (value === undefined || value === null) continue;
    values[field.variable] =
      field.type === 'date'
        ? dayjs(String(value))
        : field.type === 'boolean'
          ? value === true || value === 'true'
          : value;
  }
  return values;
}

/** What the form sends: the writable fields given (blank ones left out), dates as yyyy-MM-dd. */
export function toVariables(fields: FormField[], values: Record<string, unknown>): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const field of fields) {
    if (!field.writable) continue;
    const value = values[field.variable];
    if (value === undefined || value === null || value === '') continue;
    variables[field.variable] = field.type === 'date' ? (value as Dayjs).format('YYYY-MM-DD') : value;
  }
  return variables;
}

export function FormFieldItems({ fields }: { fields: FormField[] }) {
  const { t } = useTranslation();
  return (
    <>
      {fields
        .filter((field) => field.readable)
        .map((field) => {
          const disabled = !field.writable;
          const label = field.name || field.id;
          const rules =
            field.required && field.writable
              ? [{ required: true, message: t('flowForm.required', { name: label }) }]
              : [];
          let input;
          switch (field.type) {
            case 'long':
            case 'double':
              input = (
                <InputNumber
                  aria-label={label}
                  disabled={disabled}
                  precision={field.type === 'long' ? 0 : undefined}
                  style={{ width: '100%' }}
                />
              );
              break;
            case 'boolean':
              input = (
                <Switch
                  aria-label={label}
                  disabled={disabled}
                  checkedChildren={t('flowForm.yes')}
                  unCheckedChildren={t('flowForm.no')}
                />
              );
              break;
            case 'date':
              input = <DatePicker aria-label={label} disabled={disabled} style={{ width: '100%' }} />;
              break;
            case 'enum':
              input = (
                <Select
                  aria-label={label}
                  disabled={disabled}
                  allowClear={!field.required}
                  options={field.options.map((o) => ({ value: o.id, label: o.name || o.id }))}
                />
              );
              break;
            default:
              input = <Input aria-label={label} disabled={disabled} maxLength={2000} />;
          }
          return (
            <Form.Item
              key={field.variable}
              name={field.variable}
              label={label}
              rules={rules}
              valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
            >
              {input}
            </Form.Item>
          );
        })}
    </>
  );
}
