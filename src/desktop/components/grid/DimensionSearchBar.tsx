import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { CompanySelect, DictSelect } from '../crud/FieldControl.tsx';
import { filterFields, type CrudField } from '../crud/fields.ts';
import { useFormName } from '../use-form-name.ts';
import { SEARCH_TYPE } from './dimension-queries.ts';

type Query = Record<string, string | number>;

/**
 * The search bar of the grids with the dimension search (budget.md §1.3, §3): the entity's own filters (sent as
 * `<field>_equal`, or by their bare names with `plain`: the parameters of inventorybudget/statlist), `searchType` +
 * `searchContent`, and `searchMonth` as `yyyy-MM,yyyy-MM`. Its buttons take `menuSpan` of 24 columns (6, spec §9); any
 * change of the search goes back to page 1 (the screen's `onSearch`).
 */
export function DimensionSearchBar({
  entity,
  lang,
  onSearch,
  menuSpan = 6,
  plain = false,
}: {
  entity: EntityDef;
  lang: Lang;
  onSearch: (query: Query) => void;
  menuSpan?: number;
  plain?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const formName = useFormName(`${entity.name}-search`);
  const fields = filterFields(entity);
  const control = (field: CrudField) => {
    if (field.company) return <CompanySelect field={field} lang={lang} />;
    if (field.bizDict || field.dict) return <DictSelect field={field} lang={lang} />;
    return <InputNumber style={{ width: '100%' }} placeholder={field.label[lang]} aria-label={field.label[lang]} />;
  };
  const items = [
    ...fields.map((field) => (
      <Form.Item key={field.name} name={field.name} label={field.label[lang]}>
        {control(field)}
      </Form.Item>
    )),
    <Form.Item key="searchType" name="searchType" label={t('crud.grid.searchType')}>
      <DictSelect field={SEARCH_TYPE} lang={lang} />
    </Form.Item>,
    <Form.Item key="searchContent" name="searchContent" label={t('crud.grid.searchContent')}>
      <Input allowClear placeholder={t('crud.input', { label: t('crud.grid.searchContent') })} />
    </Form.Item>,
    <Form.Item key="searchMonth" name="searchMonth" label={t('crud.grid.searchMonth')}>
      <DatePicker.RangePicker picker="month" format="YYYY-MM" />
    </Form.Item>,
  ];
  const finish = (values: Record<string, unknown>) => {
    const query: Query = {};
    for (const field of fields) {
      const value = values[field.name];
      if (typeof value === 'number' || (typeof value === 'string' && value !== ''))
        query[plain ? field.name : `${field.name}_equal`] = value;
    }
    const content = typeof values.searchContent === 'string' ? values.searchContent.trim() : '';
    if (content && values.searchType)
      Object.assign(query, { searchType: String(values.searchType), searchContent: content });
    const months = values.searchMonth as [Dayjs, Dayjs] | null | undefined;
    if (months?.[0] && months[1]) query.searchMonth = `${months[0].format('YYYY-MM')},${months[1].format('YYYY-MM')}`;
    onSearch(query);
  };
  const reset = () => {
    form.resetFields();
    onSearch({});
  };
  return (
    <Form form={form} name={formName} className="tenon-crud-search is-grid" onFinish={finish}>
      <Row gutter={12}>
        {items.map((item) => (
          <Col key={item.key} span={6}>
            {item}
          </Col>
        ))}
        <Col span={menuSpan}>
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
        </Col>
      </Row>
    </Form>
  );
}

/** The months a `searchMonth` range shows (`2026-02,2026-04` -> 2, 3, 4); all twelve without one. */
export function monthsOf(searchMonth: unknown): number[] {
  const match = typeof searchMonth === 'string' ? /^\d{4}-(\d{2}),\d{4}-(\d{2})$/.exec(searchMonth) : null;
  const [from, to] = match ? [Number(match[1]), Number(match[2])] : [1, 12];
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
