/**
 * The finance module's own routes beside the engine's (modules/finance); what they answer: finance.schemas.ts.
 */

/** 科目余额表 (subject-balance.routes.ts): the form's proposed opening, 账表核对, 生成余额, the level-1 view. */
export const SUBJECTBALANCE_OPENING_URL = '/api/blade-system/subjectbalance/opening';
export const SUBJECTBALANCE_CHECK_URL = '/api/blade-system/subjectbalance/check';
export const SUBJECTBALANCE_GENERATE_URL = '/api/blade-system/subjectbalance/generate';
export const SUBJECTBALANCE_SUMMARY_URL = '/api/blade-system/subjectbalance/summary';

/** 计提折旧: records a period's depreciation of a company's assets (fixed-asset.routes.ts). */
export const FIXEDLEDGER_DEPRECIATE_URL = '/api/blade-system/fixedledger/depreciate';
/** One asset card's depreciation records, newest first. */
export const FIXEDLEDGER_DEPRECIATIONS_URL = '/api/blade-system/fixedledger/depreciations';
/** The cards the list's filters match, summed by category as read this month (the screen's chart). */
export const FIXEDLEDGER_CATEGORY_STAT_URL = '/api/blade-system/fixedledger/category-stat';

/** 财务统计's chart: each company's revenue, cost and net profit by month, of the rows the list's filters match. */
export const FINANCE_STAT_CHART_URL = '/api/blade-system/financestat/chart';
/** 逾期统计's chart: the receivables of the matching rows by statement month, split into their aging buckets. */
export const OVERDUE_STAT_CHART_URL = '/api/blade-system/overduestat/chart';
/** 收支流水's chart: receipts, payments and the net of the matching rows by month. */
export const INCOME_EXPENSE_CHART_URL = '/api/blade-system/incomeexpense/chart';
/** The related parties a related-party row may name: related customers and suppliers, and the group's companies. */
export const RELATED_PARTIES_URL = '/api/blade-system/relatedstat/parties';

/**
 * The books imports from 用友 / 金蝶 (books-import/books.routes.ts, docs/finance-import.md): each book's routes under
 * its entity's base (`/api/blade-system/ledger`, `…/subjectbalance`), and the programs whose template
 * (`books-template?vendor=`) each book gives.
 */
export const booksImportUrl = (base: string) => `${base}/import-books`;
export const booksProgressUrl = (base: string) => `${base}/books-import-progress`;
export const booksTemplateUrl = (base: string) => `${base}/books-template`;
/** 用友 U8, 用友 T+, 金蝶 K/3, 金蝶 KIS: their voucher lists differ. */
export const LEDGER_BOOK_VENDORS = ['u8', 'tplus', 'k3', 'kis', 'kingdee'] as const;
/** 用友's 发生额及余额表 (U8 and T+ alike) and 金蝶's 科目余额表 (K/3 and KIS alike). */
export const BALANCE_BOOK_VENDORS = ['u8', 'k3'] as const;
export type BookVendor = (typeof LEDGER_BOOK_VENDORS)[number];
