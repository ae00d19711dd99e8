import { AttachedFile } from './attachments.ts';
import { Type, type Static } from 'typebox';

/** What the finance module's own routes answer inside the envelope, beside the engine's rows. */

/** A trial balance's figures of one account and period: opening and closing on one side each. */
export const BalanceFigures = Type.Object({
  openingDebit: Type.Number(),
  openingCredit: Type.Number(),
  periodDebit: Type.Number(),
  periodCredit: Type.Number(),
  closingDebit: Type.Number(),
  closingCredit: Type.Number(),
});
export type BalanceFigures = Static<typeof BalanceFigures>;

/**
 * A row of 账表核对 (`subjectbalance/check`): an account's stored balance (null without a row), the balance its posted
 * ledger lines give, and the difference stored − books.
 */
export const BalanceCheck = Type.Object({
  subjectCode: Type.String(),
  subjectName: Type.String(),
  stored: Type.Union([BalanceFigures, Type.Null()]),
  books: BalanceFigures,
  difference: BalanceFigures,
  differs: Type.Boolean(),
});
export type BalanceCheck = Static<typeof BalanceCheck>;

/** 生成余额 (`subjectbalance/generate`): rows added, rows overwritten as confirmed, differing rows left as they were. */
export const BalanceGenerated = Type.Object({
  inserted: Type.Integer(),
  updated: Type.Integer(),
  kept: Type.Integer(),
});
export type BalanceGenerated = Static<typeof BalanceGenerated>;

/** The opening a form proposes (`subjectbalance/opening`): the previous period's closing, when that row exists. */
export const OpeningProposal = Type.Object({
  found: Type.Boolean(),
  openingDebit: Type.Number(),
  openingCredit: Type.Number(),
});
export type OpeningProposal = Static<typeof OpeningProposal>;

const summaryFields = {
  subjectCode: Type.String(),
  subjectName: Type.String(),
  openingDebit: Type.Number(),
  openingCredit: Type.Number(),
  periodDebit: Type.Number(),
  periodCredit: Type.Number(),
  ytdDebit: Type.Number(),
  ytdCredit: Type.Number(),
  closingDebit: Type.Number(),
  closingCredit: Type.Number(),
};

/** A leaf account's row of the trial balance by level-1 account. */
export const BalanceSummaryLeaf = Type.Object(summaryFields);

/** A level-1 account of the trial balance (`subjectbalance/summary`): its leaves summed, the leaves as children. */
export const BalanceSummaryRow = Type.Object({
  ...summaryFields,
  children: Type.Optional(Type.Array(BalanceSummaryLeaf)),
});
export type BalanceSummaryRow = Static<typeof BalanceSummaryRow>;

/** `ledger/next-voucher-no`: the number a new voucher of the company, period and word takes. */
export const NextVoucherNo = Type.Object({ voucherNo: Type.Integer() });
export type NextVoucherNo = Static<typeof NextVoucherNo>;

/**
 * One voucher (`ledger/voucher`, `ledger/voucher-submit`, the audit routes): its header, its lines in order (ledger
 * rows as the list answers them) and the sums of both sides.
 */
export const Voucher = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  voucherDate: Type.String(),
  year: Type.Integer(),
  month: Type.Integer(),
  voucherWord: Type.String(),
  voucherNo: Type.Integer(),
  attachmentCount: Type.Integer(),
  /** Its attachments (the lines share them): ids, and the files with their links. */
  attach: Type.String(),
  attachFiles: Type.Array(AttachedFile),
  voucherStatus: Type.String(),
  maker: Type.String(),
  debitTotal: Type.Number(),
  creditTotal: Type.Number(),
  lines: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type Voucher = Static<typeof Voucher>;
/** What the finance module's own routes answer inside the envelope (urls: finance.ts). */

/** A depreciation run: the company, the period, how many assets it recorded and their total depreciation. */
export const DepreciationRun = Type.Object({
  orgId: Type.String(),
  period: Type.String({ description: 'yyyy-MM' }),
  assets: Type.Integer(),
  amount: Type.Number(),
});
export type DepreciationRun = Static<typeof DepreciationRun>;

/** One month's depreciation of an asset, with its accumulated depreciation and net value after it. */
export const DepreciationRecord = Type.Object({
  id: Type.String(),
  period: Type.String({ description: 'yyyy-MM' }),
  amount: Type.Number(),
  accumulated: Type.Number(),
  netValue: Type.Number(),
  createTime: Type.String(),
});
export type DepreciationRecord = Static<typeof DepreciationRecord>;

/** The matching cards of one asset category, summed as they stand this month. */
export const AssetCategoryStat = Type.Object({
  assetCategory: Type.String(),
  assetCategoryName: Type.String(),
  count: Type.Integer(),
  originalValue: Type.Number(),
  accumulatedDepreciation: Type.Number(),
  netValue: Type.Number(),
  monthlyDepreciation: Type.Number(),
});
export type AssetCategoryStat = Static<typeof AssetCategoryStat>;
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

/** A ledger import (`ledger/import-books`): the vouchers and lines written. */
export const LedgerImported = Type.Object({ vouchers: Type.Integer(), lines: Type.Integer() });
export type LedgerImported = Static<typeof LedgerImported>;

/** A trial balance import (`subjectbalance/import-books`): the leaf rows written, of them overwritten (覆盖). */
export const BalanceImported = Type.Object({ rows: Type.Integer(), replaced: Type.Integer() });
export type BalanceImported = Static<typeof BalanceImported>;

/**
 * How far an import has come (`books-import-progress?importId=`): `read` counts the rows read so far (`total` 0),
 * `check` and `write` the lines of the file, `done` when written; `none` for an import not (yet) known.
 */
export const BooksImportProgress = Type.Object({
  phase: Type.Union([
    Type.Literal('none'),
    Type.Literal('read'),
    Type.Literal('check'),
    Type.Literal('write'),
    Type.Literal('done'),
  ]),
  total: Type.Integer(),
  done: Type.Integer(),
});
export type BooksImportProgress = Static<typeof BooksImportProgress>;
