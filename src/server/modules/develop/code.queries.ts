import { sql } from 'kysely';
import type { Services } from '../../services.ts';

/** The code generator's reads (code.routes.ts): a code row, a table's columns (models: model.queries.ts). */
type Db = Services['db'];

export const codeRow = (db: Db, id: string) =>
  db.selectFrom('blade_code').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();

/** The columns of a table of the app's database (its current schema); none when there is no such table. */
export async function tableColumns(db: Db, table: string): Promise<string[]> {
  const found = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return found.rows.map((row) => row.column_name);
}
