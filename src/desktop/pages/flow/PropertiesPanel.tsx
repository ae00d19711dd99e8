import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Editable, ElementProps } from './model-xml.ts';

interface Props {
  element: ElementProps;
  onChange: (key: Editable, value: string) => void;
}

/** What each kind of element lets the panel edit: what the server's engine reads from the diagram. */
const FIELDS: Record<ElementProps['kind'], Editable[]> = {
  process: ['documentation'],
  userTask: ['name', 'assignee', 'candidateUsers', 'candidateGroups'],
  sequenceFlow: ['name', 'condition'],
  other: ['name'],
};

/**
 * The designer's side panel for the selected element (the process when nothing is selected): name, the user task's
 * assignee / candidates, a flow's `${...}` condition. A field is written into the diagram when it loses focus.
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
        {FIELDS[element.kind].map((name) => (
          <PropertyField key={`${name}:${element[name]}`} name={name} initial={element[name]} onChange={onChange} />
        ))}
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
  const label = t(`flow.model.prop.${name}`);
  const hint = name === 'name' ? undefined : t(`flow.model.hint.${name}`);
  const multiline = name === 'documentation';
  return (
    <Form.Item label={label} extra={hint}>
      {multiline ? (
        <Input.TextArea
          aria-label={label}
          rows={3}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={commit}
        />
      ) : (
        <Input
          aria-label={label}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={commit}
          onPressEnter={commit}
        />
      )}
    </Form.Item>
  );
}
