/** The finance module's own routes (modules/finance); what they answer: finance.schemas.ts. */

/** 财务统计's chart: each company's revenue, cost and net profit by month, of the rows the list's filters match. */
export const FINANCE_STAT_CHART_URL = '/api/blade-system/financestat/chart';
/** 逾期统计's chart: the receivables of the matching rows by statement month, split into their aging buckets. */
export const OVERDUE_STAT_CHART_URL = '/api/blade-system/overduestat/chart';
/** 收支流水's chart: receipts, payments and the net of the matching rows by month. */
export const INCOME_EXPENSE_CHART_URL = '/api/blade-system/incomeexpense/chart';
/** The related parties a related-party row may name: related customers and suppliers, and the group's companies. */
export const RELATED_PARTIES_URL = '/api/blade-system/relatedstat/parties';
