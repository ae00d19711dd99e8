import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sessions } from '../../src/server/platform/auth-context.ts';
import { registerAccessHooks, registerErrorHandlers, redactUrl } from '../../src/server/platform/http.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import type { Permissions } from '../../src/server/platform/permissions.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { multipartFile, sheetOf, workbookOf } from '../support/uploads.ts';
import { createDataScope, createDept, createRole, createTenant, createUser, crudCodes } from '../support/factories.ts';

const USER = '/api/blade-system/user';
const CODES = [...crudCodes('user'), 'user_import', 'user_export'];
const A = '310001';
const B = '310002';
const ZH_HEADERS = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '电子邮箱',
  '手机号码',
  '生日',
  '性别',
  '所属角色',
  '所属部门',
  '所属岗位',
  '用户编号',
  '用户平台',
];
const EN_HEADERS = [
  'Account',
  'Nickname',
  'Real name',
  'Email',
  'Mobile',
  'Birthday',
  'Sex',
  'Roles',
  'Departments',
  'Posts',
  'User code',
  'Platform',
];

let t: TestApp;
let bossA: string;
let clerkRoleA: string;
let deptRootA: string;
let deptChildA: string;
let bossB: string;

beforeAll(async () => {
  t = await startApp();
  await createTenant(t, A, { account_number: -1 });
  await createTenant(t, B);
  deptRootA = await createDept(t, A, '总部');
  deptChildA = await createDept(t, A, '研发部', deptRootA, `0,${deptRootA}`);
  const postA = nextId();
  await t.services.db
    .insertInto('blade_post')
    .values({
      id: postA,
      tenant_id: A,
      category: 1,
      post_code: 'dev',
      post_name: '开发',
      sort: 1,
      status: 1,
      is_deleted: 0,
    })
    .execute();
  const adminRoleA = await createRole(t, A, 'admin', CODES);
  clerkRoleA = await createRole(t, A, 'clerk', ['user']);
  await createUser(t, { tenantId: A, account: 'boss', password: 'pw-a', roleId: adminRoleA, deptId: deptRootA });
  bossA = await t.tokenOf('boss', 'pw-a', A);
  const roleB = await createRole(t, B, 'admin', CODES);
  const deptB = await createDept(t, B, 'B总部');
  await createUser(t, { tenantId: B, account: 'boss', password: 'pw-b', roleId: roleB, deptId: deptB });
  bossB = await t.tokenOf('boss', 'pw-b', B);
  await create(bossA, {
    account: 'alice',
    realName: '爱丽丝',
    sex: 2,
    phone: '13800138000',
    birthday: '1990-05-06',
    email: 'a@x.cn',
    postId: postA,
    name: 'Ali',
    code: 'U01',
  });
  await create(bossA, { account: 'bob', realName: '鲍勃', sex: 1, deptId: deptRootA });
  await create(bossB, { account: 'zed', realName: 'Zed', roleId: roleB, deptId: deptB });
}, 120_000);
afterAll(() => t?.stop());

async function create(token: string, fields: Record<string, unknown>) {
  return expectOk(
    await t.post(`${USER}/submit`, token, { password: 'pw', roleId: clerkRoleA, deptId: deptChildA, ...fields }),
  );
}

/** The first worksheet as rows of cell texts (header first). */

const column = (rows: string[][], header: string) => rows.slice(1).map((r) => r[rows[0].indexOf(header)] ?? '');
const rowOf = (rows: string[][], account: string) =>
  Object.fromEntries(rows[0].map((h, i) => [h, rows.find((r) => r[0] === account)?.[i] ?? '']));

const importFile = (token: string, file: Buffer, isCovered: '0' | '1', headers: Record<string, string> = {}) => {
  const body = multipartFile(file, { isCovered });
  return t.post(`${USER}/import-user`, token, body.payload, { ...body.headers, ...headers });
};

const accountsOf = async (tenantId: string) =>
  (
    await t.services.db
      .selectFrom('blade_user')
      .select('account')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .execute()
  )
    .map((r) => r.account)
    .sort();

describe('export-user', () => {
  it('holds exactly the users the page shows, with zh headers and dictionary labels', async () => {
    const res = await t.get(`${USER}/export-user`, bossA);
    const rows = await sheetOf(res);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]*"; filename\*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE\d{14}\.xlsx$/,
    );
    expect(rows[0]).toEqual(ZH_HEADERS);
    const page = expectOk(await t.get(`${USER}/page?size=1000`, bossA));
    expect(column(rows, '登录账号').sort()).toEqual(page.records.map((r: { account: string }) => r.account).sort());
    expect(column(rows, '登录账号')).not.toContain('zed');
    expect(rowOf(rows, 'alice')).toEqual({
      登录账号: 'alice',
      用户昵称: 'Ali',
      用户姓名: '爱丽丝',
      电子邮箱: 'a@x.cn',
      手机号码: '13800138000',
      生日: '1990-05-06',
      性别: '女',
      所属角色: 'clerk',
      所属部门: '研发部',
      所属岗位: '开发',
      用户编号: 'U01',
      用户平台: 'WEB',
    });
  });

  it('takes the page filters: account, deptId', async () => {
    expect(column(await sheetOf(await t.get(`${USER}/export-user?account=ali`, bossA)), '登录账号')).toEqual(['alice']);
    const byDept = column(
      await sheetOf(await t.get(`${USER}/export-user?deptId=${deptChildA}`, bossA)),
      '登录账号',
    ).sort();
    const page = expectOk(await t.get(`${USER}/page?size=1000&deptId=${deptChildA}`, bossA));
    expect(byDept).toEqual(page.records.map((r: { account: string }) => r.account).sort());
    expect(byDept).toContain('alice');
    expect(byDept).not.toContain('bob');
    expectError(await t.get(`${USER}/export-user?deptId=abc`, bossA), 400);
  });

  it('applies the data scope exactly as the page does', async () => {
    const scope = await createDataScope(t, 'user', 3, 'create_dept');
    const viewerRole = await createRole(t, A, 'viewer', ['user', 'user_export'], [scope]);
    const viewer = await createUser(t, {
      tenantId: A,
      account: 'viewer',
      password: 'pw',
      roleId: viewerRole,
      deptId: deptChildA,
    });
    await t.services.db.updateTable('blade_user').set({ create_dept: deptChildA }).where('id', '=', viewer).execute();
    const token = await t.tokenOf('viewer', 'pw', A);
    const exported = column(await sheetOf(await t.get(`${USER}/export-user`, token)), '登录账号').sort();
    const page = expectOk(await t.get(`${USER}/page?size=1000`, token));
    expect(exported).toEqual(page.records.map((r: { account: string }) => r.account).sort());
    expect(exported).toContain('viewer');
    expect(exported).not.toContain('boss');
  });

  it('answers English headers and file name to Accept-Language en', async () => {
    const res = await t.get(`${USER}/export-user`, bossA, { 'accept-language': 'en' });
    const rows = await sheetOf(res);
    expect(rows[0]).toEqual(EN_HEADERS);
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''Users\d{14}\.xlsx$/);
  });
});

describe('the blade-auth query parameter', () => {
  const query = (token: string) => `blade-auth=${encodeURIComponent(`bearer ${token}`)}`;
  const anonymous = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url });

  it('authenticates a download link of export-user and export-template', async () => {
    const rows = await sheetOf(await anonymous('GET', `${USER}/export-user?${query(bossA)}&account=alice`));
    expect(column(rows, '登录账号')).toEqual(['alice']);
    expect((await sheetOf(await anonymous('GET', `${USER}/export-template?${query(bossA)}`)))[0]).toEqual(ZH_HEADERS);
    // Saber's spelling of the key
    expect((await sheetOf(await anonymous('GET', `${USER}/export-template?Blade-Auth=bearer%20${bossA}`)))[0]).toEqual(
      ZH_HEADERS,
    );
    expectError(await anonymous('GET', `${USER}/export-user?blade-auth=bearer%20nonsense`), 401);
    // Saber's link form: the bare token
    expect((await sheetOf(await anonymous('GET', `${USER}/export-template?blade-auth=${bossA}`)))[0]).toEqual(
      ZH_HEADERS,
    );
  });

  it('is refused on every other route', async () => {
    expectError(await anonymous('GET', `${USER}/page?${query(bossA)}`), 401);
    expectError(await anonymous('GET', `${USER}/info?${query(bossA)}`), 401);
    expectError(await anonymous('POST', `${USER}/import-user?${query(bossA)}`), 401);
  });

  it('still needs the export code', async () => {
    const clerk = await createUser(t, { tenantId: A, account: 'clerk0', password: 'pw', roleId: clerkRoleA });
    expect(clerk).toBeTruthy();
    expectError(await anonymous('GET', `${USER}/export-user?${query(await t.tokenOf('clerk0', 'pw', A))}`), 403);
  });

  it('never reaches the request log', async () => {
    expect(redactUrl('/x?a=1&blade-auth=bearer%20secret&b=2')).toBe('/x?a=1&blade-auth=[redacted]&b=2');
    expect(redactUrl('/x?Blade%2DAuth=bearer+secret')).not.toContain('secret');
    // The secrets Blade clients send as query strings: the token grant's password and refresh token, register-guest's
    // password.
    expect(
      redactUrl('/api/blade-auth/oauth/token?username=a&password=e10adc&refresh_token=eyJ&grant_type=password'),
    ).toBe('/api/blade-auth/oauth/token?username=a&password=[redacted]&refresh_token=[redacted]&grant_type=password');
    expect(redactUrl('/u?oldPassword=a&newPassword1=b')).toBe('/u?oldPassword=[redacted]&newPassword1=[redacted]');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandlers(app);
    registerAccessHooks(app, {} as Sessions, {} as Permissions);
    app.get('/api/ping', { config: { public: true } }, async () => 'pong');
    await app.inject({ method: 'GET', url: '/api/ping?blade-auth=bearer%20top-secret&x=1' });
    await app.inject({ method: 'GET', url: '/api/nowhere?blade-auth=bearer%20top-secret' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/ping?blade-auth=[redacted]&x=1');
    expect(log).toContain('/api/nowhere?blade-auth=[redacted]');
    expect(log).not.toContain('top-secret');
  });
});

describe('export-template', () => {
  it('is the header row only', async () => {
    const res = await t.get(`${USER}/export-template`, bossA);
    expect(await sheetOf(res)).toEqual([ZH_HEADERS]);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户数据模板')}.xlsx`);
    expect(await sheetOf(await t.get(`${USER}/export-template`, bossA, { 'accept-language': 'en' }))).toEqual([
      EN_HEADERS,
    ]);
  });
});

describe('import-user', () => {
  it('round-trips an export: isCovered 1 updates existing accounts and creates new ones with the initial password', async () => {
    const exported = await sheetOf(await t.get(`${USER}/export-user?account=alice`, bossA));
    const alice = exported[1];
    alice[ZH_HEADERS.indexOf('用户姓名')] = '爱丽丝二';
    alice[ZH_HEADERS.indexOf('性别')] = '男';
    const dave = ['dave', '', '大卫', '', '13900139000', '1988-01-02', '男', 'clerk', '研发部,总部', '', '', 'APP'];
    const before = await accountsOf(A);
    expectOk(await importFile(bossA, await workbookOf([exported[0], alice, dave]), '1'));
    expect(await accountsOf(A)).toEqual([...before, 'dave'].sort());
    const rows = await sheetOf(await t.get(`${USER}/export-user`, bossA));
    expect(rowOf(rows, 'alice')).toMatchObject({
      用户姓名: '爱丽丝二',
      性别: '男',
      所属角色: 'clerk',
      所属岗位: '开发',
      生日: '1990-05-06',
    });
    expect(rowOf(rows, 'dave')).toMatchObject({
      用户姓名: '大卫',
      所属部门: '研发部,总部',
      用户平台: 'APP',
      生日: '1988-01-02',
    });
    const daveRow = await t.services.db
      .selectFrom('blade_user')
      .selectAll()
      .where('account', '=', 'dave')
      .executeTakeFirstOrThrow();
    expect(daveRow).toMatchObject({
      tenant_id: A,
      role_id: clerkRoleA,
      dept_id: `${deptChildA},${deptRootA}`,
      user_type: 2,
    });
    expect((await t.login('dave', '123456', A)).statusCode).toBe(200);
    // the password of an updated account is untouched
    expect((await t.login('alice', 'pw', A)).statusCode).toBe(200);
  });

  it('with isCovered 0 refuses accounts that exist, and writes nothing', async () => {
    const file = await workbookOf([
      ZH_HEADERS,
      ['fresh1', '', 'Fresh', '', '', '', '', 'clerk', '研发部'],
      ['alice', '', 'A', '', '', '', '', 'clerk', '研发部'],
    ]);
    expectError(await importFile(bossA, file, '0'), 400, '第3行 登录账号: 当前账号已被使用!');
    expect(await accountsOf(A)).not.toContain('fresh1');
  });

  it('refuses the whole file for one bad row and names every bad row in the caller language', async () => {
    const file = await workbookOf([
      ZH_HEADERS,
      ['erin', '', 'Erin', '', '', '', '女', 'clerk', '研发部'],
      ['', '', 'NoAccount', '', '', '', '', 'clerk', '研发部'],
      ['frank', '', 'Frank', '', '', '', '', 'nosuch', '研发部'],
      ['gina', '', 'Gina', '', '', '', '外星', 'clerk', '研发部'],
      ['hank', '', 'Hank', '', '123', '', '', 'clerk', '研发部'],
    ]);
    expectError(
      await importFile(bossA, file, '1'),
      400,
      '第3行 登录账号: 请输入登录账号; 第4行: 所属角色不存在: nosuch; 第5行 性别: 性别不正确: 外星; 第6行 手机号码: 手机号码长度不为11位',
    );
    expectError(
      await importFile(bossA, file, '1', { 'accept-language': 'en' }),
      400,
      // A refused cell is named by its column's header as the sheet has it.
      'Row 3 登录账号: Please enter the account; Row 4: Roles not found: nosuch; Row 5 性别: Sex is not valid: 外星; Row 6 手机号码: The mobile number must have 11 digits',
    );
    expect(await accountsOf(A)).not.toContain('erin');
  });

  it('reads English headers and ignores columns it does not know', async () => {
    const file = await workbookOf([
      ['Account', 'Real name', 'Roles', 'Departments', 'Whatever'],
      ['ivy', 'Ivy', 'clerk', '研发部', 'x'],
    ]);
    expectOk(await importFile(bossA, file, '0'));
    expect(await accountsOf(A)).toContain('ivy');
  });

  it('refuses what is not an xlsx workbook, and too large or too long files', async () => {
    expectError(
      await importFile(bossA, Buffer.from('account,realName\nx,y\n'), '0'),
      400,
      '文件不是有效的Excel文件(.xlsx)',
    );
    expectError(
      await importFile(bossA, Buffer.from('not a workbook'), '0', { 'accept-language': 'en' }),
      400,
      'The file is not a valid Excel workbook (.xlsx)',
    );
    const real = await workbookOf([ZH_HEADERS, ['x1', '', 'X', '', '', '', '', 'clerk', '研发部']]);
    expectError(
      await importFile(bossA, real.subarray(0, real.length - 100), '0'),
      400,
      '文件不是有效的Excel文件(.xlsx)',
    );
    expectError(
      await importFile(bossA, Buffer.alloc(10 * 1024 * 1024 + 1, 0x50), '0'),
      400,
      '导入文件大小不能超过10MB',
    );
    expectError(await t.post(`${USER}/import-user`, bossA, {}), 400, '请选择要导入的Excel文件');
    expectError(
      await importFile(
        bossA,
        await workbookOf([
          ['foo', 'bar'],
          ['1', '2'],
        ]),
        '0',
      ),
      400,
      '未找到可导入的列,请使用导入模板',
    );
    expectError(await importFile(bossA, await workbookOf([ZH_HEADERS]), '0'), 400, '导入文件中没有数据');
    const long = await workbookOf([
      ZH_HEADERS,
      ...Array.from({ length: 10_001 }, (_, i) => [`bulk${i}`, '', 'B', '', '', '', '', 'clerk', '研发部']),
    ]);
    expectError(await importFile(bossA, long, '0'), 400, '一次最多导入10000行数据');
    expectError(await importFile(bossA, real, '2' as '0'), 400);
    expect(await accountsOf(A)).not.toContain('x1');
  });

  it('holds the tenant account quota', async () => {
    const live = (await accountsOf(A)).length;
    await t.services.db
      .updateTable('blade_tenant')
      .set({ account_number: live + 1 })
      .where('tenant_id', '=', A)
      .execute();
    const file = await workbookOf([
      ZH_HEADERS,
      ['q1', '', 'Q1', '', '', '', '', 'clerk', '研发部'],
      ['q2', '', 'Q2', '', '', '', '', 'clerk', '研发部'],
    ]);
    expectError(await importFile(bossA, file, '0'), 400, '第3行: 当前租户已到最大账号额度!');
    expect(await accountsOf(A)).not.toContain('q1');
    await t.services.db.updateTable('blade_tenant').set({ account_number: -1 }).where('tenant_id', '=', A).execute();
  });

  it('imports into the caller tenant only, whatever the sheet says', async () => {
    const aliceA = await t.services.db
      .selectFrom('blade_user')
      .selectAll()
      .where('tenant_id', '=', A)
      .where('account', '=', 'alice')
      .executeTakeFirstOrThrow();
    // tenant A's role name is unknown in tenant B
    const foreign = await workbookOf([
      [...ZH_HEADERS, '租户编号'],
      ['alice', '', 'Hijack', '', '', '', '', 'clerk', '研发部', '', '', '', A],
    ]);
    expectError(await importFile(bossB, foreign, '1'), 400, '第2行: 所属角色不存在: clerk');
    const own = await workbookOf([
      [...ZH_HEADERS, '租户编号'],
      ['alice', '', 'Alice B', '', '', '', '', 'admin', 'B总部', '', '', '', A],
    ]);
    expectOk(await importFile(bossB, own, '1'));
    const rows = await t.services.db
      .selectFrom('blade_user')
      .select(['tenant_id', 'real_name'])
      .where('account', '=', 'alice')
      .where('is_deleted', '=', 0)
      .orderBy('tenant_id')
      .execute();
    expect(rows).toEqual([
      { tenant_id: A, real_name: aliceA.real_name },
      { tenant_id: B, real_name: 'Alice B' },
    ]);
  });

  it('needs the import code', async () => {
    await createUser(t, { tenantId: A, account: 'clerk1', password: 'pw', roleId: clerkRoleA });
    const clerk = await t.tokenOf('clerk1', 'pw', A);
    expectError(await importFile(clerk, await workbookOf([ZH_HEADERS]), '0'), 403);
    expectError(await t.get(`${USER}/export-template`, clerk), 403);
  });
});
