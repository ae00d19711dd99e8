import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED, PREPARE_AFTER, PreparingPool } from '../../src/server/db/prepared-statements.ts';
import type { DynamicDb } from '../../src/server/db/connect.ts';
import { copyTemplate, type DatabaseCopy } from '../support/database.ts';

/**
 * The server's PostgreSQL pool names SQL it runs repeatedly (server-side prepared statements). Runs when DATABASE_URL
 * is set (the embedded database runs in-process and has nothing to prepare across a wire).
 */
describe.skipIf(!process.env.DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let copy: DatabaseCopy;
  let db: DynamicDb;

  beforeAll(async () => {
    copy = await copyTemplate();
    // One connection, so that every query below meets the statements the earlier ones left on it.
    db = new Kysely({
      dialect: new PostgresDialect({
        pool: new PreparingPool(new pg.Pool({ connectionString: copy.databaseUrl, max: 1 })),
      }),
    });
    await sql`create table prep_probe (id int primary key, a text)`.execute(db);
    await sql`insert into prep_probe values (1, 'one'), (2, 'two')`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await copy?.drop();
  });

  const named = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (r) => r.statement,
    );
  const probe = (id: number) => db.selectFrom('prep_probe').selectAll().where('id', '=', id).execute();

  it('names a parameterised text on its third run and answers the same through the name', async () => {
    const text = 'select "a" from "prep_probe" where "id" = $1';
    for (let run = 1; run < PREPARE_AFTER; run++) {
      expect(await db.selectFrom('prep_probe').select('a').where('id', '=', run).execute()).toHaveLength(1);
      expect(await named()).not.toContain(text);
    }
    expect(await db.selectFrom('prep_probe').select('a').where('id', '=', 1).execute()).toEqual([{ a: 'one' }]);
    expect(await named()).toContain(text);
    expect(await db.selectFrom('prep_probe').select('a').where('id', '=', 2).execute()).toEqual([{ a: 'two' }]);
    // Statements without parameters are never named.
    for (let run = 0; run <= PREPARE_AFTER; run++) await sql`select 1`.execute(db);
    expect(await named()).not.toContain('select 1');
  });

  it('runs a query again when a column added meanwhile changed what its kept plan returns', async () => {
    for (let run = 0; run <= PREPARE_AFTER; run++) await probe(1);
    expect(await named()).toContain('select * from "prep_probe" where "id" = $1');
    await sql`alter table prep_probe add column b text default 'new'`.execute(db);
    expect(await probe(1)).toEqual([{ id: 1, a: 'one', b: 'new' }]);

    // Inside a transaction PostgreSQL has already aborted it: the error reaches the caller, the next query works.
    for (let run = 0; run <= PREPARE_AFTER; run++) await probe(2);
    await sql`alter table prep_probe add column c text default 'newer'`.execute(db);
    await expect(
      db.transaction().execute((trx) => trx.selectFrom('prep_probe').selectAll().where('id', '=', 2).execute()),
    ).rejects.toThrow(/cached plan must not change result type/);
    expect(await probe(2)).toEqual([{ id: 2, a: 'two', b: 'new', c: 'newer' }]);
  });

  it("lets a transaction's statements take the generic plan, and plans the session's others with their values", async () => {
    // As the server's sessions are set (connect.ts).
    await sql`set plan_cache_mode = force_custom_plan`.execute(db);
    const mode = async (q: DynamicDb) =>
      (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(q)).rows[0].mode;
    expect(await mode(db)).toBe('force_custom_plan');
    const text = 'select "a" from "prep_probe" where "id" = $1 and "a" <> $2';
    const plans = async () =>
      (
        await sql<{ generic: string; custom: string }>`select generic_plans as generic, custom_plans as custom
          from pg_prepared_statements where statement = ${text}`.execute(db)
      ).rows[0];
    const read = (q: DynamicDb) =>
      q.selectFrom('prep_probe').select('a').where('id', '=', 1).where('a', '<>', 'x').execute();
    for (let run = 0; run < 10; run++) expect(await read(db)).toEqual([{ a: 'one' }]);
    expect(Number((await plans()).generic)).toBe(0);
    await db.transaction().execute(async (trx) => {
      expect(await mode(trx)).toBe('auto');
      for (let run = 0; run < 3; run++) expect(await read(trx)).toEqual([{ a: 'one' }]);
    });
    // PostgreSQL weighed its custom plans and keeps the generic one for this key lookup; the session is as it was.
    expect(Number((await plans()).generic)).toBe(3);
    expect(await mode(db)).toBe('force_custom_plan');
    await expect(
      db.transaction().execute(async (trx) => {
        await read(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mode(db)).toBe('force_custom_plan');
  });

  it(`keeps at most ${MAX_NAMED} named statements on a connection`, async () => {
    for (let n = 0; n < MAX_NAMED + 20; n++)
      for (let run = 0; run < PREPARE_AFTER; run++)
        await db
          .selectFrom('prep_probe')
          .select(sql<number>`${sql.lit(n)}::int`.as('n'))
          .where('id', '=', 1)
          .execute();
    const statements = await named();
    expect(statements.length).toBeLessThanOrEqual(MAX_NAMED);
    expect(statements.length).toBeGreaterThan(MAX_NAMED - 10);
    // Past the cap, texts still run (unnamed).
    expect(
      await db
        .selectFrom('prep_probe')
        .select(sql<string>`'past the cap'`.as('x'))
        .where('id', '=', 2)
        .execute(),
    ).toEqual([{ x: 'past the cap' }]);
  });
});
