import { sql, type Expression, type SqlBool } from 'kysely';
import { Type } from 'typebox';
import type { MonthRange } from '../../shared/entities/month-row.ts';
import type { LocalText } from '../../shared/i18n/server-messages.ts';
import { fail, failWith } from './errors.ts';
import { companyDepts } from './entity/company.ts';

/**
 * The dimension search of the monthly grids (domain/budget.md §3) over a table with the product-row columns
 * (customer_name, project, product_no, product_name, org_id): `searchType` 1 customer, 2 project, 3 product, 4 factory
 * with `searchContent`, and `searchMonth` (`yyyy-MM,yyyy-MM`), which sets the year and narrows the totals. Shared by
 * the production plan and the budget rows.
 */
export const DIMENSION_MESSAGES = {
  acrossYears: { zh: '月份区间不能跨年', en: 'The month range must lie within one year' },
  backwards: { zh: '开始月份不能晚于结束月份', en: 'The start month cannot be after the end month' },
} satisfies Record<string, LocalText>;

/** The search's query parameters, as the API document lists them beside the list's own. */
export const DIMENSION_PARAMS = {
  searchType: Type.String({
    enum: ['1', '2', '3', '4'],
    description: '检索维度：1 客户 2 项目 3 产品 4 工厂 (1 customer, 2 project, 3 product, 4 company)',
  }),
  searchContent: Type.String({ description: '检索内容 (the text searched)' }),
  searchMonth: Type.String({
    examples: ['2024-01,2024-03'],
    description: '月份区间 yyyy-MM,yyyy-MM，同一年内 (a month range within one year)',
  }),
};
const SEARCH_KEYS = Object.keys(DIMENSION_PARAMS);

/** The last value of a query key (a repeated key is an array), as trimmed text. */
const textOf = (raw: unknown): string => {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return value === undefined || value === null || typeof value === 'object' ? '' : String(value).trim();
};

/** `searchMonth` read; undefined when blank. The UI's month-range array arrives joined with a comma. */
export function parseSearchMonth(raw: unknown): MonthRange | undefined {
  const text = Array.isArray(raw) && raw.length === 2 ? raw.map(textOf).join(',') : textOf(raw);
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{1,2}),(\d{4})-(\d{1,2})$/.exec(text.replace(/\s/g, ''));
  const [fromYear, from, toYear, to] = (match ?? []).slice(1).map(Number);
  if (!match || [from, to].some((m) => m < 1 || m > 12)) throw fail('paramType', { name: 'searchMonth' });
  if (fromYear !== toYear) throw failWith(DIMENSION_MESSAGES.acrossYears);
  if (from > to) throw failWith(DIMENSION_MESSAGES.backwards);
  return { year: fromYear, from, to };
}

/**
 * An entity's `listFilter` for the dimension search on `table`: the query without the search keys (a month range
 * replaces any year filter by its year) and the predicate of the search content, if any. Factory: the companies of
 * the caller's tenant whose name contains the text or whose code is the text; none found gives no rows.
 */
export function dimensionFilter(
  table: string,
  tenantId: string,
  query: Record<string, unknown>,
): { query: Record<string, unknown>; where?: Expression<SqlBool> } {
  const rest = Object.fromEntries(Object.entries(query).filter(([key]) => !SEARCH_KEYS.includes(key)));
  const range = parseSearchMonth(query.searchMonth);
  if (range) {
    for (const key of Object.keys(rest)) if (key === 'year' || key.startsWith('year_')) delete rest[key];
    rest.year_equal = range.year;
  }
  const content = textOf(query.searchContent);
  if (!content) return { query: rest };
  const type = textOf(query.searchType);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const like = `%${content.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  switch (type) {
    case '1':
      return { query: rest, where: sql<SqlBool>`${column('customer_name')} ilike ${like}` };
    case '2':
      return { query: rest, where: sql<SqlBool>`${column('project')} ilike ${like}` };
    case '3':
      return {
        query: rest,
        where: sql<SqlBool>`(${column('product_no')} ilike ${like} or ${column('product_name')} ilike ${like})`,
      };
    case '4':
      return {
        query: rest,
        where: sql<SqlBool>`${column('org_id')} in (select c.remark from ${companyDepts(sql`${tenantId}`)} c
          where c.dept_name ilike ${like} or c.remark = ${content})`,
      };
    case '':
      return { query: rest };
    default:
      throw fail('paramType', { name: 'searchType' });
  }
}
