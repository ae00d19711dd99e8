import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { BarChartOutlined, CopyOutlined, SnippetsOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postData } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { MONTHS, monthSum } from '../../../shared/entities/month-row.ts';
import { sumKey } from '../../../shared/contract/page.ts';
import { MonthlyBudgetChart } from '../../components/charts/BudgetCharts.tsx';
import type { MonthlySums } from '../../components/charts/chart-options.ts';
import { CrudDialog, type DialogState } from '../../components/crud/CrudDialog.tsx';
import { crudKey, entityApi } from '../../components/crud/crud-api.ts';
import { crudCss } from '../../components/crud/crud-css.ts';
import { CrudToolbar } from '../../components/crud/CrudToolbar.tsx';
import { ExcelButtons } from '../../components/crud/ExcelButtons.tsx';
import { CompanySelect } from '../../components/crud/FieldControl.tsx';
import { SearchBar } from '../../components/crud/SearchBar.tsx';
import { useConfirmDelete } from '../../components/crud/use-confirm-delete.ts';
import { fieldsForMode, formFields } from '../../components/crud/fields.ts';
import { PAGE_SIZES, useCrudRows } from '../../components/crud/use-crud-rows.ts';
import { MonthlyGrid, type GridRow, type MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import { DimensionSearchBar, monthsOf } from '../../components/grid/DimensionSearchBar.tsx';
import { ApprovalButtons, type ApprovalAction } from './ApprovalButtons.tsx';
import { BUDGET_MONTHS, fullYearTotals } from '../../components/grid/monthly-grid.ts';
import { usePermission } from '../../permission.ts';
import { pastedBudgetRows } from './pasted-rows.ts';
import { DEFAULT_LIST_ACTION, statQuery, type BudgetRowList } from './budget-queries.ts';
import { validated } from '../../components/validated.ts';

type Query = Record<string, string | number>;

/** The monthly budget row's grid (budget.md §1): account and caption fixed, then 预算/实际/完成率 a month, the year. */
export const gridOf = (entity: EntityDef, editable: boolean): MonthlyGridConfig => ({
  captions: [
    { key: 'subject', label: entity.fields.subject.label, width: 100 },
    { key: 'title', label: entity.fields.title.label, width: 140 },
    { key: 'orgName', label: entity.fields.orgId.label, width: 120, scrolls: true },
  ],
  months: BUDGET_MONTHS,
  totals: fullYearTotals(entity.fields),
  editable: () => (editable ? ['amount', 'actual'] : []),
});

/**
 * A screen of monthly budget rows maintained directly (budget.md §1, §5.4 财务预算): the rows in the monthly grid,
 * edited in place, the add/edit/view dialog of the CRUD page, and, where the entity has them, 批量保存 (rows pasted
 * from Excel, saved all or nothing) and 复制到下一年.
 */
export interface BudgetRowOptions extends BudgetRowList {
  entity: EntityDef;
  /** The entity's own columns added to the monthly row's (a difference's part number and its year's difference). */
  grid?: (config: MonthlyGridConfig) => MonthlyGridConfig;
  /** The 图表 button: budget vs actual by month over every row the search selects, from these sums (in SQL). */
  chartSums?: (query: Query) => Promise<MonthlySums>;
  /** The grid's columns when the rows are no account rows (a product row, budget.md §2). */
  columns?: MonthlyGridConfig;
  /** What new rows start with (the labour screen's budget type 2, as it always filters). */
  preset?: Record<string, unknown>;
  /**
   * Rows written through the entity's own routes instead of `submit` (inventorybudget's batches): a new row, and a
   * row's changes with its id (the dialog's or the grid's cells).
   */
  writes?: {
    add: (row: Record<string, unknown>) => Promise<unknown>;
    edit: (row: Record<string, unknown>) => Promise<unknown>;
  };
  /** The 隐藏全零行 switch, on at first (budget.md §5.5: nothing is deleted, a row entered by mistake is zeroed). */
  hideEmpty?: boolean;
  /** Toolbar buttons of `approval` on the selected rows, and the request body of an action. */
  approval?: {
    actions: readonly ApprovalAction[];
    body: (ids: string, action: string, opinion: string) => Record<string, unknown>;
  };
  /** The month prefixes a row takes in the grid and whether its edit button shows (locked by its state: none). */
  open?: (row: GridRow) => readonly string[];
  /** The row menu's view and delete (an entity without detail/remove has neither; edit works from the list row). */
  rowMenu?: { view: boolean; delete: boolean; fromList?: boolean };
}

export function BudgetRowPage({
  entity,
  grid = (config) => config,
  chartSums,
  listAction = DEFAULT_LIST_ACTION,
  columns,
  fixed,
  preset,
  stat,
  dimension,
  writes,
  hideEmpty,
  approval,
  open: openCells,
  rowMenu = { view: true, delete: true },
}: BudgetRowOptions) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = usePermission();
  const api = entityApi(entity);
  const code = entity.code;
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [batch, setBatch] = useState<'paste' | 'copy' | null>(null);
  const [emptyHidden, setEmptyHidden] = useState(true);
  const list = useCrudRows(entity, { mode: 'paged', action: listAction, query, fixed, page });
  const summary = useQuery({
    ...statQuery(entity, stat || true, query, fixed),
    placeholderData: keepPreviousData,
    enabled: Boolean(stat),
  });
  const editableCells = (row: GridRow): readonly string[] =>
    can(`${code}_edit`) ? (openCells?.(row) ?? ['amount', 'actual']) : [];
  const [chartOpen, setChartOpen] = useState(false);
  const chart = useQuery({
    queryKey: [...crudKey(entity), 'chart', query, fixed],
    queryFn: () => chartSums!({ ...query, ...fixed }),
    enabled: chartOpen && chartSums !== undefined,
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: crudKey(entity) });
  const confirmDelete = useConfirmDelete(api.remove, async () => {
    setSelected([]);
    await reload();
  });
  const open = (state: DialogState) => {
    setDialog(state);
    setDialogOpen(true);
  };
  const search = (next: Query) => {
    setQuery(next);
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const rowButtons = (row: GridRow) => (
    <Space size={0} className="tenon-row-actions">
      {rowMenu.view && can(`${code}_view`) && (
        <Button
          type="link"
          size="small"
          onClick={() => open({ mode: 'view', id: row.id, ...(rowMenu.fromList ? { record: row } : {}) })}
        >
          {t('common.view')}
        </Button>
      )}
      {editableCells(row).length > 0 && (
        <Button
          type="link"
          size="small"
          onClick={() => open({ mode: 'edit', id: row.id, ...(rowMenu.fromList ? { record: row } : {}) })}
        >
          {t('common.edit')}
        </Button>
      )}
      {rowMenu.delete && can(`${code}_delete`) && (
        <Button type="link" size="small" danger onClick={() => confirmDelete([row.id])}>
          {t('common.delete')}
        </Button>
      )}
    </Space>
  );
  const dialogFields = fieldsForMode(formFields(entity, undefined, dialog?.mode === 'view'), dialog?.mode);
  const year = Number(query.year) || new Date().getFullYear();
  return (
    <Card className="tenon-crud" variant="borderless">
      <style>{crudCss}</style>
      {dimension ? (
        <DimensionSearchBar entity={entity} lang={lang} onSearch={search} plain={dimension === 'plain'} />
      ) : (
        <SearchBar entity={entity} lang={lang} onSearch={search} />
      )}
      <CrudToolbar
        onAdd={can(`${code}_add`) ? () => open({ mode: 'add', values: preset }) : undefined}
        onDelete={rowMenu.delete && can(`${code}_delete`) ? () => confirmDelete(selected) : undefined}
        selected={selected.length}
        onReload={() => void reload()}
      >
        {approval && (
          <ApprovalButtons
            entity={entity}
            actions={approval.actions}
            selected={selected}
            body={approval.body}
            onDone={() => {
              setSelected([]);
              void reload();
            }}
          />
        )}
        {can(`${code}_batchsave`) && (
          <Button icon={<SnippetsOutlined />} onClick={() => setBatch('paste')}>
            {t('crud.budget.batchSave')}
          </Button>
        )}
        {can(`${code}_batchcopy`) && (
          <Button icon={<CopyOutlined />} onClick={() => setBatch('copy')}>
            {t('crud.budget.copyNextYear')}
          </Button>
        )}
        <ExcelButtons
          entity={entity}
          lang={lang}
          context={{
            selected,
            selectedRows: list.rows.filter((row) => selected.includes(row.id)),
            reload,
            query: { ...query, ...fixed },
          }}
        />
        {hideEmpty && (
          <Space size={4}>
            <Switch
              size="small"
              checked={emptyHidden}
              onChange={setEmptyHidden}
              aria-label={t('crud.budget.hideEmpty')}
            />
            {t('crud.budget.hideEmpty')}
          </Space>
        )}
        {chartSums && (
          <Button
            icon={<BarChartOutlined />}
            type={chartOpen ? 'primary' : 'default'}
            aria-pressed={chartOpen}
            onClick={() => setChartOpen((open) => !open)}
          >
            {t('crud.chart.toggle')}
          </Button>
        )}
      </CrudToolbar>
      {chartOpen && <MonthlyBudgetChart sums={chart.data} loading={chart.isFetching} />}
      <MonthlyGrid
        config={{ ...grid(columns ?? gridOf(entity, true)), editable: editableCells }}
        hideEmpty={hideEmpty && emptyHidden}
        months={dimension ? monthsOf(query.searchMonth) : undefined}
        summary={stat ? summary.data : listSummary(entity, list.page)}
        rows={list.rows as GridRow[]}
        lang={lang}
        loading={list.fetching}
        onSave={async (row, changes) => {
          if (!writes) {
            const saved = await api.submit({ id: row.id, ...changes });
            void reload();
            return saved;
          }
          // The batch answers a count: the rows read again bring the saved totals.
          await writes.edit({ id: row.id, ...changes });
          void reload();
          return { ...row, ...changes };
        }}
        actions={{ width: 170, render: rowButtons }}
        indexStart={(page.current - 1) * page.size + 1}
        selection={{ selected, onChange: setSelected }}
        paging={{ ...page, total: list.page?.total ?? 0, onPage: setPage }}
      />
      {dialog && (
        <CrudDialog
          entity={entity}
          lang={lang}
          state={dialog}
          fields={dialogFields}
          open={dialogOpen}
          width={900}
          save={writes && (dialog.mode === 'add' ? writes.add : writes.edit)}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
          onSaved={() => {
            setDialogOpen(false);
            void reload();
          }}
        />
      )}
      <BatchDialog
        kind={batch}
        entity={entity}
        lang={lang}
        year={year}
        orgId={query.orgId === undefined ? undefined : String(query.orgId)}
        onClose={() => setBatch(null)}
        onDone={(text) => {
          setBatch(null);
          void message.success(text);
          void reload();
        }}
      />
    </Card>
  );
}

/**
 * 批量保存: a year, a company and rows pasted from Excel (科目代码, 科目名称, 1月..12月预算), saved all or nothing;
 * 复制到下一年: a year (and a company) copied, what the next year has already skipped.
 */
function BatchDialog({
  kind,
  entity,
  lang,
  year,
  orgId,
  onClose,
  onDone,
}: {
  kind: 'paste' | 'copy' | null;
  entity: EntityDef;
  lang: 'zh' | 'en';
  year: number;
  orgId?: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ year: number; orgId?: string; rows?: string }>();
  const [busy, setBusy] = useState(false);
  const base = `/api/${entity.service}/${entity.name}`;
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    setBusy(true);
    try {
      if (kind === 'copy') {
        const done = await postData<{ copied: number; skipped: number }>(`${base}/batchcopy`, {
          year: values.year,
          ...(values.orgId ? { orgId: values.orgId } : {}),
        });
        onDone(t('crud.budget.copied', { year: values.year + 1, copied: done.copied, skipped: done.skipped }));
      } else {
        const rows = pastedBudgetRows(values.rows ?? '').map((row) => ({
          ...row,
          year: values.year,
          orgId: values.orgId,
        }));
        const done = await postData<{ inserted: number; updated: number }>(`${base}/batchsave`, rows);
        onDone(t('crud.budget.saved', { count: done.inserted + done.updated }));
      }
    } catch {
      // The refusal (第N行：…) has been shown; what was pasted stays to be corrected.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={kind !== null}
      title={t(kind === 'copy' ? 'crud.budget.copyNextYear' : 'crud.budget.batchSave')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={kind === 'copy' ? 480 : 760}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ year, orgId }}>
        <Form.Item
          name="year"
          label={t(kind === 'copy' ? 'crud.budget.fromYear' : 'crud.budget.year')}
          rules={[{ required: true, message: t('crud.budget.yearRequired') }]}
        >
          <InputNumber min={2000} max={2098} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="orgId"
          label={entity.fields.orgId.label[lang]}
          rules={kind === 'paste' ? [{ required: true, message: t('crud.budget.companyRequired') }] : []}
        >
          <CompanySelect field={{ ...entity.fields.orgId, name: 'orgId' }} lang={lang} />
        </Form.Item>
        {kind === 'paste' && (
          <Form.Item
            name="rows"
            label={t('crud.budget.pasteLabel')}
            extra={t('crud.budget.pasteHint', { months: MONTHS.length })}
            rules={[{ required: true, message: t('crud.budget.pasteRequired') }]}
          >
            <Input.TextArea rows={10} spellCheck={false} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * The 合计 row of an entity without a stat route whose list answers it (budget.md §1): the row beside the page
 * (`pageRow`: expensesituation's `sum`, budgetsituation/stat's object), or each month's Σ (`sums`), over every
 * filtered row, not the page alone. A count past the cap answers no sums: the row then shows none rather than the
 * page's. Undefined where the list answers neither (the grid sums its rows).
 */
export function listSummary(entity: EntityDef, page: object | undefined): Record<string, unknown> | undefined {
  const sums = entity.sums ?? [];
  const totals = page as Record<string, unknown> | undefined;
  const row = entity.pageRow && totals?.[entity.pageRow.key];
  if (row && typeof row === 'object') return row as Record<string, unknown>;
  if (!totals || !sums.length) return undefined;
  if (totals.totalCapped) return {};
  const summary: Record<string, unknown> = Object.fromEntries(sums.map((field) => [field, totals[sumKey(field)]]));
  for (const prefix of ['amount', 'actual'])
    if (sums.includes(`${prefix}1`))
      summary[`total${prefix[0].toUpperCase()}${prefix.slice(1)}`] = monthSum(summary, prefix);
  return summary;
}
