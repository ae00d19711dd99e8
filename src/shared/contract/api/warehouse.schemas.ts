import { Type, type Static } from 'typebox';

/** What the warehouse module's routes answer inside the envelope (urls: warehouse.ts). */

/** 过账: how many movements were posted. */
export const Handled = Type.Object({ handled: Type.Integer() });
export type Handled = Static<typeof Handled>;
