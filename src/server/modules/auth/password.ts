import { hash, verify } from '@node-rs/argon2';
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The console sends md5(plain) as hex; we store argon2id of that text. Rows imported from BladeX hold
 * sha1(md5(plain)): accepted once, then replaced by argon2id on that successful login.
 */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolated modules). The tests hash at this
// cost too (~23 ms of CPU a hash or check): the lowest cost in tests measured 92 s of CPU against 94.5 s for
// escalation, access-rights and auth.token together (2026-11-30), not worth a test-only switch in this file.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');
const sha1Hex = (text: string) => createHash('sha1').update(text).digest('hex');

/** Hash of a password as the console sends it (md5 hex). */
export function hashWirePassword(md5: string): Promise<string> {
  return hash(md5.toLowerCase(), ARGON2);
}

/** Hash of a plain-text password (user creation, reset, update-password receive plain text). */
export function hashPlainPassword(plain: string): Promise<string> {
  return hashWirePassword(md5Hex(plain));
}

export type PasswordCheck = 'ok' | 'ok-upgrade' | 'wrong';

export async function checkWirePassword(stored: string, md5: string): Promise<PasswordCheck> {
  const given = md5.toLowerCase();
  if (stored.startsWith('$argon2')) {
    try {
      return (await verify(stored, given)) ? 'ok' : 'wrong';
    } catch {
      return 'wrong';
    }
  }
  if (/^[0-9a-f]{40}$/.test(stored)) {
    const a = Buffer.from(sha1Hex(given));
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b) ? 'ok-upgrade' : 'wrong';
  }
  return 'wrong';
}
