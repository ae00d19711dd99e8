import { Button, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LineDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { FieldControl } from './FieldControl.tsx';
import {
  columnWidth,
  defaultValues,
  formFields,
  recordValues,
  rulesOf,
  wireValueProps,
  type CrudField,
} from './fields.ts';

/** The form fields of a line: its own, without the key the server fills with the header's id. */
export const lineFields = (line: LineDef): CrudField[] =>
  formFields(line.entity).filter((f) => f.name !== line.foreignKey);

/** A loaded line as the form holds it: its id (kept to update it) and its form fields. */
export const lineValues = (line: LineDef, record: Record<string, unknown>) => ({
  id: record.id,
  ...recordValues(lineFields(line), record),
});

interface Props {
  /** The body key the lines travel under. */
  name: string;
  line: LineDef;
  lang: Lang;
  readOnly: boolean;
}

/**
 * A document's lines inside its dialog: one editable row per line with the line entity's own controls and rules,
 * add and delete row. The form submits the whole array; the server works out which lines changed.
 */
export function LinesTable({ name, line, lang, readOnly }: Props) {
  const { t } = useTranslation();
  const fields = lineFields(line);
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            className="tenon-lines-table"
            columns={[
              ...fields.map((field) => ({
                key: field.name,
                title: field.label[lang],
                width: columnWidth(field) + 40,
                render: (_: unknown, row: { name: number }) => (
                  <Form.Item
                    name={[row.name, field.name]}
                    rules={readOnly ? [] : rulesOf(field, lang, t)}
                    {...wireValueProps(field)}
                    style={{ margin: 0 }}
                  >
                    <FieldControl field={field} lang={lang} disabled={readOnly} />
                  </Form.Item>
                ),
              })),
              ...(readOnly
                ? []
                : [
                    {
                      key: 'actions',
                      title: t('crud.actions'),
                      width: 70,
                      render: (_: unknown, row: { name: number }) => (
                        <>
                          <Form.Item name={[row.name, 'id']} hidden>
                            <Input />
                          </Form.Item>
                          <Button type="link" size="small" danger onClick={() => remove(row.name)}>
                            {t('common.delete')}
                          </Button>
                        </>
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <Button type="dashed" block onClick={() => add(defaultValues(fields))} style={{ marginTop: 8 }}>
              {t('crud.addLine')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
