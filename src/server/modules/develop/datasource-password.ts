import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

/**
 * Data source passwords at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server's signing secret, so
 * a database dump alone does not reveal them. Stored as `v1:` + base64(iv | tag | ciphertext); '' = no password.
 * A changed signing secret makes the stored passwords unreadable: they have to be typed again.
 */
const INFO = 'tenon datasource password';
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (secret: Uint8Array) => Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), INFO, 32));

export function sealDatasourcePassword(plain: string, secret: Uint8Array): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/**
 * The plain password of a stored data source row (for the code generator's connection), '' when none is stored.
 * Throws when the value was not sealed under this secret (another server's dump, a changed secret, a tampered row).
 */
export function datasourcePassword(row: { password?: unknown }, secret: Uint8Array): string {
  const stored = typeof row.password === 'string' ? row.password : '';
  if (stored === '') return '';
  const data = stored.startsWith(PREFIX) ? Buffer.from(stored.slice(PREFIX.length), 'base64') : Buffer.alloc(0);
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error('the data source password is not sealed by this server');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), data.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error("the data source password cannot be read with this server's signing secret");
  }
}

/** The password is sealed before it is written, and an edit with a blank password keeps the stored one. */
export function datasourceHooks(services: Services): EntityHooks {
  const secret = services.config.jwtSecret;
  return {
    prepare: async (_user, input, inserting) => {
      const { password, ...rest } = input;
      const blank =
        password === undefined || password === null || (typeof password === 'string' && password.trim() === '');
      // On insert a blank password reaches the engine, which answers with the definition's required message.
      return blank && !inserting ? rest : input;
    },
    // The engine validated the typed password (required, 50 characters); what it writes is the sealed value.
    beforeWrite: async (_trx, _user, values) => {
      if (typeof values.password === 'string' && values.password !== '')
        values.password = sealDatasourcePassword(values.password, secret);
    },
  };
}
