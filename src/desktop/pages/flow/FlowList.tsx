import { useState, type ReactNode } from 'react';
import { Button, Card, Form, Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../client/http.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { PAGE_SIZES } from '../../components/crud/CrudPage.tsx';
import { fitHeader } from '../../components/table-width.ts';
import { useFormName } from '../../components/use-form-name.ts';
import { FLOW_LIST_KEY } from './flow-screen-queries.ts';

type Filter = Record<string, unknown>;

interface Props<T> {
  /** the list's name in the query cache */
  name: string;
  fetch: (query: Filter & { current: number; size: number }) => Promise<Page<T>>;
  rowKey: (row: T) => string;
  columns: TableColumnsType<T>;
  /** The search bar's fields (Form.Items); `toQuery` turns their values into the list's parameters. */
  filters?: ReactNode;
  toQuery?: (values: Filter) => Filter;
  /** fixed parameters (the manager's mode) */
  query?: Filter;
  toolbar?: ReactNode;
  /** row buttons and the column's width */
  actions?: (row: T) => ReactNode;
  actionsWidth?: number;
  /** check boxes for the toolbar's buttons over several rows (作业管理's 重试) */
  rowSelection?: TableProps<T>['rowSelection'];
}

const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The paged list of a workflow screen, in the CRUD screens' look: search bar, toolbar with refresh, index column,
 * row buttons, spec §9 paging (10/30/50/100/200 from page 1; a new search goes back to page 1).
 */
export function FlowList<T extends object>({
  name,
  fetch,
  rowKey,
  columns,
  filters,
  toQuery,
  query,
  toolbar,
  actions,
  actionsWidth = 160,
  rowSelection,
}: Props<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const formName = useFormName(`${name}-search`);
  const [search, setSearch] = useState<Filter>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const params = { ...search, ...query };
  const list = useQuery({
    queryKey: [...FLOW_LIST_KEY, name, page, params],
    queryFn: () => fetch({ ...params, current: page.current, size: page.size }),
    placeholderData: keepPreviousData,
  });

  const apply = (values: Filter) => {
    const mapped = toQuery ? toQuery(values) : values;
    setSearch(Object.fromEntries(Object.entries(mapped).filter(([, value]) => !blank(value))));
    setPage((p) => ({ ...p, current: 1 }));
  };
  // As on the CRUD screens: headers on one line, the first columns fixed, 操作 fixed at the right edge.
  const all: TableColumnsType<T> = [
    {
      key: '#',
      title: t('crud.index'),
      width: 56,
      align: 'center' as const,
      fixed: 'left' as const,
      render: (_v: unknown, _r: T, index: number) => (page.current - 1) * page.size + index + 1,
    },
    ...columns.map((column, index) => (index === 0 ? { ...column, fixed: 'left' as const } : column)),
    ...(actions
      ? [
          {
            key: 'actions',
            title: t('crud.actions'),
            fixed: 'right' as const,
            width: actionsWidth,
            render: (_v: unknown, row: T) => (
              <Space size={0} className="tenon-row-actions">
                {actions(row)}
              </Space>
            ),
          },
        ]
      : []),
  ].map((column) => ({ ...column, width: fitHeader(Number(column.width) || 120, String(column.title)) }));

  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      {filters && (
        <Form form={form} name={formName} layout="inline" className="tenon-crud-search" onFinish={apply}>
          {filters}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  apply({});
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <div className="tenon-crud-toolbar">
        <div>{toolbar && <Space wrap>{toolbar}</Space>}</div>
        <Tooltip title={t('common.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: [...FLOW_LIST_KEY, name] })}
          />
        </Tooltip>
      </div>
      <Table<T>
        rowKey={rowKey}
        rowSelection={rowSelection}
        size="middle"
        bordered
        columns={all}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: all.reduce((sum, column) => sum + (Number(column.width) || 120), 0) }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
        onChange={(pagination) =>
          setPage({ current: pagination.current ?? 1, size: pagination.pageSize ?? PAGE_SIZES[0] })
        }
      />
    </Card>
  );
}

/** Refetches every workflow list (after claiming, deleting, changing a state ...). */
export const useReloadLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: FLOW_LIST_KEY });
};
