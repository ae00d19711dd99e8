import { useConfirmDelete } from '../../components/crud/use-confirm-delete.ts';
import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../client/http.ts';
import { textKey } from '../../../shared/entities/define.ts';
import { productBom } from '../../../shared/entities/production/product-bom.ts';
import { usePermission } from '../../permission.ts';
import { CrudDialog, type DialogState } from '../../components/crud/CrudDialog.tsx';
import { crudKey, entityApi } from '../../components/crud/crud-api.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { fieldsForMode, formFields, listFields, percentText, type WireRecord } from '../../components/crud/fields.ts';
import { SearchBar } from '../../components/crud/SearchBar.tsx';
import { PAGE_SIZES } from '../../components/crud/use-crud-rows.ts';
import { BomViewDialog, type BomView } from './BomViews.tsx';

interface Group {
  id: string;
  productId: string;
  productNo: string;
  productName: string;
  bomVersion: string;
  isDefault: number;
  lineCount: number;
}

type Query = Record<string, string | number>;
const api = entityApi(productBom);
/** The lines' own columns: the group row shows the parent and the version. */
const LINE_FIELDS = listFields(productBom, ['productNo', 'productName', 'bomVersion', 'isDefault']);

/**
 * /production/productbom: BOMs grouped by parent and version (a row per BOM, expanded to its lines), searched like
 * the lines (parent, version, component, source); lines are added, edited and deleted with the shared dialog, and
 * each BOM opens its explosion and its parent's where-used, each line its component's where-used.
 */
export default function BomPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [expanded, setExpanded] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [view, setView] = useState<BomView | null>(null);

  const groups = useQuery({
    queryKey: [...crudKey(productBom), 'groups', query, page],
    queryFn: () => api.rows<Page<Group>>('groups', { ...query, current: page.current, size: page.size }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: crudKey(productBom) });
  const open = (state: DialogState) => {
    setDialog(state);
    setDialogOpen(true);
  };
  const confirmDelete = useConfirmDelete(api.remove, reload);

  const groupColumns: TableColumnsType<Group> = [
    { key: 'productNo', title: t('bom.parentNo'), dataIndex: 'productNo', width: 200, fixed: 'left' },
    { key: 'productName', title: t('bom.parentName'), dataIndex: 'productName', width: 220 },
    { key: 'bomVersion', title: t('bom.version'), dataIndex: 'bomVersion', width: 120 },
    {
      key: 'isDefault',
      title: t('bom.isDefault'),
      width: 100,
      render: (_v, g) => (g.isDefault === 1 ? <Tag color="blue">{t('common.yes')}</Tag> : t('common.no')),
    },
    { key: 'lineCount', title: t('bom.lineCount'), dataIndex: 'lineCount', width: 80, align: 'right' },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 240,
      fixed: 'right',
      render: (_v, g) => (
        <Space size={0} className="tenon-row-actions">
          {can(`${productBom.code}_add`) && (
            <Button
              type="link"
              size="small"
              onClick={() => open({ mode: 'add', values: { productId: g.productId, bomVersion: g.bomVersion } })}
            >
              {t('bom.addLine')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            onClick={() =>
              setView({ kind: 'explode', productId: g.productId, partNo: g.productNo, bomVersion: g.bomVersion })
            }
          >
            {t('bom.explode')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setView({ kind: 'where-used', productId: g.productId, partNo: g.productNo })}
          >
            {t('bom.whereUsed')}
          </Button>
        </Space>
      ),
    },
  ];

  const lineActions = (record: WireRecord) => (
    <Space size={0} className="tenon-row-actions">
      {can(`${productBom.code}_view`) && (
        <Button type="link" size="small" onClick={() => open({ mode: 'view', id: record.id })}>
          {t('common.view')}
        </Button>
      )}
      {can(`${productBom.code}_edit`) && (
        <Button type="link" size="small" onClick={() => open({ mode: 'edit', id: record.id })}>
          {t('common.edit')}
        </Button>
      )}
      {can(`${productBom.code}_delete`) && (
        <Button type="link" size="small" danger onClick={() => confirmDelete([record.id])}>
          {t('common.delete')}
        </Button>
      )}
      <Button
        type="link"
        size="small"
        onClick={() =>
          setView({
            kind: 'where-used',
            productId: String(record.componentId),
            partNo: String(record.componentNo),
          })
        }
      >
        {t('bom.whereUsed')}
      </Button>
    </Space>
  );

  const dialogFields = fieldsForMode(formFields(productBom, undefined, dialog?.mode === 'view'), dialog?.mode);
  const data = groups.data;
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      <SearchBar
        entity={productBom}
        lang={lang}
        onSearch={(next) => {
          setQuery(next);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      />
      <div className="tenon-crud-toolbar">
        <Flex wrap gap="small" align="center">
          {can(`${productBom.code}_add`) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'add' })}>
              {t('common.add')}
            </Button>
          )}
        </Flex>
        <Tooltip title={t('common.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            onClick={() => void reload()}
          />
        </Tooltip>
      </div>
      <Table<Group>
        rowKey="id"
        size="middle"
        bordered
        columns={groupColumns}
        dataSource={data?.records ?? []}
        loading={groups.isFetching}
        scroll={{ x: 960 }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
          expandedRowRender: (group) => <BomLines group={group} lang={lang} actions={lineActions} />,
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
        onChange={(pagination) => setPage({ current: pagination.current ?? 1, size: pagination.pageSize ?? 10 })}
      />
      {dialog && (
        <CrudDialog
          entity={productBom}
          lang={lang}
          state={dialog}
          fields={dialogFields}
          open={dialogOpen}
          width={900}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
          onSaved={() => {
            setDialogOpen(false);
            void reload();
          }}
        />
      )}
      {view && <BomViewDialog view={view} onClose={() => setView(null)} />}
    </Card>
  );
}

/** The lines of one BOM, in line order. */
function BomLines({
  group,
  lang,
  actions,
}: {
  group: Group;
  lang: 'zh' | 'en';
  actions: (record: WireRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const lines = useQuery({
    queryKey: [...crudKey(productBom), 'lines', group.productId, group.bomVersion],
    queryFn: () => api.list({ productId: group.productId, bomVersion: group.bomVersion, size: 1000 }),
  });
  const columns: TableColumnsType<WireRecord> = [
    ...LINE_FIELDS.map((field) => ({
      key: field.name,
      title: field.label[lang],
      width: field.name === 'componentName' || field.name === 'componentSpec' ? 160 : 110,
      ellipsis: true,
      render: (_v: unknown, record: WireRecord) => {
        const value = record[textKey(field.name, field)];
        return field.percent ? percentText(value) : value === null || value === undefined ? '' : String(value);
      },
    })),
    { key: 'actions', title: t('crud.actions'), width: 240, fixed: 'right' as const, render: (_v, r) => actions(r) },
  ];
  return (
    <Table<WireRecord>
      rowKey="id"
      size="small"
      bordered
      pagination={false}
      loading={lines.isPending}
      columns={columns}
      dataSource={lines.data?.records ?? []}
      scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
    />
  );
}
