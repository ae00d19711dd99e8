import type { EntityHooks } from '../../platform/entity/service.ts';
import { sealedFieldHooks, sealText, unsealText } from '../../platform/sealed-text.ts';

/** Data source passwords at rest: sealed (platform/sealed-text.ts) under the server's signing secret. */
const PURPOSE = 'tenon datasource password';

export const sealDatasourcePassword = (plain: string, secret: Uint8Array) => sealText(plain, secret, PURPOSE);

/**
 * The plain password of a stored data source row (for the code generator's connection), '' when none is stored.
 * Throws when the value was not sealed under this secret (another server's dump, a changed secret, a tampered row).
 */
export function datasourcePassword(row: { password?: unknown }, secret: Uint8Array): string {
  return unsealText(typeof row.password === 'string' ? row.password : '', secret, PURPOSE);
}

/** The password is sealed before it is written, and an edit with a blank password keeps the stored one. */
export const datasourcePasswordHooks = (secret: Uint8Array): EntityHooks =>
  sealedFieldHooks('password', secret, PURPOSE);
