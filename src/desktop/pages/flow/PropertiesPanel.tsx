import { useState } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowDesigner as zh } from '../../../shared/i18n/zh/flow-designer.ts';
import { flowDesigner as en } from '../../../shared/i18n/en/flow-designer.ts';
import { CHOICES, type Editable, type ElementProps } from './model-xml.ts';

import { addScreenStrings } from '../../../client/i18n.ts';

// The panel's strings come with the designer, not with the console's first load.
addScreenStrings('flowDesigner', zh, en);

interface Props {
  element: ElementProps;
  onChange: (key: Editable, value: string) => void;
}

const HINTS = new Set(Object.keys(zh.hint));

/**
 * The designer's side panel for the selected element (the process when nothing is selected): the fields the element
 * has (designer.ts decides which: a user task's people, form key, due date and priority, a timer's expression, a
 * called process, a multi-instance's settings, a flow's condition). A field is written into the diagram when it
 * loses focus; a choice at once.
 */
export function PropertiesPanel({ element, onChange }: Props) {
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
    </div>
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
