import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';
import { fakeAliyun, type FakeSms } from '../support/sms-fakes.ts';
import { SMS_TEST_SEND_URL } from '../../src/shared/contract/api/resource.ts';

/**
 * 测试发送 on 短信配置: one message through the chosen config to the phone the admin typed, the provider's refusal
 * said back (its code and text, after what it means in the caller's language). Aliyun is the local fake; Tencent
 * Cloud points at a port nobody listens on.
 */
const SMS = '/api/blade-resource/sms';
const ALI_ID = 'LTAI-test-send';
const ALI_SECRET = 'ali-secret';

let t: TestApp;
let admin: string;
let aliyun: FakeSms;

/** A 127.0.0.1 port that was free a moment ago and is closed now. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  aliyun = await fakeAliyun({ [ALI_ID]: ALI_SECRET });
  t = await startApp({
    TENON_SMS_ALIYUN_URL: aliyun.url,
    TENON_SMS_TENCENT_URL: `http://127.0.0.1:${await closedPort()}`,
  });
  admin = await t.tokenOf();
});
afterAll(async () => {
  await t?.stop();
  await aliyun?.close();
});

const config = async (body: Record<string, unknown>, token = admin) =>
  expectOk(
    await t.post(`${SMS}/submit`, token, {
      category: 5,
      smsCode: `t${Date.now()}${Math.floor(Math.random() * 1000)}`,
      templateId: 'SMS_T',
      signName: '天工',
      ...body,
    }),
  ) as { id: string; smsCode: string; status: number };
const testSend = (body: Record<string, unknown>, token = admin, headers: Record<string, string> = {}) =>
  t.post(SMS_TEST_SEND_URL, token, body, headers);
const usualRows = async (logId: string) => {
  await t.services.audit.flush();
  return t.services.db
    .selectFrom('blade_log_usual')
    .select(['log_data', 'create_by'])
    .where('log_id', '=', logId)
    .orderBy('id')
    .execute();
};

describe('测试发送', () => {
  it('puts the log-only config’s test message in the usual log, enabled or not', async () => {
    const c = await config({ smsCode: 'log-test', templateId: 'TPL_T' });
    expect(c.status).toBe(1);
    const res = await testSend({ id: c.id, phone: '13900000001', params: '{"code":"123456"}' });
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '测试短信已发送至13900000001' });
    const sent = (await usualRows('sms-send')).at(-1)!;
    expect(JSON.parse(sent.log_data)).toEqual({
      sms: 'log-test',
      template: 'TPL_T',
      phones: ['13900000001'],
      params: { code: '123456' },
    });
    expect(sent.create_by).toBe('admin');
  });

  it('sends through the Aliyun config to the fake, which accepts it', async () => {
    const c = await config({ category: 3, accessKey: ALI_ID, secretKey: ALI_SECRET, templateId: 'SMS_77' });
    const res = await testSend({ id: c.id, phone: '13900000002' }, admin, { 'accept-language': 'en' });
    expect(res.json()).toMatchObject({ code: 200, msg: 'Test message sent to 13900000002' });
    expect(aliyun.accepted.at(-1)).toEqual({ phones: ['13900000002'], params: {}, sign: '天工', template: 'SMS_77' });
  });

  it("says the provider's refusal in the caller's language, with its code and text", async () => {
    const wrongSecret = await config({ category: 3, accessKey: ALI_ID, secretKey: 'wrong' });
    expectError(
      await testSend({ id: wrongSecret.id, phone: '13900000003' }),
      400,
      '短信服务商拒绝发送：密钥不正确（SignatureDoesNotMatch: Specified signature is not matched with our calculation.）',
    );
    const unknownKey = await config({ category: 3, accessKey: 'LTAI-nobody', secretKey: 'x' });
    expectError(
      await testSend({ id: unknownKey.id, phone: '13900000003' }, admin, { 'accept-language': 'en' }),
      400,
      'The SMS provider refused the message: the access key is unknown or disabled ' +
        '(InvalidAccessKeyId.NotFound: Specified access key is not found.)',
    );
    expect((await usualRows('sms-failed')).at(-1)!.log_data).toContain('InvalidAccessKeyId.NotFound');
  });

  it('says when the provider cannot be reached', async () => {
    const c = await config({ category: 4, accessKey: 'AKID', secretKey: 'k', appId: '1400000000' });
    expectError(await testSend({ id: c.id, phone: '13900000004' }), 400, '无法连接短信服务商：ECONNREFUSED');
  });

  it('refuses bad input, unknown and foreign configs and callers without the button', async () => {
    const c = await config({});
    expectError(await testSend({ id: c.id, phone: '' }), 400);
    expectError(await testSend({ id: c.id, phone: '1390000000x' }), 400);
    expectError(await testSend({ id: c.id, phone: '13900000005', params: '[1]' }), 400);
    expectError(await testSend({ id: 'abc', phone: '13900000005' }), 400);
    expectError(await testSend({ id: '123', phone: '13900000005' }), 400, '短信配置不存在');

    const other = await createTenantAdmin(t, '200002', ['sms', 'sms_test'], 'smstester');
    expectError(await testSend({ id: c.id, phone: '13900000005' }, other.token), 400, '短信配置不存在');

    const roleId = await createRole(t, '000000', 'smsview', ['sms']);
    await createUser(t, { tenantId: '000000', account: 'smsview', password: 'pw', roleId });
    expectError(await testSend({ id: c.id, phone: '13900000005' }, await t.tokenOf('smsview', 'pw')), 403);
  });
});
