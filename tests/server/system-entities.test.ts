import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';

const SYS = '/api/blade-system';
const crud = (code: string) => [code, `${code}_add`, `${code}_edit`, `${code}_delete`, `${code}_view`];

let t: TestApp;
let admin: string;
let tenantAdmin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await createTenant(t, '500001');
  const role = await createRole(t, '500001', 'admin', [
    ...crud('param'),
    ...crud('client'),
    ...crud('topmenu'),
    ...crud('tenantpackage'),
    ...crud('data_scope'),
  ]);
  await createUser(t, { tenantId: '500001', account: 'boss', password: 'pw', roleId: role });
  tenantAdmin = await t.tokenOf('boss', 'pw', '500001');
});
afterAll(() => t?.stop());

describe('platform-global rows', () => {
  it('lets a tenant administrator read global params but not change them', async () => {
    // Every installed parameter, as the platform's administrator lists them.
    const installed = expectOk(await t.get(`${SYS}/param/list`, admin)).total;
    expect(expectOk(await t.get(`${SYS}/param/list`, tenantAdmin)).total).toBe(installed);
    expectError(
      await t.post(`${SYS}/param/submit`, tenantAdmin, { paramName: 'x', paramKey: 'tenant.key', paramValue: '1' }),
      403,
      '请求被拒绝,平台数据只能由平台管理员修改',
    );
    const [first] = expectOk(await t.get(`${SYS}/param/list`, admin)).records;
    expectError(await t.post(`${SYS}/param/remove?ids=${first.id}`, tenantAdmin), 403);
  });

  it('hides OAuth clients and tenant packages from other tenants entirely', async () => {
    expectError(await t.get(`${SYS}/client/list`, tenantAdmin), 403);
    expectError(await t.get(`${SYS}/tenant-package/list`, tenantAdmin), 403);
    const clients = expectOk(await t.get(`${SYS}/client/list`, admin));
    expect(clients.records.map((c: { clientId: string }) => c.clientId)).toEqual(['sword', 'saber']);
  });

  it('validates a tenant package with the spec messages and stores the menus comma-joined', async () => {
    expectError(
      await t.post(`${SYS}/tenant-package/submit`, admin, { menuId: menuIdOf('desk') }),
      400,
      '请输入产品包名称',
    );
    expectError(await t.post(`${SYS}/tenant-package/submit`, admin, { packageName: '基础版' }), 400, '请选择菜单');
    expectError(
      await t.post(`${SYS}/tenant-package/submit`, admin, { packageName: '基础版', menuId: 'desk,user' }),
      400,
      '菜单列表格式不正确',
    );
    const saved = expectOk(
      await t.post(`${SYS}/tenant-package/submit`, admin, {
        packageName: '基础版',
        menuId: `${menuIdOf('desk')},${menuIdOf('notice')}`,
      }),
    );
    expect(saved.menuId).toBe(`${menuIdOf('desk')},${menuIdOf('notice')}`);
  });

  it('applies a package change to the tenant routes at once', async () => {
    const pkg = expectOk(
      await t.post(`${SYS}/tenant-package/submit`, admin, {
        packageName: '参数版',
        menuId: [menuIdOf('system'), menuIdOf('param')].join(','),
      }),
    );
    await t.services.db
      .updateTable('blade_tenant')
      .set({ package_id: pkg.id })
      .where('tenant_id', '=', '500001')
      .execute();
    await t.get('/api/blade-auth/oauth/clear-cache', admin);
    const before = expectOk(await t.get(`${SYS}/menu/routes`, tenantAdmin));
    expect(JSON.stringify(before)).toContain('"code":"param"');
    expectOk(await t.post(`${SYS}/tenant-package/submit`, admin, { id: pkg.id, menuId: menuIdOf('system') }));
    const after = expectOk(await t.get(`${SYS}/menu/routes`, tenantAdmin));
    expect(JSON.stringify(after)).not.toContain('"code":"param"');
    expectError(await t.get(`${SYS}/param/list`, tenantAdmin), 403);
  });
});

describe('tenant rows of the new entities', () => {
  beforeAll(async () => {
    await t.services.db
      .updateTable('blade_tenant')
      .set({ package_id: null })
      .where('tenant_id', '=', '500001')
      .execute();
    await t.get('/api/blade-auth/oauth/clear-cache', admin);
  });

  it('keeps top menus per tenant, with their own unique codes', async () => {
    const mine = expectOk(await t.post(`${SYS}/topmenu/submit`, admin, { name: '业务', code: 'biz', sort: 1 }));
    expectOk(await t.post(`${SYS}/topmenu/submit`, admin, { name: '业务2', code: 'biz2', sort: 2 }));
    expectError(
      await t.post(`${SYS}/topmenu/submit`, admin, { name: '重复', code: 'biz', sort: 3 }),
      400,
      '菜单编号已存在',
    );
    const theirs = expectOk(await t.post(`${SYS}/topmenu/submit`, tenantAdmin, { name: '业务', code: 'biz', sort: 1 }));
    expect(theirs.tenantId).toBe('500001');
    expect(expectOk(await t.get(`${SYS}/topmenu/list`, tenantAdmin)).records.map((r: { id: string }) => r.id)).toEqual([
      theirs.id,
    ]);
    expect((await t.get(`${SYS}/topmenu/detail?id=${mine.id}`, tenantAdmin)).json().data).toBeNull();
  });

  it('validates data scopes: dictionary type and a safe column name', async () => {
    expectError(
      await t.post(`${SYS}/data-scope/submit`, admin, {
        menuId: menuIdOf('post'),
        resourceCode: 'post',
        scopeName: 'x',
        scopeType: 2,
        scopeColumn: 'create_user; drop',
      }),
      400,
      '字段名只能包含小写字母、数字和下划线',
    );
    const scope = expectOk(
      await t.post(`${SYS}/data-scope/submit`, admin, {
        menuId: menuIdOf('post'),
        resourceCode: 'post',
        scopeName: '本人可见',
        scopeType: 2,
        scopeColumn: 'create_user',
      }),
    );
    expect(scope).toMatchObject({ scopeTypeName: '本人可见', scopeField: '*' });
    expectError(
      await t.post(`${SYS}/data-scope/submit`, tenantAdmin, {
        menuId: menuIdOf('post'),
        resourceCode: 'post',
        scopeName: 'x',
        scopeType: 1,
      }),
      403,
    );
  });
});
