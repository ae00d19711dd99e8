import { useEffect, useState } from 'react';
import { App, Button, Card, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { usePermission } from '../../permission.ts';
import { CrudDialog, type DialogState } from './CrudDialog.tsx';
import { crudKey, entityApi } from './crud-api.ts';
import { crudCss } from './crud-css.ts';
import { columnWidth, listFields, type CrudContext, type CrudField, type CrudOptions, type WireRecord } from './fields.ts';
import { SearchBar } from './SearchBar.tsx';

/** Spec §9: page sizes 10/30/50/100/200, default 10, from page 1. */
export const PAGE_SIZES = [10, 30, 50, 100, 200];
const DEFAULT_DIALOG_WIDTH = 800;

type Query = Record<string, string | number>;

function cellText(field: CrudField, record: WireRecord, yesNo: [string, string]): string {
  const value = field.dict ? record[`${field.name}Name`] : record[field.name];
  if (field.type === 'switch' && !field.dict) return value === 1 ? yesNo[0] : yesNo[1];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The one list screen of a plain entity, driven by its definition: search bar, paged table with multi-select,
 * add / edit / view dialogs and delete, each button shown by the session's `<code>_<verb>` permission.
 */
export function CrudPage({ entity, options = {} }: { entity: EntityDef; options?: CrudOptions }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const api = entityApi(entity);
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const fixed = options.query;
  const list = useQuery({
    queryKey: [...crudKey(entity), 'list', page.current, page.size, query, fixed],
    queryFn: () => api.list({ current: page.current, size: page.size, ...query, ...fixed }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: crudKey(entity) });
  const context: CrudContext = { selected, reload };
  const remove = useMutation({
    mutationFn: api.remove,
    onSuccess: async () => {
      void message.success(t('common.deleteSuccess'));
      setSelected([]);
      await reload();
    },
  });

  // Deleting the last rows of the last page leaves an empty page: step back to the new last one.
  const data = list.data;
  useEffect(() => {
    if (data && data.records.length === 0 && data.total > 0 && page.current > 1) {
      setPage((p) => ({ ...p, current: Math.max(1, Math.ceil(data.total / p.size)) }));
    }
  }, [data, page.current]);

  // The screen's own parameters changed (another dept picked): back to page 1 with nothing ticked.
  const fixedKey = JSON.stringify(fixed ?? {});
  useEffect(() => {
    setPage((p) => (p.current === 1 ? p : { ...p, current: 1 }));
    setSelected([]);
  }, [fixedKey]);

  const search = (next: Query) => {
    setQuery(next);
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const confirmDelete = (ids: string[]) => {
    if (ids.length === 0) { void message.warning(t('common.selectOne')); return; }
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });
  };
  const openDialog = (state: DialogState) => { setDialog(state); setDialogOpen(true); };

  const code = entity.code;
  const rowActions = [
    !options.hideView && can(`${code}_view`) ? 'view' : undefined,
    can(`${code}_edit`) ? 'edit' : undefined,
    can(`${code}_delete`) ? 'delete' : undefined,
  ].filter((a): a is 'view' | 'edit' | 'delete' => Boolean(a));
  const ownActions = (options.rowActions ?? []).filter((action) => can(action.permission));
  const actionCount = rowActions.length + ownActions.length;
  const yesNo: [string, string] = [t('common.yes'), t('common.no')];
  const columns: TableColumnsType<WireRecord> = [
    {
      key: '#', title: t('crud.index'), width: 64, align: 'center', fixed: 'left',
      render: (_value, _record, index) => (page.current - 1) * page.size + index + 1,
    },
    ...listFields(entity).map((field) => ({
      key: field.name,
      dataIndex: field.dict ? `${field.name}Name` : field.name,
      title: field.label[lang],
      width: columnWidth(field),
      ellipsis: { showTitle: true },
      render: (_value: unknown, record: WireRecord) => cellText(field, record, yesNo),
    })),
  ];
  if (actionCount) {
    columns.push({
      key: 'actions', title: t('crud.actions'), fixed: 'right',
      width: 56 * rowActions.length + ownActions.reduce((sum, action) => sum + 16 + 14 * t(action.label).length, 0) + 24,
      render: (_value, record) => (
        <Space size={0}>
          {rowActions.map((action) => (
            <Button
              key={action}
              type="link"
              size="small"
              danger={action === 'delete'}
              onClick={() => (action === 'delete' ? confirmDelete([record.id]) : openDialog({ mode: action, id: record.id }))}
            >
              {t(`common.${action}`)}
            </Button>
          ))}
          {ownActions.map((action) => (
            <Button key={action.key} type="link" size="small" danger={action.danger} onClick={() => action.onClick(record, context)}>
              {t(action.label)}
            </Button>
          ))}
        </Space>
      ),
    });
  }

  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      <SearchBar entity={entity} lang={lang} onSearch={search} />
      <div className="tenon-crud-toolbar">
        <Space>
          {can(`${code}_add`) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog({ mode: 'add' })}>{t('common.add')}</Button>
          )}
          {can(`${code}_delete`) && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>{t('common.delete')}</Button>
          )}
          {options.toolbar?.(context)}
          {selected.length > 0 && <span className="tenon-crud-selected">{t('crud.selected', { count: selected.length })}</span>}
        </Space>
        <Tooltip title={t('common.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void reload()} />
        </Tooltip>
      </div>
      <Table<WireRecord>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: columns.reduce((sum, column) => sum + (Number(column.width) || 0), 48) }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), fixed: true }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
        onChange={(pagination) => setPage({ current: pagination.current ?? 1, size: pagination.pageSize ?? PAGE_SIZES[0] })}
      />
      {dialog && (
        <CrudDialog
          entity={entity}
          lang={lang}
          state={dialog}
          open={dialogOpen}
          width={options.dialogWidth ?? DEFAULT_DIALOG_WIDTH}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
          onSaved={() => { setDialogOpen(false); void reload(); }}
        />
      )}
    </Card>
  );
}
