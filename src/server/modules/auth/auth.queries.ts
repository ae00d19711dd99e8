import type { Db } from '../../db/connect.ts';

/** The OAuth client's token validities (blade_client rows are platform-wide). */
export function clientValidity(db: Db, clientId: string) {
  return db
    .selectFrom('blade_client')
    .select('refresh_token_validity')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** The stored password hash of a live account (the tenant's row: row-level security). */
export function passwordOf(db: Db, userId: string) {
  return db
    .selectFrom('blade_user')
    .select('password')
    .where('id', '=', userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}
