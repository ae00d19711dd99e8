import type { AttachedFile } from '../contract/api/attachments.ts';
import type { FlowResult } from '../flow/types.ts';
import type { LocalText } from '../i18n/server-messages.ts';

/**
 * One definition per business entity drives the table check, API validation, list filters, the sort allow-list,
 * desktop columns and forms, mobile cards and Excel columns. Layout is not data: no pseudo-fields here.
 */
export type FieldType =
  | 'string' // varchar, `max` characters
  | 'text' // long text (textarea)
  | 'int'
  | 'id' // 64-bit reference, a string on the wire
  | 'ids' // comma-joined 64-bit ids (role_id, dept_id ... on user)
  // Comma-joined blade_attach ids: uploaded files the engine checks as the caller's, answers with links
  // (`<field>Files`, platform/entity/attachments.ts) and deletes, rows and objects, once no live row holds them.
  | 'attachments'
  | 'money' // numeric(18,2)
  | 'decimal' // other numerics (quantities, rates as fractions)
  | 'date' // yyyy-MM-dd
  | 'datetime' // yyyy-MM-dd HH:mm:ss
  | 'switch'; // int 0/1

/** How a bare query key (no suffix) filters: the contract's default is LIKE; an "entity" style list matches exactly. */
export type SearchMode = 'like' | 'equal';

export interface Pattern {
  regex: string;
  message: LocalText;
}

/** More than 0: a digit other than 0 and no sign (`<label>必须大于0`, the domain files' `> 0`). */
export const greaterThanZero = (zh: string, en: string): Pattern => ({
  regex: '^(?=.*[1-9])[^-]*$',
  message: { zh: `${zh}必须大于0`, en: `${en} must be greater than 0` },
});

/** The message of the first pattern `text` misses, for the server's check and the console's form rule alike. */
export function patternProblem(field: Pick<FieldDef, 'pattern'>, text: string): LocalText | undefined {
  const patterns: readonly Pattern[] = !field.pattern ? [] : 'regex' in field.pattern ? [field.pattern] : field.pattern;
  return patterns.find((p) => !new RegExp(p.regex).test(text))?.message;
}

export interface FieldDef {
  type: FieldType;
  label: LocalText;
  /** Required on insert (and when present on update); the spec's message, or true for `请输入<label>`. */
  required?: LocalText | true;
  max?: number;
  /**
   * Required only while another field of the row holds one of `values` (a finished part's main customer): checked on
   * the row as it will be saved, with `message` or the field's required message.
   */
  requiredWhen?: { field: string; values: ReadonlyArray<string | number>; message?: LocalText };
  /**
   * Worked out by the entity's module unless another field of the row holds one of `values`, when the user enters it
   * (a straight-line asset's depreciation, entered for the other methods): forms keep it read-only until then, and the
   * module's hook overwrites what a body sends otherwise. Pair it with `requiredWhen` when entering it is required.
   */
  enteredWhen?: { field: string; values: ReadonlyArray<string | number> };
  /**
   * Forms: when the reference field `ref` is picked, this field takes the picked row's `field` (a part's item type
   * from its category, a price's currency from its counterparty). A default the user may change, not a rule.
   */
  fillFrom?: {
    ref: string;
    field: string;
    /** Only while this field is blank (a budget row's caption). */ blankOnly?: true;
  };
  /** Dates: not before the date in `field` of the same row, when both are set (a price's valid-to, a leaving date). */
  notBefore?: { field: string; message: LocalText };
  /**
   * Dates: a day the wire carries as `yyyy-MM-dd 00:00:00`, where the contract's column is a datetime that
   * SpringBlade consoles read with a time (Saber 4.x's `birthday`); a value with a time is still taken on writes.
   */
  wireTime?: true;
  /** Numbers: the smallest and the largest value allowed (`<label>不能小于0`, `<label>不能大于365`). */
  range?: { min?: number; max?: number };
  /**
   * A fraction (a tax rate 0.13) that people read and type as a percentage (13%): the wire and the table keep the
   * fraction; forms, lists and the range messages speak in percent.
   */
  percent?: true;
  /** Regular expressions a non-blank value must match, checked in order: the first one missed gives the message. */
  pattern?: Pattern | readonly Pattern[];
  /**
   * A rule no pattern can state (an IANA time zone name): the value's stored spelling, or undefined to refuse it
   * with the message. Checked by the server and by the forms alike.
   */
  canonical?: { of: (text: string) => string | undefined; message: LocalText };
  /** Platform dictionary code: lists add `<field>Name` with the item's value. */
  dict?: string;
  /**
   * Business dictionary (dict-biz) code, of the row's tenant: a written value must be one of its live keys (else
   * `请选择<label>`), and reads add `<field>Name` in the caller's language (the item's `en:` label in English).
   */
  bizDict?: string;
  /** A comma list of keys of its dictionary (`bizDict`): each checked, names joined; a multi-select in forms. */
  multiple?: true;
  search?: SearchMode;
  /**
   * Numbers: the search bar finds the rows above the value typed (`<field>_gt`), not those equal to it (逾期合计 > 0:
   * the overdue rows only).
   */
  searchAbove?: true;
  /** Text fields a like search of this one matches as well (a customer's name finds its short name). */
  alsoMatches?: readonly string[];
  /**
   * A trigram index (pg_trgm, made by the entity's migration) serves like searches of this field: on a tenant table
   * the engine then searches through `tenon_match_ids` (migration 0024), which row-level security lets use it.
   */
  trigram?: true;
  /**
   * Unique among live rows (per tenant for tenant tables); message `<label>已存在`. With `scope`, unique among the
   * rows that share those fields' values (a dictionary key under one parent), with its own message. Held by the unique
   * index `<table>_<column>_unique` of a migration (tests/server/unique-indexes.test.ts), whose violation by a
   * concurrent write is answered with the same message.
   */
  unique?: boolean | { scope: readonly string[]; message?: LocalText };
  /** Values only the platform super administrator may set (compared case-insensitively): the `administrator` alias. */
  reserved?: { values: readonly string[]; message: LocalText };
  default?: string | number;
  /**
   * Non-text fields: the column may hold NULL, so a blank value clears it. Without it the column is NOT NULL: a blank
   * value is refused on update (the required message) and takes the default on insert. Text fields store blank as
   * ''. tests/server/entity-schema.test.ts holds every definition to its table.
   */
  nullable?: true;
  /** Never sent to clients (password hashes). */
  secret?: boolean;
  /** A secret an edit may replace (a data source's password; blank keeps it); other secrets are typed on add only. */
  replaceable?: boolean;
  /** Owned by the server: ignored in submitted bodies. */
  readonly?: boolean;
  /**
   * Set when the row is added, then the server's: an edit leaves it as it is and the form shows it read-only (an
   * inventory row's opening quantity and cost, which only posting changes afterwards).
   */
  fixed?: true;
  /** Screen hints: a list column, a form field, an Excel column, a search-bar field. */
  list?: boolean;
  form?: boolean;
  export?: boolean;
  filter?: boolean;
  /**
   * The wire key holding this field's text for people (role names for the role ids): list columns and Excel show
   * it, and an import hands the cell to the module under that key to map back. Dictionary fields need none of
   * this (`<field>Name` is added for them, and the platform maps labels back to keys).
   */
  shows?: string;
  /**
   * Form control when the type alone does not say it (a textarea for long text, a menu tree for menu ids; the
   * user's role and dept trees and post list: desktop/components/ReferencePicker.tsx). `period-start`/`-end`: a
   * datetime picked as a date and 上午/下午, as HR counts leave (start 09:00 or 13:00, end 12:00 or 18:00), the end
   * after the start; `leave-days`: the working days of that period by the tenant's calendar (shown while the form is
   * filled in, never sent: the server counts).
   */
  control?: 'textarea' | 'password' | 'menu-tree' | 'icon' | 'time-zone' | 'period-start' | 'period-end' | 'leave-days';
  /** The hint of an empty input, when it is not the required message (a phone's `请输入金额(元)`). */
  placeholder?: LocalText;
  /**
   * The entity (by name) whose row ids this `id`/`ids` field holds. The engine refuses ids the caller cannot see,
   * joins the target's display name in as `shows` (default `<field without Id>Name`), refuses deleting a target
   * row that live rows point at, and the forms pick with the target's picker.
   */
  ref?: string;
  /**
   * With `ref`: the entity this field points at follows another field of the same row (a price's counterparty is a
   * customer for a selling price, a supplier otherwise). `targets` maps values of `field` to entity names; any other
   * value (or none) points at `ref`. The id check, the joined names, `copyFrom`, the delete guards of every target
   * and the form's picker all follow the row's value (`refTargetOf`).
   */
  refBy?: { field: string; targets: Readonly<Record<string, string>> };
  /**
   * A company code (`orgId`, domain/README.md §3.4): one of the tenant's companies (`公司不存在`), read with its name
   * (`orgName`), picked from the company select.
   */
  company?: true;
  /**
   * With `ref: 'dept'`: a business unit (事业部, domain/README.md §3.4), one of the children of the tenant's
   * business-unit parent (`事业部不存在` otherwise), picked from the business-unit select.
   */
  businessUnit?: true;
  /** With `ref`: the message refusing to delete a row this field points at, when it is not `已被<label>引用，不能删除`. */
  inUse?: LocalText;
  /** With `ref`: the message refusing a value no row the caller sees holds, when the domain words it (`…不存在`). */
  missing?: LocalText;
  /**
   * With `ref`: the row pointed at belongs with this row. Each key is a field of the target, each value a field of this
   * row holding the value the target's field must hold (a station's group in the line's company: `{ orgId: 'orgId' }`;
   * a device's station on the device's line: `{ lineId: 'lineId' }`). Checked by the server on the row as it will be
   * saved (copied values included) whenever the reference or one of those fields is written; a blank field of this
   * row matches no target (a station picked without its line is refused).
   */
  within?: { match: Readonly<Record<string, string>>; message: LocalText };
  /**
   * Saved from the row the reference field `ref` points at, whenever this row is written with `ref` set (a BOM line's
   * component name, a station's company from its line); with `ref` blank the value is the user's. The server's rule,
   * where `fillFrom` is only the form's default. Without `field`: the name the reference shows (its target's display
   * field: a price's counterparty name, from a customer or a supplier).
   */
  copyFrom?: { ref: string; field?: string };
  /** A derived value (Req D in the domain files): the server's, never a client's; read-only in every form. */
  derive?: Derivation;
  /**
   * A document number the server gives on insert and nobody edits (domain/README.md §3.6): `prefix`, the date of the
   * day (`yyyyMMdd`) or the year (`yyyy`), and a 4-digit sequence per tenant and period (`RK202403150001`,
   * `NPI20260001`).
   */
  sequence?: { prefix: string | SequencePrefix; period: 'day' | 'year' };
}

/** A document number's prefix by a field of the row (a movement's `RK` receipts, `CK` issues), each counted apart. */
export interface SequencePrefix {
  field: string;
  values: Readonly<Record<string, string>>;
}

/** A row as derivations read it: its wire values (numbers as numbers, dates as `yyyy-MM-dd`, blanks as '' or null). */
export type DerivedRow = Readonly<Record<string, unknown>>;
export type DerivedValue = string | number | null;

/**
 * How a derived value comes about. `compute` is stored, worked out again on every write of the row; `today`,
 * `aggregate` and `byModule` have no column and are worked out on every read.
 */
export type Derivation =
  /** From the other fields of the row as it is saved (a station group's hour rate, a BOM line's gross quantity). */
  | { compute: (row: DerivedRow) => DerivedValue }
  /** From the row and the tenant's date today (a device's maintenance overdue, a task overdue). */
  | { today: (row: DerivedRow, today: string) => DerivedValue }
  /** Over the live rows of `entity` whose reference `via` points at this row (a line's station count). */
  | { aggregate: Aggregate }
  /**
   * By the entity's module, for the rows read, in one query (its `decorate` hook): what no reference leads to (a
   * management fee from its company's statistics of the year).
   */
  | { byModule: true };

export interface Aggregate {
  entity: string;
  via: string;
  fn: 'count' | 'sum' | 'avg';
  /** The field summed or averaged. */
  of?: string;
  /** Rows left out: those whose `field` holds one of `values` (cancelled tasks). */
  except?: { field: string; values: ReadonlyArray<string | number> };
}

/** A field with a column: every field but the derived ones worked out on read. */
export const isStored = (field: FieldDef): boolean => !field.derive || 'compute' in field.derive;

/** Child lines of a document, saved and read with their header. */
export interface LineDef {
  /** The line entity: its own definition (fields, refs, rules), registered with the engine as every entity is. */
  entity: EntityDef;
  /** Its `id` field holding the header's id. */
  foreignKey: string;
  label: LocalText;
}

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** URL segment: /api/<service>/<name>/<action> */
  name: string;
  service:
    | 'blade-system'
    | 'blade-resource'
    | 'blade-desk'
    | 'blade-develop'
    | 'blade-flow'
    | 'blade-log'
    | 'blade-report'
    /** A live model's entity, published at run time (modules/develop/live-entities.ts). */
    | 'blade-live';
  table: string;
  label: LocalText;
  /** Menu code: reading needs it, writing needs `<code>_add` / `<code>_edit` / `<code>_delete`. */
  code: string;
  /** Rows belong to a tenant (`tenant_id`), filled from the token and filtered on every query. */
  tenant: boolean;
  /** BaseEntity audit set: create_user, create_dept, create_time, update_user, update_time, status. */
  audit: boolean;
  /** Row-level data scopes (contract system.md §12) apply to its lists. */
  dataScope?: boolean;
  /**
   * Rows belong to one user (a message's recipient): every read and change is limited to the caller's rows; an
   * insert without the field is addressed to the caller.
   */
  owner?: keyof F & string;
  fields: F;
  defaultSort: ReadonlyArray<readonly [keyof F | BaseField, 'asc' | 'desc']>;
  /** Bare-key filter style of its list ("map" = LIKE, "entity" = exact). */
  filterStyle?: 'map' | 'entity';
  /**
   * Who may write: tenant tables by their tenant's roles; platform-global tables (`tenant: false`) only by roles of
   * the platform tenant 000000. `platformOnly` closes reading to it as well (OAuth client secrets, tenant packages).
   */
  platformOnly?: boolean;
  /**
   * The platform's super administrators read every tenant's rows (a `tenantId` filter narrows them); everyone else
   * his own tenant's. What the operator of many tenants watches: their error logs.
   */
  platformReadsAll?: boolean;
  /**
   * false: rows nobody edits in the console (the logs), whose dialogs offer no 操作记录; every other entity's writes
   * leave change records (platform/audit/changes.ts) that its dialog shows.
   */
  changeLog?: false;
  /** Writes change what roles may do or see (scopes, packages): the grant caches of every process are cleared. */
  affectsGrants?: boolean;
  /** Rows are the tenant's accounts: writes apply to their signed-in users' next requests on every process. */
  affectsSessions?: boolean;
  /** Writes change the platform dictionaries: their cache is cleared on every process. */
  affectsDictionaries?: boolean;
  /** Rows form a tree through `parentId` (root 0); adds the tree routes and rules. */
  tree?: TreeDef<F>;
  /**
   * Rows are keyed by this field instead of a generated `id`, and deleted for good (no `is_deleted`): administrative
   * divisions by their code. References store the key; the engine serves reads and the picker, the module the rest.
   */
  key?: keyof F & string;
  /**
   * References to its rows store this field, unique among a tenant's live rows, instead of the id (budgets name an
   * account by its code, as the books do): checked, named and held (delete refused while used) by it, per tenant.
   */
  refKey?: keyof F & string;
  /**
   * Text fields the list's and picker's `keyword` parameter searches, any of them (a part: its number, customer part
   * number and name). Without it the picker searches the display field.
   */
  keyword?: ReadonlyArray<keyof F & string>;
  /** The field references to this entity show (names in lists, picker options); a tree's `title` by default. */
  display?: keyof F & string;
  /** Child lines by body key: `submit` takes the array under the key, `detail` returns it. */
  lines?: Record<string, LineDef>;
  /**
   * Routes a module serves itself (writes that provision other rows, filtered reads): the engine leaves them out.
   * `excel`: all three Excel routes; `export`: the download alone, read as the module's own list reads (a month
   * range's totals), the engine keeping the template and the import.
   */
  moduleRoutes?: ReadonlyArray<EngineRoute | 'excel' | 'export'>;
  /**
   * Excel (menus.md `<code>_export` / `<code>_import`): `GET export-<name>` downloads what the list's filters match,
   * named `file`; with `import`, `GET export-template` and `POST import-<name>` (multipart `file`, `isCovered` = 1
   * updates the rows whose first unique field matches, within its scope) take rows back, all or nothing, each refused
   * cell named (`第3行 5月预算: …`). `columns`: the sheet's fields in order (a monthly grid's, as its screen shows
   * them), instead of those marked `export` in definition order. Read-only and derived columns are exported, never
   * imported; the template holds the columns an import takes.
   */
  excel?: { file: LocalText; template?: LocalText; import?: boolean; columns?: readonly string[] };
  /** Rows are requests a workflow decides (leave, fund approval): served by the approval routes, not the CRUD ones. */
  approval?: ApprovalDef<F>;
  /** How the desktop's shared list screen of its menu shows it (spec §2, the domain files' screens). */
  screen?: ScreenHint<F>;
  /** The state machine of a lifecycle field (a task's status, a plan's release), enforced on every write. */
  states?: StateMachine<F>;
  /**
   * Partial edits that a button allows without the edit right, by route name (a project manager's 更新阶段): `POST
   * <name>` with `id` and these fields only, every rule of a submit applied; the list shows a row action for it.
   */
  edits?: Readonly<Record<string, EditDef<F>>>;
  /** Lists answer the total of these fields over every filtered row beside the page (`sum<Field>`: the footer's Σ). */
  sums?: ReadonlyArray<keyof F & string>;
  /**
   * Lists answer one more row beside the page under `key`, worked out by the entity's module (`pageExtras`) when the
   * filters call for it (a year listed without a month: its year to date); list screens show it under the table.
   */
  pageRow?: { key: string; label: LocalText };
  /**
   * The database keeps the count and `sums` of the rows by `date` (a not-null date field) and the `by` fields
   * (migration: `tenon_tally_rows`): a list filtered on these alone reads its total and sums from the tally, exact,
   * however many rows match.
   */
  tally?: { date: keyof F & string; by: ReadonlyArray<keyof F & string> };
  /**
   * Lists show a row in a tone while its `field` holds `value` (a device overdue for maintenance in red, a mould near
   * the end of its life in amber).
   */
  rowTone?: RowTone<F>;
}

/**
 * The shared CRUD screen's layout for an entity whose menu opens it (the menu's `code` = the entity's `code`): data
 * about the entity, where a screen of its own passes these as options.
 */
export interface ScreenHint<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /**
   * Columns that name a row, shown first and kept in view when the table scrolls sideways (a part number on a
   * tablet); by default the first listed field.
   */
  leadColumns?: Array<keyof F & string>;
  /** Fields the screen leaves out of its table, search bar and form. */
  hideFields?: Array<(keyof F & string) | 'parentId'>;
  dialogWidth?: number;
  hideView?: boolean;
  /** No 操作 column: rows are added and deleted from the toolbar, opened with `openOnDoubleClick`. */
  hideRowActions?: boolean;
  openOnDoubleClick?: boolean;
  /** Tree entities with many rows (menus, depts): load one level at a time through `lazy-list?parentId=`. */
  lazy?: boolean;
}

/**
 * The states a new row may start in, and for each state those it may change to (a state with none is final). Any
 * other change is refused (`任务状态不能从“已取消”变为“进行中”`); `needs` names the button permission a change requires
 * beside the edit right (`'0>1': 'prodplane_release'`).
 */
export interface StateMachine<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  field: keyof F & string;
  initial: readonly string[];
  next: Readonly<Record<string, readonly string[]>>;
  needs?: Readonly<Record<string, string>>;
  /**
   * What a row keeps while in a state: every field but `open` ones (a released plan takes actuals only; a closed one
   * nothing), refused with `message`. A change to a state that keeps nothing (back to draft) edits freely.
   */
  frozen?: Readonly<Record<string, { open?: readonly string[]; message: LocalText }>>;
  /**
   * Fields only a move writes (付款 dates the claim it pays: `'2>4': ['payDate']`): open on that move whatever the
   * state keeps, refused on any other write that would change them.
   */
  setOnMove?: Readonly<Record<string, readonly string[]>>;
  /** States whose rows cannot be deleted, with the message (a closed plan, an approved budget). */
  kept?: Readonly<Record<string, LocalText>>;
}

export interface EditDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** The button permission (menus.md), e.g. `productintroduce_stage`. */
  button: string;
  label: LocalText;
  /** What the edit may change; any other field sent is left as it is. */
  fields: ReadonlyArray<keyof F & string>;
  /**
   * Only rows the caller answers for: `ref` points at a row (a project's manager, an employee) whose `user` field is
   * the caller's account. A caller who also holds `<code>_edit` reaches every row.
   */
  mine?: { ref: keyof F & string; user: string };
}

/** The wire key of a listed row saying whether the caller answers for it under the `mine` edit `name` (`stageMine`). */
export const mineKey = (name: string) => `${name}Mine`;

/**
 * The server's state rules as a list offers a row's actions: 修改 while the row's state keeps none of it or leads
 * elsewhere (a posted movement: neither), 删除 unless its state keeps the row (`kept`).
 */
export function stateAllows(entity: EntityDef, record: Readonly<Record<string, unknown>>, action: 'edit' | 'delete') {
  const states = entity.states;
  if (!states) return true;
  const state = String(record[states.field] ?? '');
  if (action === 'delete') return !states.kept?.[state];
  const frozen = states.frozen?.[state];
  return !frozen || Boolean(frozen.open?.length) || Boolean(states.next[state]?.length);
}

/** What a partial edit takes from a body: its own fields only (the server keeps to it, the dialog sends it). */
export function editValues(edit: EditDef, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(edit.fields.filter((name) => name in values).map((name) => [name, values[name]]));
}

export interface RowTone<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  field: keyof F & string;
  value: string | number;
  tone: 'danger' | 'warning';
}

/** The tone of a listed row (`EntityDef.rowTone`), if any. */
export function rowToneOf(entity: EntityDef, record: Readonly<Record<string, unknown>>): RowTone['tone'] | undefined {
  const rule = entity.rowTone;
  return rule && String(record[rule.field] ?? '') === String(rule.value) ? rule.tone : undefined;
}

/**
 * How an entity becomes approvable: its rows are saved together with the start of their process, and every step
 * of the process sets the row's status. `POST /api/<service>/process/<kind>/start-process` and `GET .../detail`
 * serve it (contract flow.md §5, §6); the console's forms, cards and pages render it from this definition.
 */
export interface ApprovalDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** URL segment of its routes and pages, and the remark of its category in the `flow` dictionary. */
  kind: string;
  /**
   * The status field's value for each result of the process: the row follows its process. `withdrawn` is also the
   * state of a row no process holds (a draft). A business approved without a process (`start.by` 'direct') has only
   * that and `approved`.
   */
  status: ApprovalStatus;
  /**
   * Fields handed to the process as variables, numbers, when it starts and at every step: the model decides on the
   * saved row's figures (a leave's working days as the server counted them), never on what a client sent.
   */
  variables: ReadonlyArray<keyof F & string>;
  /**
   * What a to-do card shows, in order (the request's detail shows these first, then its other form fields): a field,
   * or two shown as one period (`from ~ to`).
   */
  summary: ReadonlyArray<(keyof F & string) | { from: keyof F & string; to: keyof F & string; label: LocalText }>;
  /**
   * Money fields the server sets on the row (readonly) that, when they hold an amount, warn the approver: the to-do
   * card, the phone's request and the desktop's task show `<label> <amount>` in red (an expense claim 超预算).
   */
  alerts?: ReadonlyArray<keyof F & string>;
  /** Older wire names of fields, read when the field is not sent and returned beside it (fund's `useFor`: reason). */
  aliases?: Readonly<Record<string, keyof F & string>>;
  /**
   * The field holding the request's state (`status` by default): `status` maps each result of the process to its
   * value.
   */
  field?: keyof F & string;
  /** Who may start a row's process, and how (`ApprovalStart`; without it, its own form). */
  start?: ApprovalStart;
  /**
   * Columns a step stamps on the row beside its state: who sent it and when (`sent`, with the start), who decided it,
   * when and with what opinion (`decided`, with an approval or a rejection). A budget line keeps them; a request
   * reads them from its process's history.
   */
  stamps?: {
    sent?: { user: keyof F & string; time: keyof F & string };
    decided?: { user: keyof F & string; time: keyof F & string; opinion?: keyof F & string };
  };
}

/** The state field's values per result: every result for a business with a process, a draft and approved without. */
export type ApprovalStatus = Readonly<Record<'withdrawn' | 'approved', number> & Partial<Record<FlowResult, number>>>;

/**
 * Who may start a row's process, and how:
 * - `form`: its own request form; `POST /api/<service>/process/<kind>/start-process` saves the row and starts its
 *   process together (leave, fund).
 * - `kind`: the row is kept on its own screen (drafts edited and deleted there) and sent by the holder of `code`
 *   through another kind's process (an expense claim through the fund approval: `finance`); that kind's
 *   `start-process` with `businessId` = the row's id starts it on the row, or continues its process waiting on the
 *   sender (a rejected claim sent again). The kind has no form of its own.
 * - `state`: a state move of the row on its own screen (a budget line's 提交, by the holder of `code`) starts the
 *   process of `processKey`, whose approvers are the holders of `decide`; the holders of `decide` also approve and
 *   reject on that screen (the inbox task closes with it), the holders of `undo` take an approval back to the draft.
 * - `direct`: no process; the holders of `decide` approve draft rows on their screen, all chosen rows at once (a
 *   budget situation's 审核), a row in another state refused with `notDraft` (`{name}`: its place in the choice).
 */
export type ApprovalStart =
  | { by: 'form' }
  | { by: 'kind'; kind: string; code: string }
  | { by: 'state'; code: string; processKey: string; decide: string; undo?: string }
  | { by: 'direct'; decide: string; notDraft: LocalText };

/** An entity whose rows a workflow decides (`approval` in its definition). */
export type ApprovableDef = EntityDef & { approval: ApprovalDef };

/**
 * An approvable entity whose rows the engine's routes keep: its own screen or another kind starts their process, or
 * its screen approves them without one.
 */
export const startsElsewhere = (approval: ApprovalDef): boolean => startOf(approval).by !== 'form';

/** Whether the rows go through processes (the inbox, the phone's 审批 cards, the process pages). */
export const hasProcess = (approval: ApprovalDef): boolean => startOf(approval).by !== 'direct';

/** Every result's state: the states of a business whose rows go through processes. */
export function processStatus(approval: ApprovalDef): Readonly<Record<FlowResult, number>> {
  const { running, rejected } = approval.status;
  if (running === undefined || rejected === undefined)
    throw new Error(`approval ${approval.kind}: a process needs a running and a rejected state`);
  return { ...approval.status, running, rejected };
}

/** How a row's process starts: as declared, else by its own form. */
export const startOf = (approval: ApprovalDef): ApprovalStart => approval.start ?? { by: 'form' };

/** The kind whose process the rows are sent through (an expense claim's `finance`), if any. */
export const startedVia = (approval: ApprovalDef): string | undefined => {
  const start = startOf(approval);
  return start.by === 'kind' ? start.kind : undefined;
};

export type EngineRoute = 'list' | 'page' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'picker';

export interface TreeDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** The field a picker node shows (`title`); `titleEn` when rows carry an English name. */
  title: keyof F & string;
  titleEn?: keyof F & string;
  /** Label of the parent field in forms. */
  parentLabel: LocalText;
  /** The server keeps `ancestors` = the parent's ancestors + ',' + parentId ('0' for a root). */
  ancestors?: boolean;
  /** Fields a child copies from its parent on save, and descendants follow when they change (a dictionary's code). */
  inherit?: ReadonlyArray<keyof F & string>;
  /** Values a top-level row always has (a dictionary's key -1). */
  rootValues?: Partial<Record<keyof F & string, string | number>>;
  /** Fixed filter of the picker tree (`tree`): menus without buttons. */
  picker?: Partial<Record<(keyof F & string) | 'status', string | number>>;
  /**
   * A filter value of the picker tree that means no filter: SpringBlade clients ask `dict/tree?code=DICT` for the
   * whole dictionary tree.
   */
  pickerEvery?: Partial<Record<keyof F & string, string>>;
  /**
   * Only rows whose `field` is 1 (leaves) may be referenced: others are refused with `message` (`请选择末级科目`) and
   * shown but not selectable in pickers.
   */
  leavesOnly?: { field: keyof F & string; message: LocalText };
  /** The entity's own wording of the tree's refusals (a goods category: `该分类下存在子分类或物料，不能删除`). */
  messages?: { children?: LocalText; cycle?: LocalText };
}

export type BaseField =
  | 'id'
  | 'tenantId'
  | 'parentId'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
  | 'status'
  | 'isDeleted';

declare const fieldMap: unique symbol;

/**
 * A definition as `defineEntity` hands it out: a plain EntityDef that also remembers, for the type checker only, its
 * field map's own type (what `WireRow` reads).
 */
export type DefinedEntity<F extends Record<string, FieldDef> = Record<string, FieldDef>> = EntityDef & {
  readonly [fieldMap]?: F;
};

/**
 * Every definition made so far, by name. A reference stored by its target's code (`refKey`) reads the target here, so
 * this file need not import every definition: the server's manifests and the console's catalog (catalog.ts) load
 * them all before any row is read.
 */
const DEFINED = new Map<string, EntityDef>();

/**
 * Checks sort keys against the fields at compile time, then hands out the definition with its field map's type.
 * Derived fields and document numbers are made read-only here, so no body, form or import sets them.
 */
export function defineEntity<F extends Record<string, FieldDef>>(def: EntityDef<F>): DefinedEntity<F> {
  const fields = Object.fromEntries(
    Object.entries(def.fields).map(([name, field]) => [
      name,
      field.derive || field.sequence ? { ...field, readonly: true } : field,
    ]),
  );
  const entity = { ...def, fields } as unknown as DefinedEntity<F>;
  DEFINED.set(entity.name, entity);
  return entity;
}

/** Every definition made so far: on the server, after the manifests are read, every entity it serves. */
export const definedEntities = (): EntityDef[] => [...DEFINED.values()];

/** What references to the entity named `name` store instead of its id (its `refKey`: an account's code), if any. */
export const refKeyOf = (name: string | undefined): string | undefined =>
  name === undefined ? undefined : DEFINED.get(name)?.refKey;

/** The field references to `entity` show, if it has one. */
export const displayField = (entity: EntityDef): string | undefined => entity.display ?? entity.tree?.title;

/** A field whose value is picked (from a list: a dictionary, a reference, a company; or a date), not typed. */
export const isPicked = (field: FieldDef): boolean =>
  Boolean(field.dict || field.bizDict || field.ref || field.company) ||
  field.type === 'date' ||
  field.type === 'datetime';

/**
 * The message of a required field left blank (domain/README.md §3.5): the field's own, else `请选择<label>` for what is
 * picked (a dictionary item, a reference) and `请输入<label>` for what is typed. The server and the forms say the same.
 */
export function requiredText(field: FieldDef): LocalText {
  if (field.required !== true && field.required !== undefined) return field.required;
  const { zh, en } = field.label;
  return isPicked(field)
    ? { zh: `请选择${zh}`, en: `Please select ${en.toLowerCase()}` }
    : { zh: `请输入${zh}`, en: `Please enter ${en.toLowerCase()}` };
}

/**
 * The entity a reference field points at in a row whose `refBy.field` holds `selector` (`ref` itself without
 * `refBy`); undefined for a field that is no reference.
 */
export function refTargetOf(field: Pick<FieldDef, 'ref' | 'refBy'>, selector?: unknown): string | undefined {
  const targets = field.refBy?.targets;
  const key = selector === undefined || selector === null ? '' : String(selector);
  return targets && Object.hasOwn(targets, key) ? targets[key] : field.ref;
}

/** Every entity a reference field may point at: `ref`, then the `refBy` targets. */
export const refTargetsOf = (field: Pick<FieldDef, 'ref' | 'refBy'>): string[] =>
  field.ref ? [...new Set([field.ref, ...Object.values(field.refBy?.targets ?? {})])] : [];

/** What the console's picker needs of an entity a field's `ref` names: where it is served, whether a tree. */
export interface RefTarget {
  service: string;
  tree: boolean;
  /** What references store instead of the id (EntityDef `refKey`). */
  refKey?: string;
}

/** The picker facts of each of `definitions`, by name. */
export const pickerTargetsOf = (definitions: readonly EntityDef[]): Record<string, RefTarget> =>
  Object.fromEntries(
    definitions.map((entity) => [
      entity.name,
      { service: entity.service, tree: Boolean(entity.tree), ...(entity.refKey ? { refKey: entity.refKey } : {}) },
    ]),
  );

/** The field a row is known by: what references store (`id`, or a keyed entity's key). */
export const keyField = (entity: EntityDef): string => entity.key ?? 'id';

/** The wire key of a reference field's names: `deptId` -> `deptName`, unless the field says otherwise. */
export const refNameKey = (name: string, field: FieldDef): string => field.shows ?? `${name.replace(/Ids?$/, '')}Name`;

/**
 * The wire key of a field's text for people in a read row: a dictionary's label, a reference's names, else `shows`.
 * A reference stored by a code people know (its target's `refKey`: an account's 6602) shows that code, as its Excel
 * column does, unless `shows` names another text.
 */
export const textKey = (name: string, field: FieldDef): string =>
  field.dict || field.bizDict
    ? `${name}Name`
    : field.ref && !field.shows && refKeyOf(field.ref)
      ? name
      : field.ref || field.company
        ? refNameKey(name, field)
        : (field.shows ?? name);

export const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const snakeToCamel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const AUDIT_FIELDS: Record<Exclude<BaseField, 'id' | 'tenantId' | 'parentId' | 'isDeleted'>, FieldDef> = {
  createUser: { type: 'id', label: { zh: '创建人', en: 'Created by' }, readonly: true, nullable: true },
  createDept: { type: 'id', label: { zh: '创建部门', en: 'Creating department' }, readonly: true, nullable: true },
  createTime: { type: 'datetime', label: { zh: '创建时间', en: 'Created at' }, readonly: true, nullable: true },
  updateUser: { type: 'id', label: { zh: '修改人', en: 'Updated by' }, readonly: true, nullable: true },
  updateTime: { type: 'datetime', label: { zh: '修改时间', en: 'Updated at' }, readonly: true, nullable: true },
  status: { type: 'int', label: { zh: '状态', en: 'Status' }, default: 1 },
};

/** Every field of the entity's table, base columns included, in table order. */
export function allFields(entity: EntityDef): Record<string, FieldDef> {
  const keyed = entity.key !== undefined;
  return {
    ...(keyed ? {} : { id: { type: 'id', label: { zh: '主键', en: 'ID' }, readonly: true } satisfies FieldDef }),
    ...(entity.tenant
      ? {
          tenantId: {
            type: 'string',
            label: { zh: '租户编号', en: 'Tenant' },
            readonly: true,
            max: 12,
          } satisfies FieldDef,
        }
      : {}),
    ...(entity.tree ? { parentId: { type: 'id', label: entity.tree.parentLabel } satisfies FieldDef } : {}),
    ...(entity.tree?.ancestors
      ? {
          ancestors: {
            type: 'string',
            max: 2000,
            label: { zh: '祖级列表', en: 'Ancestors' },
            readonly: true,
          } satisfies FieldDef,
        }
      : {}),
    ...(entity.audit ? AUDIT_FIELDS : {}),
    ...entity.fields, // may redefine an audit field (a message's status starts at 0 = unread)
    ...(keyed
      ? {}
      : {
          isDeleted: {
            type: 'int',
            label: { zh: '是否已删除', en: 'Deleted' },
            readonly: true,
            secret: true,
          } satisfies FieldDef,
        }),
  };
}

/** The names of the fields `E` defines. */
export type FieldName<E> = E extends DefinedEntity<infer F> ? keyof F & string : never;

/** The wire key stem of a reference field's names: `deptId` -> `dept` (refNameKey's rule, for types). */
type RefStem<K extends string> = K extends `${infer P}Ids` ? P : K extends `${infer P}Id` ? P : K;

/** A field's value on the wire: numbers for the numeric types, text for the rest (ids, dates); null if nullable. */
type WireValue<D> =
  | (D extends { type: 'int' | 'money' | 'decimal' | 'switch' } ? number : string)
  | (D extends { nullable: true } ? null : never);

/** The files reads add beside an attachments field (`<field>Files`). */
type WireFiles<F> = {
  [K in keyof F & string as F[K] extends { type: 'attachments' } ? `${K}Files` : never]: AttachedFile[];
};

/** The text keys reads add beside fields: a dictionary's `<field>Name`, a reference's or company's names. */
type WireTexts<F> = {
  [
    K in keyof F & string as F[K] extends { dict: string } | { bizDict: string }
      ? `${K}Name`
      : F[K] extends { company: true } | { ref: string }
        ? F[K] extends { shows: string }
          ? never
          : `${RefStem<K>}Name`
        : never
  ]: string;
};

/**
 * A row of `E` as the entity engine's list and detail send it: its id, each field that is not secret by its type,
 * and the texts added for dictionaries and references. The clients' rows, derived from the definition.
 */
export type WireRow<E> =
  E extends DefinedEntity<infer F>
    ? { id: string; createTime?: string } & {
        [K in keyof F & string as F[K] extends { secret: true } ? never : K]: WireValue<F[K]>;
      } & WireTexts<F> &
        WireFiles<F>
    : never;
