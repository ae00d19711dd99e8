import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { sealText, unsealText } from '../../platform/sealed-text.ts';
import { ApiError } from '../../platform/errors.ts';
import { loginFailKey, loginFailLimit, type Accounts } from '../../platform/accounts.ts';
import { TOTP_MESSAGES } from '../../../shared/i18n/totp-messages.ts';

/** RFC 6238 as every authenticator app reads it: SHA1, 6 digits, 30 s; one step either side for clock drift. */
const PERIOD = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
const ISSUER = 'Tenon';
const PURPOSE = 'totp secret';
const RECOVERY_CODES = 10;
/** Wrong codes (and recovery codes) that lock the account, like the password failures do. */
export const TOTP_FAIL_LIMIT = 10;
/** As long as a lock by password failures. */
const LOCK_SECONDS = 30 * 60;
/** Long enough for every step a code is accepted in. */
const USED_TTL_SECONDS = PERIOD * (2 * DRIFT_STEPS + 2);

/** Wrong second-factor codes of an account since its last success. */
export const totpFailKey = (tenantId: string, account: string) => `totp-fail:${tenantId}:${account}`;
const usedStepKey = (userId: string, step: number) => `totp-used:${userId}:${step}`;

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: string;
}

export type CodeCheck = 'ok' | 'wrong' | 'replayed';

const fail = (key: keyof typeof TOTP_MESSAGES) => new ApiError(400, TOTP_MESSAGES[key]);
const hashCode = (code: string) => createHash('sha256').update(normaliseRecovery(code)).digest('hex');
const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isSixDigits = (code: string) => /^\d{6}$/.test(code);

/** A recovery code: ten base-32-like characters, shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Time-based one-time passwords of the users who enable them (issue 37, part 3): enrolment, the codes' check with
 * replay refusal, recovery codes, and whether an administrator requires the second factor of a user.
 */
export class TotpService {
  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
    private readonly sealKey: Uint8Array,
    private readonly accounts: Accounts,
  ) {}

  /**
   * Takes the attempt's place in the account's count of wrong codes first: concurrent guesses cannot pass the
   * limit.
   */
  attempt(tenantId: string, account: string): Promise<number> {
    return this.kv.increment(totpFailKey(tenantId, account), LOCK_SECONDS);
  }

  /**
   * After a wrong code: the TOTP_FAIL_LIMIT-th locks the account as password failures do (message, sessions,
   * unlock).
   */
  async failed(tenantId: string, account: string, attempts: number): Promise<void> {
    if (attempts < TOTP_FAIL_LIMIT) return;
    await this.kv.set(loginFailKey(tenantId, account), String(await loginFailLimit(this.db)), LOCK_SECONDS);
    await this.kv.del(totpFailKey(tenantId, account));
    await this.accounts.changed(tenantId);
  }

  succeeded(tenantId: string, account: string): Promise<void> {
    return this.kv.del(totpFailKey(tenantId, account));
  }

  private row(userId: string) {
    return this.db.selectFrom('blade_user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async enabled(userId: string): Promise<boolean> {
    return Number((await this.row(userId))?.enabled ?? 0) === 1;
  }

  /** The tenant requires the second factor of all its users, or one of the user's roles does. */
  async required(tenantId: string, roleIds: string[]): Promise<boolean> {
    const tenant = await this.db
      .selectFrom('blade_tenant')
      .select('totp_required')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(tenant?.totp_required ?? 0) === 1) return true;
    if (!roleIds.length) return false;
    const role = await this.db
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', roleIds)
      .where('totp_required', '=', 1)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Boolean(role);
  }

  async status(tenantId: string, userId: string, roleIds: string[]) {
    const row = await this.row(userId);
    const enabled = Number(row?.enabled ?? 0) === 1;
    return {
      enabled,
      required: await this.required(tenantId, roleIds),
      recoveryCodesLeft: enabled ? (JSON.parse(row!.recovery_codes) as string[]).length : 0,
    };
  }

  /** A new secret awaiting its first code (it replaces one that never got it); refused once TOTP is on. */
  async begin(tenantId: string, userId: string, account: string): Promise<TotpEnrolment> {
    if (await this.enabled(userId)) throw fail('alreadyEnabled');
    const secret = new Secret({ size: 20 });
    const sealed = sealText(secret.base32, this.sealKey, PURPOSE);
    const now = formatDateTime(new Date());
    await this.db
      .insertInto('blade_user_totp')
      .values({ user_id: userId, tenant_id: tenantId, secret: sealed, enabled: 0, create_time: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: sealed, create_time: now, recovery_codes: '[]' }))
      .execute();
    const otpauthUrl = totpOf(secret, `${account}@${tenantId}`).toString();
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret: secret.base32,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** The first code turns the pending secret on; answers the ten recovery codes, which are shown this once. */
  async confirm(userId: string, code: string): Promise<string[]> {
    const row = await this.row(userId);
    if (!row) throw fail('notStarted');
    if (Number(row.enabled) === 1) throw fail('alreadyEnabled');
    const check = await this.checkCode(userId, row.secret, code);
    if (check !== 'ok') throw fail(check === 'replayed' ? 'codeReplayed' : 'codeWrong');
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.db
      .updateTable('blade_user_totp')
      .set({ enabled: 1, enable_time: formatDateTime(new Date()), recovery_codes: JSON.stringify(codes.map(hashCode)) })
      .where('user_id', '=', userId)
      .where('enabled', '=', 0)
      .execute();
    return codes;
  }

  /**
   * A sign-in's second factor: a current code (each accepted once) or one of the recovery codes (each removed when
   * used). 'wrong' when TOTP is not on.
   */
  async verify(userId: string, code: string): Promise<CodeCheck> {
    const row = await this.row(userId);
    if (!row || Number(row.enabled) !== 1) return 'wrong';
    const given = code.trim();
    if (isSixDigits(given)) return this.checkCode(userId, row.secret, given);
    const hashes = JSON.parse(row.recovery_codes) as string[];
    const hashed = hashCode(given);
    if (!given || !hashes.some((h) => sameHex(h, hashed))) return 'wrong';
    // Removed under the value read: of two concurrent uses of one recovery code only one updates the row.
    const result = await this.db
      .updateTable('blade_user_totp')
      .set({ recovery_codes: JSON.stringify(hashes.filter((h) => h !== hashed)) })
      .where('user_id', '=', userId)
      .where('recovery_codes', '=', row.recovery_codes)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'ok' : 'replayed';
  }

  /**
   * Turned off by the user, who proved it with a current code (or a recovery code) or his password (checked
   * before).
   */
  async disable(userId: string): Promise<void> {
    await this.db.deleteFrom('blade_user_totp').where('user_id', '=', userId).execute();
  }

  /** A six-digit code of the secret's current step (or the one beside it), refused when that step was used before. */
  private async checkCode(userId: string, sealed: string, code: string): Promise<CodeCheck> {
    const given = code.trim();
    if (!isSixDigits(given)) return 'wrong';
    const totp = totpOf(Secret.fromBase32(unsealText(sealed, this.sealKey, PURPOSE)), '');
    const now = Date.now();
    const delta = totp.validate({ token: given, timestamp: now, window: DRIFT_STEPS });
    if (delta === null) return 'wrong';
    const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
    return (await this.kv.claim(usedStepKey(userId, step), '1', USED_TTL_SECONDS)) ? 'ok' : 'replayed';
  }
}

function totpOf(secret: Secret, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret });
}

function sameHex(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A sign-in half done: the password was right, the second factor is asked for (or enrolled) under this ticket. */
export interface MfaTicket {
  kind: 'verify' | 'enrol';
  tenantId: string;
  userId: string;
  account: string;
  clientId: string;
  /** Issued by the SSO authorize page: the interaction (its uid) whose second step alone may use it. */
  interaction?: string;
  deptId?: string;
  roleId?: string;
}
const TICKET_TTL_SECONDS = 5 * 60;
const ticketKey = (token: string) => `mfa-ticket:${token}`;

export async function issueTicket(kv: KeyValueStore, ticket: MfaTicket): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await kv.set(ticketKey(token), JSON.stringify(ticket), TICKET_TTL_SECONDS);
  return token;
}

export async function readTicket(kv: KeyValueStore, token: string | undefined): Promise<MfaTicket | undefined> {
  if (!token || !/^[\w-]{32}$/.test(token)) return undefined;
  const stored = await kv.get(ticketKey(token));
  return stored ? (JSON.parse(stored) as MfaTicket) : undefined;
}

export const endTicket = (kv: KeyValueStore, token: string) => kv.del(ticketKey(token));
