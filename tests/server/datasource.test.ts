import { beforeAll, describe, expect, it } from 'vitest';
import { datasourcePassword, sealDatasourcePassword } from '../../src/server/modules/develop/datasource-password.ts';
import { expectError, expectOk, TEST_SECRET, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

const DS = '/api/blade-develop/datasource';
const SEED_ID = '1123598812738675201';
const secret = new TextEncoder().encode(TEST_SECRET);

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const source = (body: Record<string, unknown> = {}) => ({
  name: 'pg-main',
  driverClass: 'org.postgresql.Driver',
  url: 'jdbc:postgresql://db:5432/erp',
  username: 'erp',
  password: 'S3cret: pass',
  ...body,
});
const storedPassword = async (id: string) =>
  (await t.services.db.selectFrom('blade_datasource').select('password').where('id', '=', id).executeTakeFirstOrThrow())
    .password as string;

describe('data source CRUD (platform tenant)', () => {
  it('lists the seeded mysql row', async () => {
    const page = expectOk(await t.get(`${DS}/list`, admin));
    expect(page.records).toContainEqual(
      expect.objectContaining({
        id: SEED_ID,
        name: 'mysql',
        driverClass: 'com.mysql.cj.jdbc.Driver',
        username: 'root',
        status: 1,
      }),
    );
    expect(page.records.find((r: { id: string }) => r.id === SEED_ID).url).toMatch(
      /^jdbc:mysql:\/\/localhost:3306\/blade\b/,
    );
  });

  it('adds, reads, filters, edits and removes a row; the password is never sent back', async () => {
    const saved = expectOk(await t.post(`${DS}/submit`, admin, source({ remark: '主库' })));
    expect(saved).toMatchObject({
      name: 'pg-main',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://db:5432/erp',
      username: 'erp',
      remark: '主库',
    });
    expect(saved).not.toHaveProperty('password');
    const detail = expectOk(await t.get(`${DS}/detail?id=${saved.id}`, admin));
    expect(detail).toMatchObject({ id: saved.id, name: 'pg-main' });
    expect(detail).not.toHaveProperty('password');
    const page = expectOk(await t.get(`${DS}/list?name=pg-`, admin));
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([saved.id]);
    expect(JSON.stringify(page)).not.toContain('S3cret');

    expectOk(await t.post(`${DS}/update`, admin, { id: saved.id, url: 'jdbc:postgresql://db2:5432/erp' }));
    expect(expectOk(await t.get(`${DS}/detail?id=${saved.id}`, admin)).url).toBe('jdbc:postgresql://db2:5432/erp');

    expectOk(await t.post(`${DS}/remove?ids=${saved.id}`, admin));
    expect(expectOk(await t.get(`${DS}/detail?id=${saved.id}`, admin))).toBeNull();
    expect(expectOk(await t.get(`${DS}/select`, admin)).map((r: { id: string }) => r.id)).not.toContain(saved.id);
  });

  it('answers the form messages', async () => {
    expectError(await t.post(`${DS}/submit`, admin, source({ name: '' })), 400, '请输入数据源名称');
    expectError(await t.post(`${DS}/submit`, admin, source({ driverClass: undefined })), 400, '请输入驱动类');
    expectError(await t.post(`${DS}/submit`, admin, source({ url: ' ' })), 400, '请输入连接地址');
    expectError(await t.post(`${DS}/submit`, admin, source({ username: '' })), 400, '请输入用户名');
    expectError(await t.post(`${DS}/submit`, admin, source({ password: undefined })), 400, '请输入密码');
    expectError(await t.post(`${DS}/submit`, admin, source({ password: '' })), 400, '请输入密码');
    expectError(await t.post(`${DS}/submit`, admin, source({ password: 'x'.repeat(51) })), 400, /50/);
  });
});

describe('the stored password', () => {
  it('is sealed at rest and reads back with the server secret only', async () => {
    const saved = expectOk(
      await t.post(`${DS}/submit`, admin, source({ name: 'sealed', password: '密码 with spaces ' })),
    );
    const stored = await storedPassword(saved.id);
    expect(stored).not.toContain('密码');
    expect(stored).toMatch(/^v1:/);
    const row = await t.services.db
      .selectFrom('blade_datasource')
      .selectAll()
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(datasourcePassword(row, t.services.config.jwtSecret)).toBe('密码 with spaces ');
    expect(() =>
      datasourcePassword(row, new TextEncoder().encode('another-signing-secret-of-32-bytes-or-more')),
    ).toThrow();
    // The longest password allowed fits its column once sealed.
    const longest = expectOk(
      await t.post(`${DS}/submit`, admin, source({ name: 'longest', password: '😀'.repeat(50) })),
    );
    expect(datasourcePassword({ password: await storedPassword(longest.id) }, secret)).toBe('😀'.repeat(50));
  });

  it('is kept by an edit with a blank or missing password and replaced by a typed one', async () => {
    const saved = expectOk(await t.post(`${DS}/submit`, admin, source({ name: 'keep', password: 'first' })));
    const first = await storedPassword(saved.id);
    expectOk(await t.post(`${DS}/submit`, admin, { id: saved.id, name: 'keep-1', password: '' }));
    expectOk(await t.post(`${DS}/update`, admin, { id: saved.id, name: 'keep-2', password: null }));
    expectOk(
      await t.post(`${DS}/submit`, admin, {
        ...expectOk(await t.get(`${DS}/detail?id=${saved.id}`, admin)),
        name: 'keep-3',
      }),
    );
    expect(await storedPassword(saved.id)).toBe(first);
    expect(expectOk(await t.get(`${DS}/detail?id=${saved.id}`, admin)).name).toBe('keep-3');

    expectOk(await t.post(`${DS}/update`, admin, { id: saved.id, password: 'second' }));
    expect(datasourcePassword({ password: await storedPassword(saved.id) }, secret)).toBe('second');
  });

  it('seals each value with its own nonce, and refuses values it did not seal', () => {
    const a = sealDatasourcePassword('same', secret);
    expect(a).not.toBe(sealDatasourcePassword('same', secret));
    expect(datasourcePassword({ password: a }, secret)).toBe('same');
    expect(datasourcePassword({ password: '' }, secret)).toBe('');
    expect(() => datasourcePassword({ password: 'root' }, secret)).toThrow();
    const tampered = `${a.slice(0, -2)}${a.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => datasourcePassword({ password: tampered }, secret)).toThrow();
  });
});

describe('select', () => {
  it('lists {id, name} of live rows', async () => {
    const saved = expectOk(await t.post(`${DS}/submit`, admin, source({ name: 'picked' })));
    const options = expectOk(await t.get(`${DS}/select`, admin));
    expect(options).toContainEqual({ id: SEED_ID, name: 'mysql' });
    expect(options).toContainEqual({ id: saved.id, name: 'picked' });
    for (const option of options) expect(Object.keys(option).sort()).toEqual(['id', 'name']);
  });
});

describe('access', () => {
  let tenantAdmin: string;
  beforeAll(async () => {
    ({ token: tenantAdmin } = await createTenantAdmin(
      t,
      '700001',
      [...crudCodes('datasource'), 'tenant', 'tenant_datasource'],
      'ds_boss',
    ));
  });

  it('refuses a tenant administrator every read and write, even holding the codes', async () => {
    for (const action of ['list', 'page', 'detail', 'select']) {
      expectError(await t.get(`${DS}/${action}?id=${SEED_ID}`, tenantAdmin), 403);
    }
    expectError(await t.post(`${DS}/submit`, tenantAdmin, source()), 403);
    expectError(await t.post(`${DS}/update`, tenantAdmin, { id: SEED_ID, password: 'x' }), 403);
    expectError(await t.post(`${DS}/remove?ids=${SEED_ID}`, tenantAdmin), 403);
    expect(expectOk(await t.get(`${DS}/detail?id=${SEED_ID}`, admin))).toMatchObject({ name: 'mysql', status: 1 });
  });

  it('opens select to the data source screen or the tenant screen 数据源 button, and to nothing else', async () => {
    const tokenWith = async (account: string, codes: string[]) => {
      await createUser(t, {
        tenantId: '000000',
        account,
        password: 'pw',
        roleId: await createRole(t, '000000', 'admin', codes),
      });
      return t.tokenOf(account, 'pw', '000000');
    };
    const screen = await tokenWith('ds_screen', ['datasource']);
    const dialog = await tokenWith('ds_dialog', ['tenant_datasource']);
    const neither = await tokenWith('ds_none', ['tenant', 'tenant_setting']);
    expect(expectOk(await t.get(`${DS}/select`, screen))).toContainEqual({ id: SEED_ID, name: 'mysql' });
    expect(expectOk(await t.get(`${DS}/select`, dialog))).toContainEqual({ id: SEED_ID, name: 'mysql' });
    expectError(await t.get(`${DS}/select`, neither), 403);
    // The dialog's code opens the picker only, not the screen's rows.
    expectError(await t.get(`${DS}/list`, dialog), 403);
  });
});
