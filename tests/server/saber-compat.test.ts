import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { loginFailKey } from '../../src/server/platform/accounts.ts';
import { newSm2Keys } from '../../src/server/modules/auth/sm2-password.ts';
import { SABER_PACKAGE_ID } from '../../src/server/modules/system/saber-package.ts';
import { BASIC_SABER, expectError, expectOk, md5, startApp, type TestApp } from '../support/app.ts';

/**
 * The open-source Saber 4.x console against Tenon, as it calls the server (Saber src/api/user.js, src/axios.js):
 * paths without `/api`, `Authorization: Basic saber:saber_secret`, `Blade-Auth: bearer <token>`, the token grant's
 * fields as query parameters of a POST, the password SM2-encrypted with the public key of its website.js.
 */
const keys = newSm2Keys();
let t: TestApp;
beforeAll(async () => {
  t = await startApp({ TENON_SM2_PRIVATE_KEY: keys.privateKey, TENON_SM2_PUBLIC_KEY: keys.publicKey });
});
afterAll(() => t?.stop());

/** Saber's src/utils/sm2.js: `sm2.doEncrypt(password, website.auth.publicKey, 0)`. */
const saberEncrypt = (plain: string, mode: 0 | 1 = 0) => sm2.doEncrypt(plain, keys.publicKey, mode);

const saberHeaders = (token?: string, extra: Record<string, string> = {}) => ({
  authorization: BASIC_SABER,
  ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
  ...extra,
});
const saberGet = (app: TestApp, url: string, token?: string, extra?: Record<string, string>) =>
  app.app.inject({ method: 'GET', url, headers: saberHeaders(token, extra) });

/** Saber's `getCaptcha()`, and the code the picture shows (read from the store). */
async function captcha(app: TestApp = t) {
  const data = expectOk(await saberGet(app, '/blade-auth/captcha'));
  expect(data).toEqual({ key: expect.any(String), image: expect.stringMatching(/^data:image\/png;base64,/) });
  return { key: data.key as string, code: (await app.services.kv.get(`captcha:${data.key}`)) as string };
}

/** Saber's `loginByUsername(tenantId, account, encrypt(password), type, key, code)` with captchaMode on. */
async function saberLogin(
  password: string,
  {
    account = 'admin',
    tenantId = '000000',
    app = t,
    lang,
  }: { account?: string; tenantId?: string; app?: TestApp; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const { key, code } = await captcha(app);
  const params = new URLSearchParams({ grantType: 'captcha', tenantId, account, password, type: 'account' });
  return app.app.inject({
    method: 'POST',
    url: `/blade-auth/token?${params}`,
    headers: saberHeaders(undefined, {
      'captcha-key': key,
      'captcha-code': code,
      ...(lang ? { 'accept-language': lang } : {}),
    }),
  });
}

const AUTH_INFO_KEYS = [
  'accessToken',
  'tokenType',
  'refreshToken',
  'expiresIn',
  'tenantId',
  'userId',
  'oauthId',
  'account',
  'userName',
  'avatar',
  'authority',
  'license',
];

describe('Saber 4.x login', () => {
  it("gives an uploaded avatar's address absolute and by the path the proxy in front of Saber sends on", async () => {
    const setAvatar = (avatar: string) =>
      t.services.db.updateTable('blade_user').set({ avatar }).where('id', '=', SEED.userAdmin).execute();
    await setAvatar('/api/blade-resource/oss/endpoint/file/avatar-1.png');
    try {
      const info = expectOk(await saberLogin(saberEncrypt('admin')));
      expect(info.avatar).toBe('http://localhost:80/blade-resource/oss/endpoint/file/avatar-1.png');
    } finally {
      await setAvatar('');
    }
  });

  it('logs in with the SM2 form and reads menu/routes and the user without the /api prefix', async () => {
    const info = expectOk(await saberLogin(saberEncrypt('admin')));
    expect(Object.keys(info).sort()).toEqual([...AUTH_INFO_KEYS].sort());
    expect(info).toMatchObject({
      tokenType: 'bearer',
      expiresIn: 3600,
      tenantId: '000000',
      userId: SEED.userAdmin,
      oauthId: '',
      account: 'admin',
      userName: '管理员',
      authority: 'administrator',
      // Absolute and served by nothing but itself: the proxy in front of Saber sends only /blade-* to Tenon.
      avatar: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const routes = expectOk(await saberGet(t, '/blade-system/menu/routes', info.accessToken));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.map((menu: { path: string }) => menu.path)).toContain('/system');
    const me = expectOk(await saberGet(t, '/blade-system/user/info', info.accessToken));
    expect(me).toMatchObject({ account: 'admin', realName: '管理员' });
    expect(expectOk(await saberGet(t, '/blade-system/menu/buttons', info.accessToken))).toBeInstanceOf(Array);
  });

  it('takes the C1C3C2 order, a ciphertext with the 04 prefix, and the md5 form of older builds', async () => {
    expectOk(await saberLogin(saberEncrypt('admin', 1)));
    expectOk(await saberLogin(`04${saberEncrypt('admin')}`));
    expectOk(await saberLogin(md5('admin')));
  });

  it('refuses a wrong password in the envelope, in English when the browser asks for it', async () => {
    expectError(await saberLogin(saberEncrypt('wrong'), { account: 'admin' }), 400, '用户名或密码错误');
    expectError(
      await saberLogin(saberEncrypt('wrong'), { lang: 'en-US,en;q=0.9' }),
      400,
      'Wrong user name or password',
    );
    await t.services.kv.del(loginFailKey('000000', 'admin'));
  });

  it('refuses a tampered ciphertext with a clear message and counts it as a failed attempt', async () => {
    const key = loginFailKey('000000', 'admin');
    await t.services.kv.del(key);
    const cipher = saberEncrypt('admin');
    const flipped = cipher.slice(0, 150) + (cipher[150] === '0' ? '1' : '0') + cipher.slice(151);
    expectError(await saberLogin(flipped), 400, '密码密文无效,请刷新页面后重新登录');
    expectError(await saberLogin('04zz'), 400, '密码密文无效,请刷新页面后重新登录');
    expect(Number(await t.services.kv.get(key))).toBe(2);
    expectError(
      await saberLogin(flipped, { lang: 'en' }),
      400,
      'The encrypted password is not valid: reload the page and sign in again',
    );
    await t.services.kv.del(key);
  });

  it('refuses a wrong captcha as SpringBlade does', async () => {
    const { key } = await captcha();
    const params = new URLSearchParams({
      grantType: 'captcha',
      tenantId: '000000',
      account: 'admin',
      password: saberEncrypt('admin'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/blade-auth/token?${params}`,
      headers: saberHeaders(undefined, { 'captcha-key': key, 'captcha-code': 'nope!' }),
    });
    expectError(res, 400, '验证码不正确');
  });

  it('refreshes with refreshToken and answers the same AuthInfo', async () => {
    const info = expectOk(await saberLogin(saberEncrypt('admin')));
    const params = new URLSearchParams({ refreshToken: info.refreshToken, grantType: 'refresh_token', scope: 'all' });
    const res = await t.app.inject({ method: 'POST', url: `/blade-auth/token?${params}`, headers: saberHeaders() });
    const refreshed = expectOk(res);
    expect(Object.keys(refreshed).sort()).toEqual([...AUTH_INFO_KEYS].sort());
    expect(refreshed).toMatchObject({ userId: SEED.userAdmin, account: 'admin', userName: '管理员' });
    expect(refreshed.refreshToken).not.toBe(info.refreshToken);
    expectOk(await saberGet(t, '/blade-system/menu/routes', refreshed.accessToken));
    // A spent refresh token is refused in the envelope.
    expectError(
      await t.app.inject({ method: 'POST', url: `/blade-auth/token?${params}`, headers: saberHeaders() }),
      400,
    );
  });

  it('logs out in the envelope and ends the session', async () => {
    const info = expectOk(await saberLogin(saberEncrypt('admin')));
    const res = await t.app.inject({
      method: 'POST',
      url: '/blade-auth/logout',
      headers: saberHeaders(info.accessToken),
    });
    expect(expectOk(res)).toEqual({ code: '200', msg: '操作成功' });
    expectError(await saberGet(t, '/blade-system/menu/routes', info.accessToken), 401);
    expectOk(await t.app.inject({ method: 'POST', url: '/blade-auth/logout', headers: saberHeaders() }));
  });

  it('refuses a wrong client in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/blade-auth/token?${new URLSearchParams({ grantType: 'password', tenantId: '000000', account: 'admin', password: md5('admin') })}`,
      headers: { authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` },
    });
    expectError(res, 401, '客户端认证失败!');
  });
});

describe('without a key pair configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startApp();
  });
  afterAll(() => bare?.stop());

  it('refuses the SM2 form with a clear message and still takes the md5 form', async () => {
    const res = await saberLogin(saberEncrypt('admin'), { app: bare });
    expectError(res, 400, '服务器未配置SM2密钥,不能读取加密的密码');
    expect(await bare.services.kv.get(loginFailKey('000000', 'admin'))).toBeNull();
    expectOk(await saberLogin(md5('admin'), { app: bare }));
  });
});

describe('paths without the /api prefix', () => {
  it('are the same routes with the same access rules', async () => {
    expectError(await saberGet(t, '/blade-system/menu/routes'), 401);
    expectError(await saberGet(t, '/blade-system/user/list'), 401);
  });

  it('answer an unknown API path with the envelope 404, with or without /api', async () => {
    for (const url of ['/blade-system/nothing', '/blade-nothing/x/y', '/api/blade-system/nothing', '/api/nothing']) {
      expectError(await saberGet(t, url), 404);
    }
    expectError(
      await saberGet(t, '/blade-system/nothing', undefined, { 'accept-language': 'en' }),
      404,
      '404 Not found',
    );
  });

  it('leave the web app its client routes while API paths never get its HTML', async () => {
    const web = mkdtempSync(join(t.testDb.dataDir, 'web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>ERP 系统</title>');
    mkdirSync(join(web, 'assets'));
    const withWeb = await startApp({ TENON_WEB_DIR: web });
    try {
      for (const url of ['/system/user', '/wel/index', '/login']) {
        const res = await withWeb.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>ERP 系统</title>');
      }
      for (const url of ['/blade-system/nothing', '/blade-auth/nothing', '/blade-x', '/api', '/api/nothing']) {
        expectError(await saberGet(withWeb, url), 404);
      }
      expectOk(await saberGet(withWeb, '/blade-auth/captcha'));
    } finally {
      await withWeb.stop();
    }
  });
});

/**
 * What Saber's system and authority screens read when they open (its src/api/*.js), without the /api prefix. Not
 * here: `/blade-develop/code/*` (SpringBlade's code generator, which Tenon's does not answer: the Saber package leaves
 * 代码生成 out) and `/user/getUserInfo`, `/user/send-logs` (Saber's own mock server answers them).
 */
const SABER_READS = [
  '/blade-system/dept/list?current=1&size=10',
  '/blade-system/dept/tree?tenantId=000000',
  '/blade-system/dict/list?current=1&size=10',
  '/blade-system/dict/tree?code=DICT',
  '/blade-system/menu/list?current=1&size=10',
  '/blade-system/menu/lazy-menu-list?parentId=0',
  '/blade-system/menu/top-menu',
  '/blade-system/menu/routes',
  '/blade-system/menu/buttons',
  '/blade-system/menu/grant-tree',
  `/blade-system/menu/role-tree-keys?roleIds=${SEED.roleAdministrator}`,
  '/blade-system/menu/grant-top-tree',
  '/blade-system/menu/top-tree-keys?topMenuIds=1',
  '/blade-system/role/list?current=1&size=10',
  '/blade-system/role/tree?tenantId=000000',
  '/blade-system/post/list?current=1&size=10',
  '/blade-system/post/select?tenantId=000000',
  '/blade-system/param/list?current=1&size=10',
  '/blade-system/tenant/list?current=1&size=10',
  '/blade-system/tenant/info?domain=localhost',
  '/blade-system/client/list?current=1&size=10',
  '/blade-system/topmenu/list?current=1&size=10',
  '/blade-system/data-scope/list?current=1&size=10',
  '/blade-system/api-scope/list?current=1&size=10',
  '/blade-system/user/list?current=1&size=10',
  `/blade-system/user/detail?id=${SEED.userAdmin}`,
  '/blade-system/user/info',
  '/blade-system/region/lazy-tree?parentCode=00',
  '/blade-system/region/list?current=1&size=10',
  '/blade-desk/notice/list?current=1&size=10',
  '/blade-log/usual/list?current=1&size=10',
  '/blade-log/api/list?current=1&size=10',
  '/blade-log/error/list?current=1&size=10',
  '/blade-develop/datasource/list?current=1&size=10',
  '/blade-report/report/rest/list?current=1&size=10',
];

describe("Saber's system and authority screens", () => {
  let token: string;
  beforeAll(async () => {
    token = expectOk(await saberLogin(saberEncrypt('admin'))).accessToken;
  });

  it('read what they open with, in the envelope', async () => {
    for (const url of SABER_READS) {
      const res = await saberGet(t, url, token);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.json(), url).toMatchObject({ code: 200, success: true });
    }
  });

  it('dict/tree?code=DICT answers the whole dictionary tree as SpringBlade does', async () => {
    const tree = expectOk(await saberGet(t, '/blade-system/dict/tree?code=DICT', token));
    const sex = tree.find((node: { title: string }) => node.title === '性别');
    expect(sex).toMatchObject({ parentId: '0', key: sex.id, value: sex.id });
    expect(sex.children.map((child: { title: string }) => child.title)).toEqual(expect.arrayContaining(['男', '女']));
  });

  it('dept/submit takes a department without deptCategory', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/blade-system/dept/submit',
      headers: saberHeaders(token),
      payload: { parentId: SEED.deptRoot, deptName: 'Saber部门', fullName: 'Saber部门全称', sort: 3, remark: '' },
    });
    expectOk(res);
    const list = expectOk(await saberGet(t, `/blade-system/dept/lazy-list?parentId=${SEED.deptRoot}`, token));
    expect(list.find((d: { deptName: string }) => d.deptName === 'Saber部门')).toMatchObject({
      deptCategory: 2,
      deptCategoryName: '部门',
    });
  });

  it('reads and writes birthday as yyyy-MM-dd HH:mm:ss', async () => {
    const detail = expectOk(await saberGet(t, `/blade-system/user/detail?id=${SEED.userAdmin}`, token));
    expect(detail.birthday).toBe('2018-08-08 00:00:00');
    expect(expectOk(await saberGet(t, '/blade-system/user/info', token)).birthday).toBe('2018-08-08 00:00:00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/blade-system/user/update-info',
      headers: saberHeaders(token),
      payload: {
        id: SEED.userAdmin,
        avatar: '',
        name: '管理员',
        realName: '管理员',
        phone: '18888888888',
        email: 'admin@bladex.vip',
        birthday: '1990-05-06 00:00:00',
      },
    });
    expectOk(res);
    expect(expectOk(await saberGet(t, '/blade-system/user/info', token)).birthday).toBe('1990-05-06 00:00:00');
  });

  it("user.vue's add form, grant and password reset as Saber sends them", async () => {
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: saberHeaders(token), ...(payload ? { payload } : {}) });
    expectOk(
      await post('/blade-system/user/submit', {
        account: 'saber1',
        tenantId: '000000',
        password: '123456',
        password2: '123456',
        name: 'S',
        realName: '赛博',
        roleId: SEED.roleUser,
        deptId: SEED.deptRoot,
        code: '',
        postId: SEED.postCeo,
        phone: '13800000000',
        email: 'saber1@example.com',
        sex: 1,
        birthday: '1990-01-02 00:00:00',
      }),
    );
    const users = expectOk(await saberGet(t, '/blade-system/user/list?current=1&size=10&account=saber1', token));
    expect(users.records).toHaveLength(1);
    const id = users.records[0].id;
    expect(expectOk(await saberGet(t, `/blade-system/user/detail?id=${id}`, token))).toMatchObject({
      realName: '赛博',
      birthday: '1990-01-02 00:00:00',
    });
    expectOk(await post(`/blade-system/user/grant?userIds=${id}&roleIds=${SEED.roleUser}`));
    expectOk(await post(`/blade-system/user/reset-password?userIds=${id}`));
    expectOk(await post(`/blade-system/user/unlock?userIds=${id}`));
    expectOk(await saberLogin(saberEncrypt('123456'), { account: 'saber1' }));
    // role.vue's grant: the checked keys as arrays.
    const keys = expectOk(await saberGet(t, `/blade-system/menu/role-tree-keys?roleIds=${SEED.roleUser}`, token));
    expectOk(
      await post('/blade-system/role/grant', {
        roleIds: [SEED.roleUser],
        menuIds: keys.menu,
        dataScopeIds: keys.dataScope ?? [],
        apiScopeIds: keys.apiScope ?? [],
      }),
    );
  });

  it('speaks English when the browser asks for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/blade-system/dept/submit',
      headers: saberHeaders(token, { 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' }),
      payload: { parentId: SEED.deptRoot, deptName: 'x' },
    });
    expectError(res, 400, 'Please enter the full name');
  });
});

/** Saber's views (src/views, one per menu path) and the menus above them. */
const SABER_PATHS = new Set([
  '/desk',
  '/desk/notice',
  '/system',
  ...['user', 'dept', 'post', 'dict', 'menu', 'param', 'topmenu', 'tenant', 'client'].map((v) => `/system/${v}`),
  '/authority',
  ...['role', 'datascope', 'apiscope'].map((v) => `/authority/${v}`),
  '/base',
  '/base/region',
  '/monitor',
  '/monitor/log',
  ...['usual', 'api', 'error'].map((v) => `/monitor/log/${v}`),
  '/tool',
  '/tool/datasource',
  '/report',
  '/report/reportlist',
]);
interface Route {
  path: string;
  children?: Route[];
}
const pathsOf = (routes: Route[]): string[] => routes.flatMap((r) => [r.path, ...pathsOf(r.children ?? [])]);

describe('the Saber 菜单 package', () => {
  it("gives a tenant's sidebar only routes Saber has views for", async () => {
    const admin = await t.tokenOf();
    const pkg = expectOk(await t.get(`/api/blade-system/tenant-package/detail?id=${SABER_PACKAGE_ID}`, admin));
    expect(pkg.packageName).toBe('Saber 菜单');
    const tenant = expectOk(
      await t.post('/api/blade-system/tenant/submit', admin, {
        tenantName: 'Saber租户',
        linkman: '张三',
        contactNumber: '13800000000',
        packageId: SABER_PACKAGE_ID,
      }),
    );
    const info = expectOk(await saberLogin(saberEncrypt('admin'), { tenantId: tenant.tenantId }));
    const paths = pathsOf(expectOk(await saberGet(t, '/blade-system/menu/routes', info.accessToken)));
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((path) => !SABER_PATHS.has(path))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/system/user', '/system/dept', '/authority/role', '/desk/notice']));
    // The screens' buttons come with them.
    const buttons = expectOk(await saberGet(t, '/blade-system/menu/buttons', info.accessToken));
    expect(JSON.stringify(buttons)).toContain('user_add');
  });
});
