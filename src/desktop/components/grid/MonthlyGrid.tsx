import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { App, InputNumber, Table, type TableColumnsType } from 'antd';
import { PAGE_SIZES } from '../crud/use-crud-rows.ts';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRate } from '../../../client/format.ts';
import { MONTHS, monthLabel, numberOf } from '../../../shared/entities/month-row.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import {
  actualWithoutBudget,
  columnWidth,
  editableCells,
  finishOf,
  isBlock,
  isEmptyRow,
  monthKey,
  pastedNumbers,
  summaryOf,
  type GridRow,
  type MonthlyGridConfig,
} from './monthly-grid.ts';

export type { GridRow, MonthlyGridConfig } from './monthly-grid.ts';

const gridCss = `
.tenon-grid .ant-table-thead > tr > th { overflow-wrap: normal; word-break: keep-all; text-align: center; }
.tenon-grid-cell { min-height: 22px; text-align: right; white-space: nowrap; }
.tenon-grid-cell.is-editable { cursor: text; border-bottom: 1px dashed var(--ant-color-border); }
.tenon-grid-cell.is-editable:hover { background: var(--ant-color-primary-bg); }
.tenon-grid-cell.is-zero-budget { color: #fa8c16; }
.tenon-grid-cell.is-over { color: var(--ant-color-error); }
.tenon-grid .ant-input-number, .tenon-grid .ant-select { width: 100%; }
.tenon-grid .ant-table-summary td { font-weight: 600; }
`;

interface Props {
  config: MonthlyGridConfig;
  rows: GridRow[];
  lang: Lang;
  loading?: boolean;
  /** The months shown (a searched month range); all twelve by default. */
  months?: readonly number[];
  /**
   * Writes a row's changed cells (the server's `submit` with the row's id); resolves with the saved row (its new
   * totals), rejects when refused (the refusal's message has been shown): the cells show the old values again.
   */
  onSave?: (row: GridRow, changes: Record<string, unknown>) => Promise<GridRow>;
  /** The operations column on the right. */
  actions?: { width: number; render: (row: GridRow) => ReactNode };
  /** The number of the first row (a later page). */
  indexStart?: number;
  selection?: { selected: string[]; onChange: (ids: string[]) => void };
  /** A page of the rows (a paged list): the grid shows the pager with the list's sizes and 共 N 条. */
  paging?: { current: number; size: number; total: number; onPage: (page: { current: number; size: number }) => void };
  /**
   * The 合计 row from the entity's stat endpoint; summed over the rows shown otherwise. A full-year value it does not
   * answer is left blank, a completion worked out from its sums.
   */
  summary?: Record<string, unknown>;
  scrollY?: number;
  /** Rows whose every month value is 0 are not shown (the 隐藏全零行 switch of budget.md §5.5). */
  hideEmpty?: boolean;
}

interface Editing {
  id: string;
  field: string;
}

/**
 * The monthly grid of budgets, plans and statistics (budget.md §1 "Grid layout", §2): fixed captions on the left, a
 * group per month, the full-year group, the operations column, a 合计 row. Cells a row allows are edited in place:
 * a click opens the input, Enter / Tab / leaving saves the row, Escape cancels, and a block pasted from Excel fills the
 * following months.
 */
export function MonthlyGrid({
  config,
  rows,
  lang,
  loading,
  months = MONTHS,
  onSave,
  actions,
  indexStart = 1,
  selection,
  paging,
  summary,
  scrollY,
  hideEmpty,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Rows as saved here since the screen's rows last arrived (new totals at once, the old values after a refusal).
  const [saved, setSaved] = useState<Record<string, GridRow>>({});
  // Unchanged when nothing was saved: on mount, a new empty object would draw the whole grid a second time.
  useEffect(() => setSaved((current) => (Object.keys(current).length ? {} : current)), [rows]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [draft, setDraft] = useState<number | null>(null);
  // The cell being edited, current between renders: a blur that follows Enter, Tab or Escape changes nothing.
  const current = useRef<Editing | null>(null);
  // A row zeroed here stays until the rows arrive again: it does not vanish under the cell being edited.
  const shown = rows.filter((row) => !hideEmpty || !isEmptyRow(row, config)).map((row) => saved[row.id] ?? row);

  const open = (row: GridRow, field: string | undefined) => {
    const next = field ? { id: row.id, field } : null;
    current.current = next;
    setEditing(next);
    if (field) setDraft(numberOf(row[field]));
  };
  const commit = (row: GridRow, changes: Record<string, unknown>) => {
    const changed = Object.entries(changes).filter(([field, value]) =>
      typeof value === 'number' ? numberOf(row[field]) !== value : row[field] !== value,
    );
    if (!changed.length || !onSave) return;
    setSaved((all) => ({ ...all, [row.id]: { ...row, ...changes } }));
    onSave(row, Object.fromEntries(changed)).then(
      (result) => setSaved((all) => ({ ...all, [row.id]: { ...row, ...changes, ...result } })),
      () => setSaved((all) => ({ ...all, [row.id]: row })),
    );
  };
  const finish = (row: GridRow, field: string, next?: string) => {
    if (current.current?.id !== row.id || current.current.field !== field) return;
    open(row, next);
    commit(row, { [field]: Math.round((draft ?? 0) * 100) / 100 });
  };
  const onKey = (row: GridRow, field: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      open(row, undefined);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      finish(row, field);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      const cells = editableCells(config, row, months);
      finish(row, field, cells[cells.indexOf(field) + (event.shiftKey ? -1 : 1)]);
    }
  };
  // A block from Excel: its cells go to this month and the following ones of the same column, each that is open.
  const onPaste = (row: GridRow, prefix: string, month: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!isBlock(text)) return;
    event.preventDefault();
    const numbers = pastedNumbers(text);
    if (!numbers) {
      void message.warning(t('crud.grid.pasteNumbers'));
      return;
    }
    const open = new Set(editableCells(config, row, months));
    const changes = Object.fromEntries(
      numbers.map((value, i) => [monthKey(prefix, month + i), value] as const).filter(([field]) => open.has(field)),
    );
    current.current = null;
    setEditing(null);
    commit(row, changes);
  };

  const money = (value: unknown) => formatNumber(numberOf(value));
  const rateCell = (rate: number | null, orange: boolean) => (
    <div className={orange ? 'tenon-grid-cell is-zero-budget' : 'tenon-grid-cell'}>{formatRate(rate)}</div>
  );
  const trailingCell = (row: Record<string, unknown>, column: NonNullable<MonthlyGridConfig['trailing']>[number]) => (
    <div
      className={column.overspend && numberOf(row[column.field]) > 0 ? 'tenon-grid-cell is-over' : 'tenon-grid-cell'}
    >
      {money(row[column.field])}
    </div>
  );
  const valueCell = (row: GridRow, prefix: string, month: number) => {
    const field = monthKey(prefix, month);
    if (editing?.id === row.id && editing.field === field)
      return (
        <InputNumber<number>
          autoFocus
          size="small"
          precision={2}
          value={draft}
          onChange={(value) => setDraft(value)}
          onKeyDown={onKey(row, field)}
          onBlur={() => finish(row, field)}
          onPaste={onPaste(row, prefix, month)}
          aria-label={`${monthLabel(month)[lang]} ${field}`}
        />
      );
    const editable = Boolean(onSave) && (config.editable?.(row) ?? []).includes(prefix);
    return (
      <div
        className={editable ? 'tenon-grid-cell is-editable' : 'tenon-grid-cell'}
        data-row={row.id}
        data-cell={field}
        onClick={editable ? () => open(row, field) : undefined}
      >
        {money(row[field])}
      </div>
    );
  };

  const leafWidth = (width?: number) => columnWidth(width);
  // Fixed columns come first, whatever order the description gives.
  const captions = [...config.captions.filter((c) => !c.scrolls), ...config.captions.filter((c) => c.scrolls)];
  const fixedCaptions = captions.filter((c) => !c.scrolls).length;
  const columns: TableColumnsType<GridRow> = [
    {
      key: '#',
      title: t('crud.index'),
      width: 56,
      align: 'center',
      fixed: 'left',
      render: (_value, _row, index) => indexStart + index,
    },
    ...captions.map((caption) => ({
      key: caption.key,
      dataIndex: caption.key,
      title: caption.label[lang],
      width: columnWidth(caption.width, 120),
      fixed: caption.scrolls ? undefined : ('left' as const),
      ellipsis: { showTitle: true },
      render: (value: unknown, row: GridRow) => {
        const open = caption.edit && onSave && (config.editable?.(row) ?? []).includes(caption.key);
        return (open ? caption.edit!(row, (changes) => commit(row, changes), lang) : undefined) ?? (value as ReactNode);
      },
    })),
    ...months.map((month) => ({
      key: `month${month}`,
      title: monthLabel(month)[lang],
      children: config.months.map((column) => ({
        key: `${column.key}${month}`,
        title: column.label[lang],
        width: leafWidth(column.width),
        render: (_value: unknown, row: GridRow) =>
          'prefix' in column
            ? valueCell(row, column.prefix, month)
            : rateCell(finishOf(row, column.finish, month), actualWithoutBudget(row, column.finish, month)),
      })),
    })),
    {
      key: 'totals',
      title: config.totals.label[lang],
      children: config.totals.columns.map((column) => ({
        key: column.key,
        title: column.label[lang],
        width: columnWidth(column.width, 120),
        render: (_value: unknown, row: GridRow) =>
          'finish' in column ? (
            rateCell(row[column.field] as number | null, actualWithoutBudget(row, column.finish))
          ) : (
            <div className="tenon-grid-cell">{money(row[column.field])}</div>
          ),
      })),
    },
    ...(config.trailing ?? []).map((column) => ({
      key: column.key,
      title: column.label[lang],
      width: columnWidth(column.width, 120),
      render: (_value: unknown, row: GridRow) => trailingCell(row, column),
    })),
  ];
  if (actions)
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      width: actions.width,
      fixed: 'right',
      render: (_value, row) => actions.render(row),
    });

  const total = summary ?? summaryOf(shown, config);
  const leaves = [
    ...months.flatMap((month) =>
      config.months.map((column) => ({
        key: `${column.key}${month}`,
        cell:
          'prefix' in column ? (
            <div className="tenon-grid-cell">{money(total[monthKey(column.prefix, month)])}</div>
          ) : (
            rateCell(finishOf(total, column.finish, month), actualWithoutBudget(total, column.finish, month))
          ),
      })),
    ),
    ...config.totals.columns.map((column) => ({
      key: column.key,
      cell:
        'finish' in column ? (
          rateCell(
            (column.field in total ? total[column.field] : finishOf(total, column.finish)) as number | null,
            actualWithoutBudget(total, column.finish),
          )
        ) : column.field in total ? (
          <div className="tenon-grid-cell">{money(total[column.field])}</div>
        ) : null,
    })),
    // A value the summary does not answer is left blank (a row's claims beside a stat of the months).
    ...(config.trailing ?? []).map((column) => ({
      key: column.key,
      cell: column.field in total ? trailingCell(total, column) : null,
    })),
  ];
  const first = selection ? 1 : 0;
  const summaryRow = () =>
    shown.length === 0 ? null : (
      <Table.Summary fixed={scrollY ? 'bottom' : undefined}>
        <Table.Summary.Row className="tenon-grid-total">
          {selection && <Table.Summary.Cell index={0} />}
          <Table.Summary.Cell index={first} colSpan={1 + fixedCaptions} align="center">
            {t('crud.grid.total')}
          </Table.Summary.Cell>
          {captions.slice(fixedCaptions).map((caption, i) => (
            <Table.Summary.Cell key={caption.key} index={first + 1 + fixedCaptions + i} />
          ))}
          {leaves.map((leaf, i) => (
            <Table.Summary.Cell key={leaf.key} index={first + 1 + config.captions.length + i}>
              {leaf.cell}
            </Table.Summary.Cell>
          ))}
          {actions && <Table.Summary.Cell index={first + 1 + config.captions.length + leaves.length} />}
        </Table.Summary.Row>
      </Table.Summary>
    );

  const width =
    56 +
    config.captions.reduce((sum, c) => sum + columnWidth(c.width, 120), 0) +
    months.length * config.months.reduce((sum, c) => sum + leafWidth(c.width), 0) +
    config.totals.columns.reduce((sum, c) => sum + columnWidth(c.width, 120), 0) +
    (config.trailing ?? []).reduce((sum, c) => sum + columnWidth(c.width, 120), 0) +
    (actions?.width ?? 0) +
    (selection ? 48 : 0);

  return (
    <div className="tenon-grid">
      <style>{gridCss}</style>
      <Table<GridRow>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={shown}
        loading={loading}
        scroll={{ x: width, y: scrollY }}
        summary={summaryRow}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selected,
            onChange: (keys) => selection.onChange(keys.map(String)),
            fixed: true,
          }
        }
        pagination={
          paging
            ? {
                current: paging.current,
                pageSize: paging.size,
                total: paging.total,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) => t('crud.total', { total }),
              }
            : false
        }
        onChange={(next) => paging?.onPage({ current: next.current ?? 1, size: next.pageSize ?? PAGE_SIZES[0] })}
      />
    </div>
  );
}
