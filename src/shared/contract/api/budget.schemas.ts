import { Type, type Static } from 'typebox';
import { NumberOrNull } from '../wire.ts';

/** What the budget module's own routes answer inside the envelope, beside the engine's rows. */

/**
 * A monthly grid's 合计 (`<entity>/stat`): per month `amount<m>` (and `actual<m>`, `finish<m>` where the rows have
 * actuals), `totalAmount` (`totalActual`, `totalFinish`) over the searched months, `rowCount` and any state counts.
 */
export const MonthlyStat = Type.Record(Type.String(), NumberOrNull);
export type MonthlyStat = Static<typeof MonthlyStat>;

/** `batchsave`: how many rows were added and how many changed. */
export const BatchSaved = Type.Object({ inserted: Type.Integer(), updated: Type.Integer() });
export type BatchSaved = Static<typeof BatchSaved>;

/** `batchcopy`: the year's rows copied into the next, and those the next year already had. */
export const BatchCopied = Type.Object({ copied: Type.Integer(), skipped: Type.Integer() });
export type BatchCopied = Static<typeof BatchCopied>;

/** The inventory budget's `batchsave` (new rows only) and `batchupdate`. */
export const RowsSaved = Type.Object({ saved: Type.Integer() });
export type RowsSaved = Static<typeof RowsSaved>;
export const RowsUpdated = Type.Object({ updated: Type.Integer() });
export type RowsUpdated = Static<typeof RowsUpdated>;
