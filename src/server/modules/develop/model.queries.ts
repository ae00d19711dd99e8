import type { Db } from '../../db/connect.ts';

/** The develop module's reads of its own tables (data sources, models, their fields). */

/** A live data source row: what a connection needs (the password still sealed). */
export async function datasourceRow(db: Db, id: string) {
  const row = await db
    .selectFrom('blade_datasource')
    .select(['url', 'username', 'password'])
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row && { url: String(row.url), username: String(row.username ?? ''), password: row.password };
}

/** A live model: its data source (null: the console's own database) and its table. */
export async function modelRow(db: Db, id: string) {
  const row = await db
    .selectFrom('blade_model')
    .select(['id', 'datasource_id', 'model_table'])
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return (
    row && {
      id: String(row.id),
      datasourceId: row.datasource_id === null ? null : String(row.datasource_id),
      modelTable: String(row.model_table),
    }
  );
}

/** The saved field rows of a model: id by column, in the model's order. */
export async function savedFieldIds(db: Db, modelId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('blade_model_prototype')
    .select(['id', 'jdbc_name'])
    .where('model_id', '=', modelId)
    .where('is_deleted', '=', 0)
    .execute();
  return new Map(rows.map((r) => [String(r.jdbc_name), String(r.id)]));
}

/** A model's saved fields for pickers: label the comment (else the column), value the column. */
export async function fieldOptions(db: Db, modelId: string) {
  const rows = await db
    .selectFrom('blade_model_prototype')
    .select(['jdbc_name', 'comment'])
    .where('model_id', '=', modelId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ label: String(r.comment || r.jdbc_name), value: String(r.jdbc_name) }));
}

/** A live model's stored row, every column (what the generator and publishing read). */
export const storedModel = (db: Db, id: string) =>
  db.selectFrom('blade_model').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();

/** A model's stored field rows in their order, every column. */
export const storedFieldRows = (db: Db, modelId: string) =>
  db
    .selectFrom('blade_model_prototype')
    .selectAll()
    .where('model_id', '=', modelId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
