import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mineKey, rowToneOf, stateAllows, textKey, type EntityDef } from '../../../shared/entities/define.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { usePermission } from '../../permission.ts';
import { CELL_PADDING, fitHeader, rowButtonWidth, tagWidth } from '../table-width.ts';
import { TOUCH_POINTER, useMediaQuery } from '../use-media-query.ts';
import { CrudDialog, type DialogState } from './CrudDialog.tsx';
import { CrudToolbar } from './CrudToolbar.tsx';
import { useConfirmDelete } from './use-confirm-delete.ts';
import { ExcelButtons } from './ExcelButtons.tsx';
import { crudKey, entityApi } from './crud-api.ts';
import { crudCss } from './crud-css.ts';
import {
  canHoldChildren,
  childValues,
  columnWidth,
  fieldsForMode,
  formFields,
  listFields,
  parentField,
  type CrudContext,
  type CrudField,
  type CrudOptions,
  type RowAction,
  type WireRecord,
} from './fields.ts';
import { SearchBar } from './SearchBar.tsx';
import { cell, PageRow, SumsRow } from './table-cells.tsx';
import { listModeOf, PAGE_SIZES, useCrudRows } from './use-crud-rows.ts';
import { EXACT_TOTAL } from '../../../shared/contract/page.ts';
import { useFillHeight } from './use-fill-height.ts';

export { PAGE_SIZES };
const DEFAULT_DIALOG_WIDTH = 800;
/** The fold button of a tree row and two levels of indent. */
const TREE_INDENT = 40;

type Query = Record<string, string | number>;

/** The lead columns first, in their order, then the others as listed. */
function leadFirst(fields: CrudField[], lead: readonly string[]): CrudField[] {
  const first = lead.map((name) => fields.find((f) => f.name === name)).filter((f): f is CrudField => Boolean(f));
  return [...first, ...fields.filter((f) => !first.includes(f))];
}

/** `10,000+ 条` in the pager, and the button that counts every matching row. */
function CountAll({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="tenon-crud-count-all">
      {label}
      <Button type="link" size="small" onClick={onClick}>
        {t('crud.countAll')}
      </Button>
    </span>
  );
}

type RowVerb = 'view' | 'edit' | 'delete' | 'addChild';
const ACTION_ICONS: Record<RowVerb, ReactNode> = {
  view: <EyeOutlined />,
  edit: <EditOutlined />,
  delete: <DeleteOutlined />,
  addChild: <PlusSquareOutlined />,
};

/**
 * The one list screen of a plain entity, driven by its definition: search bar, paged table with multi-select,
 * add / edit / view dialogs and delete, each button shown by the session's `<code>_<verb>` permission. A tree
 * entity's rows are a tree table (whole, or level by level with `lazy`) with 新增子项 and a parent picker.
 */
export function CrudPage({ entity, options = {} }: { entity: EntityDef; options?: CrudOptions }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const api = entityApi(entity);
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  // Past the server's count cap the user may ask for the exact total and sums (they read every matching row).
  const [exactTotal, setExactTotal] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const touch = useMediaQuery(TOUCH_POINTER);

  const mode = listModeOf(entity, options);
  const paged = mode === 'paged';
  const treeMode = !paged && Boolean(entity.tree);
  const fixed = options.query;
  const list = useCrudRows(entity, {
    mode,
    action: options.source?.action ?? 'list',
    query: exactTotal ? { ...query, [EXACT_TOTAL]: '1' } : query,
    fixed,
    page,
  });
  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: crudKey(entity) }),
      // Other screens' lists may show this entity's names or counts (a line's 工位数): fetched again when next shown.
      queryClient.invalidateQueries({ queryKey: crudKey(entity).slice(0, 2), refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY, 'parent-tree'] }),
    ]);
  };
  const context: CrudContext = {
    selected,
    selectedRows: list.rows.filter((row) => selected.includes(row.id)),
    reload,
    query: { ...query, ...fixed },
  };
  // A search the server refuses (its message toasted) goes back to the last one it answered, rows and page with it;
  // the search bar keeps what was typed, to be corrected.
  const lastAnswered = useRef({ query, page });
  useEffect(() => {
    if (list.answered) lastAnswered.current = { query, page };
    else if (list.refused) {
      setQuery(lastAnswered.current.query);
      setPage(lastAnswered.current.page);
    }
  }, [list.answered, list.refused, query, page]);

  // Deleting the last rows of the last page leaves an empty page: step back to the new last one.
  const data = list.page;
  useEffect(() => {
    if (paged && data && data.records.length === 0 && data.total > 0 && page.current > 1) {
      setPage((p) => ({ ...p, current: Math.max(1, Math.ceil(data.total / p.size)) }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new page size is no new page number
  }, [paged, data, page.current]);

  // The screen's own parameters changed (another dept picked): back to page 1 with nothing ticked.
  const fixedKey = JSON.stringify(fixed ?? {});
  // Unchanged state when there is nothing to undo: on mount, a new empty list would draw every row a second time.
  useEffect(() => {
    setPage((p) => (p.current === 1 ? p : { ...p, current: 1 }));
    setSelected((ticked) => (ticked.length ? [] : ticked));
  }, [fixedKey]);

  const fill = useFillHeight(options.calcHeight, paged, list.rows.length > 0);

  const search = (next: Query) => {
    // 搜索 asks the server again even when nothing in the form changed (rows written since, e.g. a log's batch); a
    // changed search is a new query key and is fetched anyway.
    if (JSON.stringify(next) === JSON.stringify(query) && page.current === 1 && !exactTotal)
      void queryClient.invalidateQueries({ queryKey: crudKey(entity) });
    setQuery(next);
    setExactTotal(false);
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const confirmDelete = useConfirmDelete(api.remove, async () => {
    setSelected([]);
    await reload();
  });
  const openDialog = (state: DialogState) => {
    setDialog(state);
    setDialogOpen(true);
  };
  const saved = () => {
    setDialogOpen(false);
    // A new child shows under its opened parent.
    const parentId = dialog?.mode === 'add' ? dialog.values?.parentId : undefined;
    if (treeMode && typeof parentId === 'string' && !list.expanded.includes(parentId))
      list.setExpanded([...list.expanded, parentId]);
    void reload();
  };

  const code = entity.code;
  const rowActions = [
    treeMode && can(`${code}_add`) ? 'addChild' : undefined,
    !options.hideView && can(`${code}_view`) ? 'view' : undefined,
    can(`${code}_edit`) ? 'edit' : undefined,
    can(`${code}_delete`) ? 'delete' : undefined,
  ].filter((a): a is RowVerb => Boolean(a));
  // The row's state as the server's rules read it (a posted movement is neither changed nor deleted), then the
  // screen's own rule (a claim sent for approval).
  const editable = (record: WireRecord) => options.rowEditable?.(record) ?? stateAllows(entity, record, 'edit');
  const offers = (action: RowVerb, record: WireRecord) =>
    action === 'addChild'
      ? canHoldChildren(entity, record)
      : action === 'view' || (editable(record) && (action !== 'delete' || stateAllows(entity, record, 'delete')));
  const rowAction = (action: RowVerb, record: WireRecord) => {
    if (action === 'delete') confirmDelete([record.id]);
    else if (action === 'addChild') openDialog({ mode: 'add', values: childValues(entity, record) });
    else openDialog({ mode: action, id: record.id });
  };
  const ownActions: RowAction[] = [
    ...(options.rowActions ?? []).filter((action) => !action.permission || can(action.permission)),
    // The definition's partial edits (a project manager's 更新阶段), each behind its button.
    ...Object.entries(entity.edits ?? {})
      .filter(([, edit]) => can(edit.button))
      .map(([name, edit]) => ({
        key: name,
        text: edit.label[lang],
        // A `mine` edit without the full edit right: on the rows the caller answers for (the server marks them).
        visible: edit.mine && !can(`${code}_edit`) ? (record: WireRecord) => record[mineKey(name)] === true : undefined,
        onClick: (record: WireRecord) => openDialog({ mode: 'edit', id: record.id, edit: name }),
      })),
  ];
  const actionText = (action: RowAction) => action.text ?? t(action.label ?? '');
  const actionLabel = (action: RowVerb) => t(action === 'addChild' ? 'crud.tree.addChild' : `common.${action}`);
  const compact = Boolean(options.compactActions);
  const actionsWidth = fitHeader(
    CELL_PADDING +
      rowActions.reduce((sum, action) => sum + rowButtonWidth(compact ? undefined : actionLabel(action), touch), 0) +
      // An action shown on some rows only (审核 of an account awaiting approval) takes room where a row shows it.
      ownActions
        .filter((action) => !action.visible || (data?.records ?? []).some((record) => action.visible!(record)))
        .reduce((sum, action) => sum + rowButtonWidth(actionText(action), touch), 0),
    t('crud.actions'),
  );
  const yesNo: [string, string] = [t('common.yes'), t('common.no')];
  const lead = options.leadColumns ?? [];
  const shownFields = listFields(entity, [...(options.hideFields ?? []), ...(options.hideColumns ?? [])]);
  // Scrolled sideways, the first columns stay to name the row and the 操作 column stays at the right edge, at every
  // desktop width: on a tablet (820 px) 查看/修改/删除 would otherwise be a long swipe away (issue 31).
  const columns: TableColumnsType<WireRecord> = [
    {
      key: '#',
      title: t('crud.index'),
      width: fitHeader(compact ? 48 : 56, t('crud.index')),
      align: 'center',
      fixed: 'left',
      render: (_value, _record, index) => (paged ? (page.current - 1) * page.size : 0) + index + 1,
    },
    ...leadFirst(shownFields, lead).map((field, index) => ({
      key: field.name,
      dataIndex: textKey(field.name, field),
      title: field.label[lang],
      // A tree's first column also holds the fold button and each level's indent.
      width: fitHeader(
        Math.max(
          columnWidth(field) + (index === 0 && treeMode ? TREE_INDENT : 0),
          tagWidth(options.cellTexts?.[field.name]),
        ),
        field.label[lang],
      ),
      fixed: index < Math.max(lead.length, 1) ? ('left' as const) : undefined,
      ellipsis: { showTitle: true },
      render: (_value: unknown, record: WireRecord) =>
        options.cells?.[field.name]?.(record) ?? cell(field, record, yesNo),
    })),
  ];
  if (!options.hideRowActions && rowActions.length + ownActions.length) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: actionsWidth,
      render: (_value, record) => (
        <Space size={0} className="tenon-row-actions">
          {rowActions
            .filter((action) => offers(action, record))
            .map((action) =>
              compact ? (
                <Tooltip key={action} title={actionLabel(action)}>
                  <Button
                    type="link"
                    size="small"
                    danger={action === 'delete'}
                    icon={ACTION_ICONS[action]}
                    aria-label={actionLabel(action)}
                    onClick={() => rowAction(action, record)}
                  />
                </Tooltip>
              ) : (
                <Button
                  key={action}
                  type="link"
                  size="small"
                  danger={action === 'delete'}
                  onClick={() => rowAction(action, record)}
                >
                  {actionLabel(action)}
                </Button>
              ),
            )}
          {ownActions
            .filter((action) => action.visible?.(record) ?? true)
            .map((action) => (
              <Button
                key={action.key}
                type="link"
                size="small"
                danger={action.danger}
                onClick={() => action.onClick(record, context)}
              >
                {actionText(action)}
              </Button>
            ))}
        </Space>
      ),
    });
  }
  // A tree whose parent follows from another field (an account's code) hides the parent picker.
  const parent = treeMode && !options.hideFields?.includes('parentId') ? parentField(entity) : undefined;
  // A double-click opens the row as its 操作 column would: for editing when the caller may, else to view.
  const doubleClickMode = !options.openOnDoubleClick
    ? undefined
    : can(`${code}_edit`)
      ? ('edit' as const)
      : can(`${code}_view`)
        ? ('view' as const)
        : undefined;
  const dialogFields = fieldsForMode(
    [...(parent ? [parent] : []), ...formFields(entity, options.hideFields, dialog?.mode === 'view')],
    dialog?.mode,
  );
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      {options.title && <div className="tenon-crud-title">{options.title}</div>}
      <SearchBar
        entity={entity}
        lang={lang}
        onSearch={search}
        hidden={options.hideFields}
        menuSpan={options.searchMenuSpan}
      />
      <CrudToolbar
        onAdd={can(`${code}_add`) ? () => openDialog({ mode: 'add', values: options.addValues }) : undefined}
        onDelete={can(`${code}_delete`) ? () => confirmDelete(selected) : undefined}
        selected={selected.length}
        onReload={() => void reload()}
      >
        {options.toolbar?.(context)}
        <ExcelButtons entity={entity} lang={lang} context={context} />
      </CrudToolbar>
      {options.above?.(context)}
      {list.offline && (
        <div className="tenon-crud-offline" role="status">
          {t('crud.offlineRows')}
        </div>
      )}
      <div ref={fill.ref}>
        <Table<WireRecord>
          rowKey="id"
          size="middle"
          bordered
          columns={columns}
          dataSource={list.rows}
          loading={list.fetching}
          scroll={{ x: columns.reduce((sum, column) => sum + (Number(column.width) || 0), 48), y: fill.height }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), fixed: true }}
          expandable={
            paged
              ? undefined
              : {
                  // The fold icon goes with the first field (the name), not the index; antd counts from the selection.
                  expandIconColumnIndex: 3,
                  expandedRowKeys: list.expanded,
                  onExpandedRowsChange: (keys) => list.setExpanded(keys.map(String)),
                }
          }
          rowClassName={(record) => {
            const tone = rowToneOf(entity, record);
            const active = options.activeRow === record.id ? 'tenon-crud-row-active' : '';
            return tone ? `${active} tenon-crud-row-${tone}`.trim() : active;
          }}
          onRow={(record) => ({
            ...(options.onRowClick
              ? { onClick: () => options.onRowClick?.(record), className: 'tenon-crud-row-link' }
              : {}),
            ...(doubleClickMode
              ? {
                  onDoubleClick: () => openDialog({ mode: editable(record) ? doubleClickMode : 'view', id: record.id }),
                }
              : {}),
          })}
          pagination={
            paged && {
              current: page.current,
              pageSize: page.size,
              total: data?.total ?? 0,
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              showQuickJumper: true,
              showTotal: (total) =>
                data?.totalCapped ? (
                  <CountAll label={t('crud.totalCapped', { total })} onClick={() => setExactTotal(true)} />
                ) : (
                  t('crud.total', { total })
                ),
            }
          }
          footer={
            options.footer && data ? () => options.footer?.(data as unknown as Record<string, unknown>) : undefined
          }
          summary={() => (
            <>
              <SumsRow
                entity={entity}
                columns={columns}
                fields={shownFields}
                page={data}
                label={t('crud.sum')}
                sumAll={() => setExactTotal(true)}
              />
              <PageRow entity={entity} columns={columns} fields={shownFields} page={data} lang={lang} yesNo={yesNo} />
            </>
          )}
          onChange={(pagination) => {
            if (paged) setPage({ current: pagination.current ?? 1, size: pagination.pageSize ?? PAGE_SIZES[0] });
          }}
        />
      </div>
      {dialog && (
        <CrudDialog
          entity={entity}
          lang={lang}
          state={dialog}
          fields={dialogFields}
          locked={options.lockedFields}
          open={dialogOpen}
          width={options.dialogWidth ?? DEFAULT_DIALOG_WIDTH}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
          onSaved={saved}
          extra={options.dialogExtra}
          controls={options.controls}
        />
      )}
    </Card>
  );
}
