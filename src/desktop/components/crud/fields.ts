import type { ReactElement, ReactNode } from 'react';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import type { FormInstance, FormItemProps, FormRule as Rule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { allFields, isPicked, patternProblem, type EntityDef, type FieldDef } from '../../../shared/entities/define.ts';
import { filesKey } from '../../../shared/contract/api/attachments.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { filterFields, namedFields, shownFields, type CrudField } from './field-lists.ts';

export type { CrudField };

/** What a screen's own buttons get from the page: the ticked rows and a way to reload after a change. */
export interface CrudContext {
  selected: string[];
  /** The ticked rows of the page shown (a toolbar button enabled by their state: 过账 for pending movements). */
  selectedRows: WireRecord[];
  reload: () => Promise<void>;
  /** The list's current search and fixed parameters (an export sends the same filters). */
  query: Record<string, string | number>;
}

/** A screen's own row button (user: 角色配置), shown when the session holds `permission` (none: to every reader). */
export interface RowAction {
  key: string;
  permission?: string;
  /** i18n key of the button text */
  label?: string;
  /** The button text itself (a definition's own label), instead of `label`. */
  text?: string;
  danger?: boolean;
  /** The rows that offer it (提交审批 on drafts only); every row by default. */
  visible?: (record: WireRecord) => boolean;
  onClick: (record: WireRecord, context: CrudContext) => void;
}

/**
 * What one screen changes about the shared page (spec §2: tenant package dialog 600 without view). An entity with
 * `tree` in its definition is listed as a tree table (unpaged `list`) with 新增子项 and a parent picker in its form.
 */
export interface CrudOptions {
  dialogWidth?: number;
  hideView?: boolean;
  /**
   * No 操作 column (spec §2: the group management fee screen has no menu column): rows are added and deleted from the
   * toolbar, opened with `openOnDoubleClick`.
   */
  hideRowActions?: boolean;
  /** A double-click on a row opens it: for editing when the caller may edit, else to view. */
  openOnDoubleClick?: boolean;
  /** Tree entities with many rows (menus, depts): load one level at a time through `lazy-list?parentId=`. */
  lazy?: boolean;
  /**
   * Rows from another list route of the entity than `list` (the dictionary pair): `{ action: 'parent-list', paged:
   * true }` pages the top-level dictionaries (no tree features), `{ action: 'child-list', paged: false }` is the tree
   * below `query.parentId`.
   */
  source?: { action: string; paged: boolean };
  /** Fields the screen leaves out of its table, search bar and form (the parent dictionaries' fixed key -1). */
  hideFields?: string[];
  /** Fields left out of the table only; the form keeps them with their rules (the vertical pair's parent sort). */
  hideColumns?: string[];
  /** Row buttons as icons with their names as tooltips, for a table sharing the width (the dictionary pair). */
  compactActions?: boolean;
  /** Values the add dialog starts with (the child dictionaries' parent and code). */
  addValues?: Record<string, unknown>;
  /** Form fields shown but not editable, on add and edit (the child dictionaries' parent and code). */
  lockedFields?: string[];
  /** Spec §9 "search menu span": the search buttons take this many of 24 columns, the fields share the rest. */
  searchMenuSpan?: number;
  /** Spec §9 calcHeight: the table body ends this many pixels above the window's bottom (scrolling inside). */
  calcHeight?: number;
  /** A click on a row (the parent dictionary picks the child table's rows); the row with id `activeRow` is marked. */
  onRowClick?: (record: WireRecord) => void;
  activeRow?: string;
  /** A title above the search bar (the dictionary pair names its two tables). */
  title?: ReactNode;
  /** Fixed list parameters the screen owns (the user screen's selected `deptId`); part of the query key. */
  query?: Record<string, string | number>;
  /**
   * Columns that name a row, shown first and kept in view when the table scrolls sideways (a part number on a
   * tablet); by default the first listed field.
   */
  leadColumns?: string[];
  /** The screen's own toolbar buttons, after add and delete. */
  toolbar?: (context: CrudContext) => ReactNode;
  /** The screen's own part between the toolbar and the table (a chart of what the search selects). */
  above?: (context: CrudContext) => ReactNode;
  /** A line under the table from the list's answer beside its rows (a cash journal's Σ receipts and payments). */
  footer?: (page: Readonly<Record<string, unknown>>) => ReactNode;
  /** The screen's own row buttons, after view / edit / delete. */
  rowActions?: RowAction[];
  /**
   * Whether a row takes 修改 and 删除 (a claim in approval does not): other rows offer neither, and open to view on a
   * double-click. The server refuses them as well; this spares the user the refusal.
   */
  rowEditable?: (record: WireRecord) => boolean;
  /** Cells the screen draws itself, by field name (a BOM cost's stale mark as a tag). */
  cells?: Record<string, (record: WireRecord) => ReactNode>;
  /** The widest text such a cell shows (a tag's), by field name: its column fits it whole. */
  cellTexts?: Record<string, string>;
  /**
   * The screen's own part of the add/edit dialog, below the fields (BOM cost: 按BOM计算 and its lines; an asset card's
   * depreciation records), with the id of the row opened (none when adding).
   */
  dialogExtra?: (form: FormInstance<Record<string, unknown>>, mode: DialogMode, id?: string) => ReactNode;
  /**
   * Form controls the screen draws itself, by field name (a notice's rich text): an element taking the field's
   * `value` and `onChange` from its form item.
   */
  controls?: Record<string, (disabled: boolean) => ReactElement>;
}

export type WireRecord = Record<string, unknown> & { id: string };
export type DialogMode = 'add' | 'edit' | 'view';
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const listFields = (entity: EntityDef, hidden?: readonly string[]) =>
  namedFields(entity)
    .filter((f) => f.list && !f.secret)
    .filter(shownFields(hidden));
/** A secret is never read back, but a password is typed once when the record is added. */
export const isAddOnly = (field: FieldDef) => Boolean(field.secret) && !field.replaceable;
/** The dialog's fields in a mode: add-only secrets left out of edit and view, replaceable ones optional there. */
export const fieldsForMode = (fields: CrudField[], mode: DialogMode | undefined): CrudField[] =>
  mode === 'add'
    ? fields
    : fields
        .filter((field) => !isAddOnly(field))
        .map((field) => (field.secret ? { ...field, required: undefined } : field));
/** The form's fields; the view shows the server-owned ones of the form too (derived values: Req D). */
export const formFields = (entity: EntityDef, hidden?: readonly string[], view = false) =>
  namedFields(entity)
    .filter((f) => f.form && (view || !f.readonly) && (!f.secret || f.control === 'password'))
    .filter(shownFields(hidden));
export { filterFields };

/** The parent of a tree entity's row as a form field: a tree select over the entity's picker (`GET <entity>/tree`). */
export function parentField(entity: EntityDef): CrudField | undefined {
  if (!entity.tree) return undefined;
  return {
    name: 'parentId',
    type: 'id',
    label: entity.tree.parentLabel,
    picker: `/api/${entity.service}/${entity.name}/tree`,
  };
}

/** Whether a row may hold children: it passes the picker's filter (a menu may, a button may not). */
export function canHoldChildren(entity: EntityDef, record: WireRecord): boolean {
  return Object.entries(entity.tree?.picker ?? {}).every(([name, value]) => String(record[name]) === String(value));
}

/** Values a new child starts with: its parent, and the fields it inherits from it (a dictionary item's code). */
export function childValues(entity: EntityDef, parent: WireRecord): Record<string, unknown> {
  const values: Record<string, unknown> = { parentId: parent.id };
  for (const name of entity.tree?.inherit ?? []) values[name] = parent[name];
  return values;
}

/** The label of the audit column the date range filters on. */
export const createTimeLabel = (entity: EntityDef, lang: Lang) => allFields(entity).createTime?.label[lang] ?? '';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Controls that pick rather than type: they validate on change too. */
export const isPicker = (field: FieldDef & { picker?: string }) =>
  isPicked(field) ||
  Boolean(field.picker) ||
  field.control === 'menu-tree' ||
  field.control === 'time-zone' ||
  field.type === 'date' ||
  field.type === 'datetime' ||
  field.type === 'switch';
export const isNumeric = (field: FieldDef) =>
  field.type === 'int' || field.type === 'money' || field.type === 'decimal';
/** Several values in one comma list: a menu tree's `ids` (one for an `id` field), a `multiple` dictionary's keys. */
export const isMultiple = (field: FieldDef) => field.type === 'ids' || Boolean(field.bizDict && field.multiple);

/**
 * The least width of a list column (spec §9: 80-140). A table with room to spare widens every column in proportion
 * and one without scrolls, so these stay small enough for a menu's ten columns beside a 1440 px screen's sidebar;
 * long text ends in an ellipsis, a full date-time needs 170.
 */
export function columnWidth(field: FieldDef): number {
  if (field.type === 'datetime') return 170;
  // A document number (NPI20260001, RK202403150001) is read whole.
  if (field.sequence) return 140;
  if (field.type === 'date' || field.type === 'money' || field.type === 'decimal') return 110;
  if (field.type === 'switch' || field.type === 'int' || isDictionaryField(field)) return 80;
  return 90;
}

/** The definition's required message, or the server's default wording (`请选择<label>` if picked, else `请输入`). */
export function requiredMessage(field: FieldDef, lang: Lang, t: Translate): string {
  if (field.required && field.required !== true) return field.required[lang];
  const picked = isPicked(field);
  return t(picked ? 'crud.requiredSelect' : 'crud.required', { label: field.label[lang] });
}

/**
 * Spec §5: the definition's rules, checked on blur (pickers also on change). A pattern passes a value kept as it was
 * loaded (`stored`), as the server does: a value saved before the rule must not block editing the rest.
 */
export function rulesOf(field: FieldDef, lang: Lang, t: Translate, stored?: unknown): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: requiredMessage(field, lang, t) });
  const text = field.type === 'string' || field.type === 'text';
  if (text && field.max)
    rules.push({ max: field.max, message: t('crud.tooLong', { label: field.label[lang], max: field.max }) });
  if (text && field.pattern) {
    rules.push({
      validator: async (_rule, value) => {
        const problem =
          value === undefined || value === null || value === '' || value === stored
            ? undefined
            : patternProblem(field, String(value));
        if (problem) throw new Error(problem[lang]);
      },
    });
  }
  const when = field.requiredWhen;
  if (when) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (isBlank(value) && when.values.map(String).includes(String(getFieldValue(when.field) ?? '')))
          throw new Error(when.message?.[lang] ?? requiredMessage(field, lang, t));
      },
    }));
  }
  const notBefore = field.notBefore;
  if (notBefore) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const other: unknown = getFieldValue(notBefore.field);
        if (!isBlank(value) && !isBlank(other) && String(value).slice(0, 10) < String(other).slice(0, 10))
          throw new Error(notBefore.message[lang]);
      },
    }));
  }
  const canonical = field.canonical;
  if (text && canonical) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && value.trim() && canonical.of(value) === undefined)
          throw new Error(canonical.message[lang]);
      },
    });
  }
  return rules;
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The fields whose change checks this one again (its rules read them). */
export function dependenciesOf(field: FieldDef): string[] | undefined {
  const names = [field.requiredWhen?.field, field.notBefore?.field].filter((name): name is string => Boolean(name));
  return names.length ? names : undefined;
}

export const splitIds = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

const toDayjs = (value: unknown) => (typeof value === 'string' && value ? dayjs(value) : null);

/**
 * The form keeps wire values (dates as text, ids comma-joined, switches 0/1); these adapt them to the control's
 * value and back, so loading a record and submitting it need no conversion.
 */
export function wireValueProps(
  field: FieldDef & { picker?: string },
): Pick<FormItemProps, 'getValueProps' | 'normalize'> {
  // A root's parent is 0 on the wire and nothing in the picker; clearing the picker moves the row to the root.
  if (field.picker) {
    return {
      getValueProps: (value: unknown) => ({ value: value && value !== '0' ? value : undefined }),
      normalize: (id: unknown) => id ?? '0',
    };
  }
  if (field.type === 'date' || field.type === 'datetime') {
    const format = field.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
    return {
      getValueProps: (value: unknown) => ({ value: toDayjs(value) }),
      normalize: (value: Dayjs | null) => (value ? value.format(format) : ''),
    };
  }
  if (field.percent) {
    // The form shows 13 for the wire's 0.13, and sends the fraction back as text (no float noise: 0.07 stays 0.07).
    return {
      getValueProps: (value: unknown) => ({
        value: value === null || value === undefined || value === '' ? value : Number((Number(value) * 100).toFixed(4)),
      }),
      normalize: (value: number | null) =>
        value === null || value === undefined ? '' : String(Number((value / 100).toFixed(6))),
    };
  }
  if (field.type === 'switch') {
    return {
      getValueProps: (value: unknown) => ({ checked: value === 1 }),
      normalize: (checked: boolean) => (checked ? 1 : 0),
    };
  }
  if ((field.control === 'menu-tree' || isDictionaryField(field)) && isMultiple(field)) {
    return {
      getValueProps: (value: unknown) => ({ value: splitIds(value) }),
      normalize: (ids: string[]) => (ids ?? []).join(','),
    };
  }
  return {};
}

/** Money with two decimals and thousands separators (domain/README.md §3.2: `1,234,567.80`). */
export const moneyText = (value: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A fraction as a percentage with two decimals (`98.76%`); none is `-` (a completion rate without a budget). */
export const percentText = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '-' : `${(Number(value) * 100).toFixed(2)}%`;

/** Initial values of the add form: the definition's defaults. */
export function defaultValues(fields: CrudField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined) values[field.name] = field.default;
    else if (field.type === 'switch') values[field.name] = 0;
  }
  return values;
}

/** Form values of a loaded record: only the form's fields, so server-owned columns are never sent back. */
export function recordValues(fields: CrudField[], record: Record<string, unknown>): Record<string, unknown> {
  // An attachments field is edited as its files (names and links to show), sent back as their ids (`sentValues`).
  return Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.type === 'attachments' ? (record[filesKey(f.name)] ?? []) : (record[f.name] ?? undefined),
    ]),
  );
}

/** Form values -> the body a save sends: an attachments field's files as their comma-joined ids. */
export function sentValues(fields: CrudField[], values: Record<string, unknown>): Record<string, unknown> {
  const sent = { ...values };
  for (const field of fields)
    if (field.type === 'attachments' && Array.isArray(sent[field.name]))
      sent[field.name] = (sent[field.name] as Array<{ id: string }>).map((file) => file.id).join(',');
  return sent;
}

/** Search-bar values -> list query keys (bare keys: the definition decides LIKE or exact). */
export function filterQuery(fields: CrudField[], values: Record<string, unknown>): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      // A date field's range, both days included.
      const [from, to] = value as unknown[];
      const format = field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
      if (dayjs.isDayjs(from)) query[`${field.name}_datege`] = from.startOf('day').format(format);
      if (dayjs.isDayjs(to)) query[`${field.name}_datele`] = to.endOf('day').format(format);
    } else if (typeof value === 'string') {
      if (value.trim()) query[field.name] = value.trim();
    } else if (typeof value === 'number') query[field.searchAbove ? `${field.name}_gt` : field.name] = value;
  }
  const range = values.createTimeRange;
  if (Array.isArray(range) && dayjs.isDayjs(range[0]) && dayjs.isDayjs(range[1])) {
    query.createTime_dategt = range[0].startOf('day').format(DATETIME_FORMAT);
    query.createTime_datelt = range[1].endOf('day').format(DATETIME_FORMAT);
  }
  return query;
}
