import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { nextId } from '../../platform/ids.ts';
import { failWith } from '../../platform/errors.ts';
import { fieldsOf, parseFieldValue } from '../../platform/entity/fields.ts';
import { checkCompanies } from '../../platform/entity/company.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { subjectBalance } from '../../../shared/entities/finance/subject-balance.ts';
import { VOUCHER_STATUS } from '../../../shared/entities/finance/ledger.ts';
import type {
  BalanceFigures,
  BalanceCheck,
  BalanceGenerated,
  BalanceSummaryRow,
  OpeningProposal,
} from '../../../shared/contract/api/finance.schemas.ts';

/** Only posted lines (已记账) are in the books. */
const POSTED = VOUCHER_STATUS.posted;

export const PREVIOUS_PERIOD_FIRST: LocalText = {
  zh: '请先生成上一期间的余额',
  en: 'Generate the balances of the previous period first',
};

/** Who writes generated rows: a signed-in user, or the demo's administrator. */
export type Writer = Pick<AuthUser, 'tenantId' | 'userId' | 'deptIds'>;

/** A company's accounting period. */
export interface Period {
  orgId: string;
  year: number;
  month: number;
}

/** The period before: December of the year before for January. */
export const previousPeriod = ({ year, month }: Pick<Period, 'year' | 'month'>) =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

/**
 * A period named by a request, checked as a row's company, year and month are (`请输入公司`, `公司不存在`,
 * `期间不能大于12` ...).
 */
export async function periodOf(db: Db, user: AuthUser, params: Record<string, unknown>): Promise<Period> {
  const fields = fieldsOf(subjectBalance);
  const orgId = String(parseFieldValue(fields.get('orgId')!, params.orgId));
  const year = Number(parseFieldValue(fields.get('year')!, params.year ?? ''));
  const month = Number(parseFieldValue(fields.get('month')!, params.month));
  await checkCompanies(db, subjectBalance, user.tenantId, { org_id: orgId });
  return { orgId, year, month };
}

const amount = (value: unknown) => Number(value ?? 0);
/** A signed balance (debit positive) as a trial balance's two columns, one of them 0. */
const sides = (net: number) => ({ debit: net > 0 ? net : 0, credit: net < 0 ? -net : 0 });
const round = (n: number) => Math.round(n * 100) / 100;

function figures(openingNet: number, periodDebit: number, periodCredit: number): BalanceFigures {
  const opening = sides(openingNet);
  const closing = sides(round(openingNet + periodDebit - periodCredit));
  return {
    openingDebit: opening.debit,
    openingCredit: opening.credit,
    periodDebit,
    periodCredit,
    closingDebit: closing.debit,
    closingCredit: closing.credit,
  };
}

interface BooksRow {
  subject_code: string;
  subject_name: string | null;
  is_leaf: number | null;
  opening_net: string | number;
  period_debit: string | number;
  period_credit: string | number;
  stored_id: string | number | null;
  stored_name: string | null;
  stored_opening_debit: string | number | null;
  stored_opening_credit: string | number | null;
  stored_period_debit: string | number | null;
  stored_period_credit: string | number | null;
}

/**
 * Per account, what the books say for the period beside what is stored, in one query: the posted lines of the month
 * summed by account (the ledger's (tenant, company, period) index reads only the month), the opening as the stored
 * closing of the period before, else the row's own stored opening (a company's first period, typed or imported),
 * else 0. Accounts with a stored row, posted lines or a non-zero previous closing take part.
 */
async function booksOf(db: Db, tenantId: string, { orgId, year, month }: Period): Promise<BooksRow[]> {
  const before = previousPeriod({ year, month });
  const { rows } = await sql<BooksRow>`
    with posted as (
      select l.subject_code, sum(l.debit_amount) as debit, sum(l.credit_amount) as credit
      from erp_ledger l
      where l.tenant_id = ${tenantId} and l.org_id = ${orgId} and l.year = ${year} and l.month = ${month}
        and l.is_deleted = 0 and l.voucher_status = ${POSTED}
      group by l.subject_code),
    prev as (
      select subject_code, closing_debit - closing_credit as net from erp_subject_balance
      where tenant_id = ${tenantId} and org_id = ${orgId} and year = ${before.year} and month = ${before.month}
        and is_deleted = 0),
    cur as (
      select id, subject_code, subject_name, opening_debit, opening_credit, period_debit, period_credit
      from erp_subject_balance
      where tenant_id = ${tenantId} and org_id = ${orgId} and year = ${year} and month = ${month} and is_deleted = 0),
    codes as (
      select subject_code from posted
      union select subject_code from prev where net <> 0
      union select subject_code from cur)
    select c.subject_code, s.subject_name, s.is_leaf,
      coalesce(p.net, cur.opening_debit - cur.opening_credit, 0) as opening_net,
      coalesce(posted.debit, 0) as period_debit, coalesce(posted.credit, 0) as period_credit,
      cur.id as stored_id, cur.subject_name as stored_name,
      cur.opening_debit as stored_opening_debit, cur.opening_credit as stored_opening_credit,
      cur.period_debit as stored_period_debit, cur.period_credit as stored_period_credit
    from codes c
    left join erp_subject s on s.tenant_id = ${tenantId} and s.subject_code = c.subject_code and s.is_deleted = 0
    left join prev p on p.subject_code = c.subject_code
    left join cur on cur.subject_code = c.subject_code
    left join posted on posted.subject_code = c.subject_code
    order by c.subject_code`.execute(db);
  return rows;
}

const booksFigures = (row: BooksRow) =>
  figures(amount(row.opening_net), amount(row.period_debit), amount(row.period_credit));

const storedFigures = (row: BooksRow): BalanceFigures | null =>
  row.stored_id === null
    ? null
    : figures(
        round(amount(row.stored_opening_debit) - amount(row.stored_opening_credit)),
        amount(row.stored_period_debit),
        amount(row.stored_period_credit),
      );

const FIGURES = [
  'openingDebit',
  'openingCredit',
  'periodDebit',
  'periodCredit',
  'closingDebit',
  'closingCredit',
] as const;

/**
 * 账表核对: per account of the period, the stored balance, the balance the posted ledger lines give and their
 * difference (stored − books), so that imported or typed balances are compared with the books before anything is
 * overwritten. An account without a stored row differs when the books move it.
 */
export async function checkAgainstBooks(db: Db, user: AuthUser, period: Period): Promise<BalanceCheck[]> {
  const rows = await booksOf(db, user.tenantId, period);
  return rows.map((row) => {
    const books = booksFigures(row);
    const stored = storedFigures(row);
    const difference = Object.fromEntries(
      FIGURES.map((name) => [name, round((stored?.[name] ?? 0) - books[name])]),
    ) as unknown as BalanceFigures;
    return {
      subjectCode: row.subject_code,
      subjectName: row.subject_name ?? row.stored_name ?? '',
      stored,
      books,
      difference,
      differs: FIGURES.some((name) => difference[name] !== 0),
    };
  });
}

/**
 * 生成余额 of one company and period from the posted ledger lines. Rows the books give and no stored row has are added;
 * a stored row (imported from 用友/金蝶, typed, or generated before) is overwritten only when the user confirmed its
 * account (`overwrite`, after reading 账表核对): a generation never silently replaces figures finance entered. Periods go
 * in order: a month whose previous month has no balances while the year has earlier balances or earlier posted lines
 * is refused (its openings would miss them); a company's first period takes its stored openings. The year to date of
 * this month and every later one follows. A fixed number of statements whatever the number of lines: the month's
 * lines summed by account in one query, the new rows in one insert, the confirmed ones in one update, the year to
 * date in one update.
 */
export async function generateBalances(
  db: Db,
  user: Writer,
  period: Period,
  overwrite: readonly string[],
): Promise<BalanceGenerated> {
  return db.transaction().execute(async (trx) => {
    await refuseOutOfOrder(trx, user.tenantId, period);
    const rows = await booksOf(trx, user.tenantId, period);
    const now = formatDateTime();
    const confirmed = new Set(overwrite);
    const inserts: object[] = [];
    const updates: object[] = [];
    let kept = 0;
    for (const row of rows) {
      const books = booksFigures(row);
      const columns = {
        opening_debit: books.openingDebit,
        opening_credit: books.openingCredit,
        period_debit: books.periodDebit,
        period_credit: books.periodCredit,
        closing_debit: books.closingDebit,
        closing_credit: books.closingCredit,
      };
      if (row.stored_id === null) {
        // An account that is no longer a leaf (a child added since its lines were posted) takes no balance row.
        if (Number(row.is_leaf) !== 1) continue;
        inserts.push({
          id: nextId(),
          tenant_id: user.tenantId,
          org_id: period.orgId,
          year: period.year,
          month: period.month,
          subject_code: row.subject_code,
          subject_name: row.subject_name ?? '',
          ...columns,
          ytd_debit: 0,
          ytd_credit: 0,
          create_user: user.userId,
          create_dept: user.deptIds[0] || null,
          create_time: now,
          update_user: user.userId,
          update_time: now,
          status: 1,
          is_deleted: 0,
        });
        continue;
      }
      const stored = storedFigures(row)!;
      if (FIGURES.every((name) => stored[name] === books[name])) continue;
      if (confirmed.has(row.subject_code)) updates.push({ id: String(row.stored_id), ...columns });
      else kept++;
    }
    await insertRows(trx, 'erp_subject_balance', inserts);
    await updateFigures(trx, user, now, updates);
    await recomputeYearToDate(trx, user.tenantId, period);
    return { inserted: inserts.length, updated: updates.length, kept };
  });
}

/**
 * Stored rows given new figures (`{ id, opening_debit, …, closing_credit }` each), one statement: 生成余额's confirmed
 * overwrites and an import that covers its period.
 */
export async function updateFigures(db: Db, user: Writer, now: string, rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  await sql`update erp_subject_balance b set opening_debit = x.opening_debit, opening_credit = x.opening_credit,
      period_debit = x.period_debit, period_credit = x.period_credit, closing_debit = x.closing_debit,
      closing_credit = x.closing_credit, update_user = ${user.userId}, update_time = ${now}
    from json_populate_recordset(null::erp_subject_balance, ${JSON.stringify(rows)}::json) x
    where b.id = x.id and b.tenant_id = ${user.tenantId}`.execute(db);
}

/** Refuses a month generated before the month it follows (see `generateBalances`). */
async function refuseOutOfOrder(db: Db, tenantId: string, { orgId, year, month }: Period): Promise<void> {
  if (month === 1) return;
  const { rows } = await sql<{ previous: boolean; earlier: boolean }>`
    select
      exists (select 1 from erp_subject_balance where tenant_id = ${tenantId} and org_id = ${orgId} and year = ${year}
        and month = ${month - 1} and is_deleted = 0) as previous,
      exists (select 1 from erp_subject_balance where tenant_id = ${tenantId} and org_id = ${orgId} and year = ${year}
        and month < ${month - 1} and is_deleted = 0)
      or exists (select 1 from erp_ledger where tenant_id = ${tenantId} and org_id = ${orgId} and year = ${year}
        and month < ${month} and is_deleted = 0 and voucher_status = ${POSTED}) as earlier`.execute(db);
  const [found] = rows;
  if (!found.previous && found.earlier) throw failWith(PREVIOUS_PERIOD_FIRST);
}

/**
 * The year to date of a company's rows from `month` on, each Σ of the account's months 1..its month: one update over
 * the year's rows (a window per account), writing only rows whose figures change. With `subjectCode`, that account's.
 */
export async function recomputeYearToDate(
  db: Db,
  tenantId: string,
  { orgId, year, month }: Period,
  subjectCode?: string,
): Promise<void> {
  const account = subjectCode === undefined ? sql`` : sql`and subject_code = ${subjectCode}`;
  await sql`update erp_subject_balance b set ytd_debit = s.ytd_debit, ytd_credit = s.ytd_credit
    from (select id, month,
        sum(period_debit) over (partition by subject_code order by month) as ytd_debit,
        sum(period_credit) over (partition by subject_code order by month) as ytd_credit
      from erp_subject_balance
      where tenant_id = ${tenantId} and org_id = ${orgId} and year = ${year} and is_deleted = 0 ${account}) s
    where b.id = s.id and s.month >= ${month} and (b.ytd_debit <> s.ytd_debit or b.ytd_credit <> s.ytd_credit)`.execute(
    db,
  );
}

/**
 * What the form proposes as an account's opening: the stored closing of the period before (December of the year
 * before for January), if that row exists.
 */
export async function proposeOpening(
  db: Db,
  user: AuthUser,
  period: Period,
  subjectCode: string,
): Promise<OpeningProposal> {
  const before = previousPeriod(period);
  const row = await db
    .selectFrom('erp_subject_balance')
    .select(['closing_debit', 'closing_credit'])
    .where('tenant_id', '=', user.tenantId)
    .where('org_id', '=', period.orgId)
    .where('year', '=', before.year)
    .where('month', '=', before.month)
    .where('subject_code', '=', subjectCode)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row
    ? { found: true, openingDebit: amount(row.closing_debit), openingCredit: amount(row.closing_credit) }
    : { found: false, openingDebit: 0, openingCredit: 0 };
}

interface LeafRow {
  subject_code: string;
  subject_name: string;
  opening_debit: string | number;
  opening_credit: string | number;
  period_debit: string | number;
  period_credit: string | number;
  ytd_debit: string | number;
  ytd_credit: string | number;
  closing_debit: string | number;
  closing_credit: string | number;
}

/**
 * The trial balance of a period by level-1 account (总账科目), each the sum of its leaf rows, with the leaves as its
 * children. Movements add up; an opening or closing balance is the net of the leaves' balances, shown on its side (a
 * receivable with some customers in credit is one balance), as 用友/金蝶 show a parent account. Worked out on read: the
 * entity keeps leaves only.
 */
export async function summaryByAccount(db: Db, user: AuthUser, period: Period): Promise<BalanceSummaryRow[]> {
  const { rows } = await sql<LeafRow & { parent_name: string | null }>`
    select b.subject_code, b.subject_name, b.opening_debit, b.opening_credit, b.period_debit, b.period_credit,
      b.ytd_debit, b.ytd_credit, b.closing_debit, b.closing_credit, p.subject_name as parent_name
    from erp_subject_balance b
    left join erp_subject p on p.tenant_id = b.tenant_id and p.subject_code = left(b.subject_code, 4)
      and p.is_deleted = 0
    where b.tenant_id = ${user.tenantId} and b.org_id = ${period.orgId} and b.year = ${period.year}
      and b.month = ${period.month} and b.is_deleted = 0
    order by b.subject_code`.execute(db);
  const groups = new Map<string, BalanceSummaryRow>();
  for (const row of rows) {
    const code = row.subject_code.slice(0, 4);
    const leaf = rowFigures(row.subject_code, row.subject_name, row);
    let group = groups.get(code);
    if (!group) {
      group = { ...rowFigures(code, row.parent_name ?? row.subject_name, undefined), children: [] };
      groups.set(code, group);
    }
    group.children!.push(leaf);
  }
  for (const group of groups.values()) {
    const children = group.children!;
    const total = (name: keyof LeafFigures) => round(children.reduce((sum, child) => sum + child[name], 0));
    const opening = sides(round(total('openingDebit') - total('openingCredit')));
    const closing = sides(round(total('closingDebit') - total('closingCredit')));
    Object.assign(group, {
      openingDebit: opening.debit,
      openingCredit: opening.credit,
      periodDebit: total('periodDebit'),
      periodCredit: total('periodCredit'),
      ytdDebit: total('ytdDebit'),
      ytdCredit: total('ytdCredit'),
      closingDebit: closing.debit,
      closingCredit: closing.credit,
    });
    // A level-1 account kept as its own leaf is one row, not a parent of itself.
    if (children.length === 1 && children[0].subjectCode === group.subjectCode) delete group.children;
  }
  return [...groups.values()];
}

type LeafFigures = Omit<BalanceSummaryRow, 'subjectCode' | 'subjectName' | 'children'>;

function rowFigures(subjectCode: string, subjectName: string, row: LeafRow | undefined): BalanceSummaryRow {
  return {
    subjectCode,
    subjectName,
    openingDebit: amount(row?.opening_debit),
    openingCredit: amount(row?.opening_credit),
    periodDebit: amount(row?.period_debit),
    periodCredit: amount(row?.period_credit),
    ytdDebit: amount(row?.ytd_debit),
    ytdCredit: amount(row?.ytd_credit),
    closingDebit: amount(row?.closing_debit),
    closingCredit: amount(row?.closing_credit),
  };
}
