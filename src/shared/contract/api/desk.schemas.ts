import { Type, type Static } from 'typebox';

/** What the desk module's routes answer inside the envelope (urls: desk.ts). */

/** How many rows a call changed or took (messages marked read, error logs kept). */
export const Counted = Type.Object({ count: Type.Integer() });
export type Counted = Static<typeof Counted>;

/** The caller's unread messages. */
export const UnreadCount = Type.Integer();
