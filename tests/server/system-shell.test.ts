import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';

interface Node {
  id: string;
  code: string;
  path: string;
  category: number;
  sort: number;
  children?: Node[];
  hasChildren: boolean;
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const codes = (nodes: Node[]) => flatten(nodes).map((n) => n.code);

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

describe('menu/routes', () => {
  it('gives the administrator every menu (no buttons) as a tree sorted by sort', async () => {
    const routes: Node[] = expectOk(await t.get('/api/blade-system/menu/routes', admin));
    expect(routes.map((r) => r.code)).toEqual([
      'desk',
      'monitor',
      'tool',
      'report',
      'resource',
      'flow',
      'work',
      'masterdata',
      'production',
      'warehouse',
      'finance',
      'budget',
      'base',
      'authority',
      'system',
    ]);
    const all = flatten(routes);
    expect(all.every((n) => n.category === 1)).toBe(true);
    expect(all.find((n) => n.code === 'system')!.children!.map((c) => c.code)).toContain('param');
    expect(all.find((n) => n.code === 'param')).toMatchObject({ path: '/system/param', hasChildren: false });
    expect(all.find((n) => n.code === 'param')!.children).toBeUndefined();
  });

  it('gives a role its granted menus plus their ancestors only', async () => {
    const role = await createRole(t, '000000', 'clerk', ['inventorylog', 'inventorylog_view', 'inventorylog_handle']);
    await createUser(t, { tenantId: '000000', account: 'clerk', password: 'pw', roleId: role, deptId: SEED.deptRoot });
    const token = await t.tokenOf('clerk', 'pw');
    const routes: Node[] = expectOk(await t.get('/api/blade-system/menu/routes', token));
    expect(codes(routes)).toEqual(['warehouse', 'inventorylog']);
    const buttons: Node[] = expectOk(await t.get('/api/blade-system/menu/buttons', token));
    expect(codes(buttons).sort()).toEqual(['inventorylog', 'inventorylog_handle', 'inventorylog_view', 'warehouse']);
  });

  it('keeps only the menus configured under a top menu when topMenuId is given', async () => {
    const topMenuId = nextId();
    await t.services.db
      .insertInto('blade_top_menu')
      .values({ id: topMenuId, tenant_id: '000000', code: 'erp', name: '业务', sort: 1, status: 1, is_deleted: 0 })
      .execute();
    await t.services.db
      .insertInto('blade_top_menu_setting')
      .values([
        { id: nextId(), top_menu_id: topMenuId, menu_id: menuIdOf('customer') },
        { id: nextId(), top_menu_id: topMenuId, menu_id: menuIdOf('supplier') },
      ])
      .execute();
    const routes: Node[] = expectOk(await t.get(`/api/blade-system/menu/routes?topMenuId=${topMenuId}`, admin));
    expect(codes(routes)).toEqual(['masterdata', 'customer', 'supplier']);
    const top = expectOk(await t.get('/api/blade-system/menu/top-menu', admin));
    expect(top).toEqual([{ id: topMenuId, code: 'erp', name: '业务', source: '', path: '', sort: 1 }]);
  });

  it('limits a tenant to its package, and its top menus to its own', async () => {
    const packageId = nextId();
    await t.services.db
      .insertInto('blade_tenant_package')
      .values({
        id: packageId,
        package_name: '仓储版',
        menu_id: ['warehouse', 'inventory', 'inventory_view'].map(menuIdOf).join(','),
        status: 1,
        is_deleted: 0,
      })
      .execute();
    await createTenant(t, '300001', { package_id: packageId });
    const role = await createRole(t, '300001', 'admin', [
      'warehouse',
      'inventory',
      'inventory_view',
      'inventorylog',
      'param',
    ]);
    await createUser(t, { tenantId: '300001', account: 'admin', password: 'pw3', roleId: role });
    const token = await t.tokenOf('admin', 'pw3', '300001');
    expect(codes(expectOk(await t.get('/api/blade-system/menu/routes', token)))).toEqual(['warehouse', 'inventory']);
    expect(codes(expectOk(await t.get('/api/blade-system/menu/buttons', token))).sort()).toEqual([
      'inventory',
      'inventory_view',
      'warehouse',
    ]);
    expect(expectOk(await t.get('/api/blade-system/menu/top-menu', token))).toEqual([]);
    expect((await t.get('/api/blade-system/param/list', token)).statusCode).toBe(403);
  });
});

describe('menus on the wire', () => {
  it('sends menu/buttons compressed as the client accepts, and a 304 for a reload until its grants change', async () => {
    const role = await createRole(t, '000000', 'wire', ['inventorylog', 'inventorylog_view']);
    await createUser(t, { tenantId: '000000', account: 'wire', password: 'pw', roleId: role, deptId: SEED.deptRoot });
    const token = await t.tokenOf('wire', 'pw');
    const url = '/api/blade-system/menu/buttons';

    const first = await t.get(url, admin, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(first.rawPayload).toString();
    expect(first.rawPayload.length).toBeLessThan(text.length / 4);
    expect(JSON.parse(text)).toEqual(JSON.parse((await t.get(url, admin)).payload));
    const gzipped = await t.get(url, admin, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(text);

    const tag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const reload = await t.get(url, admin, { 'if-none-match': tag, 'accept-encoding': 'br' });
    expect(reload.statusCode).toBe(304);
    expect(reload.payload).toBe('');
    // Another caller's menus are other bytes: the same tag is not his.
    const his = await t.get(url, token, { 'if-none-match': tag });
    expect(his.statusCode).toBe(200);
    const hisTag = String(his.headers.etag);
    expect((await t.get(url, token, { 'if-none-match': `W/${hisTag}, "other"` })).statusCode).toBe(304);
    expectOk(
      await t.post('/api/blade-system/role/grant', admin, {
        roleIds: [role],
        menuIds: ['inventorylog', 'inventorylog_view', 'inventorylog_handle'].map(menuIdOf),
      }),
    );
    const granted = await t.get(url, token, { 'if-none-match': hisTag });
    expect(granted.statusCode).toBe(200);
    expect(codes(JSON.parse(granted.payload).data)).toContain('inventorylog_handle');
  });

  it('leaves a small answer as it is, and menu/routes revalidates as menu/buttons does', async () => {
    const small = await t.get('/api/blade-system/tenant/info', undefined, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const routes = await t.get('/api/blade-system/menu/routes', admin, { 'accept-encoding': 'br' });
    expect(routes.headers['content-encoding']).toBe('br');
    const again = await t.get('/api/blade-system/menu/routes', admin, { 'if-none-match': String(routes.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('what the console shell reads before and after login', () => {
  it('finds a tenant by the console origin only, without a token', async () => {
    await createTenant(t, '400001', {
      domain: 'https://erp.example.com',
      tenant_name: '示例集团',
      background_url: '/bg.png',
    });
    const info = expectOk(
      await t.get('/api/blade-system/tenant/info?domain=https://erp.example.com/login?redirect=/wel'),
    );
    expect(info).toEqual({
      tenantId: '400001',
      tenantName: '示例集团',
      domain: 'https://erp.example.com',
      backgroundUrl: '/bg.png',
    });
    expect(expectOk(await t.get('/api/blade-system/tenant/info?domain=http://erp.example.com'))).toEqual({});
    expect(expectOk(await t.get('/api/blade-system/tenant/info?domain=https://erp.example.com.evil.io'))).toEqual({});
    expect(expectOk(await t.get('/api/blade-system/tenant/info'))).toEqual({});
  });

  it('lists dictionary items of a code in order with the Avue fields', async () => {
    const items = expectOk(await t.get('/api/blade-system/dict/dictionary?code=post_category', admin));
    expect(items.map((i: { dictKey: string; dictValue: string }) => `${i.dictKey}:${i.dictValue}`)).toEqual([
      '1:高层',
      '2:中层',
      '3:基层',
      '4:其他',
    ]);
    expect(Object.keys(items[0]).sort()).toEqual([
      'code',
      'dictKey',
      'dictValue',
      'id',
      'isSealed',
      'parentId',
      'remark',
      'sort',
    ]);
    const flow = expectOk(await t.get('/api/blade-system/dict/dictionary?code=flow', admin));
    expect(flow.map((i: { remark: string }) => i.remark)).toEqual(['leave', 'finance', 'budgetfill', '']);
    expect(expectOk(await t.get('/api/blade-system/dict/dictionary?code=nothing', admin))).toEqual([]);
  });
});

describe('identity switch pickers', () => {
  it('lists the depts and roles the caller holds, even when the token is narrowed to one', async () => {
    await t.services.db
      .updateTable('blade_user')
      .set({ dept_id: `${SEED.deptRoot},${SEED.deptSuzhou}`, role_id: `${SEED.roleAdministrator},${SEED.roleUser}` })
      .where('id', '=', SEED.userAdmin)
      .execute();
    await t.services.accounts.changed('000000'); // written behind the server's back
    const narrowed = (await t.login('admin', 'admin', '000000', { 'role-id': SEED.roleUser })).json().access_token;
    expect(expectOk(await t.get('/api/blade-system/dept/select', narrowed))).toEqual([
      { id: SEED.deptRoot, deptName: '布雷德科技' },
      { id: SEED.deptSuzhou, deptName: '苏州布雷德' },
    ]);
    expect(expectOk(await t.get('/api/blade-system/role/select', narrowed))).toEqual([
      { id: SEED.roleAdministrator, roleName: '超级管理员' },
      { id: SEED.roleUser, roleName: '用户' },
    ]);
  });
});

describe('menu pickers', () => {
  it('gives the menu tree without buttons, as TreeNodes', async () => {
    const tree = expectOk(await t.get('/api/blade-system/menu/tree', admin));
    const system = tree.find((n: { title: string }) => n.title === '系统管理');
    expect(system).toMatchObject({ key: system.id, value: system.id, parentId: '0', titleEn: 'System' });
    const flat = (nodes: Array<{ id: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((n) => [n.id, ...flat((n.children ?? []) as never)]);
    expect(flat(tree)).not.toContain(menuIdOf('param_add'));
    expect(flat(tree)).toContain(menuIdOf('param'));
  });

  it('gives a grant tree of only what the caller holds, with scopes under their menus', async () => {
    const scopeId = nextId();
    await t.services.db
      .insertInto('blade_scope_data')
      .values({
        id: scopeId,
        menu_id: menuIdOf('inventorylog'),
        resource_code: 'inventorylog',
        scope_name: '本部门',
        scope_type: 3,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    const all = expectOk(await t.get('/api/blade-system/menu/grant-tree', admin));
    expect(JSON.stringify(all.menu)).toContain(menuIdOf('param_add'));
    expect(JSON.stringify(all.dataScope)).toContain(scopeId);
    const clerk = await t.tokenOf('clerk', 'pw');
    const mine = expectOk(await t.get('/api/blade-system/menu/grant-tree', clerk));
    expect(JSON.stringify(mine.menu)).toContain(menuIdOf('inventorylog_handle'));
    expect(JSON.stringify(mine.menu)).not.toContain(menuIdOf('param'));
    expect(mine.dataScope).toEqual([]);
  });
});
