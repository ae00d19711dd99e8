import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { expectToken, passwordParams, requestToken } from './auth.support.ts';

/** Two-factor sign-in (issue 37, part 3) over HTTP. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());
afterEach(() => {
  vi.useRealTimers();
});

const AUTH = '/api/blade-auth';
const SYS = '/api/blade-system';
const LOCKED = '用户登录失败次数过多,请30分钟后再试';
const PERIOD_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * PERIOD_MS,
  });

/** The clock moves on (Date only): the codes of the next steps are new ones. */
function laterBy(steps: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + steps * PERIOD_MS });
}

let serial = 0;
async function newUser(tenantId = '000000', roleId: string = SEED.roleUser) {
  const account = `totp${++serial}`;
  const id = await createUser(t, { tenantId, account, password: 'pw-123456', roleId });
  return { id, account, tenantId };
}
type User = Awaited<ReturnType<typeof newUser>>;

const passwordLogin = (user: User, password = 'pw-123456') =>
  requestToken(t, passwordParams(user.account, password, user.tenantId), { 'Tenant-Id': user.tenantId });
const secondFactor = (mfaToken: string, otp: string) =>
  requestToken(t, { grant_type: 'mfa_otp', mfa_token: mfaToken, otp });

/** The password grant of an account under a second factor: no token, the error and a ticket. */
async function ticketOf(user: User, error = 'mfa_required'): Promise<string> {
  const res = await passwordLogin(user);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ error, code: 400, success: false, mfa_token: expect.stringMatching(/^[\w-]{32}$/) });
  expect(body).not.toHaveProperty('access_token');
  return body.mfa_token;
}

/** Enrols `user` from his profile: the secret and the ten recovery codes. */
async function enrolled(user: User) {
  const token = expectToken(await passwordLogin(user)).access_token;
  const { secret } = expectOk(await t.post(`${AUTH}/totp/enrol`, token));
  const { recoveryCodes } = expectOk(await t.post(`${AUTH}/totp/confirm`, token, { code: codeOf(secret) }));
  laterBy(2);
  return { secret, recoveryCodes: recoveryCodes as string[], token };
}

describe('accounts without TOTP', () => {
  it('sign in with the password alone, answered as before (no ticket, no recovery codes)', async () => {
    const user = await newUser();
    const body = expectToken(await passwordLogin(user));
    expect(body.account).toBe(user.account);
    expect(body).not.toHaveProperty('recovery_codes');
    expect(body).not.toHaveProperty('mfa_token');
    expect(expectOk(await t.get(`${AUTH}/totp/status`, body.access_token))).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe('enrolment in the profile', () => {
  it('gives a secret with its QR code, turns on with the first code and shows ten recovery codes once', async () => {
    const user = await newUser();
    const token = expectToken(await passwordLogin(user)).access_token;
    const enrolment = expectOk(await t.post(`${AUTH}/totp/enrol`, token));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Tenon:/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUrl).toMatch(/algorithm=SHA1&digits=6&period=30/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    // Sealed at rest: the database row does not hold the secret.
    const row = await t.services.db
      .selectFrom('blade_user_totp')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret.startsWith('v1:') && !row.secret.includes(enrolment.secret)).toBe(true);
    expect(row.enabled).toBe(0);

    expectError(await t.post(`${AUTH}/totp/confirm`, token, { code: '' }), 400, '请输入验证码');
    expectError(
      await t.post(`${AUTH}/totp/confirm`, token, {
        code: '000000' === codeOf(enrolment.secret) ? '111111' : '000000',
      }),
      400,
      '验证码错误',
    );
    expect(expectToken(await passwordLogin(user)).account).toBe(user.account); // not on until confirmed

    const { recoveryCodes } = expectOk(await t.post(`${AUTH}/totp/confirm`, token, { code: codeOf(enrolment.secret) }));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.services.db
      .selectFrom('blade_user_totp')
      .select('recovery_codes')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (const code of recoveryCodes) expect(stored.recovery_codes).not.toContain(code.replace('-', ''));
    expect(expectOk(await t.get(`${AUTH}/totp/status`, token))).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expectError(await t.post(`${AUTH}/totp/enrol`, token), 400, '两步验证已启用');
  });
});

describe('sign-in with TOTP on', () => {
  it('asks for the code after the password, and signs in with it', async () => {
    const user = await newUser();
    const { secret } = await enrolled(user);
    const res = await passwordLogin(user);
    expect(res.json()).toMatchObject({
      error_code: 400,
      error: 'mfa_required',
      error_description: '请输入两步验证码',
      msg: '请输入两步验证码',
    });
    const ticket = res.json().mfa_token;
    expectError(await secondFactor(ticket, ''), 400, '请输入验证码');
    const body = expectToken(await secondFactor(ticket, codeOf(secret)));
    expect(body).toMatchObject({ account: user.account, user_id: user.id, tenant_id: '000000' });
    expectOk(await t.get(`${SYS}/user/info`, body.access_token));
    // The ticket is spent with its success.
    expectError(await secondFactor(ticket, codeOf(secret, 1)), 400, '两步验证已超时,请重新登录');
  });

  it('refuses a code replayed in its window, a wrong password first, and a forged ticket', async () => {
    const user = await newUser();
    const { secret } = await enrolled(user);
    const code = codeOf(secret);
    expectToken(await secondFactor(await ticketOf(user), code));
    const replay = await secondFactor(await ticketOf(user), code);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant', msg: '该验证码已使用,请等待下一个验证码' });
    expect(replay.json()).not.toHaveProperty('access_token');
    // A wrong password never reaches the second factor.
    expectError(await passwordLogin(user, 'wrong'), 400, '用户名或密码错误');
    expectError(await secondFactor('x'.repeat(32), codeOf(secret, 1)), 400, '两步验证已超时,请重新登录');
    expectError(await secondFactor('', codeOf(secret, 1)), 400, '两步验证已超时,请重新登录');
  });

  it('accepts each recovery code once', async () => {
    const user = await newUser();
    const { recoveryCodes } = await enrolled(user);
    const body = expectToken(await secondFactor(await ticketOf(user), recoveryCodes[3]));
    expectError(await secondFactor(await ticketOf(user), recoveryCodes[3]), 400, '验证码错误');
    expect(expectOk(await t.get(`${AUTH}/totp/status`, body.access_token)).recoveryCodesLeft).toBe(9);
    // Typed without the dash or in capitals, it is the same code.
    expectToken(await secondFactor(await ticketOf(user), recoveryCodes[4].replace('-', '').toUpperCase()));
  });

  it('locks the account after 10 wrong codes, like password failures, until an administrator unlocks it', async () => {
    const user = await newUser();
    const { secret, token } = await enrolled(user);
    const ticket = await ticketOf(user);
    const wrong = (steps: number) => (codeOf(secret, steps) === '123456' ? '654321' : '123456');
    for (let i = 0; i < 10; i++) expectError(await secondFactor(ticket, wrong(0)), 400, '验证码错误');
    // Locked: the right code, the password and the live session are all refused.
    expectError(await secondFactor(ticket, codeOf(secret)), 400, LOCKED);
    expectError(await passwordLogin(user), 400, LOCKED);
    expectError(await t.get(`${SYS}/user/info`, token), 401, LOCKED);
    expectOk(await t.post(`${SYS}/user/unlock`, admin, { userIds: user.id }));
    expectToken(await secondFactor(await ticketOf(user), codeOf(secret)));
  });

  it('a success clears the count of wrong codes', async () => {
    const user = await newUser();
    const { secret } = await enrolled(user);
    for (let i = 0; i < 9; i++) expectError(await secondFactor(await ticketOf(user), 'abc'), 400, '验证码错误');
    expectToken(await secondFactor(await ticketOf(user), codeOf(secret)));
    for (let i = 0; i < 9; i++) expectError(await secondFactor(await ticketOf(user), 'abc'), 400, '验证码错误');
    expectToken(await secondFactor(await ticketOf(user), codeOf(secret, 1)));
  });
});

describe('turning it off', () => {
  it('needs a current code or the password', async () => {
    const user = await newUser();
    const { secret, token } = await enrolled(user);
    expectError(await t.post(`${AUTH}/totp/disable`, token, {}), 400, '请输入验证码或登录密码');
    expectError(await t.post(`${AUTH}/totp/disable`, token, { password: 'nope' }), 400, '密码不正确');
    expectError(await t.post(`${AUTH}/totp/disable`, token, { code: 'abcdef' }), 400, '验证码错误');
    expectOk(await t.post(`${AUTH}/totp/disable`, token, { code: codeOf(secret) }));
    expectToken(await passwordLogin(user));
    expectError(await t.post(`${AUTH}/totp/disable`, token, { password: 'pw-123456' }), 400, '两步验证未启用');
  });

  it('by password', async () => {
    const user = await newUser();
    const { token } = await enrolled(user);
    expectOk(await t.post(`${AUTH}/totp/disable`, token, { password: 'pw-123456' }));
    expect(expectOk(await t.get(`${AUTH}/totp/status`, token)).enabled).toBe(false);
  });
});

describe('required by the administrator', () => {
  /** Signs in through the enrolment a requirement asks for: the token answer carries the recovery codes. */
  async function enrolAtSignIn(user: User) {
    const ticket = await ticketOf(user, 'mfa_enrol_required');
    expectError(await secondFactor(ticket, '123456'), 400, '请先获取二维码');
    const { secret, qrCode } = expectOk(await t.post(`${AUTH}/totp/ticket-enrol`, undefined, { mfa_token: ticket }));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const body = expectToken(await secondFactor(ticket, codeOf(secret)));
    expect((body as unknown as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
    laterBy(2);
    return { secret, token: body.access_token };
  }

  it('of a role: its holders enrol right after the password, and cannot turn it off', async () => {
    const roleId = await createRole(t, '000000', `totp-role-${++serial}`);
    const role = expectOk(await t.get(`${SYS}/role/detail?id=${roleId}`, admin));
    expectOk(await t.post(`${SYS}/role/submit`, admin, { ...role, totpRequired: 1 }));
    const user = await newUser('000000', roleId);
    const { secret, token } = await enrolAtSignIn(user);
    expect(expectOk(await t.get(`${AUTH}/totp/status`, token))).toMatchObject({ enabled: true, required: true });
    expectError(
      await t.post(`${AUTH}/totp/disable`, token, { password: 'pw-123456' }),
      400,
      '管理员要求启用两步验证,不能停用',
    );
    // From then on, the code at each sign-in.
    expectToken(await secondFactor(await ticketOf(user), codeOf(secret)));
    // Others are not concerned.
    expectToken(await passwordLogin(await newUser()));
  });

  it('of a tenant: every user of it', async () => {
    const tenantId = `T${String(++serial).padStart(5, '0')}`;
    await createTenant(t, tenantId, { totp_required: 1 });
    const roleId = await createRole(t, tenantId, 'clerk');
    const user = await newUser(tenantId, roleId);
    await enrolAtSignIn(user);
    expectError(
      await t.post(`${AUTH}/totp/ticket-enrol`, undefined, { mfa_token: 'nope' }),
      400,
      '两步验证已超时,请重新登录',
    );
  });

  it('an account awaiting approval (no role yet) hears so after its password, before any second factor', async () => {
    const tenantId = `T${String(++serial).padStart(5, '0')}`;
    await createTenant(t, tenantId, { totp_required: 1 });
    const user = await newUser(tenantId, '');
    const res = await passwordLogin(user);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error_description: '未获得用户的角色信息' });
    expect(res.json()).not.toHaveProperty('mfa_token');
  });
});
