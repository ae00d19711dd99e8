import { sql } from 'kysely';
import type { Db, DynamicDb } from './connect.ts';
import type { Schema } from './schema.ts';

type Row = Record<string, unknown>;

/** Rows a statement takes at most: thousands at once would pass PostgreSQL's 65,535 bound parameters. */
export const INSERT_BATCH = 500;

/** Inserts many rows of one table, INSERT_BATCH a statement (seeds and demo data). */
export async function insertRows(db: Db | DynamicDb, table: keyof Schema, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await (db as DynamicDb)
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}

/**
 * Inserts rows read from the same table (copies of its own rows: every value as the driver returned it, columns
 * alike in every row) as one JSON parameter a statement: PostgreSQL types each value by the table's own row type, and
 * tens of thousands of rows cost one parameter instead of 65,535-bounded lists (a year of budgets copied).
 */
export async function insertCopies(db: Db | DynamicDb, table: keyof Schema, rows: readonly Row[]): Promise<void> {
  if (!rows.length) return;
  const columns = sql.join(Object.keys(rows[0]).map((column) => sql.ref(column)));
  await sql`insert into ${sql.table(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    db,
  );
}
