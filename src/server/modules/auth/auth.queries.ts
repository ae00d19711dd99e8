import type { Db } from '../../db/connect.ts';

/** The OAuth client's token validities (blade_client rows are platform-wide). */
export function clientValidity(db: Db, clientId: string) {
  return db
    .selectFrom('blade_client')
    .select('refresh_token_validity')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}
