import { Type, type Static } from 'typebox';

/** What the finance module's routes answer inside the envelope (urls: finance.ts). */

/** One company's month on the finance statistics chart. */
export const ProfitMonth = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  /** `yyyy-MM` */
  period: Type.String(),
  revenue: Type.Number(),
  cost: Type.Number(),
  netProfit: Type.Number(),
});
export type ProfitMonth = Static<typeof ProfitMonth>;

/** One statement month's receivables by aging bucket (field names of the overdue statistics). */
export const AgingMonth = Type.Object({
  statMonth: Type.String(),
  notDueAmount: Type.Number(),
  overdue1to30: Type.Number(),
  overdue31to60: Type.Number(),
  overdue61to90: Type.Number(),
  overdue91to180: Type.Number(),
  overdue181to365: Type.Number(),
  overdueOver365: Type.Number(),
});
export type AgingMonth = Static<typeof AgingMonth>;

/** One month's cash: receipts, payments (both positive) and the net. */
export const CashMonth = Type.Object({
  period: Type.String(),
  receipts: Type.Number(),
  payments: Type.Number(),
  net: Type.Number(),
});
export type CashMonth = Static<typeof CashMonth>;

/** A related party a row may name: its name, and the company code when it is one of the group's companies. */
export const RelatedParty = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('company'), Type.Literal('customer'), Type.Literal('supplier')]),
  orgId: Type.String(),
});
export type RelatedParty = Static<typeof RelatedParty>;
