import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityHooks } from './entity/service.ts';

/**
 * Secrets kept in the database (a data source's password, a workflow endpoint's signing secret): AES-256-GCM under a
 * key derived (HKDF-SHA256) from the server's signing secret and what the text is (`purpose`), so a database dump
 * alone does not reveal them. Stored as `v1:` + base64(iv | tag | ciphertext); '' = none. A changed signing secret
 * makes them unreadable: they have to be typed again.
 */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (secret: Uint8Array, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), purpose, 32));

export function sealText(plain: string, secret: Uint8Array, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/**
 * The plain text of a sealed value, '' when none is stored. Throws when it was not sealed under this secret for this
 * purpose (another server's dump, a changed secret, a tampered row).
 */
export function unsealText(stored: string, secret: Uint8Array, purpose: string): string {
  if (stored === '') return '';
  const data = stored.startsWith(PREFIX) ? Buffer.from(stored.slice(PREFIX.length), 'base64') : Buffer.alloc(0);
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error(`the ${purpose} is not sealed by this server`);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), data.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`the ${purpose} cannot be read with this server's signing secret`);
  }
}

/**
 * An entity's secret field (`secret: true, replaceable: true`; its table `column`) sealed before it is written; an
 * edit with it blank keeps the stored one (on insert a blank value reaches the engine, which answers with the field's
 * required message, or stores '' when the field is optional).
 */
export function sealedFieldHooks(
  field: string,
  secret: Uint8Array,
  purpose: string,
  column: string = field,
): EntityHooks {
  return {
    prepare: async (_user, input, inserting) => {
      const { [field]: value, ...rest } = input;
      const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      return blank && !inserting ? rest : input;
    },
    // The engine validated the typed value (required, its length); what it writes is the sealed value.
    beforeWrite: async (_trx, _user, values) => {
      if (typeof values[column] === 'string' && values[column] !== '')
        values[column] = sealText(values[column] as string, secret, purpose);
    },
  };
}
