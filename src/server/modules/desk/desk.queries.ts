import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGE_STATUS } from '../../../shared/entities/desk/message.ts';

const { unread: UNREAD, read: READ } = MESSAGE_STATUS;

/** Whose messages: the caller's own, in his tenant. */
interface Recipient {
  tenantId: string;
  userId: string;
}

/** Marks some of the recipient's messages read (ids not his are left alone). */
export async function markMessagesRead(db: Db, recipient: Recipient, ids: string[]) {
  await db
    .updateTable('blade_message')
    .set({ status: READ, update_user: recipient.userId, update_time: formatDateTime() })
    .where('id', 'in', ids)
    .where('tenant_id', '=', recipient.tenantId)
    .where('user_id', '=', recipient.userId)
    .where('is_deleted', '=', 0)
    .execute();
}

/** Marks all of the recipient's unread messages read; how many there were. */
export async function markAllMessagesRead(db: Db, recipient: Recipient): Promise<number> {
  const result = await db
    .updateTable('blade_message')
    .set({ status: READ, update_user: recipient.userId, update_time: formatDateTime() })
    .where('tenant_id', '=', recipient.tenantId)
    .where('user_id', '=', recipient.userId)
    .where('status', '=', UNREAD)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function unreadMessageCount(db: Db, recipient: Recipient): Promise<number> {
  const row = await db
    .selectFrom('blade_message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', recipient.tenantId)
    .where('user_id', '=', recipient.userId)
    .where('status', '=', UNREAD)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
