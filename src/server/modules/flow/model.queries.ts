import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { fail } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Paging } from '../../platform/entity/conditions.ts';

/** The designer's BPMN models (blade_flow_model), always of one tenant. */
export type ModelRow = Selectable<Schema['blade_flow_model']>;

const live = (db: Db, tenantId: string) =>
  db.selectFrom('blade_flow_model').where('is_deleted', '=', 0).where('tenant_id', '=', tenantId);

/** A page of the tenant's models, newest change first, filtered by key and name (contains). */
export async function modelPage(db: Db, tenantId: string, filters: { modelKey: string; name: string }, paging: Paging) {
  let query = live(db, tenantId);
  for (const [value, column] of [
    [filters.modelKey, 'model_key'],
    [filters.name, 'name'],
  ] as const) {
    if (!value) continue;
    query = query.where(sql`${sql.ref(column)}::text`, 'like', `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const [count, rows] = await Promise.all([
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
    query
      .selectAll()
      .orderBy('update_time', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset((paging.current - 1) * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export function modelById(db: Db, tenantId: string, id: string): Promise<ModelRow | undefined> {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ModelFields {
  modelKey: string;
  name: string;
  description: string;
  xml: string;
}

/** Adds a model (no id) or changes one of the tenant's; a model key is unique among the tenant's live models. */
export async function saveModel(
  db: Db,
  author: { userId: string; tenantId: string; deptId: string | null },
  id: string | undefined,
  fields: ModelFields,
) {
  const { modelKey, name, description, xml } = fields;
  const { userId, tenantId } = author;
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('blade_flow_model')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('model_key', '=', modelKey)
      .where('is_deleted', '=', 0)
      .$if(Boolean(id), (q) => q.where('id', '<>', id!))
      .executeTakeFirst();
    if (clash) throw fail('exists', { label: { zh: '模型标识', en: 'Model key' } });
    if (!id) {
      await trx
        .insertInto('blade_flow_model')
        .values({
          id: nextId(),
          tenant_id: tenantId,
          model_key: modelKey,
          name,
          description,
          xml,
          version: 1,
          create_user: userId,
          create_dept: author.deptId,
          create_time: now,
          update_user: userId,
          update_time: now,
          status: 1,
          is_deleted: 0,
        })
        .execute();
      return;
    }
    const updated = await trx
      .updateTable('blade_flow_model')
      .set((eb) => ({
        model_key: modelKey,
        name,
        description,
        xml,
        version: eb('version', '+', 1),
        update_user: userId,
        update_time: now,
      }))
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail('dataNotFound');
  });
}

export async function removeModels(db: Db, user: { userId: string; tenantId: string }, ids: string[]) {
  await db
    .updateTable('blade_flow_model')
    .set({ is_deleted: 1, update_user: user.userId, update_time: formatDateTime() })
    .where('id', 'in', ids)
    .where('tenant_id', '=', user.tenantId)
    .execute();
}
