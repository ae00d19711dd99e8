import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../src/server/db/migrate.ts';
import { serverFile } from '../../src/server/server-files.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { DEFAULT_TENANT_MENU_ROOTS } from '../../src/server/modules/system/tenant.service.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

const TENANT = '/api/blade-system/tenant';
const SYS = '/api/blade-system';
const EXPIRED = '租户授权已过期,请联系管理员';

interface Node {
  code: string;
  children?: Node[];
}
const codesOf = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);
const daysFromNow = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));

/** A package of the desk and the user screen (menus with their buttons). */
const PACKAGE_MENUS = ['desk', ...crudCodes('notice'), 'system', ...crudCodes('user')];
const PACKAGE_ROUTES = ['desk', 'notice', 'system', 'user'];

let t: TestApp;
let admin: string;
let packageId: string;
const newTenant = (body: Record<string, unknown> = {}) =>
  t.post(`${TENANT}/submit`, admin, {
    tenantName: '测试租户',
    linkman: '张三',
    contactNumber: '13800000000',
    ...body,
  });

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  packageId = expectOk(
    await t.post(`${SYS}/tenant-package/submit`, admin, {
      packageName: '基础版',
      menuId: PACKAGE_MENUS.map(menuIdOf).join(','),
    }),
  ).id;
});
afterAll(() => t?.stop());

describe('tenant/submit (create)', () => {
  it('validates with the spec messages', async () => {
    expectError(await newTenant({ tenantName: '' }), 400, '请输入租户名称');
    expectError(await newTenant({ linkman: '' }), 400, '请输入联系人');
    expectError(await newTenant({ contactNumber: undefined }), 400, '请输入联系电话');
    expectError(await newTenant({ packageId: '1' }), 400, '产品包不存在');
    // The seeded data source is a MySQL one: no tenant's rows go there (on PGlite, none go anywhere but the main).
    const placing = t.services.database.placement && t.services.config.mainConninfo;
    expectError(
      await newTenant({ datasourceId: '1123598812738675201' }),
      400,
      placing ? '数据源 mysql 不是 PostgreSQL 数据库,不能承载租户' : '租户数据源需要主库为 PostgreSQL (DATABASE_URL)',
    );
  });

  it('provisions role, dept, post and admin/admin; the admin sees exactly the package menus', async () => {
    const saved = expectOk(await newTenant({ tenantName: '一号租户', packageId }));
    expect(saved).toMatchObject({ tenantName: '一号租户', packageId, accountNumber: -1, status: 1 });
    expect(saved.tenantId).toMatch(/^\d{6}$/);
    expect(saved.tenantId).not.toBe('000000');
    expect(saved).not.toHaveProperty('licenseKey');
    const code = saved.tenantId as string;

    const { db } = t.services;
    const role = await db
      .selectFrom('blade_role')
      .selectAll()
      .where('tenant_id', '=', code)
      .where('role_alias', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(role).toMatchObject({ role_name: '管理员', role_alias: 'admin' });
    const dept = await db.selectFrom('blade_dept').selectAll().where('tenant_id', '=', code).executeTakeFirstOrThrow();
    expect(dept).toMatchObject({ dept_name: '一号租户', ancestors: '0' });
    const post = await db.selectFrom('blade_post').selectAll().where('tenant_id', '=', code).executeTakeFirstOrThrow();
    expect(post.post_code).toBe('ceo');
    const users = await db.selectFrom('blade_user').selectAll().where('tenant_id', '=', code).execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      account: 'admin',
      real_name: 'admin',
      role_id: String(role.id),
      dept_id: String(dept.id),
      post_id: String(post.id),
    });
    const granted = await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', role.id).execute();
    expect(granted.map((r) => String(r.menu_id)).sort()).toEqual(PACKAGE_MENUS.map(menuIdOf).sort());

    const tenantAdmin = await t.tokenOf('admin', 'admin', code);
    const routes = expectOk(await t.get(`${SYS}/menu/routes`, tenantAdmin));
    expect(codesOf(routes).sort()).toEqual([...PACKAGE_ROUTES].sort());
  });

  it('gives a tenant without a package the default menu set and never reuses a code', async () => {
    const codes = new Set<string>(['000000']);
    for (let i = 0; i < 3; i++) {
      const { tenantId } = expectOk(await newTenant({ tenantName: `默认租户${i}` }));
      expect(codes.has(tenantId)).toBe(false);
      codes.add(tenantId);
    }
    const code = [...codes][1];
    const routes = codesOf(expectOk(await t.get(`${SYS}/menu/routes`, await t.tokenOf('admin', 'admin', code))));
    for (const root of DEFAULT_TENANT_MENU_ROOTS) expect(routes).toContain(root);
    expect(routes).toEqual(expect.arrayContaining(['system', 'authority', 'masterdata', 'customer']));
    for (const platformOnly of [
      'menu',
      'dict',
      'param',
      'tenant',
      'tenantpackage',
      'client',
      'data_scope',
      'doc',
      'admin',
      'log_error',
      'tool',
    ]) {
      expect(routes).not.toContain(platformOnly);
    }
  });

  it('gives the administrators of tenants provisioned before 0071 its files, reports and logs (not a packaged one)', async () => {
    const { db } = t.services;
    const plain = expectOk(await newTenant({ tenantName: '老租户' })).tenantId as string;
    const packaged = expectOk(await newTenant({ tenantName: '套餐租户', packageId })).tenantId as string;
    const adminRole = async (tenantId: string) =>
      String(
        (
          await db
            .selectFrom('blade_role')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('role_alias', '=', 'admin')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const menusOf = async (roleId: string) =>
      (await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', roleId).execute())
        .map((row) => String(row.menu_id))
        .sort();
    const [plainRole, packagedRole] = [await adminRole(plain), await adminRole(packaged)];
    const provisioned = await menusOf(plainRole);
    const packageMenus = await menusOf(packagedRole);
    // What an older provisioning left out: the four roots' subtrees.
    const menus = await db
      .selectFrom('blade_menu')
      .select(['id', 'parent_id', 'code'])
      .where('is_deleted', '=', 0)
      .execute();
    const newer = new Set(
      menus.filter((m) => ['resource', 'report', 'log_usual', 'log_api'].includes(m.code)).map((m) => String(m.id)),
    );
    for (let grew = true; grew;) {
      grew = false;
      for (const m of menus)
        if (newer.has(String(m.parent_id)) && !newer.has(String(m.id))) {
          newer.add(String(m.id));
          grew = true;
        }
    }
    await db
      .deleteFrom('blade_role_menu')
      .where('role_id', '=', plainRole)
      .where('menu_id', 'in', [...newer])
      .execute();
    const older = await menusOf(plainRole);
    expect(older.length).toBeLessThan(provisioned.length - 10);
    const migration = readFileSync(serverFile('db', 'migrations', '0071_tenant_admin_default_menus.sql'), 'utf8');
    const apply = async () => {
      for (const statement of splitStatements(migration)) await sql.raw(statement).execute(db);
    };
    await apply();
    expect(await menusOf(plainRole)).toEqual(provisioned);
    await apply();
    expect(await menusOf(plainRole)).toEqual(provisioned);
    expect(await menusOf(packagedRole)).toEqual(packageMenus);
    const routes = codesOf(expectOk(await t.get(`${SYS}/menu/routes`, await t.tokenOf('admin', 'admin', plain))));
    expect(routes).toEqual(expect.arrayContaining(['resource', 'attach', 'report', 'log_usual', 'log_api']));
  });

  it('updates an existing tenant without touching its code', async () => {
    const saved = expectOk(await newTenant({ tenantName: '改名前' }));
    const updated = expectOk(
      await t.post(`${TENANT}/submit`, admin, { id: saved.id, tenantName: '改名后', tenantId: '999999' }),
    );
    expect(updated).toMatchObject({ id: saved.id, tenantName: '改名后', tenantId: saved.tenantId });
    expectError(await t.post(`${TENANT}/submit`, admin, { id: saved.id, packageId: '1' }), 400, '产品包不存在');
  });
});

describe('licence settings', () => {
  let code: string;
  let rowId: string;
  beforeAll(async () => {
    const saved = expectOk(await newTenant({ tenantName: '授权租户', packageId }));
    code = saved.tenantId;
    rowId = saved.id;
  });

  it('refuses the login of an expired tenant and accepts it again when extended', async () => {
    expectOk(await t.post(`${TENANT}/setting?ids=${rowId}&expireTime=${encodeURIComponent(daysFromNow(-1))}`, admin));
    const refused = await t.login('admin', 'admin', code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(EXPIRED);
    const until = daysFromNow(30);
    expectOk(await t.post(`${TENANT}/setting`, admin, { ids: rowId, expireTime: until }));
    await t.tokenOf('admin', 'admin', code);
    expect(expectOk(await t.get(`${TENANT}/detail?id=${rowId}`, admin))).toMatchObject({
      accountNumber: -1,
      expireTime: until,
    });
    expectError(await t.post(`${TENANT}/setting?ids=${rowId}&expireTime=tomorrow`, admin), 400);
    expectError(await t.post(`${TENANT}/setting?ids=`, admin), 400, '请选择至少一条数据');
  });

  it('stops user creation at the account quota', async () => {
    const tenantAdmin = await t.tokenOf('admin', 'admin', code);
    const { db } = t.services;
    const role = await db.selectFrom('blade_role').select('id').where('tenant_id', '=', code).executeTakeFirstOrThrow();
    const dept = await db.selectFrom('blade_dept').select('id').where('tenant_id', '=', code).executeTakeFirstOrThrow();
    const newUser = (account: string) =>
      t.post(`${SYS}/user/submit`, tenantAdmin, {
        account,
        password: '123456',
        realName: account,
        roleId: String(role.id),
        deptId: String(dept.id),
        userType: 1,
      });
    expectOk(await t.post(`${TENANT}/setting?ids=${rowId}&accountNumber=1`, admin));
    expectError(await newUser('second'), 400, '当前租户已到最大账号额度!');
    expectOk(await t.post(`${TENANT}/setting?ids=${rowId}&accountNumber=2`, admin));
    expectOk(await newUser('second'));
    expectError(await newUser('third'), 400, '当前租户已到最大账号额度!');
    // A blank quota is unlimited again.
    expectOk(await t.post(`${TENANT}/setting?ids=${rowId}&accountNumber=`, admin));
    expectOk(await newUser('third'));
  });

  it('keeps a tenant with rows on its database and switches packages (package-detail by row id, by code)', async () => {
    // Its rows are on the main database: a data source is where they would have to be moved (scale-out.placement).
    expectError(
      await t.post(`${TENANT}/datasource?tenantId=${code}&datasourceId=1123598812738675201`, admin),
      400,
      '数据源 mysql 不是 PostgreSQL 数据库,不能承载租户',
    );
    expectOk(await t.post(`${TENANT}/datasource?tenantId=${code}&datasourceId=`, admin));
    expect(expectOk(await t.get(`${TENANT}/detail?id=${rowId}`, admin)).datasourceId).toBeNull();
    expectError(
      await t.post(`${TENANT}/datasource?tenantId=999999&datasourceId=1`, admin),
      400,
      '数据不存在或无权访问',
    );
    expectError(
      await t.post(`${TENANT}/datasource?tenantId=${code}&datasourceId=42`, admin),
      400,
      '数据不存在或无权访问',
    );

    expect(expectOk(await t.get(`${TENANT}/package-detail?tenantId=${rowId}`, admin))).toMatchObject({
      id: packageId,
      packageName: '基础版',
    });
    const tenantAdmin = await t.tokenOf('admin', 'admin', code);
    expect(codesOf(expectOk(await t.get(`${SYS}/menu/routes`, tenantAdmin)))).toContain('user');

    const deskOnly = expectOk(
      await t.post(`${SYS}/tenant-package/submit`, admin, {
        packageName: '桌面版',
        menuId: [menuIdOf('desk'), menuIdOf('notice')].join(','),
      }),
    );
    const choices = expectOk(await t.get(`${SYS}/tenant-package/select`, admin)) as Array<{
      id: string;
      packageName: string;
    }>;
    expect(choices).toEqual(
      expect.arrayContaining([
        { id: deskOnly.id, packageName: '桌面版' },
        { id: packageId, packageName: '基础版' },
      ]),
    );
    expectError(await t.get(`${SYS}/tenant-package/select`, tenantAdmin), 403);
    expectOk(await t.post(`${TENANT}/package-setting?tenantId=${code}&packageId=${deskOnly.id}`, admin));
    expect(expectOk(await t.get(`${TENANT}/package-detail?tenantId=${rowId}`, admin)).id).toBe(deskOnly.id);
    expect(codesOf(expectOk(await t.get(`${SYS}/menu/routes`, tenantAdmin))).sort()).toEqual(['desk', 'notice']);
    expectError(await t.get(`${SYS}/user/list`, tenantAdmin), 403);

    expectError(await t.post(`${TENANT}/package-setting?tenantId=${code}&packageId=1`, admin), 400, '产品包不存在');
    expectOk(await t.post(`${TENANT}/package-setting?tenantId=${code}&packageId=${packageId}`, admin));
    expect(codesOf(expectOk(await t.get(`${SYS}/menu/routes`, tenantAdmin)))).toContain('user');
  });
});

describe('reading tenants', () => {
  it('lists every tenant for the platform, with map filters', async () => {
    const page = expectOk(await t.get(`${TENANT}/list?current=1&size=100`, admin));
    expect(page.total).toBeGreaterThan(3);
    expect(page.records.map((r: { tenantId: string }) => r.tenantId)).toContain('000000');
    const filtered = expectOk(await t.get(`${TENANT}/list?tenantName=${encodeURIComponent('一号')}`, admin));
    expect(filtered.records.map((r: { tenantName: string }) => r.tenantName)).toEqual(['一号租户']);
    expect(expectOk(await t.get(`${TENANT}/list?tenantId=000000`, admin)).total).toBe(1);
  });

  it('shows a tenant administrator only their own tenant and refuses every platform action', async () => {
    const { token } = await createTenantAdmin(
      t,
      '500002',
      crudCodes('tenant').concat(['tenant_setting', 'tenant_datasource', 'tenant_package']),
    );
    const page = expectOk(await t.get(`${TENANT}/list`, token));
    expect(page.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['500002']);
    expect(expectOk(await t.get(`${TENANT}/list?tenantId=000000`, token)).total).toBe(0);
    expect(expectOk(await t.get(`${TENANT}/select`, token)).map((r: { tenantId: string }) => r.tenantId)).toEqual([
      '500002',
    ]);
    expect((await t.get(`${TENANT}/detail?id=${SEED.tenantRowId}`, token)).json().data).toBeNull();
    const ownId = page.records[0].id;
    expect(expectOk(await t.get(`${TENANT}/detail?id=${ownId}`, token)).tenantId).toBe('500002');

    expectError(await t.post(`${TENANT}/submit`, token, { tenantName: 'x', linkman: 'x', contactNumber: '1' }), 403);
    expectError(await t.post(`${TENANT}/submit`, token, { id: ownId, accountNumber: -1 }), 403);
    expectError(await t.post(`${TENANT}/setting?ids=${ownId}&accountNumber=-1`, token), 403);
    expectError(await t.post(`${TENANT}/datasource?tenantId=500002&datasourceId=1`, token), 403);
    expectError(await t.get(`${TENANT}/package-detail?tenantId=${ownId}`, token), 403);
    expectError(await t.post(`${TENANT}/package-setting?tenantId=500002&packageId=${packageId}`, token), 403);
    expectError(await t.post(`${TENANT}/remove?ids=${ownId}`, token), 403);
  });

  it('needs the tenant code and an administrator role to read', async () => {
    const { token } = await createTenantAdmin(t, '500003', ['desk'], 'clerk', 'pw');
    expectError(await t.get(`${TENANT}/list`, token), 403);
    await createTenant(t, '500004');
    const roleId = await createRole(t, '500004', 'user', ['tenant']);
    await createUser(t, { tenantId: '500004', account: 'viewer', password: 'pw', roleId });
    expectError(await t.get(`${TENANT}/list`, await t.tokenOf('viewer', 'pw', '500004')), 403);
  });
});

describe('tenant/remove', () => {
  it('refuses the platform tenant 000000', async () => {
    expectError(await t.post(`${TENANT}/remove?ids=${SEED.tenantRowId}`, admin), 400, '不可删除管理组租户!');
    await t.tokenOf();
  });

  it('soft-deletes the tenant and its users: their logins fail and tokens already issued stop working', async () => {
    const saved = expectOk(await newTenant({ tenantName: '待删租户', packageId }));
    const issued = await t.tokenOf('admin', 'admin', saved.tenantId);
    expectOk(await t.get('/api/blade-system/menu/routes', issued));
    expectOk(await t.post(`${TENANT}/remove?ids=${saved.id}`, admin));
    expectError(await t.get('/api/blade-system/menu/routes', issued), 401);
    const users = await t.services.db
      .selectFrom('blade_user')
      .select('is_deleted')
      .where('tenant_id', '=', saved.tenantId)
      .execute();
    expect(users.map((u) => Number(u.is_deleted))).toEqual([1]);
    const refused = await t.login('admin', 'admin', saved.tenantId);
    expect(refused.statusCode).toBe(400);
    expect((await t.get(`${TENANT}/detail?id=${saved.id}`, admin)).json().data).toBeNull();
    expectError(await t.post(`${TENANT}/remove?ids=${saved.id}`, admin), 400, '数据不存在或无权访问');
    // A removed tenant's code is never handed out again.
    const next = expectOk(await newTenant({ tenantName: '新租户' }));
    expect(next.tenantId).not.toBe(saved.tenantId);
  });
});
