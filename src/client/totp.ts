import { ApiFailure, getData, http, postData } from './http.ts';
import { session, type UserInfo } from './session.ts';
import { TOKEN_URL } from '../shared/contract/api/auth.ts';
import * as urls from '../shared/contract/api/totp.ts';
import type { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '../shared/contract/api/totp.schemas.ts';

export type { TotpEnrolment, TotpStatus };

/** A password grant that wants the second factor: the code of an enrolled account, or enrolment first. */
export interface SecondFactor {
  kind: 'verify' | 'enrol';
  mfaToken: string;
}

/** The second factor a failed login asks for (`mfa_required` / `mfa_enrol_required`), if that is why it failed. */
export function secondFactorOf(error: unknown): SecondFactor | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const body = error.response?.data as { error?: unknown; mfa_token?: unknown } | undefined;
  if (typeof body?.mfa_token !== 'string') return undefined;
  if (body.error === 'mfa_required') return { kind: 'verify', mfaToken: body.mfa_token };
  if (body.error === 'mfa_enrol_required') return { kind: 'enrol', mfaToken: body.mfa_token };
  return undefined;
}

/**
 * Finishes the sign-in with a code (or a recovery code). An enrolment at sign-in answers its recovery codes beside
 * the token: then the session starts only with `signIn`, once the user has seen them (a signed-in session leaves the
 * login page at once).
 */
export async function finishLogin(
  factor: SecondFactor,
  otp: string,
): Promise<{ recoveryCodes: string[]; signIn: () => void } | undefined> {
  const response = await http.post<UserInfo & { recovery_codes?: string[] }>(
    TOKEN_URL,
    new URLSearchParams({ grant_type: 'mfa_otp', mfa_token: factor.mfaToken, otp: otp.trim(), scope: 'all' }),
    { noToken: true },
  );
  const { recovery_codes: recoveryCodes, ...info } = response.data;
  const signIn = () => session.signedIn(info);
  if (recoveryCodes?.length) return { recoveryCodes, signIn };
  signIn();
  return undefined;
}

export const fetchTotpStatus = () => getData<TotpStatus>(urls.TOTP_STATUS_URL);
export const startTotpEnrol = () => postData<TotpEnrolment>(urls.TOTP_ENROL_URL);
export const startTicketEnrol = (factor: SecondFactor) =>
  postData<TotpEnrolment>(urls.TOTP_TICKET_ENROL_URL, { mfa_token: factor.mfaToken });
export const confirmTotp = async (code: string) =>
  (await postData<TotpRecoveryCodes>(urls.TOTP_CONFIRM_URL, { code: code.trim() })).recoveryCodes;
export const disableTotp = (proof: { code?: string; password?: string }) =>
  postData<null>(urls.TOTP_DISABLE_URL, proof);
