/**
 * bench/trial-balance: 生成余额 of a company-year from 1,000,000 posted ledger lines on PostgreSQL (issue 35), target
 * < 5 s for the twelve months, and one month's 账表核对 beside it.
 *
 *   node_modules/.bin/tsx bench/trial-balance.ts      # BENCH_PG_URL overrides postgres://postgres@127.0.0.1:5432/
 *   BENCH_KEEP_DB=1 ...   keep database tenon_bench_balance afterwards; a later run with it set reuses the lines
 *
 * The lines (company 1010, year 2030, spread evenly over the months and 40 leaf accounts, each a debit or a credit)
 * are inserted with generate_series, with 100,000 unposted lines and 200,000 posted lines of company 1020 beside
 * them, then VACUUM ANALYZE. The generation runs the module's own service (subject-balance.service.ts), month after
 * month as the periods' order asks, on a connection as the server opens it. Exit code 1 when the target is missed.
 */
import { sql } from 'kysely';
import { tmpdir } from 'node:os';
import { adminQuery, adminUrl, log, migrateAndSeed, onCleanup, runBench } from './support.ts';
import { openDatabase } from '../src/server/db/connect.ts';
import { seedFinanceDemo } from '../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../src/server/modules/system/install.ts';
import { checkAgainstBooks, generateBalances } from '../src/server/modules/finance/subject-balance.service.ts';
import type { AuthUser } from '../src/server/platform/auth-context.ts';
import type { Db } from '../src/server/db/connect.ts';

const DATABASE = 'tenon_bench_balance';
/** The year the lines are booked in. */
export const BALANCE_YEAR = 2030;
const YEAR = BALANCE_YEAR;
const LINES = 1_000_000;
export const BALANCE_TARGET_MS = 5000;
const TARGET_MS = BALANCE_TARGET_MS;
const keep = process.env.BENCH_KEEP_DB === '1';

export interface Results {
  months: number[];
  totalMs: number;
  checkMs: number;
  rows: number;
}

/** The posted lines' rows: 1,000,000 of company 1010 in YEAR, unposted and another company's beside them. */
export interface BalanceLines {
  posted: number;
  unposted: number;
  otherCompany: number;
}

export const BALANCE_LINES: BalanceLines = { posted: LINES, unposted: 100_000, otherCompany: 200_000 };
/** The ids the lines take: 9000000000000000 + 1.. (bench/finance adds its own after them). */
export const BALANCE_ID_BASE = 9000000000000000n;

/**
 * Inserts the lines the generation reads (company 1010, YEAR, spread evenly over the months and the first 40 leaf
 * accounts, each a debit or a credit), the demo's companies and accounts being there.
 */
export async function insertBalanceLines(db: Db, counts: BalanceLines = BALANCE_LINES): Promise<void> {
  const lines = (org: string, from: number, count: number, status: string) => sql`
    insert into erp_ledger (id, tenant_id, org_id, voucher_date, year, month, voucher_word, voucher_no, entry_no,
      summary, subject_code, debit_amount, credit_amount, voucher_status, is_deleted)
    select ${String(BALANCE_ID_BASE)}::bigint + g, '000000', ${org}, make_date(${YEAR}::int, 1 + g % 12, 15),
      ${YEAR}::int, 1 + g % 12, '记', g, 1, 'bench', c.codes[1 + (g / 12) % array_length(c.codes, 1)],
      case when g % 2 = 0 then (g % 997) + 0.25 else 0 end, case when g % 2 = 1 then (g % 997) + 0.25 else 0 end,
      ${status}, 0
    from generate_series(${from}::int, ${from + count - 1}::int) g,
      (select array_agg(subject_code order by subject_code) as codes from (select subject_code from erp_subject
        where tenant_id = '000000' and is_leaf = 1 and is_deleted = 0 order by subject_code limit 40) s) c`;
  await lines('1010', 1, counts.posted, '2').execute(db);
  await lines('1010', counts.posted + 1, counts.unposted, '1').execute(db);
  await lines('1020', counts.posted + counts.unposted + 1, counts.otherCompany, '2').execute(db);
}

/**
 * 生成余额 of company 1010's YEAR, month after month, on `db` (the lines inserted), then 账表核对 of December; fails
 * when a generated month differs from its books.
 */
export async function generateYear(db: Db): Promise<Results> {
  await sql`delete from erp_subject_balance where org_id = '1010' and year = ${YEAR}`.execute(db);
  const writer = { tenantId: '000000', userId: SEED.userAdmin, deptIds: [SEED.deptRoot] };
  const months: number[] = [];
  const started = performance.now();
  for (let month = 1; month <= 12; month++) {
    const at = performance.now();
    await generateBalances(db, writer, { orgId: '1010', year: YEAR, month }, []);
    months.push(performance.now() - at);
  }
  const totalMs = performance.now() - started;
  const at = performance.now();
  const checked = await checkAgainstBooks(db, { tenantId: '000000' } as AuthUser, {
    orgId: '1010',
    year: YEAR,
    month: 12,
  });
  const checkMs = performance.now() - at;
  const { rows } = await sql<{ n: string }>`select count(*) as n from erp_subject_balance where org_id = '1010'
    and year = ${YEAR} and is_deleted = 0`.execute(db);
  if (checked.some((row) => row.differs)) throw new Error('a generated month differs from its books');
  return { months, totalMs, checkMs, rows: Number(rows[0].n) };
}

async function measure(): Promise<Results> {
  const url = adminUrl(DATABASE);
  let fresh = true;
  try {
    await adminQuery(`create database ${DATABASE}`);
  } catch (error) {
    if (!keep) throw error;
    fresh = false;
  }
  if (!keep) onCleanup('drop bench database', () => adminQuery(`drop database if exists ${DATABASE} with (force)`));
  if (fresh) await migrateAndSeed(url);
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  onCleanup('close database', () => database.close());
  const { db } = database;
  if (fresh) {
    await seedDemoCompanies(db);
    await seedFinanceDemo(db);
    log(`inserting ${LINES.toLocaleString()} posted lines …`);
    const started = performance.now();
    await insertBalanceLines(db);
    await sql`vacuum analyze erp_ledger`.execute(db);
    log(`inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return generateYear(db);
}

export function report({ months, totalMs, checkMs, rows }: Results, lines = LINES): boolean {
  console.log(`\n生成余额, company 1010, ${YEAR}, ${lines.toLocaleString()} posted lines (PostgreSQL)`);
  console.log(`  months (ms): ${months.map((ms) => ms.toFixed(0)).join(' ')}`);
  console.log(
    `  twelve months: ${totalMs.toFixed(0)} ms, ${rows} balance rows; 账表核对 of December: ${checkMs.toFixed(0)} ms`,
  );
  const ok = totalMs < TARGET_MS;
  console.log(`target: company-year < ${TARGET_MS} ms: ${ok ? 'PASS' : 'FAIL'}`);
  return ok;
}

// Run as a bench, not when bench/finance imports the phases.
if (process.argv[1]?.endsWith('trial-balance.ts'))
  await runBench('trial-balance', measure, (results) => report(results));
