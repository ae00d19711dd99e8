import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { useFormName } from '../use-form-name.ts';
import { BusinessUnitSelect, CompanySelect, DictSelect } from './FieldControl.tsx';
import { isReference, ReferencePicker } from '../ReferencePicker.tsx';
import { createTimeLabel, filterFields, filterQuery, isNumeric, type CrudField } from './fields.ts';

type Query = Record<string, string | number>;

/** Form.Item hands `value`/`onChange` to the control. */
interface FilterProps {
  field: CrudField;
  lang: Lang;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

function FilterControl({ field, lang, value, ...rest }: FilterProps) {
  const { t } = useTranslation();
  const label = field.label[lang];
  // A switch holds 1 or 0: searched by picking 是 or 否, never by typing (the server refuses anything else).
  if (field.type === 'switch')
    return (
      <Select
        {...rest}
        value={value as number | undefined}
        options={[
          { value: 1, label: t('common.yes') },
          { value: 0, label: t('common.no') },
        ]}
        allowClear
        placeholder={t('crud.select', { label })}
        style={{ minWidth: 120 }}
        aria-label={label}
      />
    );
  if (isDictionaryField(field)) return <DictSelect field={field} lang={lang} value={value} {...rest} />;
  // A reference or a company is searched by picking the row it names (the server matches the id or code).
  if (field.businessUnit) return <BusinessUnitSelect field={field} lang={lang} value={value} {...rest} />;
  if (isReference(field)) return <ReferencePicker field={field} lang={lang} value={value} {...rest} />;
  if (field.company) return <CompanySelect field={field} lang={lang} value={value} {...rest} />;
  // A date is searched between two days (an employee's joining date, a device's commissioning date).
  if (field.type === 'date' || field.type === 'datetime')
    return <DatePicker.RangePicker {...rest} value={value as [Dayjs, Dayjs] | null | undefined} aria-label={label} />;
  if (isNumeric(field))
    return (
      <InputNumber
        {...rest}
        value={value as number | undefined}
        prefix={field.searchAbove ? '>' : undefined}
        placeholder={t('crud.input', { label })}
        style={{ width: 160 }}
        aria-label={label}
      />
    );
  return (
    <Input
      {...rest}
      value={value as string | undefined}
      placeholder={t('crud.input', { label })}
      allowClear
      aria-label={label}
    />
  );
}

/**
 * The search bar: the definition's `filter` fields plus the creation-date range of audited entities
 * (`createTime_dategt` / `createTime_datelt`). Both buttons hand the new query up; the page goes back to page 1.
 * With `menuSpan` (spec §9) it is a 24-column grid: the buttons take `menuSpan`, the fields share the rest.
 */
export function SearchBar({
  entity,
  lang,
  onSearch,
  hidden,
  menuSpan,
}: {
  entity: EntityDef;
  lang: Lang;
  onSearch: (query: Query) => void;
  hidden?: readonly string[];
  menuSpan?: number;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const formName = useFormName(`${entity.name}-search`);
  const fields = filterFields(entity, hidden);
  if (fields.length === 0 && !entity.audit) return null;
  const reset = () => {
    form.resetFields();
    onSearch({});
  };
  const items = [
    ...fields.map((field) => (
      <Form.Item key={field.name} name={field.name} label={field.label[lang]}>
        <FilterControl field={field} lang={lang} />
      </Form.Item>
    )),
    ...(entity.audit
      ? [
          <Form.Item key="createTimeRange" name="createTimeRange" label={createTimeLabel(entity, lang)}>
            <DatePicker.RangePicker />
          </Form.Item>,
        ]
      : []),
  ];
  const buttons = (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('common.search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
  const finish = (values: Record<string, unknown>) => onSearch(filterQuery(fields, values));
  if (menuSpan) {
    const span = Math.max(4, Math.floor((24 - menuSpan) / items.length));
    return (
      <Form form={form} name={formName} className="tenon-crud-search is-grid" onFinish={finish}>
        <Row gutter={12}>
          {items.map((item) => (
            <Col key={item.key} span={span}>
              {item}
            </Col>
          ))}
          <Col span={menuSpan}>{buttons}</Col>
        </Row>
      </Form>
    );
  }
  return (
    <Form form={form} name={formName} layout="inline" className="tenon-crud-search" onFinish={finish}>
      {items}
      {buttons}
    </Form>
  );
}
