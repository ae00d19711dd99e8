import { formatDateTime } from '../../../../shared/contract/time.ts';
import { subjectBalance } from '../../../../shared/entities/finance/subject-balance.ts';
import type { LocalText } from '../../../../shared/i18n/server-messages.ts';
import { insertCopies } from '../../../db/insert-rows.ts';
import { auditColumns, type AuthUser } from '../../../platform/auth-context.ts';
import { EXCEL_MESSAGES } from '../../../platform/entity/excel.ts';
import { ImportErrors, importTurns, type RowError } from '../../../platform/entity/excel-import.ts';
import { failWith } from '../../../platform/errors.ts';
import { nextId } from '../../../platform/ids.ts';
import type { Services } from '../../../services.ts';
import { periodOf, recomputeYearToDate, updateFigures } from '../subject-balance.service.ts';
import { BOOK_READ_MESSAGES, BooksProgress, openBookOrRefuse, refusedRows } from './book-import.ts';
import {
  BALANCE_COLUMNS,
  BALANCE_NEEDS,
  BOOK_MESSAGES,
  balanceLines,
  MAX_BOOK_ROWS,
  moneyOf,
  type BalanceKey,
  type BalanceLine,
} from './book-sheet.ts';

export const BALANCE_IMPORT_MESSAGES = {
  notBalance: {
    zh: '未找到科目余额表的列（科目代码、期初、本期发生、期末）：请导入用友的发生额及余额表或金蝶的科目余额表，或下载导入模板',
    en: 'No trial balance columns (account code, opening, movements, closing) were found: import a trial balance exported from 用友 or 金蝶, or download the template',
  },
} satisfies Record<string, LocalText>;

/** `该科目本期余额已存在`: the trial balance's own unique message. */
const TAKEN = (subjectBalance.fields.subjectCode.unique as { message: LocalText }).message;

export interface BalanceImportForm {
  orgId?: string;
  year?: string;
  month?: string;
  /** 1: a period's rows already stored are overwritten by the sheet's; else they are refused. */
  isCovered?: string;
  importId?: string;
}

/**
 * A company's trial balance of one period imported from the export of its accounting software (用友 发生额及余额表,
 * 金蝶 科目余额表; book-sheet.ts reads it): each leaf account's opening and movements (a closing the sheet gives must be
 * opening + movements, `科目 … 期末余额 … 不等于期初余额加本期发生`), the rows of parent accounts passed over (they are
 * the sums of their leaves, which the level-1 view sums again), an account the chart lacks refused. A period's stored
 * rows are refused (`该科目本期余额已存在`) unless the import covers them. All rows or none, then the year to date of
 * the period and the later ones recomputed (subject-balance.service.ts), as a saved row does.
 */
export async function importBalanceBook(
  services: Services,
  user: AuthUser,
  file: Buffer,
  form: BalanceImportForm,
): Promise<{ rows: number; replaced: number }> {
  const progress = new BooksProgress(services.kv, user, form.importId);
  const period = await periodOf(services.db, user, form as Record<string, unknown>);
  const covered = String(form.isCovered ?? '0').trim() === '1';
  return importTurns.run(user.tenantId, async () => {
    await progress.say('read', 0);
    const book = await openBookOrRefuse(file, BALANCE_COLUMNS, BALANCE_NEEDS, BALANCE_IMPORT_MESSAGES.notBalance);
    const name = `${period.year}-${String(period.month).padStart(2, '0')}`;
    const { lines, problems } = await balanceLines(progress.counting(book.rows), book.header, name);
    if (lines.length + problems.length > MAX_BOOK_ROWS)
      throw failWith(EXCEL_MESSAGES.tooManyRows, { name: MAX_BOOK_ROWS });
    if (!lines.length && !problems.length) throw failWith(EXCEL_MESSAGES.noRows);
    await progress.say('check', lines.length);
    const refused: RowError[] = refusedRows(problems);
    const refuse = (line: BalanceLine, key: BalanceKey | undefined, message: LocalText, vars = {}) => {
      const error = failWith(message, vars);
      refused.push({ row: line.row, error: key ? error.about(key) : error });
    };
    const chart = new Map(
      (
        await services.db
          .selectFrom('erp_subject')
          .select(['subject_code', 'subject_name', 'is_leaf'])
          .where('tenant_id', '=', user.tenantId)
          .where('is_deleted', '=', 0)
          .execute()
      ).map((s) => [s.subject_code, s]),
    );
    const stored = new Map(
      (
        await services.db
          .selectFrom('erp_subject_balance')
          .select(['id', 'subject_code'])
          .where('tenant_id', '=', user.tenantId)
          .where('org_id', '=', period.orgId)
          .where('year', '=', period.year)
          .where('month', '=', period.month)
          .where('is_deleted', '=', 0)
          .execute()
      ).map((r) => [r.subject_code, String(r.id)]),
    );
    const leaves: BalanceLine[] = [];
    const seen = new Set<string>();
    for (const line of lines) {
      const account = chart.get(line.subjectCode);
      if (!account) {
        refuse(line, 'subjectCode', BOOK_READ_MESSAGES.notFound, { label: '科目', name: line.subjectCode });
        continue;
      }
      if (Number(account.is_leaf) !== 1) continue; // a parent's row: the sum of its leaves
      if (line.periodDebit < 0 || line.periodCredit < 0) {
        refuse(line, line.periodDebit < 0 ? 'periodDebit' : 'periodCredit', BOOK_MESSAGES.negative);
        continue;
      }
      if (seen.has(line.subjectCode) || (stored.has(line.subjectCode) && !covered)) {
        refuse(line, 'subjectCode', TAKEN);
        continue;
      }
      seen.add(line.subjectCode);
      leaves.push(line);
    }
    if (refused.length)
      throw new ImportErrors(
        refused.sort((a, b) => a.row - b.row),
        (key) => book.header.labels.get(key as BalanceKey),
      );
    await progress.say('write', leaves.length);
    const now = formatDateTime();
    const figures = (line: BalanceLine) => {
      const net = line.openingDebit - line.openingCredit + line.periodDebit - line.periodCredit;
      return {
        opening_debit: moneyOf(line.openingDebit),
        opening_credit: moneyOf(line.openingCredit),
        period_debit: moneyOf(line.periodDebit),
        period_credit: moneyOf(line.periodCredit),
        closing_debit: moneyOf(Math.max(net, 0)),
        closing_credit: moneyOf(Math.max(-net, 0)),
      };
    };
    const inserts = leaves
      .filter((line) => !stored.has(line.subjectCode))
      .map((line) => ({
        id: nextId(),
        tenant_id: user.tenantId,
        org_id: period.orgId,
        year: period.year,
        month: period.month,
        subject_code: line.subjectCode,
        subject_name: chart.get(line.subjectCode)!.subject_name.slice(0, 64),
        ...figures(line),
        ytd_debit: '0.00',
        ytd_credit: '0.00',
        ...auditColumns(user, now),
        status: 1,
        is_deleted: 0,
      }));
    const updates = leaves
      .filter((line) => stored.has(line.subjectCode))
      .map((line) => ({ id: stored.get(line.subjectCode)!, ...figures(line) }));
    await services.db.transaction().execute(async (trx) => {
      await insertCopies(trx, 'erp_subject_balance', inserts);
      await updateFigures(trx, user, now, updates);
      await recomputeYearToDate(trx, user.tenantId, period);
    });
    await progress.say('done', leaves.length, leaves.length);
    return { rows: leaves.length, replaced: updates.length };
  });
}
