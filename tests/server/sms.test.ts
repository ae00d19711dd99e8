import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';
import { fakeAliyun, fakeTencent, type FakeSms } from '../support/sms-fakes.ts';

const SMS = '/api/blade-resource/sms';
const END = `${SMS}/endpoint`;
const ALI_ID = 'LTAI-test-id';
const ALI_SECRET = "ali-secret-!*()'~ 测试";
const TC_ID = 'AKID-test-id';
const TC_SECRET = 'tencent-secret-key';

let t: TestApp;
let admin: string;
let aliyun: FakeSms;
let tencent: FakeSms;
let other: { token: string };

beforeAll(async () => {
  aliyun = await fakeAliyun({ [ALI_ID]: ALI_SECRET });
  tencent = await fakeTencent({ [TC_ID]: TC_SECRET });
  t = await startApp({ TENON_SMS_ALIYUN_URL: aliyun.url, TENON_SMS_TENCENT_URL: tencent.url });
  admin = await t.tokenOf();
  other = await createTenantAdmin(t, '200001', ['sms', 'sms_add', 'sms_edit', 'sms_delete', 'sms_enable'], 'smsboss');
});
afterAll(async () => {
  await t?.stop();
  await aliyun?.close();
  await tencent?.close();
});

const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
const config = async (token: string, body: Record<string, unknown>) =>
  expectOk(
    await t.post(`${SMS}/submit`, token, {
      category: 5,
      smsCode: `c${Date.now()}${Math.floor(Math.random() * 1000)}`,
      templateId: 'SMS_1',
      signName: '天工',
      ...body,
    }),
  ) as { id: string; smsCode: string };
const usualRows = async (logId: string, tenantId = '000000') => {
  await t.services.audit.flush();
  return t.services.db
    .selectFrom('blade_log_usual')
    .select(['log_data', 'tenant_id', 'create_by'])
    .where('log_id', '=', logId)
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
};
const sendValidate = (phone: string, token = admin) => t.post(`${END}/send-validate?phone=${phone}`, token);

describe('sms configs', () => {
  it('adds, reads, edits and removes a config; the secret key is sealed and never sent back', async () => {
    const saved = await config(admin, { category: 3, accessKey: ALI_ID, secretKey: 'S3cret-key', smsCode: 'ali-a' });
    expect(saved).toMatchObject({ category: 3, categoryName: 'ali', smsCode: 'ali-a', status: 1 });
    expect(saved).not.toHaveProperty('secretKey');
    const stored = await t.services.db
      .selectFrom('blade_sms')
      .select('secret_key')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_key).toMatch(/^v1:/);
    expect(stored.secret_key).not.toContain('S3cret');
    const page = expectOk(await t.get(`${SMS}/list?smsCode=ali-`, admin));
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([saved.id]);
    expect(JSON.stringify(page)).not.toContain('S3cret');
    expect(JSON.stringify(expectOk(await t.get(`${SMS}/detail?id=${saved.id}`, admin)))).not.toContain('S3cret');
    // a blank secret keeps the stored one
    expectOk(await t.post(`${SMS}/update`, admin, { id: saved.id, secretKey: '', remark: 'r' }));
    const kept = await t.services.db
      .selectFrom('blade_sms')
      .select('secret_key')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(kept.secret_key).toBe(stored.secret_key);
    expectError(await t.post(`${SMS}/submit`, admin, { category: 5, smsCode: 'ali-a' }), 400, '当前资源编号已存在!');
    expectError(await t.post(`${SMS}/submit`, admin, { category: 9, smsCode: 'x9' }), 400);
    expectOk(await t.post(`${SMS}/remove?ids=${saved.id}`, admin));
    expect(expectOk(await t.get(`${SMS}/detail?id=${saved.id}`, admin))).toBeNull();
  });

  it('enables exactly one config per tenant', async () => {
    const a = await config(admin, {});
    const b = await config(admin, {});
    expectOk(await t.post(`${SMS}/enable?id=${a.id}`, admin));
    expectOk(await t.post(`${SMS}/enable?id=${b.id}`, admin));
    const rows = await t.services.db
      .selectFrom('blade_sms')
      .select(['id', 'status'])
      .where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0)
      .where('status', '=', 2)
      .execute();
    expect(rows.map((r) => String(r.id))).toEqual([b.id]);
    expect(expectOk(await t.get(`${SMS}/detail?id=${a.id}`, admin)).status).toBe(1);
    // status is the enable route's: a body cannot set it
    expectOk(await t.post(`${SMS}/update`, admin, { id: a.id, status: 2 }));
    expect(expectOk(await t.get(`${SMS}/detail?id=${a.id}`, admin)).status).toBe(1);
    expectError(await t.post(`${SMS}/enable?id=123`, admin), 400, '短信配置不存在');
    expectError(await t.post(`${SMS}/enable`, admin), 400);
  });

  it("keeps tenants apart: another tenant neither sees nor enables the platform's configs", async () => {
    const mine = await config(admin, { smsCode: 'platform-only' });
    const theirs = await config(other.token, { smsCode: 'platform-only' });
    expect(theirs.id).not.toBe(mine.id);
    const page = expectOk(await t.get(`${SMS}/list?size=100`, other.token));
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([theirs.id]);
    expect(expectOk(await t.get(`${SMS}/detail?id=${mine.id}`, other.token))).toBeNull();
    expectError(await t.post(`${SMS}/enable?id=${mine.id}`, other.token), 400, '短信配置不存在');
    expectOk(await t.post(`${SMS}/enable?id=${theirs.id}`, other.token));
    // enabling in one tenant leaves the other's enabled row alone
    expectOk(await t.post(`${SMS}/enable?id=${mine.id}`, admin));
    expect(expectOk(await t.get(`${SMS}/detail?id=${theirs.id}`, other.token)).status).toBe(2);
    // send-message finds only the caller's own configs by code
    const own = await config(admin, { smsCode: 'p-own' });
    expectError(
      await t.post(`${END}/send-message`, other.token, form({ code: own.smsCode, phones: '13800000001' }), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      400,
      `短信配置不存在: ${own.smsCode}`,
    );
  });

  it('refuses callers without the rights', async () => {
    const roleId = await createRole(t, '000000', 'nosms', ['desk']);
    await createUser(t, { tenantId: '000000', account: 'nosms', password: 'pw', roleId });
    const token = await t.tokenOf('nosms', 'pw');
    expectError(await t.get(`${SMS}/list`, token), 403);
    expectError(await t.post(`${SMS}/submit`, token, { category: 5, smsCode: 'nope' }), 403);
    const a = await config(admin, {});
    expectError(await t.post(`${SMS}/enable?id=${a.id}`, token), 403);
    expectError(await t.post(`${END}/send-message?code=${a.smsCode}&phones=13800000001`, token), 403);
    expectError(await t.post(`${END}/send-validate?phone=13800000001`), 401);
    expectError(await t.post(`${END}/validate-message?id=1&phone=13800000001&value=123456`), 401);
  });
});

describe('send-message', () => {
  it('logs the message in the usual log with the log-only sender', async () => {
    const c = await config(admin, { smsCode: 'log-a', templateId: 'TPL_LOG' });
    const res = await t.post(
      `${END}/send-message`,
      admin,
      form({ code: c.smsCode, phones: '13800000001,13800000002', params: '{"name":"张三","amount":12}' }),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '发送成功' });
    const rows = await usualRows('sms-send');
    const data = JSON.parse(rows.at(-1)!.log_data);
    expect(data).toEqual({
      sms: 'log-a',
      template: 'TPL_LOG',
      phones: ['13800000001', '13800000002'],
      params: { name: '张三', amount: '12' },
    });
    expect(rows.at(-1)!.create_by).toBe('admin');
  });

  it('signs an Aliyun request the fake accepts, and fails on a wrong secret', async () => {
    const good = await config(admin, { category: 3, accessKey: ALI_ID, secretKey: ALI_SECRET, templateId: 'SMS_9' });
    const res = await t.post(
      `${END}/send-message?code=${good.smsCode}&phones=13800000003&params=${encodeURIComponent('{"code":"1234"}')}`,
      admin,
    );
    expect(res.json()).toMatchObject({ code: 200, msg: '发送成功' });
    expect(aliyun.accepted.at(-1)).toEqual({
      phones: ['13800000003'],
      params: { code: '1234' },
      sign: '天工',
      template: 'SMS_9',
    });
    const bad = await config(admin, { category: 3, accessKey: ALI_ID, secretKey: 'wrong' });
    const refused = aliyun.refused.length;
    expectError(await t.post(`${END}/send-message?code=${bad.smsCode}&phones=13800000003`, admin), 400, '发送失败');
    expect(aliyun.refused.slice(refused)).toEqual(['SignatureDoesNotMatch']);
    expect((await usualRows('sms-failed')).at(-1)!.log_data).toContain('SignatureDoesNotMatch');
  });

  it('signs a Tencent Cloud request the fake accepts, and fails on a wrong secret', async () => {
    const good = await config(admin, {
      category: 4,
      accessKey: TC_ID,
      secretKey: TC_SECRET,
      appId: '1400006666',
      templateId: '449739',
    });
    const res = await t.post(
      `${END}/send-message?code=${good.smsCode}&phones=13800000004,13800000005&params=${encodeURIComponent('{"a":"1","b":"2"}')}`,
      admin,
    );
    expect(res.json()).toMatchObject({ code: 200, msg: '发送成功' });
    expect(tencent.accepted.at(-1)).toEqual({
      phones: ['+8613800000004', '+8613800000005'],
      params: ['1', '2'],
      sign: '天工',
      template: '449739',
    });
    const bad = await config(admin, { category: 4, accessKey: TC_ID, secretKey: 'wrong', appId: '1400006666' });
    const refused = tencent.refused.length;
    expectError(
      await t.post(`${END}/send-message?code=${bad.smsCode}&phones=13800000004`, admin, undefined, {
        'accept-language': 'en',
      }),
      400,
      'Sending failed',
    );
    expect(tencent.refused.slice(refused)).toEqual(['AuthFailure.SignatureFailure']);
  });

  it('refuses bad input with clear 400s and sends nothing', async () => {
    const c = await config(admin, {});
    const before = (await usualRows('sms-send')).length;
    const thousand = Array.from({ length: 1000 }, (_, i) => `138${String(i).padStart(8, '0')}`).join(',');
    expectError(
      await t.post(`${END}/send-message`, admin, form({ code: c.smsCode, phones: thousand }), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      400,
      '一次最多发送给100个手机号码',
    );
    expectError(
      await t.post(`${END}/send-message`, admin, form({ code: c.smsCode, phones: thousand }), {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en',
      }),
      400,
      'One message reaches at most 100 mobile numbers',
    );
    expectError(await t.post(`${END}/send-message?phones=13800000001`, admin), 400, '请输入短信配置编号');
    expectError(await t.post(`${END}/send-message?code=${c.smsCode}`, admin), 400, '请输入手机号码');
    expectError(
      await t.post(`${END}/send-message?code=nosuch&phones=13800000001`, admin),
      400,
      '短信配置不存在: nosuch',
    );
    expectError(
      await t.post(`${END}/send-message?code=${c.smsCode}&phones=13800000001,12345`, admin),
      400,
      '手机号码格式不正确: 12345',
    );
    for (const params of ['{bad', '[1]', '{"a":{"b":1}}'])
      expectError(
        await t.post(
          `${END}/send-message?code=${c.smsCode}&phones=13800000001&params=${encodeURIComponent(params)}`,
          admin,
        ),
        400,
        /^短信参数须为JSON对象/,
      );
    expect((await usualRows('sms-send')).length).toBe(before);
  });
});

describe('validation codes', () => {
  it('sends a 6-digit code through the enabled config and validates it once', async () => {
    const sent = expectOk(await sendValidate('13900000001'));
    expect(sent).toMatchObject({ phone: '13900000001', value: expect.stringMatching(/^\d{6}$/) });
    expect((await sendValidate('13900000001')).json()).toMatchObject({ code: 400 });
    const check = (value: string, phone = '13900000001', token = admin) =>
      t.post(`${END}/validate-message?${form({ id: sent.id, phone, value })}`, token);
    expectError(await check(sent.value, '13900000002'), 400, '校验失败');
    expectError(await check(sent.value, '13900000001', other.token), 400, '校验失败');
    expect((await check(sent.value)).json()).toMatchObject({ code: 200, success: true, msg: '校验成功' });
    expectError(await check(sent.value), 400, '校验失败');
  });

  it('says the code went through the enabled Aliyun config', async () => {
    const c = await config(admin, { category: 3, accessKey: ALI_ID, secretKey: ALI_SECRET, templateId: 'SMS_CODE' });
    expectOk(await t.post(`${SMS}/enable?id=${c.id}`, admin));
    const sent = expectOk(await sendValidate('13900000009'));
    expect(aliyun.accepted.at(-1)).toMatchObject({ phones: ['13900000009'], params: { code: sent.value } });
    const log = await config(admin, {});
    expectOk(await t.post(`${SMS}/enable?id=${log.id}`, admin));
  });

  it('one code per phone per 60 s', async () => {
    expectOk(await sendValidate('13900000003'));
    expectError(await sendValidate('13900000003'), 400, '验证码发送过于频繁，请60秒后再试');
    expectError(
      await t.post(`${END}/send-validate?phone=13900000003`, admin, undefined, { 'accept-language': 'en' }),
      400,
      'A code was just sent: try again in 60 seconds',
    );
    expectOk(await sendValidate('13900000004'));
    expectError(await sendValidate('12345'), 400, '手机号码长度不为11位');
    expectError(await t.post(`${END}/send-validate`, admin), 400, '手机号码不能为空');
  });

  it('ten codes a day per phone', async () => {
    const phone = '13900000005';
    for (let i = 0; i < 10; i++) {
      expectOk(await sendValidate(phone));
      await t.services.kv.del(`sms:gap:000000:${phone}`); // the 60 s gap is its own test
    }
    expectError(await sendValidate(phone), 400, '该手机号今日验证码已达上限（10条），请明天再试');
  });

  it('a code is dead after five tries, the right value included', async () => {
    const sent = expectOk(await sendValidate('13900000006'));
    const wrong = sent.value === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expectError(
        await t.post(`${END}/validate-message?${form({ id: sent.id, phone: '13900000006', value: wrong })}`, admin),
        400,
        '校验失败',
      );
    expectError(
      await t.post(`${END}/validate-message?${form({ id: sent.id, phone: '13900000006', value: sent.value })}`, admin),
      400,
      '校验失败',
    );
    expectError(await t.post(`${END}/validate-message?id=abc&phone=1&value=1`, admin), 400, '校验失败');
  });

  it('a development server hands the code back; a production one never does', async () => {
    const production = await startApp({ NODE_ENV: 'production' });
    try {
      const token = await production.tokenOf();
      const sent = expectOk(await production.post(`${END}/send-validate?phone=13900000007`, token));
      expect(sent).toEqual({ id: expect.stringMatching(/^\d+$/), phone: '13900000007' });
      await production.services.audit.flush();
      const row = await production.services.db
        .selectFrom('blade_log_usual')
        .select('log_data')
        .where('log_id', '=', 'sms-send')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.log_data).params.code).toMatch(/^\d{6}$/);
    } finally {
      await production.stop();
    }
    // An upper bound, not a wait: a second app on a fresh database starts in this test (hooks get 120 s for that).
  }, 120_000);
});
