import { sql } from 'kysely';
import { differenceOf } from '../../../shared/entities/budget/differ.ts';
import { MONTHS, finishRate } from '../../../shared/entities/month-row.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { fail, failWith } from '../../platform/errors.ts';
import type { EntityService } from '../../platform/entity/service.ts';
import { textParam } from '../../platform/params.ts';
import type { Param } from '../../platform/route-schemas.ts';
import type { DifferSummaryRow } from '../../../shared/contract/api/budget.schemas.ts';

const YEAR_REQUIRED = { zh: '请选择年度', en: 'Please select the year' };
const TOTAL = { zh: '合计', en: 'Total' };

/** A summary row: sums of a year's rows, and what the monthly row derives from them (§1, §1.1). */
function derived(key: string, subject: string, title: string, sums: Record<string, number>): DifferSummaryRow {
  const months: Record<string, number | null> = {};
  let amount = 0;
  let actual = 0;
  for (const month of MONTHS) {
    const a = sums[`amount${month}`] ?? 0;
    const b = sums[`actual${month}`] ?? 0;
    Object.assign(months, {
      [`amount${month}`]: a,
      [`actual${month}`]: b,
      [`finish${month}`]: finishRate(b, a),
      [`differ${month}`]: differenceOf(b, a),
    });
    amount += Math.round(a * 100);
    actual += Math.round(b * 100);
  }
  return {
    id: key,
    subject,
    title,
    ...months,
    totalAmount: amount / 100,
    totalActual: actual / 100,
    totalFinish: finishRate(actual, amount),
    totalDiffer: (actual - amount) / 100,
  };
}

/**
 * `differ/statlist?year=&orgId=` (budget.md §5.6): the year's rows the caller sees, summed by (subject, title) across
 * the companies (one, with `orgId`) in SQL, every derived value worked out again from the sums, then a 合计 row with an
 * empty subject. Ordered by subject, then title.
 */
export async function differSummary(
  db: Db,
  service: EntityService,
  user: AuthUser,
  query: { year?: Param; orgId?: Param },
  lang: Lang,
) {
  const text = textParam(query.year);
  if (text === undefined) throw failWith(YEAR_REQUIRED);
  if (!/^\d{4}$/.test(text)) throw fail('paramType', { name: 'year' });
  const orgId = textParam(query.orgId);
  let rows = (await service.visibleRows(user))(db).where('year', '=', Number(text));
  if (orgId !== undefined) rows = rows.where('org_id', '=', orgId);
  const sums = MONTHS.flatMap((m) => [
    sql<string>`sum(${sql.ref(`amount${m}`)})`.as(`amount${m}`),
    sql<string>`sum(${sql.ref(`actual${m}`)})`.as(`actual${m}`),
  ]);
  const groups = await rows
    .select(['subject', 'title', ...sums])
    .groupBy(['subject', 'title'])
    .orderBy('subject')
    .orderBy('title')
    .execute();
  const total: Record<string, number> = {};
  const lines = groups.map((group) => {
    const figures: Record<string, number> = {};
    for (const month of MONTHS)
      for (const prefix of ['amount', 'actual']) {
        const key = `${prefix}${month}`;
        figures[key] = Number(group[key] ?? 0);
        total[key] = (Math.round((total[key] ?? 0) * 100) + Math.round(figures[key] * 100)) / 100;
      }
    return derived(`${group.subject}|${group.title}`, String(group.subject), String(group.title), figures);
  });
  return [...lines, derived('TOTAL', '', TOTAL[lang], total)];
}
