import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Form, InputNumber, Select, Space } from 'antd';
import { BarChartOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { CompanySelect } from '../../components/crud/FieldControl.tsx';
import { MonthlyGrid, type GridRow, type MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import { DESKTOP_KEY } from '../../queries.ts';
import { validated } from '../../components/validated.ts';

/** A grouping of a summary (inventorybudget/statlist?groupBy=): its parameter value and its name. */
export interface StatGroup {
  value: string;
  label: LocalText;
}

type StatQuery = { year: number; orgId?: string; groupBy?: string };

/**
 * A read-only summary grid (budget.md §1.4) over `<entity>/statlist`: a year (and a company, and a grouping when the
 * summary has several) searched, the rows numbered, nothing to edit, the server's 合计 row (id or groupKey `TOTAL`) at
 * the bottom. `chart`: what the 图表 button shows of the rows.
 */
export function StatListPage({
  entity,
  config,
  groups,
  chart,
}: {
  entity: EntityDef;
  config: MonthlyGridConfig;
  groups?: readonly StatGroup[];
  chart?: (rows: GridRow[], year: number, loading: boolean) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<{ year?: number; orgId?: string; groupBy?: string }>();
  const initial: StatQuery = { year: new Date().getFullYear(), ...(groups ? { groupBy: groups[0].value } : {}) };
  const [query, setQuery] = useState<StatQuery>(initial);
  const rows = useQuery({
    queryKey: [DESKTOP_KEY, `${entity.name}-stat`, query],
    queryFn: () => getData<Array<Record<string, unknown>>>(`/api/${entity.service}/${entity.name}/statlist`, query),
  });
  // A grouped summary's rows are known by their group.
  const all = useMemo(
    () => (rows.data ?? []).map((row) => ({ ...row, id: String(row.id ?? row.groupKey) }) as GridRow),
    [rows.data],
  );
  const total = all.find((row) => row.id === 'TOTAL');
  const lines = useMemo(() => all.filter((row) => row.id !== 'TOTAL'), [all]);
  const [chartOpen, setChartOpen] = useState(false);
  const search = async () => {
    const values = await validated(form);
    if (values?.year)
      setQuery({
        year: values.year,
        ...(values.orgId ? { orgId: values.orgId } : {}),
        ...(values.groupBy ? { groupBy: values.groupBy } : {}),
      });
  };
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      <Form
        form={form}
        layout="inline"
        className="tenon-crud-search"
        initialValues={initial}
        onFinish={() => void search()}
      >
        <Form.Item
          name="year"
          label={entity.fields.year.label[lang]}
          rules={[{ required: true, message: t('crud.budget.yearRequired') }]}
        >
          <InputNumber min={2000} max={2099} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="orgId" label={entity.fields.orgId.label[lang]}>
          <CompanySelect field={{ ...entity.fields.orgId, name: 'orgId' }} lang={lang} />
        </Form.Item>
        {groups && (
          <Form.Item name="groupBy" label={t('crud.budget.groupBy')}>
            <Select
              style={{ width: 140 }}
              aria-label={t('crud.budget.groupBy')}
              options={groups.map((group) => ({ value: group.value, label: group.label[lang] }))}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                setQuery(initial);
              }}
            >
              {t('common.reset')}
            </Button>
            {chart && (
              <Button
                icon={<BarChartOutlined />}
                type={chartOpen ? 'primary' : 'default'}
                aria-pressed={chartOpen}
                onClick={() => setChartOpen((open) => !open)}
              >
                {t('crud.chart.toggle')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      {chart && chartOpen && chart(lines, query.year, rows.isFetching)}
      <MonthlyGrid config={config} rows={lines} lang={lang} loading={rows.isFetching} summary={total} />
    </Card>
  );
}
