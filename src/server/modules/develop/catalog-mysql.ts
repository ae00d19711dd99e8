import mysql from 'mysql2/promise';
import type { TableInfo } from '../../../shared/contract/api/develop.schemas.ts';
import {
  CONNECT_TIMEOUT_MS,
  fieldsOfColumns,
  QUERY_TIMEOUT_MS,
  tableMissing,
  uniqueColumnOf,
  unreachable,
  type CatalogReader,
  type EntityOfTable,
  type SourceAddress,
  type TableKeys,
} from './catalog.ts';

type Rows = Record<string, unknown>[];

/** A MySQL or MariaDB data source's catalog (information_schema of its database) over its own connection. */
export async function mysqlCatalog(
  address: SourceAddress,
  login: { user: string; password: string },
  entityOf: EntityOfTable,
): Promise<CatalogReader> {
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      ...address,
      ...login,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Comments and names as written, whatever the server's default character set.
      charset: 'utf8mb4',
    });
  } catch (error) {
    throw unreachable(address, error);
  }
  connection.on('error', () => undefined);
  const run = async (text: string, params: unknown[]): Promise<Rows> => {
    try {
      const [rows] = await connection.query({ sql: text, timeout: QUERY_TIMEOUT_MS }, params);
      return rows as Rows;
    } catch (error) {
      throw unreachable(address, error);
    }
  };
  return {
    async tables() {
      const rows = await run(
        `select table_name as t_name, table_comment as t_comment from information_schema.tables
         where table_schema = database() and table_type = 'BASE TABLE' order by table_name`,
        [],
      );
      return rows.map((r) => ({ name: String(r.t_name), comment: String(r.t_comment ?? '') }));
    },
    async table(name: string): Promise<TableInfo> {
      const [found] = await run(
        `select table_comment as t_comment from information_schema.tables
         where table_schema = database() and table_name = ?`,
        [name],
      );
      if (!found) throw tableMissing(name);
      const columns = await run(
        `select column_name as c_name, data_type as c_type, column_type as c_column_type,
           column_comment as c_comment, is_nullable as c_nullable, column_default as c_default, extra as c_extra
         from information_schema.columns where table_schema = database() and table_name = ?
         order by ordinal_position`,
        [name],
      );
      const indexes = await run(
        `select index_name as i_name, column_name as c_name, non_unique as i_non_unique
         from information_schema.statistics where table_schema = database() and table_name = ?
         order by index_name, seq_in_index`,
        [name],
      );
      const foreign = await run(
        `select constraint_name as k_name, column_name as c_name, referenced_table_name as r_table,
           referenced_column_name as r_column
         from information_schema.key_column_usage
         where table_schema = database() and table_name = ? and referenced_table_name is not null`,
        [name],
      );
      return {
        name,
        comment: String(found.t_comment ?? ''),
        fields: fieldsOfColumns(columns.map(rawColumn), keysOf(indexes, foreign), entityOf),
      };
    },
    close: () => connection.end().catch(() => undefined),
  };
}

function rawColumn(c: Record<string, unknown>) {
  // MariaDB says a nullable column without a default has the default 'NULL'.
  const defaultText = c.c_default === null || c.c_default === undefined ? null : String(c.c_default);
  return {
    name: String(c.c_name),
    dataType: String(c.c_type),
    columnType: String(c.c_column_type),
    comment: String(c.c_comment ?? ''),
    notNull: c.c_nullable === 'NO',
    hasDefault: (defaultText !== null && defaultText !== 'NULL') || /auto_increment/i.test(String(c.c_extra ?? '')),
  };
}

function keysOf(indexes: Rows, foreign: Rows): TableKeys {
  const keys: TableKeys = { primary: new Set(), unique: new Set(), references: new Map() };
  const unique = new Map<string, string[]>();
  for (const row of indexes) {
    if (Number(row.i_non_unique) !== 0) continue;
    const index = String(row.i_name);
    if (index === 'PRIMARY') keys.primary.add(String(row.c_name));
    unique.set(index, [...(unique.get(index) ?? []), String(row.c_name)]);
  }
  for (const columns of unique.values()) {
    const alone = uniqueColumnOf(columns);
    if (alone) keys.unique.add(alone);
  }
  const byConstraint = new Map<string, Rows>();
  for (const row of foreign)
    byConstraint.set(String(row.k_name), [...(byConstraint.get(String(row.k_name)) ?? []), row]);
  for (const [row, ...more] of byConstraint.values()) {
    if (!more.length)
      keys.references.set(String(row.c_name), { table: String(row.r_table), column: String(row.r_column) });
  }
  return keys;
}
