/** A voucher line as the editor holds it: either side may be blank while it is typed. */
export interface BalanceLine {
  debitAmount?: number | string | null;
  creditAmount?: number | string | null;
}

export interface VoucherBalance {
  debit: number;
  credit: number;
  /** Σdebit − Σcredit: 0 for a voucher that balances. */
  difference: number;
  balanced: boolean;
}

/** In cents, so that sums of two-decimal amounts compare exactly (0.1 + 0.2 is 0.3). */
const cents = (value: unknown) => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? Math.round(number * 100) : 0;
};

/**
 * The running totals of a voucher being entered (借方合计, 贷方合计, 差额): balanced when both sides are equal and not
 * nothing, as the server's 审核 requires.
 */
export function voucherBalance(lines: ReadonlyArray<BalanceLine | undefined> | undefined): VoucherBalance {
  let debit = 0;
  let credit = 0;
  for (const line of lines ?? []) {
    debit += cents(line?.debitAmount);
    credit += cents(line?.creditAmount);
  }
  return {
    debit: debit / 100,
    credit: credit / 100,
    difference: (debit - credit) / 100,
    balanced: debit === credit && debit > 0,
  };
}

/** The auxiliary dimensions an account keeps (its `auxTypes`), as the line fields that carry them. */
export const AUX_FIELDS: Readonly<Record<string, string>> = {
  customer: 'customerId',
  supplier: 'supplierId',
  dept: 'deptId',
  project: 'project',
};

export const auxFieldsOf = (auxTypes: string | undefined): string[] =>
  String(auxTypes ?? '')
    .split(',')
    .map((type) => AUX_FIELDS[type.trim()])
    .filter((name): name is string => Boolean(name));
