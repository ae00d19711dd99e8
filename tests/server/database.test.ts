import type { DynamicDb } from '../../src/server/db/connect.ts';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles, splitStatements } from '../../src/server/db/migrate.ts';
import { menuRows, seed } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { sql } from 'kysely';
import { startApp, type TestApp } from '../support/app.ts';
import { usingPostgres } from '../support/database.ts';
import { MENU_TREE, MODULES } from '../../src/server/modules/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.stop());

const count = async (table: string) =>
  Number(
    (
      await (t.services.db as DynamicDb)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migrations and seed', () => {
  it('records every migration once and applies nothing on a second start', async () => {
    const recorded = await t.services.db.selectFrom('tenon_migration').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toEqual(migrationFiles());
    expect(await migrate(t.services.db)).toEqual([]);
  });

  it('seeds idempotently: a second run adds nothing and keeps edits', async () => {
    await t.services.db
      .updateTable('blade_param')
      .set({ param_value: '7' })
      .where('param_key', '=', 'account.failCount')
      .execute();
    const tables = [
      'blade_tenant',
      'blade_user',
      'blade_role',
      'blade_dept',
      'blade_post',
      'blade_menu',
      'blade_role_menu',
      'blade_dict',
      'blade_client',
      'blade_param',
    ];
    const before = await Promise.all(tables.map(count));
    await seed(t.services.db, MODULES);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    const param = await t.services.db
      .selectFrom('blade_param')
      .select('param_value')
      .where('param_key', '=', 'account.failCount')
      .executeTakeFirstOrThrow();
    expect(param.param_value).toBe('7');
  });

  it('splits SQL at semicolons outside strings, comments and dollar quotes', () => {
    expect(splitStatements("select ';'; -- a;b\nselect $$x;y$$;select 1")).toEqual([
      "select ';'",
      'select $$x;y$$',
      'select 1',
    ]);
  });
});

describe.skipIf(!usingPostgres())("the server's PostgreSQL sessions", () => {
  it("run without JIT and plan every statement with its values (a generic plan is blind to a tenant's size)", async () => {
    const { rows } = await sql<{ jit: string; mode: string }>`select current_setting('jit') as jit,
      current_setting('plan_cache_mode') as mode`.execute(t.services.db);
    expect(rows[0]).toEqual({ jit: 'off', mode: 'force_custom_plan' });
  });
});

describe('the seeded product', () => {
  it('has the contract fresh-install rows', async () => {
    const admin = await t.services.db
      .selectFrom('blade_user')
      .selectAll()
      .where('id', '=', SEED.userAdmin)
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({
      tenant_id: '000000',
      account: 'admin',
      real_name: '管理员',
      role_id: SEED.roleAdministrator,
      dept_id: SEED.deptRoot,
    });
    const clients = await t.services.db
      .selectFrom('blade_client')
      .select(['client_id', 'client_secret', 'authorized_grant_types', 'access_token_validity'])
      .orderBy('client_id')
      .execute();
    expect(clients.map((c) => c.client_id)).toEqual(['saber', 'sword']);
    for (const grant of ['password', 'refresh_token', 'captcha', 'social', 'authorization_code']) {
      expect(clients[0].authorized_grant_types.split(',')).toContain(grant);
    }
    const roles = await t.services.db
      .selectFrom('blade_role')
      .select('role_alias')
      .where('tenant_id', '=', '000000')
      .orderBy('sort')
      .execute();
    // The contract's two, then the approver roles the seeded processes' candidate groups name (issue 10).
    expect(roles.map((r) => r.role_alias)).toEqual(['administrator', 'user', 'hr', 'finance', 'boss']);
    expect(await count('blade_post')).toBe(8);
  });

  it('has one menu row per code with zh and en names, and grants the administrator all of them', () => {
    const rows = menuRows(MENU_TREE);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.every((r) => r.name && r.name_en)).toBe(true);
    return count('blade_role_menu').then((n) => expect(n).toBeGreaterThanOrEqual(rows.length));
  });

  it('has a menu for every area of spec section 1 with add/edit/delete/view buttons', () => {
    const byCode = new Map(menuRows(MENU_TREE).map((r) => [r.code, r]));
    const screens = [
      'user',
      'role',
      'dept',
      'post',
      'menu',
      'topmenu',
      'dict',
      'dictbiz',
      'param',
      'tenant',
      'tenantpackage',
      'api_scope',
      'data_scope',
      'client',
      'oss',
      'sms',
      'attach',
      'code',
      'datasource',
      'notice',
    ];
    for (const code of screens) {
      expect(byCode.get(code)?.category, code).toBe(1);
      for (const verb of ['add', 'edit', 'delete', 'view'])
        expect(byCode.get(`${code}_${verb}`)?.category, `${code}_${verb}`).toBe(2);
    }
    for (const code of [
      'flow_model',
      'flow_deploy',
      'flow_manager',
      'flow_follow',
      'work_start',
      'work_claim',
      'work_todo',
      'work_send',
      'work_done',
      'log_usual',
      'log_api',
      'log_error',
      'region',
      'report_list',
      'message',
    ]) {
      expect(byCode.get(code)?.category, code).toBe(1);
    }
  });

  // The business menus are the law of ../shared/domain/menus.md: every screen row there is seeded with its names and
  // path.
  const menusDoc = '../shared/domain/menus.md';
  it.runIf(existsSync(menusDoc))('has every business screen of domain/menus.md with its zh/en names and path', () => {
    const byCode = new Map(menuRows(MENU_TREE).map((r) => [r.code, r]));
    const screenRows = readFileSync(menusDoc, 'utf8')
      .split('\n')
      .map((line) => line.split('|').map((c) => c.trim()))
      .filter((cells) => cells.length > 6 && /^[a-z_]+$/.test(cells[2]) && cells[5].startsWith('/'));
    expect(screenRows.length).toBeGreaterThan(35);
    for (const [, , code, zh, en, path] of screenRows) {
      expect(byCode.get(code), code).toMatchObject({ name: zh, name_en: en, path, category: 1 });
    }
  });
});
