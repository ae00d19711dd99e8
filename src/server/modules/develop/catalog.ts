import { pinyin } from 'pinyin-pro';
import type { TableField, TableInfo, TableSummary } from '../../../shared/contract/api/develop.schemas.ts';
import type { ModelFieldType } from '../../../shared/entities/develop/model-prototype.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import { fail, failWith } from '../../platform/errors.ts';
import type { SourceAddress } from '../../db/jdbc-url.ts';

/**
 * A data source's catalog, whatever its database: the tables of its schema and one table's columns, mapped to the
 * engine's field types (catalog-pg.ts, catalog-mysql.ts). A reader holds one connection until `close()`.
 */
export interface CatalogReader {
  tables(): Promise<TableSummary[]>;
  /** The table's columns; a 400 when the table does not exist. */
  table(name: string): Promise<TableInfo>;
  close(): Promise<void>;
}

/** The entity whose table is `table`, when one is known (a foreign key's target as a reference). */
export type EntityOfTable = (table: string) => string | undefined;

/** A column as a catalog describes it, before it is mapped. */
export interface RawColumn {
  name: string;
  /** The base type's name, lower case (`varchar`, `int4`, `tinyint`). */
  dataType: string;
  /** The type as declared (`varchar(50)`, `numeric(12,3)`, `tinyint(1)`, `bigint(20) unsigned`). */
  columnType: string;
  comment: string;
  notNull: boolean;
  hasDefault: boolean;
}

/** The keys of a table: primary key columns, columns unique alone, single-column foreign keys. */
export interface TableKeys {
  primary: Set<string>;
  unique: Set<string>;
  references: Map<string, { table: string; column: string }>;
}

/** How long a source may take to answer a connection: a dead host is reported within ~5 s. */
export const CONNECT_TIMEOUT_MS = 4000;
/** How long one catalog query may run. */
export const QUERY_TIMEOUT_MS = 10_000;

/** Where a source lives, as its messages name it (never its password). */
export type { SourceAddress };

export const addressText = (a: SourceAddress) => `${a.host}:${a.port}/${a.database}`;

const REASONS: Record<string, LocalText> = {
  ECONNREFUSED: MESSAGES.sourceRefused,
  ETIMEDOUT: MESSAGES.sourceTimeout,
  ECONNRESET: MESSAGES.sourceRefused,
  EHOSTUNREACH: MESSAGES.sourceTimeout,
  ENETUNREACH: MESSAGES.sourceTimeout,
  ENOTFOUND: MESSAGES.sourceNoHost,
  EAI_AGAIN: MESSAGES.sourceNoHost,
  // PostgreSQL SQLSTATEs, MySQL error codes
  '28P01': MESSAGES.sourceLogin,
  '28000': MESSAGES.sourceLogin,
  '3D000': MESSAGES.sourceNoDatabase,
  ER_ACCESS_DENIED_ERROR: MESSAGES.sourceLogin,
  ER_DBACCESS_DENIED_ERROR: MESSAGES.sourceLogin,
  ER_BAD_DB_ERROR: MESSAGES.sourceNoDatabase,
};

/**
 * The 400 for a source that could not be reached or read: host, port and database named, the reason in a word. The
 * driver's own text is not passed on (it may quote the URL); only its error code is.
 */
export function unreachable(address: SourceAddress, error: unknown): Error {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : '';
  const failed = MESSAGES.sourceFailed;
  const reason =
    REASONS[code] ??
    (/timeout|timed out/i.test(message)
      ? MESSAGES.sourceTimeout
      : /terminated|closed/i.test(message)
        ? MESSAGES.sourceClosed
        : code
          ? { zh: `${failed.zh}（${code}）`, en: `${failed.en} (${code})` }
          : failed);
  return fail('sourceUnreachable', { name: addressText(address), label: reason });
}

export const tableMissing = (name: string) => failWith(MESSAGES.tableMissing, { name });

/** The numbers in a declared type's parentheses: `numeric(12,3)` -> [12, 3], `varchar(50)` -> [50]. */
function sizesOf(columnType: string): number[] {
  const found = /\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/.exec(columnType);
  return found ? [Number(found[1]), ...(found[2] === undefined ? [] : [Number(found[2])])] : [];
}

/** PostgreSQL's internal type names as the common ones. */
const ALIASES: Record<string, string> = {
  int2: 'smallint',
  int4: 'int',
  integer: 'int',
  mediumint: 'int',
  int8: 'bigint',
  bool: 'boolean',
  float4: 'real',
  float8: 'double',
  float: 'double',
  numeric: 'decimal',
  bpchar: 'char',
  timestamptz: 'timestamp',
  tinytext: 'text',
  mediumtext: 'text',
  longtext: 'text',
  jsonb: 'json',
};

export interface MappedType {
  type: ModelFieldType;
  maxLength: number | null;
  precision: number | null;
  scale: number | null;
  /** Said when the source type is not one Tenon knows (read as string). */
  note: string;
}

/**
 * The field type of a column. A bigint that is neither the key nor an `*_id` column becomes decimal(19,0), not int:
 * the engine's int is 32-bit and refuses larger values, and a count or amount in a bigint column may hold them.
 */
export function mapColumnType(column: RawColumn, key: boolean): MappedType {
  const base = ALIASES[column.dataType.toLowerCase()] ?? column.dataType.toLowerCase();
  const sizes = sizesOf(column.columnType);
  const result = (type: ModelFieldType, more: Partial<MappedType> = {}): MappedType => ({
    type,
    maxLength: null,
    precision: null,
    scale: null,
    note: '',
    ...more,
  });
  switch (base) {
    case 'tinyint':
      return sizes[0] === 1 ? result('switch') : result('int');
    case 'bit':
      return (sizes[0] ?? 1) === 1 ? result('switch') : result('int');
    case 'boolean':
      return result('switch');
    case 'smallint':
    case 'int':
    case 'year':
      return result('int');
    case 'bigint':
      return key || /_id$/i.test(column.name) ? result('id') : result('decimal', { precision: 19, scale: 0 });
    case 'decimal': {
      const [precision = 18, scale = 0] = sizes;
      return result(scale === 2 ? 'money' : 'decimal', { precision, scale });
    }
    case 'real':
    case 'double':
      return result('decimal', { precision: 18, scale: 4 });
    case 'date':
      return result('date');
    case 'datetime':
    case 'timestamp':
      return result('datetime');
    case 'char':
    case 'varchar':
    case 'character':
    case 'character varying':
      return result('string', { maxLength: sizes[0] ?? 255 });
    case 'text':
    case 'json':
      return result('text');
    default:
      return result('string', { maxLength: 255, note: `${column.columnType || base} → string` });
  }
}

const JAVA_TYPES: Record<ModelFieldType, string> = {
  string: 'String',
  text: 'String',
  int: 'Integer',
  switch: 'Integer',
  id: 'Long',
  money: 'BigDecimal',
  decimal: 'BigDecimal',
  date: 'Date',
  datetime: 'Date',
};

/** The property type in BladeX's terms (`String`, `Long`...) and its fully qualified class. */
export function propertyTypeOf(type: ModelFieldType): { propertyType: string; propertyEntity: string } {
  const propertyType = JAVA_TYPES[type];
  const pkg = propertyType === 'BigDecimal' ? 'java.math' : propertyType === 'Date' ? 'java.util' : 'java.lang';
  return { propertyType, propertyEntity: `${pkg}.${propertyType}` };
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/**
 * The camelCase property of a column: `order_no` -> orderNo, `userName` stays, a Chinese name in pinyin (`用户名` ->
 * yongHuMing); a name starting with a digit gets an `f` before it. Always a valid property (model-prototype's rule).
 */
export function propertyNameOf(column: string): string {
  const spelled = column.replace(HAN, (han) => ` ${pinyin(han, { toneType: 'none', type: 'array' }).join(' ')} `);
  const words = spelled
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const camel = words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  const name = /^[a-z]/.test(camel) ? camel : `f${camel}`;
  return name.length > 1 ? name.slice(0, 63) : 'field';
}

/** A table's columns as fields: types mapped, names made properties (distinct ones), keys and references. */
export function fieldsOfColumns(columns: RawColumn[], keys: TableKeys, entityOf: EntityOfTable): TableField[] {
  const taken = new Set<string>();
  return columns.map((column, index) => {
    const keyFlag = keys.primary.has(column.name);
    const reference = keys.references.get(column.name) ?? null;
    const refEntity = reference ? (entityOf(reference.table) ?? '') : '';
    const mapped = mapColumnType(column, keyFlag);
    // A reference to a known entity holds its id, whatever integer type the source used.
    if (refEntity && ['int', 'decimal', 'id'].includes(mapped.type) && !mapped.scale) {
      Object.assign(mapped, { type: 'id', precision: null, scale: null });
    }
    let propertyName = propertyNameOf(column.name);
    if (taken.has(propertyName)) propertyName = `${propertyName.slice(0, 60)}${index + 1}`;
    taken.add(propertyName);
    return {
      name: column.name,
      type: mapped.type,
      columnType: column.columnType,
      comment: column.comment,
      propertyName,
      propertyType: propertyTypeOf(mapped.type).propertyType,
      keyFlag,
      nullable: !column.notNull,
      hasDefault: column.hasDefault,
      unique: keys.unique.has(column.name) || (keyFlag && keys.primary.size === 1),
      maxLength: mapped.maxLength,
      precision: mapped.precision,
      scale: mapped.scale,
      reference,
      refEntity,
      note: mapped.note,
    };
  });
}

/** The column a unique index makes unique alone, if one: its columns less the tenant's. */
export function uniqueColumnOf(columns: string[]): string | undefined {
  const own = columns.filter((c) => c !== 'tenant_id');
  return own.length === 1 ? own[0] : undefined;
}
