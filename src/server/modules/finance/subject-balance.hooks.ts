import { sql } from 'kysely';
import { ONE_OPENING_SIDE } from '../../../shared/entities/finance/subject-balance.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks, EntityReaction } from '../../platform/entity/service.ts';
import type { Row } from '../../platform/entity/types.ts';
import { recomputeYearToDate } from './subject-balance.service.ts';

const nonZero = (value: unknown) => Number(value ?? 0) !== 0;

/**
 * 科目余额表's rules beyond its definition: an opening balance on one side only, and the row's own year to date (Σ of
 * the account's earlier months of the year plus this one), written with the row so that the saved row answers it.
 */
export function subjectBalanceHooks(): EntityHooks {
  return {
    async beforeWrite(trx, user, values, before) {
      const row = { ...before, ...values };
      if (nonZero(row.opening_debit) && nonZero(row.opening_credit)) throw failWith(ONE_OPENING_SIDE);
      const { rows } = await sql<{ debit: string | number; credit: string | number }>`
        select coalesce(sum(period_debit), 0) as debit, coalesce(sum(period_credit), 0) as credit
        from erp_subject_balance
        where tenant_id = ${user.tenantId} and org_id = ${row.org_id} and year = ${row.year}
          and subject_code = ${row.subject_code} and month < ${row.month} and is_deleted = 0
          and id <> ${before?.id ?? 0}`.execute(trx);
      values.ytd_debit =
        (Math.round(Number(rows[0].debit) * 100) + Math.round(Number(row.period_debit ?? 0) * 100)) / 100;
      values.ytd_credit =
        (Math.round(Number(rows[0].credit) * 100) + Math.round(Number(row.period_credit ?? 0) * 100)) / 100;
    },
  };
}

/** The account-year of a row, and its month: where the year to date changes with it. */
const periodOfRow = (row: Row) => ({
  orgId: String(row.org_id),
  year: Number(row.year),
  month: Number(row.month),
});

/**
 * The later months of the same account follow a saved or deleted month (domain/finance.md: the server recomputes the
 * year to date of that month and all later months); an edit moving a row to another account or period also fixes the
 * months it left.
 */
export function subjectBalanceReaction(): EntityReaction {
  return {
    async afterWrite(trx, user, row, before) {
      await recomputeYearToDate(trx, user.tenantId, periodOfRow(row), String(row.subject_code));
      if (
        before &&
        (before.org_id !== row.org_id ||
          Number(before.year) !== Number(row.year) ||
          Number(before.month) !== Number(row.month) ||
          before.subject_code !== row.subject_code)
      )
        await recomputeYearToDate(trx, user.tenantId, periodOfRow(before), String(before.subject_code));
    },
    async afterRemove(trx, user, rows) {
      for (const row of rows) await recomputeYearToDate(trx, user.tenantId, periodOfRow(row), String(row.subject_code));
    },
  };
}
