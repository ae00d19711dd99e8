import { CompiledQuery } from 'kysely';
import { allFields, camelToSnake } from '../../../shared/entities/define.ts';
import { packaging } from '../../../shared/entities/warehouse/packaging.ts';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../../platform/ids.ts';
import { SEED_AUDIT, insertSeedRows } from '../system/install.ts';
import { pgCatalog } from './catalog-pg.ts';
import { draftRows } from './model-draft.ts';

const MODEL_ID = '1123598832738675301';
const TABLE = packaging.table;

/**
 * `npm run demo`: 数据模型设计 shows a model over 包装规格's table, its fields read from the catalog and labelled as
 * the entity labels them (the embedded tables carry no comments).
 */
export async function seedModelDemo(db: Db): Promise<string[]> {
  const existing = await db.selectFrom('blade_model').select('id').where('id', '=', MODEL_ID).executeTakeFirst();
  if (existing) return ['0 data models'];
  // The demo's table has no foreign keys: no reference to resolve.
  const catalog = pgCatalog(
    async (text, params) => (await db.executeQuery(CompiledQuery.raw(text, params))).rows as Record<string, unknown>[],
    () => undefined,
    async () => undefined,
  );
  const table = await catalog.table(TABLE);
  const labels = new Map(Object.entries(allFields(packaging)).map(([n, f]) => [camelToSnake(n), f.label]));
  await insertSeedRows(db, 'blade_model', [
    {
      id: MODEL_ID,
      datasource_id: null,
      model_name: '包装规格（示例）',
      model_code: 'packagingdemo',
      model_table: TABLE,
      model_class: 'Packaging',
      model_remark: '数据模型设计的示例：从本库的包装规格表读出字段',
      ...SEED_AUDIT,
    },
  ]);
  const rows = draftRows(MODEL_ID, table.fields).map((row) => {
    const label = labels.get(row.jdbcName);
    const values = { ...row, comment: row.comment || label?.zh || '', commentEn: label?.en ?? row.commentEn };
    return {
      ...Object.fromEntries(Object.entries(values).map(([name, value]) => [camelToSnake(name), value])),
      id: nextId(),
      ...SEED_AUDIT,
    };
  });
  await insertSeedRows(db, 'blade_model_prototype', rows);
  return ['1 data model'];
}
