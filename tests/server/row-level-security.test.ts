import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestContext, runInContext } from '../../src/server/db/tenant-context.ts';
import { APP_ROLE } from '../../src/server/db/tenant-scoped-driver.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin, createUser } from '../support/factories.ts';

/**
 * Row-level security as the second wall (migration 0012): queries that deliberately leave out the tenant predicate
 * still see only the caller's tenant, on PGlite and on PostgreSQL.
 */
const A = '310001';
const B = '310002';
const RAW = '/api/test-only/raw-users';
const RAW_PUBLIC = '/api/test-only/raw-users-public';

let t: TestApp;
let admin: string;
let tokenA: string;
let tokenB: string;

/** Tenants of every live user row the query sees, with no tenant predicate of its own. */
const seenTenants = async () => {
  const rows = await t.services.db.selectFrom('blade_user').select('tenant_id').execute();
  return [...new Set(rows.map((r) => String(r.tenant_id)))].sort();
};

beforeAll(async () => {
  t = await startApp();
  // Test-only routes, through the real hooks: the handler forgets the tenant predicate on purpose.
  t.app.get(RAW, async () => ({ role: await currentRole(), tenants: await seenTenants() }));
  t.app.get(RAW_PUBLIC, { config: { public: true } }, async () => ({
    role: await currentRole(),
    tenants: await seenTenants(),
  }));
  // Two reads with turns of the event loop between them, one in a transaction: interleaved requests switch tenants
  // on PGlite's one connection between every query.
  t.app.get(`${RAW}/interleaved`, async () => {
    const first = await seenTenants();
    await new Promise((resolve) => setImmediate(resolve));
    const second = await t.services.db.transaction().execute(async (trx) => {
      await new Promise((resolve) => setImmediate(resolve));
      const rows = await trx.selectFrom('blade_dept').select('tenant_id').execute();
      return [...new Set(rows.map((r) => String(r.tenant_id)))].sort();
    });
    return { first, second };
  });
  admin = await t.tokenOf();
  ({ token: tokenA } = await createTenantAdmin(t, A, [], 'rls-a', 'pw'));
  const { roleId } = await createTenantAdmin(t, B, [], 'rls-b', 'pw');
  await createUser(t, { tenantId: B, account: 'rls-b2', roleId });
  tokenB = await t.tokenOf('rls-b', 'pw', B);
  for (const tenantId of [A, B]) {
    await t.services.db
      .insertInto('blade_dept')
      .values({
        id: `${tenantId}1`,
        tenant_id: tenantId,
        parent_id: '0',
        ancestors: '0',
        dept_name: `部门${tenantId}`,
        is_deleted: 0,
      })
      .execute();
  }
});
afterAll(() => t?.stop());

const currentRole = async () =>
  (await sql<{ role: string }>`select current_user as role`.execute(t.services.db)).rows[0].role;

describe('row-level security', () => {
  it('protects every table with a tenant_id column with a policy', async () => {
    const { rows } = await sql<{ table_name: string; secured: boolean; policies: number }>`
      select c.relname as table_name, c.relrowsecurity as secured,
        (select count(*)::int from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`.execute(
      t.services.db,
    );
    expect(rows.length).toBeGreaterThan(10);
    const unprotected = rows.filter((r) => !r.secured || r.policies === 0).map((r) => r.table_name);
    expect(unprotected, 'a tenant table needs `select tenon_isolate_tenant_rows(...)` in its migration').toEqual([]);
  });

  it('words every policy alike, as a case the planner weighs as one condition (0043), its setting read once (0091)', async () => {
    // As `tenant_id = … or … = '000000'` the planner took the policy for a filter keeping one row in 100,000 beside
    // the query's own tenant predicate, and sorted a tenant's 480,000 error logs rather than walk their index. The
    // setting as a subquery is read once a statement, not twice for every row the policy checks.
    const { rows } = await sql<{ qual: string }>`select distinct pg_get_expr(p.polqual, p.polrelid) as qual
      from pg_policy p where p.polname = 'tenant_isolation'`.execute(t.services.db);
    expect(rows).toHaveLength(1);
    expect(rows[0].qual.replace(/\s+/g, ' ').trim()).toMatch(
      /^CASE WHEN \(\( SELECT current_setting\('app\.tenant_id'::text, true\) AS current_setting\) = '000000'::text\) THEN true ELSE \(\(tenant_id\)::text = \( SELECT current_setting/,
    );
  });

  it('runs requests as a role that cannot bypass it', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owns: number }>`
      select rolsuper, rolbypassrls, (select count(*)::int from pg_tables where tableowner = ${APP_ROLE}) as owns
      from pg_roles where rolname = ${APP_ROLE}`.execute(t.services.db);
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, owns: 0 }]);
    expect((await t.get(RAW, tokenA)).json().role).toBe(APP_ROLE);
  });

  it("shows a tenant's request only its own rows when the query forgets the tenant predicate", async () => {
    expect((await t.get(RAW, tokenA)).json().tenants).toEqual([A]);
    expect((await t.get(RAW, tokenB)).json().tenants).toEqual([B]);
  });

  it('shows the same inside a tenant context outside HTTP', async () => {
    const context = newRequestContext();
    context.tenantId = A;
    expect(await runInContext(context, seenTenants)).toEqual([A]);
  });

  it("rejects a write of another tenant's row from a tenant context", async () => {
    const context = newRequestContext();
    context.tenantId = A;
    const write = runInContext(context, () =>
      t.services.db
        .insertInto('blade_dept')
        .values({ id: '3100029', tenant_id: B, parent_id: '0', ancestors: '0', dept_name: '越界', is_deleted: 0 })
        .execute(),
    );
    await expect(write).rejects.toThrow(/row-level security/);
    const update = await runInContext(context, () =>
      t.services.db.updateTable('blade_dept').set({ dept_name: '越界' }).where('tenant_id', '=', B).executeTakeFirst(),
    );
    expect(update.numUpdatedRows).toBe(0n);
  });

  it('shows no tenant rows to a request whose tenant is not known (fail closed)', async () => {
    const res = await t.get(RAW_PUBLIC);
    expect(res.json()).toEqual({ role: APP_ROLE, tenants: [] });
    expect(await runInContext(newRequestContext(), seenTenants)).toEqual([]);
  });

  it('never mixes the tenants of interleaved concurrent requests', async () => {
    const calls = Array.from({ length: 24 }, (_, i) => (i % 2 ? B : A));
    const results = await Promise.all(
      calls.map((tenant) => t.get(`${RAW}/interleaved`, tenant === A ? tokenA : tokenB)),
    );
    results.forEach((res, i) => {
      expect(res.json(), `request ${i}`).toEqual({ first: [calls[i]], second: [calls[i]] });
    });
  });

  it("keeps the platform tenant's contract reads across tenants", async () => {
    const tenants = expectOk(await t.get('/api/blade-system/tenant/list?size=100', admin)).records.map(
      (r: { tenantId: string }) => r.tenantId,
    );
    expect(tenants).toEqual(expect.arrayContaining([A, B]));
    const depts = expectOk(await t.get(`/api/blade-system/dept/tree?tenantId=${A}`, admin));
    expect(depts.map((d: { title: string }) => d.title)).toContain(`部门${A}`);
    expect((await t.get(RAW, admin)).json().tenants).toEqual(expect.arrayContaining(['000000', A, B]));
  });

  it('lets tenon_dept_user_ids (the dept-list index, migration 0044) answer only the users the policy shows', async () => {
    const ids: Record<string, string> = {};
    for (const account of ['rls-a', 'rls-b2']) {
      const row = await t.services.db
        .updateTable('blade_user')
        .set({ dept_id: '9990001,7770001' })
        .where('account', '=', account)
        .returning(['id', 'tenant_id'])
        .executeTakeFirstOrThrow();
      ids[row.tenant_id] = String(row.id);
    }
    const users = async (tenantId: string | undefined, most = 10) => {
      const query = () =>
        sql<{ id: string }>`select tenon_dept_user_ids(array['7770001'], ${most}) as id`.execute(t.services.db);
      if (tenantId === undefined) return (await query()).rows.map((r) => String(r.id)).sort();
      const context = newRequestContext();
      context.tenantId = tenantId;
      const { rows } = await runInContext(context, query);
      return rows.map((r) => String(r.id)).sort();
    };
    expect(await users(A)).toEqual([ids[A]]);
    expect(await users(B)).toEqual([ids[B]]);
    expect(await users('000000')).toEqual([ids[A], ids[B]].sort());
    expect(await users('000000', 1)).toHaveLength(1);
    expect(await users('')).toEqual([]); // no tenant known: nothing, as the policy
    expect(await users(undefined)).toEqual([ids[A], ids[B]].sort()); // the owner
  });

  it('lets tenon_match_ids (the trigram search, migration 0024) answer only the ids the policy shows', async () => {
    for (const tenantId of [A, B])
      await t.services.db
        .insertInto('blade_dept')
        .values({
          id: `${tenantId}2`,
          tenant_id: tenantId,
          parent_id: '0',
          ancestors: '0',
          dept_name: `检索科${tenantId}`,
        })
        .execute();
    const matched = async (tenantId: string) => {
      const context = newRequestContext();
      context.tenantId = tenantId;
      const { rows } = await runInContext(context, () =>
        sql<{ id: string }>`select tenon_match_ids('blade_dept', array['dept_name'], '%检索科%') as id`.execute(
          t.services.db,
        ),
      );
      return rows.map((r) => String(r.id)).sort();
    };
    expect(await matched(A)).toEqual([`${A}2`]);
    expect(await matched(B)).toEqual([`${B}2`]);
    expect(await matched('000000')).toEqual([`${A}2`, `${B}2`]);
    expect(await matched('')).toEqual([]); // no tenant known: nothing, as the policy
    // The owner (start-up, TENON_RLS=off) sees every row anyway, and so does the function.
    const { rows } = await sql<{
      id: string;
    }>`select tenon_match_ids('blade_dept', array['dept_name'], '%检索科%') as id`.execute(t.services.db);
    expect(rows.map((r) => String(r.id)).sort()).toEqual([`${A}2`, `${B}2`]);
    // Only the app role (and the owner) may call it.
    const { rows: grants } = await sql<{
      role: string;
    }>`select grantee as role from information_schema.routine_privileges
      where routine_name = 'tenon_match_ids' and privilege_type = 'EXECUTE'`.execute(t.services.db);
    expect(grants.map((g) => g.role)).not.toContain('PUBLIC');
    expect(grants.map((g) => g.role)).toContain(APP_ROLE);
  });

  it("leaves start-up and test setup (no context) the owner's rights", async () => {
    expect(await seenTenants()).toEqual(expect.arrayContaining(['000000', A, B]));
    expect(await currentRole()).not.toBe(APP_ROLE);
  });
});
