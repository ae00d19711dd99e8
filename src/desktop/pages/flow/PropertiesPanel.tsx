import { useState } from 'react';
import { Button, Checkbox, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flowDesigner as zh } from '../../../shared/i18n/zh/flow-designer.ts';
import { flowDesigner as en } from '../../../shared/i18n/en/flow-designer.ts';
import { CHOICES, FORM_FIELD_TYPES, type Editable, type ElementProps, type FormFieldProps } from './model-xml.ts';

import { addScreenStrings } from '../../../client/i18n.ts';

// The panel's strings come with the designer, not with the console's first load.
addScreenStrings('flowDesigner', zh, en);

interface Props {
  element: ElementProps;
  onChange: (key: Editable, value: string) => void;
  onFormFieldsChange: (fields: FormFieldProps[]) => void;
}

const HINTS = new Set(Object.keys(zh.hint));
const FIELD_ROW = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, marginBottom: 8 } as const;

/**
 * The designer's side panel for the selected element (the process when nothing is selected): the fields the element
 * has (designer.ts decides which: a user task's people, form key, due date and priority, a timer's expression, a
 * called process, a multi-instance's settings, a flow's condition). A field is written into the diagram when it
 * loses focus; a choice at once.
 */
export function PropertiesPanel({ element, onChange, onFormFieldsChange }: Props) {
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
      </Form>
      {element.formFields && (
        <FormFields key={`form:${element.id}`} initial={element.formFields} onChange={onFormFieldsChange} />
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
