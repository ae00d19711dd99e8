import { CompiledQuery, sql } from 'kysely';
import {
  REPORT_ROW_CAP,
  type ReportColumn,
  type ReportDefinition,
  type ReportResult,
} from '../../../shared/entities/report/report.ts';
import type { Db } from '../../db/connect.ts';
import { ApiError, failWith } from '../../platform/errors.ts';
import { compileQuery, REPORT_MESSAGES } from './report-definition.ts';

/** The database role of migration 0064: SELECT on the report views, nothing else. */
const REPORT_ROLE = 'tenon_report';
const TIMEOUT_MS = 5000;
/**
 * The planner's cost above which a query is refused before it runs: PGlite has no statement timeout (no timers in
 * its single process), so an estimate is what stops a cross join of the ledger there; PostgreSQL has both.
 */
const COST_CAP = 50_000_000;

/** Whose rows a run sees: its tenant's, narrowed to its creators or departments unless `all`. */
export interface RunScope {
  tenantId: string;
  all: boolean;
  userId?: string;
  deptIds: readonly string[];
}

type Row = Record<string, string | number | null>;

/**
 * Runs a report on one connection: the run's tenant and scope written for the views, then the query in a read-only
 * transaction as the report role, with a statement timeout, a cost cap and a row cap. Whatever PostgreSQL refuses
 * comes back as a 400 in the caller's words; the transaction is rolled back and the connection keeps its identity.
 */
export async function runReport(
  db: Db,
  scope: RunScope,
  definition: ReportDefinition,
  input: Readonly<Record<string, unknown>>,
): Promise<ReportResult> {
  const query = compileQuery(definition.sql, definition.params, input);
  const rows = await db.connection().execute(async (connection) => {
    await sql`insert into tenon_report_run (pid, run_tenant, scope_all, scope_user, scope_depts)
      values (pg_backend_pid(), ${scope.tenantId}, ${scope.all}, ${scope.userId ?? null}, ${scope.deptIds.join(',')})
      on conflict (pid) do update set run_tenant = excluded.run_tenant, scope_all = excluded.scope_all,
        scope_user = excluded.scope_user, scope_depts = excluded.scope_depts`.execute(connection);
    try {
      return await connection.transaction().execute(async (trx) => {
        await sql.raw('set transaction read only').execute(trx);
        await sql.raw(`set local statement_timeout = ${TIMEOUT_MS}`).execute(trx);
        await sql.raw(`set local role ${REPORT_ROLE}`).execute(trx);
        const plan = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) ${query.sql}`, query.values),
        );
        if (planCost(plan.rows[0]?.['QUERY PLAN']) > COST_CAP) throw failWith(REPORT_MESSAGES.tooCostly);
        const result = await trx.executeQuery<Row>(
          CompiledQuery.raw(`select * from (${query.sql}) q limit ${REPORT_ROW_CAP + 1}`, query.values),
        );
        return result.rows;
      });
    } catch (error) {
      throw refusal(error);
    }
  });
  const truncated = rows.length > REPORT_ROW_CAP;
  const kept = truncated ? rows.slice(0, REPORT_ROW_CAP) : rows;
  return { ...summarise(definition, kept), truncated };
}

function planCost(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Total Cost'?: number } }) : undefined;
  return top?.Plan?.['Total Cost'] ?? 0;
}

/** PostgreSQL's refusal as the report's 400 (SQLSTATE classes); anything else stays a server error. */
function refusal(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return error;
  if (code === '42501' || code === '42P01' || code === '42883') return failWith(REPORT_MESSAGES.forbidden);
  if (code === '25006') return failWith(REPORT_MESSAGES.readOnly);
  if (code === '57014') return failWith(REPORT_MESSAGES.timeout);
  if (code === '42601' && /multiple commands/i.test(String(message))) return failWith(REPORT_MESSAGES.notSelect);
  if (/^(22|42|21|0A)/.test(code)) return failWith(REPORT_MESSAGES.sqlError, { name: String(message) });
  return error;
}

function summarise(definition: ReportDefinition, raw: Row[]): Omit<ReportResult, 'truncated'> {
  const rows = raw.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, wireValue(value)])));
  const labels = new Map(definition.columns.map((c) => [c.field, c.label]));
  const fields = rows.length ? Object.keys(rows[0]!) : definition.columns.map((c) => c.field);
  const columns: ReportColumn[] = fields.map((field) => ({ field, label: labels.get(field) || field }));
  const sums = definition.sums.filter((field) => fields.includes(field));
  const add = (into: Record<string, number>, row: Row) => {
    for (const field of sums) into[field] = round((into[field] ?? 0) + (Number(row[field]) || 0));
  };
  const total = { count: rows.length, sums: {} as Record<string, number> };
  const groups = new Map<string, { group: string; count: number; sums: Record<string, number> }>();
  const by = definition.groupBy && fields.includes(definition.groupBy) ? definition.groupBy : undefined;
  for (const row of rows) {
    add(total.sums, row);
    if (!by) continue;
    const key = String(row[by] ?? '');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { group: key, count: 0, sums: {} }));
    group.count += 1;
    add(group.sums, row);
  }
  return { columns, rows, subtotals: [...groups.values()], total };
}

const round = (n: number) => Math.round(n * 100) / 100;

function wireValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
