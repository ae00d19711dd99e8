import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/platform/menus.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { engineActions } from '../../src/server/platform/entity/routes.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { displayField, refTargetsOf, type EntityDef } from '../../src/shared/entities/define.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';

/**
 * A screen a role is given reads what its forms and searches point at — the referenced entities' pickers — without
 * the referenced screens' own menus (issue 31: 张三 picking a budget line's account got `缺少权限: subject`). The
 * architecture check: for every entity screen and every reference of it (its lines' included), a role holding that
 * screen's menu alone gets the target's picker; a role holding nothing does not.
 */
const byName = new Map(ENTITIES.map((entity) => [entity.name, entity]));

/** The entities one screen's forms point at: its own reference fields and its lines'. */
const referencedBy = (entity: EntityDef): string[] => {
  const forms = [entity.fields, ...Object.values(entity.lines ?? {}).map((line) => line.entity.fields)];
  return [...new Set(forms.flatMap((fields) => Object.values(fields).flatMap(refTargetsOf)))];
};

/** The read routes a form uses to pick a row of `target`: its picker, and a tree's picker nodes. */
const pickerRoutes = (target: EntityDef): string[] => {
  if (!displayField(target) || target.platformOnly) return [];
  const actions = engineActions(target);
  const base = `/api/${target.service}/${target.name}`;
  return [
    ...(actions.includes('picker') ? [`${base}/picker?keyword=&current=1&size=10`] : []),
    ...(actions.includes('tree') ? [`${base}/tree`] : []),
  ];
};

let t: TestApp;
let roleId: string;
let token: string;
let nobody: string;
let screens: EntityDef[];

/** The role holds exactly this menu code from now on. */
async function holdOnly(code: string) {
  await t.services.db.deleteFrom('blade_role_menu').where('role_id', '=', roleId).execute();
  await t.services.db
    .insertInto('blade_role_menu')
    .values({ id: nextId(), role_id: roleId, menu_id: menuIdOf(code) })
    .execute();
  await t.services.permissions.invalidate();
}

beforeAll(async () => {
  t = await startApp();
  roleId = await createRole(t, '000000', 'rr_screen');
  await createUser(t, { tenantId: '000000', account: 'rr_screen', password: 'pw', roleId });
  token = await t.tokenOf('rr_screen', 'pw', '000000');
  const empty = await createRole(t, '000000', 'rr_nobody');
  await createUser(t, { tenantId: '000000', account: 'rr_nobody', password: 'pw', roleId: empty });
  nobody = await t.tokenOf('rr_nobody', 'pw', '000000');
  // Screens: entities whose menu code is a seeded menu, that point at something.
  const menuCodes = new Set(
    (await t.services.db.selectFrom('blade_menu').select('code').where('is_deleted', '=', 0).execute()).map(
      (m) => m.code,
    ),
  );
  screens = ENTITIES.filter((entity) => menuCodes.has(entity.code) && referencedBy(entity).length > 0);
});
afterAll(() => t?.stop());

describe('reference reads', () => {
  it('covers the screens of the issue', () => {
    const names = screens.map((entity) => entity.name);
    for (const name of ['budgetfill', 'employee', 'expense', 'productintroduce', 'task', 'inventorylog'])
      expect(names).toContain(name);
  });

  it('a role given a screen reads every picker its forms point at; a role given nothing reads none', async () => {
    const refused: string[] = [];
    const opened: string[] = [];
    for (const screen of screens) {
      await holdOnly(screen.code);
      for (const target of referencedBy(screen)) {
        for (const route of pickerRoutes(byName.get(target)!)) {
          const res = await t.get(route, token);
          if (res.statusCode !== 200)
            refused.push(`${screen.name} (${screen.code}) → ${route}: ${res.statusCode} ${res.body}`);
          // Trees' picker nodes are open to any signed-in caller; the others are not.
          if (route.includes('/picker?')) {
            const without = await t.get(route, nobody);
            if (without.statusCode !== 403) opened.push(`${route} without a screen: ${without.statusCode}`);
          }
        }
      }
    }
    expect(refused).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('a budget line screen picks an account by its code and reads what the form fills from it, nothing more', async () => {
    await holdOnly('budgetfill');
    const page = expectOk(await t.get('/api/blade-system/subject/picker?ids=6602', token));
    expect(page.records).toHaveLength(1);
    const [account] = page.records as Array<Record<string, unknown>>;
    expect(account).toMatchObject({ id: '6602', fullName: expect.stringContaining('管理费用') });
    expect(Object.keys(account).sort()).toEqual(['fullName', 'id', 'parentId', 'title']);
    // The account screen's own reads stay its own.
    expect((await t.get('/api/blade-system/subject/page', token)).statusCode).toBe(403);
    expect((await t.get('/api/blade-system/subject/detail?id=1', token)).statusCode).toBe(403);
  });

  it("a claim screen finds its caller's employee without the employee screen", async () => {
    await holdOnly('expense');
    const res = await t.get('/api/blade-system/employee/mine', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBeNull(); // rr_screen is nobody's account
    expect((await t.get('/api/blade-system/employee/list', token)).statusCode).toBe(403);
  });
});
