import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../src/server/db/connect.ts';
import { splitStatements } from '../../src/server/db/migrate.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { fieldsOf } from '../../src/server/platform/entity/fields.ts';
import { uniqueIndexName } from '../../src/server/platform/entity/unique.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { uniqueRules, type UniqueRule } from '../support/unique-rules.ts';

/**
 * Every unique rule is held by the database (issue 30): the engine looks a key up before it writes, so two writers at
 * once both find it free, and only a unique index refuses the second. The index is named after the rule's field, which
 * is how a violation the database reports is answered with the rule's message (platform/entity/unique.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.stop());

interface UniqueIndex {
  table: string;
  name: string;
  /** Key columns as the catalog prints them: `customer_code`, `COALESCE(customer_id, 0::bigint)`. */
  keys: string[];
  predicate: string | null;
}

async function uniqueIndexes(): Promise<UniqueIndex[]> {
  const { rows } = await sql<UniqueIndex>`
    select t.relname as "table", i.relname as name, pg_get_expr(x.indpred, x.indrelid) as predicate,
      array(select pg_get_indexdef(x.indexrelid, k, true)::text from generate_series(1, x.indnkeyatts) k
        order by k) as keys
    from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
    where x.indisunique and t.relnamespace = to_regnamespace(current_schema())`.execute(t.services.db);
  return rows;
}

const RULES = uniqueRules();

/**
 * What the index must say to hold exactly the engine's rule: the tenant, the scope and the field as its keys (a scope
 * field that may be blank coalesced, as the engine compares a blank scope as a value), over live rows, and only rows
 * holding a value (the engine checks no blank key).
 */
function ddlFor({ entity, field, scope }: UniqueRule): string {
  const keys = [
    ...(entity.tenant ? ['tenant_id'] : []),
    ...scope.map((s) => (s.nullable ? `coalesce(${s.column}, 0)` : s.column)),
    field.column,
  ];
  const where = [...(entity.key ? [] : ['is_deleted = 0']), ...(field.nullable ? [`${field.column} is not null`] : [])];
  return `create unique index ${uniqueIndexName(field)} on ${entity.table} (${keys.join(', ')})${
    where.length ? ` where ${where.join(' and ')}` : ''
  };`;
}

function holds(index: UniqueIndex | undefined, { entity, field, scope }: UniqueRule): boolean {
  if (!index || index.table !== entity.table) return false;
  const expected = [...(entity.tenant ? ['tenant_id'] : []), ...scope.map((s) => s.column), field.column];
  const columnOf = (key: string) => /^(?:COALESCE\()?(\w+)/i.exec(key)?.[1];
  const coalesced = (key: string) => /^COALESCE\(/i.test(key);
  if (index.keys.length !== expected.length || !expected.every((c) => index.keys.some((k) => columnOf(k) === c)))
    return false;
  if (scope.some((s) => s.nullable && !index.keys.some((k) => columnOf(k) === s.column && coalesced(k)))) return false;
  const predicate = index.predicate ?? '';
  if (!entity.key && !/\bis_deleted = 0\b/.test(predicate)) return false;
  if (field.nullable && !predicate.includes(`${field.column} IS NOT NULL`)) return false;
  return true;
}

describe('unique indexes', () => {
  it('holds every unique rule of every definition by an index named after its field', async () => {
    const byName = new Map((await uniqueIndexes()).map((index) => [index.name, index]));
    const missing = RULES.filter((rule) => !holds(byName.get(uniqueIndexName(rule.field)), rule)).map(ddlFor);
    expect(missing, 'add (or rename to) these in a migration').toEqual([]);
  });

  it("keys a keyed entity's rows and a referenced key by a unique rule", async () => {
    const indexes = await uniqueIndexes();
    for (const entity of ENTITIES.filter((e) => e.key)) {
      const column = fieldsOf(entity).get(entity.key!)!.column;
      expect(indexes.some((i) => i.table === entity.table && i.keys.join() === column && !i.predicate)).toBe(true);
    }
    // References by key (an account's code) name one row: the key is a unique rule, held above.
    for (const entity of ENTITIES.filter((e) => e.refKey))
      expect(fieldsOf(entity).get(entity.refKey!)!.unique, entity.name).toBeTruthy();
  });

  it('keeps the oldest live key where the race left duplicates, and renames the later ones visibly', async () => {
    // The database as it was before 0045, holding what concurrent saves made then.
    const db = t.services.db as DynamicDb;
    const added = ['blade_post_post_code', 'blade_top_menu_code', 'blade_dict_dict_key', 'blade_dict_biz_dict_key'];
    for (const name of added) await sql`drop index ${sql.ref(`${name}_unique`)}`.execute(db);
    const tenant = '000000';
    const post = (code: string, deleted = 0) => {
      const id = nextId();
      return { id, tenant_id: tenant, post_code: code, post_name: code, is_deleted: deleted };
    };
    const posts = [
      post('P1'),
      post('P1'),
      post('P1~2'),
      post('P1', 1),
      post('P1'),
      post('ABCDEFGHIJKL'),
      post('ABCDEFGHIJKL'),
    ];
    await db.insertInto('blade_post').values(posts).execute();
    const menus = [nextId(), nextId()].map((id) => ({ id, tenant_id: tenant, code: 'race', name: 'race', sort: 1 }));
    await db.insertInto('blade_top_menu').values(menus).execute();
    const dictionary = { id: nextId(), tenant_id: tenant, parent_id: '0', code: 'race', dict_key: '-1' };
    const item = (key: string, value: string) => ({
      id: nextId(),
      tenant_id: tenant,
      parent_id: dictionary.id,
      code: 'race',
      dict_key: key,
      dict_value: value,
    });
    const items = [item('1', '男'), item('1', '男'), item('1', '女')];
    await db
      .insertInto('blade_dict_biz')
      .values([{ ...dictionary, dict_value: 'race' }, ...items])
      .execute();

    const migration = readFileSync('src/server/db/migrations/0045_unique_indexes.sql', 'utf8');
    await db.transaction().execute(async (trx) => {
      for (const statement of splitStatements(migration)) await sql.raw(statement).execute(trx);
    });

    const postCodes = await db
      .selectFrom('blade_post')
      .select(['id', 'post_code', 'is_deleted'])
      .where(
        'id',
        'in',
        posts.map((p) => p.id),
      )
      .execute();
    const codeOf = (id: string) => postCodes.find((p) => String(p.id) === id)?.post_code;
    expect(posts.map((p) => codeOf(p.id))).toEqual([
      'P1',
      'P1~3', // P1~2 is someone's code already
      'P1~2',
      'P1', // deleted rows keep their keys
      'P1~4',
      'ABCDEFGHIJKL',
      'ABCDEFGHIJ~2', // cut to fit varchar(12)
    ]);
    const menuCodes = await db
      .selectFrom('blade_top_menu')
      .select('code')
      .where(
        'id',
        'in',
        menus.map((m) => m.id),
      )
      .orderBy('id')
      .execute();
    expect(menuCodes.map((m) => m.code)).toEqual(['race', 'race~2']);
    const saved = await db
      .selectFrom('blade_dict_biz')
      .select(['dict_key', 'dict_value', 'is_deleted'])
      .where('parent_id', '=', dictionary.id)
      .orderBy('id')
      .execute();
    // A whole copy of an item goes; the same key naming something else is kept for the operator to decide.
    expect(saved).toEqual([
      { dict_key: '1', dict_value: '男', is_deleted: 0 },
      { dict_key: '1', dict_value: '男', is_deleted: 1 },
      { dict_key: '1~2', dict_value: '女', is_deleted: 0 },
    ]);
    const byName = new Map((await uniqueIndexes()).map((index) => [index.name, index]));
    expect(RULES.filter((rule) => !holds(byName.get(uniqueIndexName(rule.field)), rule)).map(ddlFor)).toEqual([]);
  });
});
