import type { ReactNode } from 'react';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import { textKey, type EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { sumKey } from '../../../shared/contract/page.ts';
import { MenuIcon } from '../MenuIcon.tsx';
import { isNumeric, moneyText, percentText, type CrudField, type WireRecord } from './fields.ts';

/** What the shared page's table shows: a field's cell, and the summary rows under the table. */

function cellText(field: CrudField, record: WireRecord, yesNo: [string, string]): string {
  const value = record[textKey(field.name, field)];
  if (field.type === 'switch' && !isDictionaryField(field)) return value === 1 ? yesNo[0] : yesNo[1];
  if (field.percent) return percentText(value);
  if (field.type === 'money' && typeof value === 'number') return moneyText(value);
  return value === null || value === undefined ? '' : String(value);
}

export function cell(field: CrudField, record: WireRecord, yesNo: [string, string]): ReactNode {
  const text = cellText(field, record, yesNo);
  return field.control === 'icon' && text ? (
    <Space size={6}>
      <MenuIcon source={text} />
      {text}
    </Space>
  ) : (
    text
  );
}

/**
 * The footer's Σ of an entity's `sums` over every filtered row (the list answers `sum<Field>` beside the page), under
 * their columns; the selection and index columns carry the label. A rate the list answers beside them (an overdue
 * ratio worked out from the totals) shows under its column as a rate.
 */
export function SumsRow({
  entity,
  columns,
  fields,
  page,
  label,
  sumAll,
}: {
  entity: EntityDef;
  columns: TableColumnsType<WireRecord>;
  fields: CrudField[];
  page: unknown;
  label: string;
  /** The sums were left out (more rows than the server counts by default): ask for them. */
  sumAll: () => void;
}) {
  const { t } = useTranslation();
  const sums = entity.sums ?? [];
  if (!sums.length || !page || typeof page !== 'object') return null;
  const totals = page as Record<string, unknown>;
  const totalOf = (name: string) => totals[sumKey(name)];
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="tenon-crud-sums">
        <Table.Summary.Cell index={0} colSpan={2}>
          {label}
        </Table.Summary.Cell>
        {columns.slice(1).map((column, i) => {
          const key = String(column.key);
          const rate = fields.find((field) => field.name === key)?.percent;
          const total = sums.includes(key) || (rate && sumKey(key) in totals) ? totalOf(key) : undefined;
          return (
            <Table.Summary.Cell key={key} index={i + 2} align="right">
              {typeof total === 'number' ? (
                rate ? (
                  percentText(total)
                ) : (
                  moneyText(total)
                )
              ) : total === null && sums.includes(key) ? (
                <Button type="link" size="small" onClick={sumAll}>
                  {t('crud.sumAll')}
                </Button>
              ) : null}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/**
 * The row a list answers beside its page when the filters call for it (the definition's `pageRow`: a year to date),
 * under the table's columns as their cells show them; the selection and index columns carry its label.
 */
export function PageRow({
  entity,
  columns,
  fields,
  page,
  lang,
  yesNo,
}: {
  entity: EntityDef;
  columns: TableColumnsType<WireRecord>;
  fields: CrudField[];
  page: unknown;
  lang: Lang;
  yesNo: [string, string];
}) {
  const pageRow = entity.pageRow;
  const record = pageRow && page && typeof page === 'object' ? (page as Record<string, unknown>)[pageRow.key] : null;
  if (!pageRow || !record || typeof record !== 'object') return null;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="tenon-crud-sums tenon-crud-page-row">
        <Table.Summary.Cell index={0} colSpan={2}>
          {pageRow.label[lang]}
        </Table.Summary.Cell>
        {columns.slice(1).map((column, i) => {
          const field = fields.find((f) => f.name === column.key);
          return (
            <Table.Summary.Cell
              key={String(column.key)}
              index={i + 2}
              align={field && isNumeric(field) ? 'right' : undefined}
            >
              {field ? cell(field, record as WireRecord, yesNo) : null}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
