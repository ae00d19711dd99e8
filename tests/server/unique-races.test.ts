import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../src/server/db/connect.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { fieldsOf, type ResolvedField } from '../../src/server/platform/entity/fields.ts';
import { uniqueRefusal, uniqueViolation } from '../../src/server/platform/entity/unique.ts';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { MESSAGES } from '../../src/shared/i18n/server-messages.ts';
import { refKeyOf, refTargetOf, type EntityDef } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import {
  createDept,
  createRole,
  createTenantAdmin,
  crudCodes,
  minimalBody,
  TEST_COMPANY,
  withTestCompany,
} from '../support/factories.ts';
import { apiRoutes } from '../support/routes.ts';
import { uniqueRules } from '../support/unique-rules.ts';
import { multipartFile, workbookOf } from '../support/uploads.ts';

/**
 * Concurrent saves of one unique key (issue 30): the engine looks the key up and then writes, so on PostgreSQL writers
 * at once all find it free and the unique index refuses all but one. Each must hear the rule's own 400, never a 500,
 * and one row keeps the key. On PGlite (one connection) the look-up refuses them; run with DATABASE_URL for the race.
 */
const TENANT = '700001';
const PARALLEL = 20;
let t: TestApp;
let tenantAdmin: string;
let platformAdmin: string;
let routes: Set<string>;
let businessUnit: string;
let roleId: string;

beforeAll(async () => {
  t = await startApp();
  platformAdmin = await t.tokenOf();
  await withTestCompany(t);
  const admin = await createTenantAdmin(t, TENANT, [
    ...new Set([...ENTITIES.flatMap((e) => crudCodes(e.code)), 'financebudget_batchsave', 'financebudget_import']),
  ]);
  tenantAdmin = admin.token;
  roleId = admin.roleId;
  // Its chart of accounts, as provisioning gives it; a group whose child is a company and a business unit.
  await t.services.db.transaction().execute((trx) => t.services.setUpTenant(trx, TENANT));
  const group = await createDept(t, TENANT, '集团');
  businessUnit = await createDept(t, TENANT, '常州公司', group, `0,${group}`);
  await t.services.db.updateTable('blade_dept').set({ remark: TEST_COMPANY }).where('id', '=', businessUnit).execute();
  routes = new Set(apiRoutes(t));
}, 60_000);
afterAll(() => t?.stop());

const tokenFor = (entity: EntityDef) => (entity.tenant ? tenantAdmin : platformAdmin);
const tenantOf = (entity: EntityDef) => (entity.tenant ? TENANT : '000000');

/** The route that adds a row: the entity's submit, else its module's batch (a batch of one row). */
function addRoute(entity: EntityDef): { url: string; batch: boolean } | undefined {
  const base = `/api/${entity.service}/${entity.name}`;
  if (routes.has(`POST ${base}/submit`)) return { url: `${base}/submit`, batch: false };
  if (routes.has(`POST ${base}/batchsave`)) return { url: `${base}/batchsave`, batch: true };
  return undefined;
}

async function add(entity: EntityDef, body: Record<string, unknown>) {
  const route = addRoute(entity)!;
  return t.post(route.url, tokenFor(entity), route.batch ? [body] : body);
}

/** Rows made for references, by target entity (one each, unless a race needs its own), and dictionaries. */
const made = new Map<string, string>();

/** A saved row of `name` for references to point at: made through its own route, with its own references. */
async function rowOf(name: string, fresh = false): Promise<string> {
  if (name === 'dept') return businessUnit;
  if (name === 'role') return roleId;
  if (!fresh && made.has(name)) return made.get(name)!;
  const entity = ENTITIES.find((e) => e.name === name)!;
  const saved = expectOk(await add(entity, await bodyOf(entity)));
  if (!fresh) made.set(name, String(saved.id));
  return String(saved.id);
}

/** What a definition cannot say about a valid row. */
async function overridesOf(entity: EntityDef): Promise<Record<string, unknown>> {
  switch (entity.name) {
    case 'user':
      return { password: '123456', realName: 'race', roleId, deptId: businessUnit };
    case 'dict':
    case 'dict-biz':
      // An item of a dictionary: its key among its parent's items.
      if (!made.has(`${entity.name} parent`)) {
        const parent = expectOk(await add(entity, { ...minimalBody(entity), parentId: '0', dictKey: '-1' }));
        made.set(`${entity.name} parent`, String(parent.id));
      }
      return { parentId: made.get(`${entity.name} parent`) };
    case 'productbom':
      // A BOM line's component is another part than its parent.
      return { componentId: await rowOf('product', true) };
    default:
      return {};
  }
}

/**
 * A minimal valid body (support/factories.ts `minimalBody`) whose references point at rows made first; `fresh`: these
 * reference fields point at rows made for this body alone.
 */
async function bodyOf(entity: EntityDef, fresh: readonly ResolvedField[] = []): Promise<Record<string, unknown>> {
  const overrides = await overridesOf(entity);
  // The references the body holds (a first draft asks for them), then the body pointing at them.
  const refs = new Map<string, string>();
  minimalBody(entity, overrides, (target) => void refs.set(target, ''));
  for (const target of refs.keys()) refs.set(target, await rowOf(target));
  const body = minimalBody(entity, overrides, (target) => refs.get(target));
  for (const field of fieldsOf(entity).values())
    if (field.businessUnit && body[field.name] !== undefined) body[field.name] = businessUnit;
  for (const field of fresh) {
    const target = refTargetOf(field, undefined)!;
    const id = await rowOf(target, true);
    // A reference by key (a balance's account code) holds the made row's key, not its id.
    const key = refKeyOf(target);
    body[field.name] = key ? await keyOf(target, id, key) : id;
  }
  if (entity.name === 'bomcost') body.bomVersion = await bomVersionOf(String(body.productId));
  return body;
}

/** The key (`refKey`) of a row of `name` made by the test. */
async function keyOf(name: string, id: string, key: string): Promise<string> {
  const entity = ENTITIES.find((e) => e.name === name)!;
  const row = expectOk(await t.get(`/api/${entity.service}/${entity.name}/detail?id=${id}`, tokenFor(entity)));
  return String((row as Record<string, unknown>)[key]);
}

/** A cost is of a BOM version the part has: the version of a BOM line made for the part. */
const bomVersions = new Map<string, string>();
async function bomVersionOf(productId: string): Promise<string> {
  if (!bomVersions.has(productId)) {
    const bom = ENTITIES.find((e) => e.name === 'productbom')!;
    const line = expectOk(await add(bom, { ...(await bodyOf(bom)), productId }));
    bomVersions.set(productId, String(line.bomVersion));
  }
  return bomVersions.get(productId)!;
}

/** Text the body builder makes up anew each time: a key holding one differs from request to request. */
const freeText = (field: ResolvedField) =>
  field.type === 'string' && !field.ref && !field.bizDict && !field.dict && !field.company && !field.pattern;

interface Rule {
  entity: EntityDef;
  field: ResolvedField;
  key: ResolvedField[];
}

const RULES: Rule[] = uniqueRules()
  .filter(({ entity }) => !entity.key)
  .map(({ entity, field, scope }) => ({ entity, field, key: [field, ...scope] }));

/** The live rows of the entity's tenant holding the key `record` (a saved row, on the wire) holds. */
async function rowsWithKey({ entity, key }: Rule, record: Record<string, unknown>): Promise<number> {
  let query = (t.services.db as DynamicDb)
    .selectFrom(entity.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('is_deleted', '=', 0);
  if (entity.tenant) query = query.where('tenant_id', '=', tenantOf(entity));
  for (const field of key) {
    const value = record[field.name] ?? null;
    query =
      value === null || (value === '' && field.nullable)
        ? query.where(field.column, 'is', null)
        : query.where(field.column, '=', value);
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('a unique key saved by 20 requests at once', () => {
  it.each(RULES.map((rule) => [`${rule.entity.name}.${rule.field.name}`, rule] as const))(
    '%s: one row is saved, the others hear the rule',
    async (_name, rule) => {
      const { entity, field, key } = rule;
      expect(addRoute(entity), 'a route adding rows').toBeDefined();
      // Every key field but a made-up text is the same in every body: its references point at rows of this race.
      const base = await bodyOf(
        entity,
        freeText(field) ? [] : key.filter((f) => f.ref && (f === field || !f.nullable)),
      );
      // Other unique keys must not meet: each body gets its own made-up text, or its own referenced rows.
      const others = RULES.filter((r) => r.entity === entity && r.field !== field && !freeText(r.field));
      const own = others.flatMap((r) => r.key).filter((f) => f.ref && base[f.name] !== undefined);
      const bodies: Array<Record<string, unknown>> = [];
      for (let i = 0; i < PARALLEL; i++) {
        const body = await bodyOf(entity, own);
        for (const f of key) body[f.name] = base[f.name];
        bodies.push(body);
      }
      const answers = await Promise.all(bodies.map((body) => add(entity, body)));

      // The rule's refusal, or that of a rule whose key copies from this one (a labour budget's caption: its post's
      // name), which the same bodies meet as well.
      const met = RULES.filter(
        (r) =>
          r === rule ||
          (r.entity === entity && r.key.some((f) => f.copyFrom && key.some((k) => k.name === f.copyFrom!.ref))),
      );
      const refusals = met.map(({ field: f }) => uniqueRefusal(f).textIn('zh'));
      const expected = addRoute(entity)!.batch ? refusals.map((m) => `第1行：${m}`) : refusals;
      const unexpected = answers.filter((res) => res.statusCode !== 200 && !expected.includes(res.json().msg));
      expect(
        unexpected.map((res) => `${res.statusCode} ${res.body}`),
        `answers other than 200 or 400 ${expected.join(' | ')}`,
      ).toEqual([]);
      const saved = answers.filter((res) => res.statusCode === 200);
      expect(saved).toHaveLength(1);
      const record = addRoute(entity)!.batch
        ? { ...bodies[answers.indexOf(saved[0])] }
        : (saved[0].json().data as Record<string, unknown>);
      expect(await rowsWithKey(rule, record)).toBe(1);
    },
    60_000,
  );
});

/**
 * Plays the concurrent writer deterministically, on PGlite too: just before a row whose `column` holds `value` is
 * written to `table`, a copy of it (another id) goes in, as if a parallel request had saved the same key between the
 * engine's look-up and its write. Test-only triggers in this file's own database copy; `release` removes them.
 */
async function takenInBetween(table: string, column: string, value: string) {
  const db = t.services.db;
  await sql`create or replace function test_take_key() returns trigger language plpgsql as $$
    begin
      if pg_trigger_depth() = 1 then
        execute format('insert into %I select * from jsonb_populate_record(null::%I, $1)', tg_table_name, tg_table_name)
          using jsonb_set(to_jsonb(new), '{id}', to_jsonb(-new.id));
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger test_take_key before insert or update on ${sql.table(table)} for each row
    when (new.${sql.ref(column)} = ${sql.lit(value)}) execute function test_take_key()`.execute(db);
  return { release: () => sql`drop trigger test_take_key on ${sql.table(table)}`.execute(db) };
}

describe('a key taken between the look-up and the write', () => {
  const SYS = '/api/blade-system';
  const post = ENTITIES.find((e) => e.name === 'post')!;
  const budget = ENTITIES.find((e) => e.name === 'financebudget')!;
  const budgets = async () =>
    (expectOk(await t.get(`${SYS}/financebudget/page?size=1`, tenantAdmin)) as { total: number }).total;
  const TAKEN = '该公司本年度已存在此科目和名称的预算';

  it("answers a submit adding or changing a row with the rule's refusal", async () => {
    const saved = expectOk(await add(post, await bodyOf(post)));
    const taken = await takenInBetween('blade_post', 'post_code', 'TAKEN-1');
    try {
      expectError(await add(post, { ...(await bodyOf(post)), postCode: 'TAKEN-1' }), 400, '岗位编号已存在');
      const changing = { id: saved.id, postCode: 'TAKEN-1' };
      expectError(await t.post(`${SYS}/post/submit`, tenantAdmin, changing), 400, '岗位编号已存在');
    } finally {
      await taken.release();
    }
  });

  it('names the row of a batch whose new key was taken, and saves none', async () => {
    const base = await bodyOf(budget);
    const before = await budgets();
    const taken = await takenInBetween('erp_finance_budget', 'title', 'batch-taken');
    try {
      const rows = ['batch-1', 'batch-taken', 'batch-3'].map((title) => ({ ...base, title }));
      expectError(await t.post(`${SYS}/financebudget/batchsave`, tenantAdmin, rows), 400, `第2行：${TAKEN}`);
      expect(await budgets()).toBe(before);
    } finally {
      await taken.release();
    }
  });

  it('names the row of a batch whose changed key was taken, and saves none', async () => {
    const base = await bodyOf(budget);
    const saved = expectOk(await add(budget, { ...base, title: 'change-1' }));
    const before = await budgets();
    const taken = await takenInBetween('erp_finance_budget', 'title', 'change-taken');
    try {
      const rows = [
        { ...base, title: 'change-2' },
        { ...saved, title: 'change-taken' },
        { ...base, title: 'change-3' },
      ];
      expectError(await t.post(`${SYS}/financebudget/batchsave`, tenantAdmin, rows), 400, `第2行：${TAKEN}`);
      expect(await budgets()).toBe(before);
    } finally {
      await taken.release();
    }
  });

  it("names the sheet's row whose key was taken, as the look-up names a taken one", async () => {
    const { subject, year } = await bodyOf(budget);
    const importRows = async (...titles: string[]) => {
      const sheet = [
        ['科目代码', '科目名称', '公司', '预算年度'],
        ...titles.map((title) => [subject, title, TEST_COMPANY, year]),
      ];
      const body = multipartFile(await workbookOf(sheet), { isCovered: '0' }, 'budgets.xlsx');
      return t.post(`${SYS}/financebudget/import-financebudget`, tenantAdmin, body.payload, body.headers);
    };
    expect(expectOk(await importRows('sheet-1'))).toBe(1);
    const before = await budgets();
    expectError(await importRows('sheet-2', 'sheet-1'), 400, `第3行 科目名称: ${TAKEN}`);
    const taken = await takenInBetween('erp_finance_budget', 'title', 'sheet-taken');
    try {
      expectError(await importRows('sheet-2', 'sheet-taken', 'sheet-3'), 400, `第3行 科目名称: ${TAKEN}`);
      expect(await budgets()).toBe(before);
    } finally {
      await taken.release();
    }
  });
});

describe('unique indexes that are no rule of a definition', () => {
  it('grants of one role sent at once take turns: every one saved, the last one whole', async () => {
    const role = await createRole(t, '000000', `turns${Date.now()}`);
    const sets = Array.from({ length: 10 }, (_, i) =>
      ['system', 'post', i % 2 ? 'post_view' : 'post_add'].map(menuIdOf),
    );
    const answers = await Promise.all(
      sets.map((menuIds) => t.post('/api/blade-system/role/grant', platformAdmin, { roleIds: [role], menuIds })),
    );
    for (const res of answers) expectOk(res);
    const kept = await t.services.db
      .selectFrom('blade_role_menu')
      .select('menu_id')
      .where('role_id', '=', role)
      .execute();
    expect(sets.map((set) => [...set].sort())).toContainEqual(kept.map((r) => String(r.menu_id)).sort());
  });

  it('answers another unique violation as data saved at the same moment, never a crash', () => {
    const violation = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'blade_role_menu_pair' });
    expect(uniqueViolation(violation, ENTITIES)).toMatchObject({ status: 400, local: MESSAGES.savedMeanwhile });
    expect(uniqueViolation(Object.assign(new Error('x'), { code: '23503' }), ENTITIES)).toBeUndefined();
  });
});
