import type { Db, DynamicDb } from './connect.ts';
import type { Schema } from './schema.ts';

/** Rows a statement takes at most: thousands at once would pass PostgreSQL's 65,535 bound parameters. */
export const INSERT_BATCH = 500;

/** Inserts many rows of one table, INSERT_BATCH a statement (seeds and demo data). */
export async function insertRows(db: Db, table: keyof Schema, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await (db as DynamicDb)
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}
