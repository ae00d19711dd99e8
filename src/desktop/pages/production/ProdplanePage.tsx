import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAN_RELEASE, PLAN_STATUS, prodplane } from '../../../shared/entities/production/prodplane.ts';
import { CrudDialog, type DialogState } from '../../components/crud/CrudDialog.tsx';
import { crudKey, entityApi } from '../../components/crud/crud-api.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { CrudToolbar } from '../../components/crud/CrudToolbar.tsx';
import { useConfirmDelete } from '../../components/crud/use-confirm-delete.ts';
import { fieldsForMode, formFields } from '../../components/crud/fields.ts';
import { PAGE_SIZES, useCrudRows } from '../../components/crud/use-crud-rows.ts';
import { DimensionSearchBar, monthsOf } from '../../components/grid/DimensionSearchBar.tsx';
import { MonthlyGrid, type GridRow, type MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import { fullYearTotals } from '../../components/grid/monthly-grid.ts';
import { usePermission } from '../../permission.ts';

type Query = Record<string, string | number>;

/** What a row in each status still takes (domain/production.md § prodplane; the server holds the same rule). */
const OPEN_BY_STATUS: Record<string, readonly string[]> = {
  [PLAN_STATUS.draft]: ['amount', 'actual'],
  [PLAN_STATUS.released]: ['actual'],
};

/** The product-row grid (budget.md §2): part, company, customer, project, unit; 计划/实际 per month; the totals. */
const gridOf = (canEdit: boolean): MonthlyGridConfig => ({
  captions: [
    { key: 'productNo', label: prodplane.fields.productNo.label, width: 130 },
    { key: 'productName', label: prodplane.fields.productName.label, width: 130 },
    { key: 'orgName', label: prodplane.fields.orgId.label, scrolls: true },
    { key: 'customerName', label: prodplane.fields.customerName.label, scrolls: true },
    { key: 'project', label: prodplane.fields.project.label, scrolls: true },
    { key: 'unit', label: prodplane.fields.unit.label, width: 80, scrolls: true },
    { key: 'planStatusName', label: prodplane.fields.planStatus.label, width: 90, scrolls: true },
  ],
  months: [
    { key: 'amount', prefix: 'amount', label: { zh: '计划', en: 'Plan' } },
    { key: 'actual', prefix: 'actual', label: { zh: '实际', en: 'Actual' } },
  ],
  totals: fullYearTotals(prodplane.fields),
  editable: (row) => (canEdit ? (OPEN_BY_STATUS[String(row.planStatus)] ?? []) : []),
});

/** Fields a released plan's edit dialog shows but does not take: all but its actuals and remarks. */
const releasedLocks = Object.keys(prodplane.fields).filter((name) => !/^actual\d+$|^remark$/.test(name));

/**
 * 生产计划 (domain/production.md § prodplane): the year's plans in the monthly grid, edited in place within what
 * each status allows, with the dimension search, the add/edit/view dialog of the shared CRUD page and the status
 * buttons 下达 / 撤回 / 关闭.
 */
export default function ProdplanePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const api = entityApi(prodplane);
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<(DialogState & { locked?: string[] }) | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const list = useCrudRows(prodplane, { mode: 'paged', action: 'list', query, page });
  const reload = () => queryClient.invalidateQueries({ queryKey: crudKey(prodplane) });

  const confirmDelete = useConfirmDelete(api.remove, async () => {
    setSelected([]);
    await reload();
  });
  // 下达 / 撤回 / 关闭: an edit of the status alone, after a confirmation.
  const setStatus = (row: GridRow, planStatus: string, confirm: string) =>
    modal.confirm({
      title: t('common.tip'),
      content: t(confirm),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        // A refusal has been shown by the interceptor; the row stays as it was.
        const saved = await api.submit({ id: row.id, planStatus }).catch(() => undefined);
        if (saved) void message.success(t('common.updateSuccess'));
        await reload();
      },
    });
  const open = (state: DialogState & { locked?: string[] }) => {
    setDialog(state);
    setDialogOpen(true);
  };
  const search = (next: Query) => {
    setQuery(next);
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };

  const canEdit = can(`${prodplane.code}_edit`);
  const canRelease = can(PLAN_RELEASE);
  const config = gridOf(canEdit);
  const rowButtons = (row: GridRow) => {
    const status = String(row.planStatus);
    const button = (key: string, label: string, onClick: () => void, danger = false) => (
      <Button key={key} type="link" size="small" danger={danger} onClick={onClick}>
        {t(label)}
      </Button>
    );
    return (
      <Space size={0} className="tenon-row-actions">
        {can(`${prodplane.code}_view`) && button('view', 'common.view', () => open({ mode: 'view', id: row.id }))}
        {canEdit &&
          status !== PLAN_STATUS.closed &&
          button('edit', 'common.edit', () =>
            open({ mode: 'edit', id: row.id, locked: status === PLAN_STATUS.released ? releasedLocks : [] }),
          )}
        {canRelease &&
          status === PLAN_STATUS.draft &&
          button('release', 'crud.prodplane.release', () =>
            setStatus(row, PLAN_STATUS.released, 'crud.prodplane.releaseConfirm'),
          )}
        {canRelease &&
          status === PLAN_STATUS.released &&
          button('withdraw', 'crud.prodplane.withdraw', () =>
            setStatus(row, PLAN_STATUS.draft, 'crud.prodplane.withdrawConfirm'),
          )}
        {canEdit &&
          status === PLAN_STATUS.released &&
          button('close', 'crud.prodplane.close', () =>
            setStatus(row, PLAN_STATUS.closed, 'crud.prodplane.closeConfirm'),
          )}
        {can(`${prodplane.code}_delete`) &&
          status !== PLAN_STATUS.closed &&
          button('delete', 'common.delete', () => confirmDelete([row.id]), true)}
      </Space>
    );
  };

  const dialogFields = fieldsForMode(formFields(prodplane, undefined, dialog?.mode === 'view'), dialog?.mode);
  const data = list.page;
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      <DimensionSearchBar entity={prodplane} lang={lang} onSearch={search} />
      <CrudToolbar
        onAdd={can(`${prodplane.code}_add`) ? () => open({ mode: 'add' }) : undefined}
        onDelete={can(`${prodplane.code}_delete`) ? () => confirmDelete(selected) : undefined}
        selected={selected.length}
        onReload={() => void reload()}
      />
      <MonthlyGrid
        config={config}
        rows={list.rows as GridRow[]}
        lang={lang}
        loading={list.fetching}
        months={monthsOf(query.searchMonth)}
        onSave={async (row, changes) => {
          const saved = await api.submit({ id: row.id, ...changes });
          void reload();
          return saved;
        }}
        actions={{ width: 230, render: rowButtons }}
        indexStart={(page.current - 1) * page.size + 1}
        selection={{ selected, onChange: setSelected }}
        paging={{ ...page, total: data?.total ?? 0, onPage: setPage }}
      />
      {dialog && (
        <CrudDialog
          entity={prodplane}
          lang={lang}
          state={dialog}
          fields={dialogFields}
          locked={dialog.locked}
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
    </Card>
  );
}
