import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../src/shared/entities/define.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { fieldsOf, findField } from '../../src/server/platform/entity/fields.ts';
import { startApp, type TestApp } from '../support/app.ts';

/**
 * Every tenant list reads its page by an index (issue 16): `tenant_id = ? and is_deleted = 0 order by <default sort>`
 * stops after the page only when an index holds the tenant's live rows in that order. Without one, a tenant of 50,000
 * users sorted all of them for each page (244 ms p95; 6.6 ms with the index).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.stop());

interface IndexRow {
  table: string;
  name: string;
  columns: Array<string | null>;
  /** INCLUDE columns: held in the index's leaves, not part of its order. */
  included: string[];
  descending: boolean[];
  predicate: string | null;
}

async function indexes(): Promise<IndexRow[]> {
  const { rows } = await sql<{
    table: string;
    name: string;
    columns: Array<string | null>;
    included: string[];
    options: number[];
    predicate: string | null;
  }>`
    select t.relname as "table", i.relname as name, pg_get_expr(x.indpred, x.indrelid) as predicate,
      array(select a.attname::text from unnest(x.indkey[0:x.indnkeyatts - 1]) with ordinality k(attnum, n)
        left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns,
      array(select a.attname::text from unnest(x.indkey[x.indnkeyatts:]) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as included,
      array(select o::int from unnest(x.indoption::int2[]) o) as options
    from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
    where t.relnamespace = to_regnamespace(current_schema())`.execute(t.services.db);
  return rows.map((r) => ({ ...r, descending: r.options.map((o) => (Number(o) & 1) === 1) }));
}

/**
 * The columns an index needs after `tenant_id`, with their directions (desc = true): the owner's (a message's
 * recipient, equal in every query), then the default sort's.
 */
function listOrder(entity: EntityDef): Array<[column: string, descending: boolean]> {
  const owner: Array<[string, boolean]> = entity.owner ? [[findField(entity, entity.owner)!.column, false]] : [];
  const sort = entity.defaultSort.map(([name, direction]): [string, boolean] => [
    findField(entity, String(name))!.column,
    direction === 'desc',
  ]);
  return [...owner, ...sort];
}

/** The index serves `where tenant_id = ? [and is_deleted = 0] order by …` read forwards or backwards. */
function serves(index: IndexRow, entity: EntityDef, order: Array<[string, boolean]>): boolean {
  if (index.table !== entity.table) return false;
  if (index.predicate !== null && !(!entity.key && /^\(?is_deleted = 0\)?$/.test(index.predicate))) return false;
  const lead = entity.tenant ? ['tenant_id'] : [];
  const columns = [...lead, ...order.map(([column]) => column)];
  if (!columns.every((column, i) => index.columns[i] === column)) return false;
  // An equality column's direction does not matter; the sort's must all match, or all be reversed (read backwards).
  const sorted = order
    .map(([, desc], i) => ({ desc, indexDesc: index.descending[lead.length + i] }))
    .slice(entity.owner ? 1 : 0);
  return sorted.every((c) => c.desc === c.indexDesc) || sorted.every((c) => c.desc !== c.indexDesc);
}

const ddlFor = (entity: EntityDef, order: Array<[string, boolean]>) =>
  `create index ${entity.table}_list on ${entity.table} (${[
    ...(entity.tenant ? ['tenant_id'] : []),
    ...order.map(([c, desc]) => `${c}${desc ? ' desc' : ''}`),
  ].join(', ')})${entity.key ? '' : ' where is_deleted = 0'};`;

describe('list indexes', () => {
  it("has an index for every list's default order (after the tenant and the owner)", async () => {
    const all = await indexes();
    const tables = new Set(all.map((i) => i.table));
    const missing = ENTITIES.filter((entity) => tables.has(entity.table))
      .map((entity) => ({ entity, order: listOrder(entity) }))
      .filter(({ entity, order }) => !all.some((index) => serves(index, entity, order)))
      .map(({ entity, order }) => ddlFor(entity, order));
    expect([...new Set(missing)], 'add these to a migration').toEqual([]);
  });

  it('has an index for every equality filter on a reference of a tenant list', async () => {
    // Selective filters (a department's employees, a line's stations), also what a delete's reference check reads.
    // Not companies: a tenant has a handful, an index of them would find a third of its rows.
    const all = await indexes();
    const missing = ENTITIES.filter((entity) => entity.tenant)
      .flatMap((entity) =>
        [...fieldsOf(entity).values()]
          .filter((field) => field.filter && field.ref && field.type !== 'ids')
          .map((field) => ({ entity, column: field.column })),
      )
      .filter(
        ({ entity, column }) =>
          !all.some(
            (index) => index.table === entity.table && index.columns[0] === 'tenant_id' && index.columns[1] === column,
          ),
      )
      .map(
        ({ entity, column }) =>
          `create index ${entity.table}_${column} on ${entity.table} (tenant_id, ${column}) where is_deleted = 0;`,
      );
    expect([...new Set(missing)], 'add these to a migration').toEqual([]);
  });

  it("lets a like search within a tenant count its matches from the index alone: it holds the page's columns", async () => {
    // A two-character name (用户姓名 like '%王伟%') has no trigram: the search reads the tenant's (tenant_id, name)
    // index, every entry of it. The page's first step selects the matches' keys with the default sort's columns (to
    // count them, then sort the page): unless the index holds those too, each of 50,000 entries is a row read from the
    // table (36 ms instead of 5 in a tenant of 50,000 users among 8 million).
    const all = await indexes();
    const missing = ENTITIES.filter((entity) => entity.tenant)
      .flatMap((entity) =>
        [...fieldsOf(entity).values()]
          .filter((field) => field.search === 'like' && !field.trigram)
          .flatMap((field) =>
            all
              .filter((i) => i.table === entity.table && i.columns.length === 2)
              .filter((i) => i.columns[0] === 'tenant_id' && i.columns[1] === field.column)
              .map((index) => ({ entity, index })),
          ),
      )
      .map(({ entity, index }) => {
        const page = [...new Set(['id', ...listOrder(entity).map(([column]) => column)])];
        return { index, lacking: page.filter((c) => !index.columns.includes(c) && !index.included.includes(c)) };
      })
      .filter(({ lacking }) => lacking.length)
      .map(({ index, lacking }) => `${index.name}: include (${lacking.join(', ')})`);
    expect(missing, 'add these to a migration').toEqual([]);
  });

  it('has a trigram index for every field searched through one', async () => {
    const { rows } = await sql<{ table: string; definition: string }>`
      select tablename as "table", indexdef as definition from pg_indexes where schemaname = current_schema()
        and indexdef like '%gin_trgm_ops%'`.execute(t.services.db);
    const missing = ENTITIES.flatMap((entity) =>
      [...fieldsOf(entity).values()]
        .filter((field) => field.trigram)
        .filter(
          (field) =>
            !rows.some((r) => r.table === entity.table && r.definition.includes(`(${field.column} gin_trgm_ops)`)),
        )
        .map(
          (field) =>
            `create index ${entity.table}_${field.column}_trgm on ${entity.table} using gin (${field.column} gin_trgm_ops);`,
        ),
    );
    expect([...new Set(missing)], 'add these to a migration').toEqual([]);
  });
});
