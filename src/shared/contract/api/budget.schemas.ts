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

/**
 * A row of the difference summary (`differ/statlist`): a (subject, title)'s sums over the companies, the last row
 * the 合计 (id `TOTAL`, no subject); beside the totals each month's `amount<m>`, `actual<m>`, `finish<m>`, `differ<m>`.
 */
export const DifferSummaryRow = Type.Object(
  {
    id: Type.String({ description: '<subject>|<title>, or TOTAL' }),
    subject: Type.String(),
    title: Type.String(),
    totalAmount: Type.Number(),
    totalActual: Type.Number(),
    totalFinish: NumberOrNull,
    totalDiffer: Type.Number(),
  },
  { additionalProperties: NumberOrNull },
);
export type DifferSummaryRow = Static<typeof DifferSummaryRow>;

/**
 * A row of the inventory budget's summary (`statlist?groupBy=org|customer|project`): a company's (named), customer's
 * or project's sums, the last row the 合计 (`groupKey` TOTAL); beside the totals each month's `amount<m>`, `actual<m>`
 * and `finish<m>` (null without a budget).
 */
export const InventorySummaryRow = Type.Object(
  {
    groupKey: Type.String({ description: 'org id, customer or project; TOTAL for the 合计' }),
    groupName: Type.String(),
    totalAmount: Type.Number(),
    totalActual: Type.Number(),
    totalFinish: NumberOrNull,
  },
  { additionalProperties: NumberOrNull },
);
export type InventorySummaryRow = Static<typeof InventorySummaryRow>;
