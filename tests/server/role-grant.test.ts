import { describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const codesOf = (nodes: Array<{ code: string; children?: unknown[] }>): string[] =>
  nodes.flatMap((n) => [n.code, ...codesOf((n.children ?? []) as never)]);

describe('role grant', () => {
  it('replaces a role menus and scopes, and the role users see the change at once', async () => {
    const clerk = await createRole(t, '000000', 'clerk2', ['desk']);
    await createUser(t, {
      tenantId: '000000',
      account: 'clerk2',
      password: 'pw',
      roleId: clerk,
      deptId: SEED.deptRoot,
    });
    const token = await t.tokenOf('clerk2', 'pw');
    expect(codesOf(expectOk(await t.get('/api/blade-system/menu/routes', token)))).toEqual(['desk']);
    const scopeId = nextId();
    await t.services.db
      .insertInto('blade_scope_data')
      .values({
        id: scopeId,
        menu_id: menuIdOf('post'),
        resource_code: 'post',
        scope_name: '本人',
        scope_type: 2,
        scope_column: 'create_user',
        status: 1,
        is_deleted: 0,
      })
      .execute();
    const menus = ['system', 'post', 'post_view'].map(menuIdOf);
    expectOk(
      await t.post('/api/blade-system/role/grant', admin, {
        roleIds: [clerk],
        menuIds: menus,
        dataScopeIds: [scopeId],
        apiScopeIds: [],
      }),
    );
    expect(codesOf(expectOk(await t.get('/api/blade-system/menu/routes', token)))).toEqual(['system', 'post']);
    expect(expectOk(await t.get(`/api/blade-system/menu/role-tree-keys?roleIds=${clerk}`, admin))).toEqual({
      menu: [...menus].sort(),
      dataScope: [scopeId],
      apiScope: [],
    });
    // the granted "own rows" data scope applies to the role's post list
    expect(expectOk(await t.get('/api/blade-system/post/list', token)).total).toBe(0);
  });

  it('refuses a tenant administrator granting menus he does not hold, or roles of another tenant', async () => {
    await createTenant(t, '600001');
    const boss = await createRole(t, '600001', 'admin', ['role', 'role_edit', 'desk', 'notice']);
    const staff = await createRole(t, '600001', 'staff', []);
    await createUser(t, { tenantId: '600001', account: 'boss', password: 'pw', roleId: boss });
    const token = await t.tokenOf('boss', 'pw', '600001');
    expectOk(await t.post('/api/blade-system/role/grant', token, { roleIds: [staff], menuIds: [menuIdOf('notice')] }));
    expectError(
      await t.post('/api/blade-system/role/grant', token, { roleIds: [staff], menuIds: [menuIdOf('param')] }),
      403,
    );
    expectError(
      await t.post('/api/blade-system/role/grant', token, { roleIds: [SEED.roleUser], menuIds: [menuIdOf('notice')] }),
      400,
      '数据不存在或无权访问',
    );
    expectError(
      await t.post('/api/blade-system/role/grant', token, { roleIds: [staff], menuIds: ['x'] }),
      400,
      '请求参数类型错误: menuIds',
    );
    const keys = expectOk(await t.get(`/api/blade-system/menu/role-tree-keys?roleIds=${staff}`, token));
    expect(keys.menu).toEqual([menuIdOf('notice')]);
  });
});

describe('top menu grant', () => {
  it('sets the menus of a top menu, and routes?topMenuId follows', async () => {
    const top = expectOk(
      await t.post('/api/blade-system/topmenu/submit', admin, { name: '仓储', code: 'wh', sort: 1 }),
    );
    const menus = ['inventory', 'inventorylog'].map(menuIdOf);
    expectOk(await t.post('/api/blade-system/topmenu/grant', admin, { topMenuIds: [top.id], menuIds: menus }));
    expect(expectOk(await t.get(`/api/blade-system/menu/top-tree-keys?topMenuIds=${top.id}`, admin))).toEqual({
      menu: [...menus].sort(),
    });
    expect(codesOf(expectOk(await t.get(`/api/blade-system/menu/routes?topMenuId=${top.id}`, admin)))).toEqual([
      'warehouse',
      'inventory',
      'inventorylog',
    ]);
    expectError(
      await t.post('/api/blade-system/topmenu/grant', admin, { topMenuIds: [top.id], menuIds: ['123'] }),
      400,
      '数据不存在或无权访问',
    );
  });

  it('offers in grant-top-tree the menus without buttons the caller holds', async () => {
    const codes = (nodes: Array<{ id: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((n) => [n.id, ...codes((n.children ?? []) as never)]);
    const all = codes(expectOk(await t.get('/api/blade-system/menu/grant-top-tree', admin)).menu);
    expect(all).toContain(menuIdOf('inventorylog'));
    expect(all).not.toContain(menuIdOf('post_add'));
    const clerk = await createRole(t, '000000', 'topclerk', ['system', 'post', 'post_add']);
    await createUser(t, {
      tenantId: '000000',
      account: 'topclerk',
      password: 'pw',
      roleId: clerk,
      deptId: SEED.deptRoot,
    });
    const token = await t.tokenOf('topclerk', 'pw');
    expect(codes(expectOk(await t.get('/api/blade-system/menu/grant-top-tree', token)).menu)).toEqual([
      menuIdOf('system'),
      menuIdOf('post'),
    ]);
  });

  it('refuses a top menu of another tenant', async () => {
    const top = expectOk(
      await t.post('/api/blade-system/topmenu/submit', admin, { name: '平台', code: 'pf', sort: 2 }),
    );
    await createTenant(t, '600002');
    const boss = await createRole(t, '600002', 'admin', ['topmenu', 'topmenu_setting']);
    await createUser(t, { tenantId: '600002', account: 'boss', password: 'pw', roleId: boss });
    const token = await t.tokenOf('boss', 'pw', '600002');
    expectError(
      await t.post('/api/blade-system/topmenu/grant', token, { topMenuIds: [top.id], menuIds: [] }),
      400,
      '数据不存在或无权访问',
    );
    expect(expectOk(await t.get(`/api/blade-system/menu/top-tree-keys?topMenuIds=${top.id}`, token))).toEqual({
      menu: [],
    });
  });
});

describe('effective data scope', () => {
  it('explains the caller scope on a resource with the same decisions the list applies', async () => {
    expect(expectOk(await t.get('/api/blade-system/data-scope/effective?code=post', admin))).toMatchObject({
      resourceCode: 'post',
      effective: 'all',
      reason: 'administrator',
    });
    const clerkToken = await t.tokenOf('clerk2', 'pw');
    const explained = expectOk(await t.get('/api/blade-system/data-scope/effective?code=post', clerkToken));
    expect(explained).toMatchObject({
      effective: 'restricted',
      reason: 'rules',
      rules: [{ scopeType: 2, scopeColumn: 'create_user', usable: true }],
    });
    expectError(
      await t.get('/api/blade-system/data-scope/effective?code=nothing', admin),
      400,
      '请求参数类型错误: code',
    );
  });
});
