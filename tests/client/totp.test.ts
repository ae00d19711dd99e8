// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { login } from '../../src/client/auth.ts';
import { http } from '../../src/client/http.ts';
import { initI18n } from '../../src/client/i18n.ts';
import { setNavigator } from '../../src/client/navigation.ts';
import { setNotifier } from '../../src/client/notify.ts';
import { session } from '../../src/client/session.ts';
import { finishLogin, secondFactorOf } from '../../src/client/totp.ts';

initI18n();
const errors: string[] = [];
setNotifier({ error: (text) => errors.push(text), success: () => undefined });
setNavigator(() => undefined);

const sent: InternalAxiosRequestConfig[] = [];
function respond(status: number, data: unknown) {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    sent.push(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (!config.validateStatus || config.validateStatus(status)) return response;
    throw Object.assign(new Error(`status ${status}`), { response });
  }) as AxiosAdapter;
}
const refusal = (error: string, extra: Record<string, string> = {}) => ({
  error_code: 400,
  error,
  error_description: '请输入两步验证码',
  code: 400,
  success: false,
  msg: '请输入两步验证码',
  data: null,
  ...extra,
});
const TICKET = 'a'.repeat(32);

beforeEach(() => {
  errors.length = 0;
  sent.length = 0;
});
afterEach(() => session.localLogout());

async function failedLogin() {
  return login({ tenantId: '000000', username: 'u', password: 'p' }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('the second factor of a login', () => {
  it('is read from mfa_required (a code) and mfa_enrol_required (enrolment first)', async () => {
    respond(400, refusal('mfa_required', { mfa_token: TICKET }));
    expect(secondFactorOf(await failedLogin())).toEqual({ kind: 'verify', mfaToken: TICKET });
    respond(400, refusal('mfa_enrol_required', { mfa_token: TICKET }));
    expect(secondFactorOf(await failedLogin())).toEqual({ kind: 'enrol', mfaToken: TICKET });
    // The next step of the sign-in, not a failure: the code form shows, no error toast above it.
    expect(errors).toEqual([]);
  });

  it('is none for other refusals, or without a ticket', async () => {
    respond(400, refusal('invalid_grant'));
    expect(secondFactorOf(await failedLogin())).toBeUndefined();
    expect(errors).toEqual(['请输入两步验证码']);
    respond(400, refusal('mfa_required'));
    expect(secondFactorOf(await failedLogin())).toBeUndefined();
    expect(secondFactorOf(new Error('network'))).toBeUndefined();
  });

  it('finishes with grant mfa_otp and signs in at once without an enrolment', async () => {
    respond(200, { access_token: 'tok-2', refresh_token: 'ref', tenant_id: '000000' });
    expect(await finishLogin({ kind: 'verify', mfaToken: TICKET }, '123456')).toBeUndefined();
    expect(session.get().token).toBe('tok-2');
  });

  it('hands over the recovery codes of an enrolment before it signs in', async () => {
    respond(200, { access_token: 'tok', refresh_token: 'ref', tenant_id: '000000', recovery_codes: ['x'] });
    const enrolled = await finishLogin({ kind: 'enrol', mfaToken: TICKET }, ' 123456 ');
    expect(enrolled?.recoveryCodes).toEqual(['x']);
    const body = new URLSearchParams(String(sent[0].data));
    expect(Object.fromEntries(body)).toMatchObject({ grant_type: 'mfa_otp', mfa_token: TICKET, otp: '123456' });
    // Signed in once the codes were seen: a session leaves the login page at once.
    expect(session.get().token).toBeFalsy();
    enrolled!.signIn();
    expect(session.get().token).toBe('tok');
    expect(session.get().userInfo).not.toHaveProperty('recovery_codes');
  });
});
