import { sql } from 'kysely';
import type { ModuleManifest } from '../../platform/module.ts';
import type { Db, DynamicDb } from '../connect.ts';
import type { Schema } from '../schema.ts';
import { SCHEMA_LOCK_KEY } from '../migrate.ts';
import { seedBusinessDictionaries, tenantsMissingDictionaries } from './business-dictionaries.ts';
import { DICT_ID_BASE, menuRows, seedIdOf } from './menus.ts';

export { menuIdOf, menuRows } from './menus.ts';

/**
 * The rows of a fresh install, from the modules' manifests: every module's dictionaries and menus, then each module's
 * install step in module order (system first: the platform tenant, its roles and administrator), then every tenant's
 * business dictionaries and the rows each tenant starts with (`tenantRows`). Idempotent: rows
 * that exist (by id or unique key) are left as they are, so an administrator's edits survive restarts and new seed
 * rows of a later version are added. One transaction, under the schema lock (several processes may start at once).
 */
export async function seed(db: Db, modules: readonly ModuleManifest[]): Promise<void> {
  await seedOf(db, modules);
}

/**
 * The seed at a server's start: skipped when this build already seeded the database (`tenon_seed`), since the same
 * code adds the same rows; any other build (an upgrade, or a server run from source: no build id) seeds.
 */
export async function seedAtStart(db: Db, modules: readonly ModuleManifest[], buildId: string | undefined) {
  if (
    buildId &&
    (await db.selectFrom('tenon_seed').select('build_id').where('build_id', '=', buildId).executeTakeFirst())
  )
    return;
  await seedOf(db, modules, buildId);
}

async function seedOf(db: Db, modules: readonly ModuleManifest[], buildId?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
    const insert = async (table: keyof Schema, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 500) {
        await (trx as DynamicDb)
          .insertInto(table)
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    };
    const dictRows: Record<string, unknown>[] = [];
    for (const [code, name, items] of modules.flatMap((m) => m.dictionaries ?? [])) {
      const parentId = seedIdOf(DICT_ID_BASE, code);
      dictRows.push({
        id: parentId,
        parent_id: '0',
        code,
        dict_key: '-1',
        dict_value: name,
        sort: 0,
        remark: '',
        is_sealed: 0,
        is_deleted: 0,
      });
      items.forEach(([key, value, remark], i) =>
        dictRows.push({
          id: seedIdOf(DICT_ID_BASE, `${code}:${key}`),
          parent_id: parentId,
          code,
          dict_key: key,
          dict_value: value,
          sort: i + 1,
          remark: remark ?? '',
          is_sealed: 0,
          is_deleted: 0,
        }),
      );
    }
    await insert('blade_dict', dictRows);
    const menus = menuRows(modules.flatMap((m) => m.menus ?? []));
    await insert('blade_menu', menus);
    const context = { menus, userMenuCodes: modules.flatMap((m) => m.userMenus ?? []) };
    for (const module of modules) await module.install?.(trx, context);
    const business = modules.flatMap((m) => m.businessDictionaries ?? []);
    await seedBusinessDictionaries(trx, business, await tenantsMissingDictionaries(trx, business));
    const tenants = await trx.selectFrom('blade_tenant').select('tenant_id').where('is_deleted', '=', 0).execute();
    for (const module of modules)
      await module.tenantRows?.(
        trx,
        tenants.map((t) => t.tenant_id),
      );
    if (buildId)
      await trx
        .insertInto('tenon_seed')
        .values({ build_id: buildId })
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
}
