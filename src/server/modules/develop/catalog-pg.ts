import pg from 'pg';
import type { TableInfo, TableSummary } from '../../../shared/contract/api/develop.schemas.ts';
import {
  CONNECT_TIMEOUT_MS,
  fieldsOfColumns,
  QUERY_TIMEOUT_MS,
  tableMissing,
  uniqueColumnOf,
  unreachable,
  type CatalogReader,
  type EntityOfTable,
  type RawColumn,
  type SourceAddress,
} from './catalog.ts';

/** Runs one catalog query: the console's own database (Kysely) or a data source's connection (pg). */
export type RunQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Tenon's migration bookkeeping (db/migrate.ts): not a table anyone models. */
const HIDDEN_TABLE = 'tenon_migration';

// pg_catalog, not information_schema (slow on PGlite); the current schema only.
const TABLES = `
select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
  and c.relname <> $1
order by c.relname`;

const TABLE = `
select c.oid::bigint as oid, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname = $1`;

const COLUMNS = `
select a.attname as name, t.typname as data_type, format_type(a.atttypid, a.atttypmod) as column_type,
  coalesce(col_description(a.attrelid, a.attnum), '') as comment, a.attnotnull as not_null, a.atthasdef as has_default
from pg_attribute a join pg_type t on t.oid = a.atttypid
where a.attrelid = $1::bigint::oid and a.attnum > 0 and not a.attisdropped
order by a.attnum`;

// The key columns only: an index's INCLUDE columns (indkey past indnkeyatts) are carried, not part of what is unique.
const UNIQUES = `
select i.indisprimary as is_primary,
  (select json_agg(a.attname order by k.n) from unnest(i.indkey[0:i.indnkeyatts - 1]) with ordinality k(attnum, n)
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as columns
from pg_index i where i.indrelid = $1::bigint::oid and i.indisunique`;

const FOREIGN_KEYS = `
select f.relname as ref_table,
  (select json_agg(a.attname) from unnest(co.conkey) k(attnum)
     join pg_attribute a on a.attrelid = co.conrelid and a.attnum = k.attnum) as columns,
  (select json_agg(a.attname) from unnest(co.confkey) k(attnum)
     join pg_attribute a on a.attrelid = co.confrelid and a.attnum = k.attnum) as ref_columns
from pg_constraint co join pg_class f on f.oid = co.confrelid
where co.conrelid = $1::bigint::oid and co.contype = 'f'`;

/** json_agg arrives parsed from pg and PGlite alike; a string only from a driver that does not parse json. */
const names = (value: unknown): string[] =>
  (typeof value === 'string' ? (JSON.parse(value) as string[]) : Array.isArray(value) ? value : []).map(String);

/** The catalog of a PostgreSQL database (the console's own, PGlite or PostgreSQL, or a data source's). */
export function pgCatalog(run: RunQuery, entityOf: EntityOfTable, close: () => Promise<void>): CatalogReader {
  return {
    async tables(): Promise<TableSummary[]> {
      const rows = await run(TABLES, [HIDDEN_TABLE]);
      return rows.map((r) => ({ name: String(r.name), comment: String(r.comment) }));
    },
    async table(name: string): Promise<TableInfo> {
      const [found] = name === HIDDEN_TABLE ? [] : await run(TABLE, [name]);
      if (!found) throw tableMissing(name);
      const oid = String(found.oid);
      const [columns, uniques, foreign] = [
        await run(COLUMNS, [oid]),
        await run(UNIQUES, [oid]),
        await run(FOREIGN_KEYS, [oid]),
      ];
      const keys = { primary: new Set<string>(), unique: new Set<string>(), references: new Map() };
      for (const index of uniques) {
        const cols = names(index.columns);
        if (index.is_primary) for (const c of cols) keys.primary.add(c);
        const alone = uniqueColumnOf(cols);
        if (alone) keys.unique.add(alone);
      }
      for (const fk of foreign) {
        const [cols, refs] = [names(fk.columns), names(fk.ref_columns)];
        if (cols.length === 1) keys.references.set(cols[0], { table: String(fk.ref_table), column: refs[0] });
      }
      const raw: RawColumn[] = columns.map((c) => ({
        name: String(c.name),
        dataType: String(c.data_type),
        columnType: String(c.column_type),
        comment: String(c.comment),
        notNull: Boolean(c.not_null),
        hasDefault: Boolean(c.has_default),
      }));
      return { name, comment: String(found.comment), fields: fieldsOfColumns(raw, keys, entityOf) };
    },
    close,
  };
}

/** A PostgreSQL data source's catalog over its own short-lived connection. */
export async function externalPgCatalog(
  address: SourceAddress,
  login: { user: string; password: string },
  entityOf: EntityOfTable,
): Promise<CatalogReader> {
  const client = new pg.Client({
    ...address,
    ...login,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: QUERY_TIMEOUT_MS,
  });
  // A connection that dies after the connect must not take the process down.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw unreachable(address, error);
  }
  const run: RunQuery = async (text, params) => {
    try {
      return (await client.query(text, params)).rows as Record<string, unknown>[];
    } catch (error) {
      throw unreachable(address, error);
    }
  };
  return pgCatalog(run, entityOf, () => client.end().catch(() => undefined));
}
