import { Type, type Static } from 'typebox';

/** What the finance module's own routes answer inside the envelope, beside the engine's rows. */

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
  voucherStatus: Type.String(),
  maker: Type.String(),
  debitTotal: Type.Number(),
  creditTotal: Type.Number(),
  lines: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type Voucher = Static<typeof Voucher>;
