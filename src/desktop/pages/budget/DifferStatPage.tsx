import { useState } from 'react';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { differ } from '../../../shared/entities/budget/differ.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { CompanySelect } from '../../components/crud/FieldControl.tsx';
import { MonthlyGrid, type GridRow } from '../../components/grid/MonthlyGrid.tsx';
import { DESKTOP_KEY } from '../../queries.ts';
import { gridOf } from './BudgetRowPage.tsx';

/** The read-only grid's captions (budget.md §1.4): 科目 and 名称. */
const config = (() => {
  const base = gridOf(differ, false);
  return {
    ...base,
    captions: [
      { key: 'subject', label: { zh: '科目', en: 'Account' }, width: 100 },
      { key: 'title', label: { zh: '名称', en: 'Item' }, width: 140 },
    ],
    trailing: [{ key: 'totalDiffer', field: 'totalDiffer', label: differ.fields.totalDiffer.label, overspend: true }],
  } as const;
})();

/**
 * 材料成本差异汇总 (budget.md §5.6 `statlist`, read-only grid §1.4): a year's differences by account and item across the
 * companies (or of one), numbered, nothing to edit; the server's 合计 row at the bottom. Red: an overspend.
 */
export default function DifferStatPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<{ year?: number; orgId?: string }>();
  const [query, setQuery] = useState<{ year: number; orgId?: string }>({ year: new Date().getFullYear() });
  const rows = useQuery({
    queryKey: [DESKTOP_KEY, 'differ-stat', query],
    queryFn: () => getData<GridRow[]>(`/api/${differ.service}/${differ.name}/statlist`, query),
  });
  const all = rows.data ?? [];
  const total = all.find((row) => row.id === 'TOTAL');
  const search = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values?.year) setQuery({ year: values.year, ...(values.orgId ? { orgId: values.orgId } : {}) });
  };
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      <Form
        form={form}
        layout="inline"
        className="tenon-crud-search"
        initialValues={{ year: query.year }}
        onFinish={() => void search()}
      >
        <Form.Item
          name="year"
          label={differ.fields.year.label[lang]}
          rules={[{ required: true, message: t('crud.budget.yearRequired') }]}
        >
          <InputNumber min={2000} max={2099} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="orgId" label={differ.fields.orgId.label[lang]}>
          <CompanySelect field={{ ...differ.fields.orgId, name: 'orgId' }} lang={lang} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                setQuery({ year: new Date().getFullYear() });
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <MonthlyGrid
        config={config}
        rows={all.filter((row) => row.id !== 'TOTAL')}
        lang={lang}
        loading={rows.isFetching}
        summary={total}
      />
    </Card>
  );
}
