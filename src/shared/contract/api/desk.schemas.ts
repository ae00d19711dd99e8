import { Type, type Static } from 'typebox';
import { DateTime, Id, IdOrNull, OpenObject } from '../wire.ts';

/** What the desk module's routes answer inside the envelope (urls: desk.ts). */

/** How many rows a call changed or took (messages marked read, error logs kept). */
export const Counted = Type.Object({ count: Type.Integer() });
export type Counted = Static<typeof Counted>;

/** The caller's unread messages. */
export const UnreadCount = Type.Integer();

/**
 * A message of the drawer and the phone's messages tab (the message entity's rows, spec §3: status 0 unread). A
 * workflow message also says what it is about: the task it asks to handle, or the process and its business record.
 */
export const Message = OpenObject({
  id: Id,
  title: Type.String(),
  content: Type.String(),
  status: Type.Integer({ description: '0 未读 (unread), 1 已读 (read)' }),
  createTime: DateTime,
  category: Type.Integer(),
  taskId: IdOrNull,
  processInstanceId: IdOrNull,
  businessTable: Type.String(),
  businessId: IdOrNull,
});
export type Message = Static<typeof Message>;
