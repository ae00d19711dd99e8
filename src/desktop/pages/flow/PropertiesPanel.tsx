import { useState } from 'react';
import { Button, Checkbox, Form, Input, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flowDesigner as zh } from '../../../shared/i18n/zh/flow-designer.ts';
import { flowDesigner as en } from '../../../shared/i18n/en/flow-designer.ts';
import {
  ACTION_FIELDS,
  ACTION_TYPES,
  CHOICES,
  FORM_FIELD_TYPES,
  actionFieldsOf,
  type ActionType,
  type Editable,
  type ElementProps,
  type FormFieldProps,
  type ServiceActionProps,
} from './model-xml.ts';

import { addScreenStrings } from '../../../client/i18n.ts';

// The panel's strings come with the designer, not with the console's first load.
addScreenStrings('flowDesigner', zh, en);

interface Props {
  element: ElementProps;
  onChange: (key: Editable, value: string) => void;
  onFormFieldsChange: (fields: FormFieldProps[]) => void;
  onActionChange: (action: ServiceActionProps) => void;
}

const HINTS = new Set(Object.keys(zh.hint));
const FIELD_HINTS = new Set(Object.keys(zh.action.fieldHint));
const FIELD_ROW = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, marginBottom: 8 } as const;

/**
 * The designer's side panel for the selected element (the process when nothing is selected): the fields the element
 * has (designer.ts decides which: a user task's people, form key, due date and priority, a timer's expression, a
 * called process, a multi-instance's settings, a flow's condition, a task's async switch, a service task's action).
 * A field is written into the diagram when it loses focus; a choice at once.
 */
export function PropertiesPanel({ element, onChange, onFormFieldsChange, onActionChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="tenon-flow-properties">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('flow.model.properties')}
      </Typography.Title>
      <Form layout="vertical" size="small" key={element.id}>
        <Form.Item label={t('flow.model.elementType')}>
          <Input value={element.type} disabled />
        </Form.Item>
        <Form.Item
          label={t('flow.model.elementId')}
          extra={element.kind === 'process' ? t('flow.model.processIdHint') : undefined}
        >
          <Input value={element.id} disabled />
        </Form.Item>
        {element.fields.map((name) => {
          const initial = element.values[name] ?? '';
          return <PropertyField key={`${name}:${initial}`} name={name} initial={initial} onChange={onChange} />;
        })}
        {element.async !== undefined && (
          <Form.Item label={t('flowDesigner.prop.async')} extra={t('flowDesigner.hint.async')}>
            <Switch
              aria-label={t('flowDesigner.prop.async')}
              checked={element.async}
              onChange={(checked) => onChange('async', checked ? 'true' : '')}
            />
          </Form.Item>
        )}
      </Form>
      {element.formFields && (
        <FormFields key={`form:${element.id}`} initial={element.formFields} onChange={onFormFieldsChange} />
      )}
      {element.action && (
        <ServiceAction key={`action:${element.id}`} initial={element.action} onChange={onActionChange} />
      )}
    </div>
  );
}

/**
 * A start event's or user task's form fields (what 发起 / 办理 ask for): key, name, type and whether it is required,
 * one row each. The rows are this editor's own while the element stays selected; a row without a key is not written.
 * A text is written when its input loses focus, a choice at once.
 */
function FormFields({ initial, onChange }: { initial: FormFieldProps[]; onChange: Props['onFormFieldsChange'] }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(initial);
  const edit = (index: number, change: Partial<FormFieldProps>, write: boolean) => {
    const next = rows.map((row, i) => (i === index ? { ...row, ...change } : row));
    setRows(next);
    if (write) onChange(next);
  };
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    setRows(next);
    onChange(next);
  };
  const types = (type: string) =>
    [...new Set<string>([...FORM_FIELD_TYPES, type])].map((value) => ({
      value,
      label: t(`flowDesigner.fieldType.${value}`, { defaultValue: value }),
    }));
  return (
    <section className="tenon-flow-form-fields" aria-label={t('flowDesigner.form.title')}>
      <Typography.Text strong>{t('flowDesigner.form.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('flowDesigner.form.hint')}
      </Typography.Paragraph>
      {rows.map((row, index) => (
        // The rows have no identity of their own: a key is typed into them.
        <div key={index} className="tenon-flow-form-field" style={FIELD_ROW}>
          <Input
            size="small"
            aria-label={t('flowDesigner.form.id')}
            placeholder={t('flowDesigner.form.id')}
            value={row.id}
            onChange={(event) => edit(index, { id: event.target.value }, false)}
            onBlur={() => onChange(rows)}
          />
          <Input
            size="small"
            aria-label={t('flowDesigner.form.name')}
            placeholder={t('flowDesigner.form.name')}
            value={row.name}
            onChange={(event) => edit(index, { name: event.target.value }, false)}
            onBlur={() => onChange(rows)}
          />
          <Select
            size="small"
            aria-label={t('flowDesigner.form.type')}
            value={row.type}
            popupMatchSelectWidth={false}
            options={types(row.type)}
            onChange={(type: string) => edit(index, { type }, true)}
          />
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Checkbox
              checked={row.required}
              onChange={(event) => edit(index, { required: event.target.checked }, true)}
            >
              {t('flowDesigner.form.required')}
            </Checkbox>
            <Button
              type="text"
              danger
              aria-label={t('flowDesigner.form.remove')}
              icon={<DeleteOutlined />}
              onClick={() => remove(index)}
            />
          </div>
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => setRows([...rows, { id: '', name: '', type: 'string', required: false }])}
      >
        {t('flowDesigner.form.add')}
      </Button>
    </section>
  );
}

/**
 * A service task's platform action: its type, then the fields that type reads (the required ones marked) and the
 * result variable. A change of type drops the fields the new type does not read; a text is written when its input
 * loses focus, the type at once.
 */
function ServiceAction({ initial, onChange }: { initial: ServiceActionProps; onChange: Props['onActionChange'] }) {
  const { t } = useTranslation();
  const [action, setAction] = useState(initial);
  const choose = (type: string) => {
    const read = actionFieldsOf(type);
    const fields = Object.fromEntries(Object.entries(action.fields).filter(([name]) => read.includes(name)));
    const next = { ...action, type, fields };
    setAction(next);
    onChange(next);
  };
  // A type this panel does not know (another engine's) stays shown as it is written.
  const types = [...new Set<string>([...ACTION_TYPES, action.type])].map((value) => ({
    value,
    label: t(`flowDesigner.action.${value || 'none'}`, { defaultValue: value }),
  }));
  const required = new Set<string>(ACTION_FIELDS[action.type as ActionType]?.required ?? []);
  const text = (label: string, value: string, change: (value: string) => void) => (
    <Input
      aria-label={label}
      value={value}
      onChange={(event) => change(event.target.value)}
      onBlur={() => onChange(action)}
      onPressEnter={() => onChange(action)}
    />
  );
  return (
    <section className="tenon-flow-service-action" aria-label={t('flowDesigner.action.title')}>
      <Typography.Text strong>{t('flowDesigner.action.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('flowDesigner.action.hint')}
      </Typography.Paragraph>
      <Form layout="vertical" size="small">
        <Form.Item label={t('flowDesigner.action.type')}>
          <Select
            aria-label={t('flowDesigner.action.type')}
            value={action.type}
            options={types}
            popupMatchSelectWidth={false}
            onChange={choose}
          />
        </Form.Item>
        {actionFieldsOf(action.type).map((name) => {
          const label = t(`flowDesigner.action.field.${name}`);
          return (
            <Form.Item
              key={name}
              label={label}
              required={required.has(name)}
              extra={FIELD_HINTS.has(name) ? t(`flowDesigner.action.fieldHint.${name}`) : undefined}
            >
              {text(label, action.fields[name] ?? '', (value) =>
                setAction({ ...action, fields: { ...action.fields, [name]: value } }),
              )}
            </Form.Item>
          );
        })}
        <Form.Item label={t('flowDesigner.action.resultVariable')}>
          {text(t('flowDesigner.action.resultVariable'), action.resultVariable, (resultVariable) =>
            setAction({ ...action, resultVariable }),
          )}
        </Form.Item>
      </Form>
    </section>
  );
}

function PropertyField({ name, initial, onChange }: { name: Editable; initial: string; onChange: Props['onChange'] }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const commit = () => {
    if (value !== initial) onChange(name, value);
  };
  const label = t(`flowDesigner.prop.${name}`);
  const hint = HINTS.has(name) ? t(`flowDesigner.hint.${name}`) : undefined;
  const choices = CHOICES[name];
  let input;
  if (choices)
    input = (
      <Select
        aria-label={label}
        value={value}
        options={choices.map((choice) => ({ value: choice, label: t(`flowDesigner.choice.${choice || 'none'}`) }))}
        onChange={(chosen: string) => {
          setValue(chosen);
          if (chosen !== initial) onChange(name, chosen);
        }}
      />
    );
  else if (name === 'documentation')
    input = (
      <Input.TextArea
        aria-label={label}
        rows={3}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
      />
    );
  else
    input = (
      <Input
        aria-label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
    );
  return (
    <Form.Item label={label} extra={hint}>
      {input}
    </Form.Item>
  );
}
