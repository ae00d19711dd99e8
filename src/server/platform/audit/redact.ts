/** Text for a log column: no NUL (PostgreSQL text cannot hold it), at most `max` characters. */
export const logText = (value: unknown, max: number): string =>
  (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value)).replaceAll('\0', '').slice(0, max);

/** The service of an API path: `/api/blade-system/user/save` → `blade-system`. */
export const serviceOf = (path: string): string => /^\/api\/([^/?]+)/.exec(path)?.[1] ?? '';

/**
 * Names of parameters whose values a log never keeps, compared without case, `_` and `-`: a name containing one of
 * SECRET_PARTS (`newPassword`, `accessKeySecret`, `refresh_token`), or one of SECRET_NAMES exactly (short words that
 * are parts of harmless names: `sign` of `assignee`, `key` of `dictKey`).
 */
const SECRET_PARTS = [
  'password',
  'passwd',
  'secret',
  'token',
  'credential',
  'authorization',
  'cookie',
  'apikey',
  'accesskey',
  'privatekey',
  'secretkey',
  'appkey',
  'encryptkey',
  'captcha',
];
const SECRET_NAMES = new Set(['pwd', 'key', 'sign', 'signature', 'salt', 'pin', 'otp']);
const HARMLESS = new Set(['tokentype']);
export const REDACTED = '******';

export function deniedKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[-_\s]/g, '');
  if (HARMLESS.has(name)) return false;
  return SECRET_NAMES.has(name) || SECRET_PARTS.some((part) => name.includes(part));
}

/** A copy of `value` with every denied key's value replaced, at any depth (arrays and objects). */
export function redactedParams(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactedParams(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = deniedKey(key) ? REDACTED : redactedParams(item, depth + 1);
    return out;
  }
  return value;
}
