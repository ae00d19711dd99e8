import { sql } from 'kysely';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { nextId } from '../../platform/ids.ts';

/** The contract's row of a report file (content omitted from lists). */
export interface ReportFileRow {
  id: string;
  name: string;
  createTime: string;
  updateTime: string;
}

const live = (db: Db, user: AuthUser) =>
  db.selectFrom('blade_report_file').where('tenant_id', '=', user.tenantId).where('is_deleted', '=', 0);

const wire = (row: { id: unknown; name: string; create_time: string | null; update_time: string | null }) => ({
  id: String(row.id),
  name: row.name,
  createTime: row.create_time ?? '',
  updateTime: row.update_time ?? '',
});

export async function reportPage(db: Db, user: AuthUser, current: number, size: number, name?: string) {
  const filtered = name ? live(db, user).where('name', 'like', `%${name.replace(/[\\%_]/g, '\\$&')}%`) : live(db, user);
  const [{ total }] = await filtered.select(sql<string>`count(*)`.as('total')).execute();
  const rows = await filtered
    .select(['id', 'name', 'create_time', 'update_time'])
    .orderBy('id', 'desc')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const count = Number(total);
  return { records: rows.map(wire), total: count, size, current, pages: Math.ceil(count / size) };
}

export async function reportDetail(db: Db, user: AuthUser, id: string) {
  const row = await live(db, user)
    .select(['id', 'name', 'content', 'create_time', 'update_time'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...wire(row), content: row.content };
}

export async function nameTaken(db: Db, user: AuthUser, name: string, id?: string) {
  const other = await live(db, user)
    .select('id')
    .where('name', '=', name)
    .$if(id !== undefined, (q) => q.where('id', '<>', id!))
    .executeTakeFirst();
  return other !== undefined;
}

/** Adds the report (no id) or replaces its name and definition; undefined when the id names no live report. */
export async function saveReport(db: Db, user: AuthUser, input: { id?: string; name: string; content: string }) {
  const now = formatDateTime();
  if (input.id) {
    const updated = await db
      .updateTable('blade_report_file')
      .set({ name: input.name, content: input.content, update_user: user.userId, update_time: now })
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .where('id', '=', input.id)
      .executeTakeFirst();
    return updated.numUpdatedRows ? input.id : undefined;
  }
  const id = nextId();
  await db
    .insertInto('blade_report_file')
    .values({
      id,
      tenant_id: user.tenantId,
      name: input.name,
      content: input.content,
      create_user: user.userId,
      create_dept: user.deptIds[0] ?? null,
      create_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .execute();
  return id;
}

export async function removeReports(db: Db, user: AuthUser, ids: readonly string[]) {
  await db
    .updateTable('blade_report_file')
    .set({ is_deleted: 1, update_user: user.userId, update_time: formatDateTime() })
    .where('tenant_id', '=', user.tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** The views the report role may read, with their columns: the designer's reference and nothing else. */
export async function reportViews(db: Db) {
  const rows = await sql<{ view: string; column: string; type: string }>`
    select c.relname as view, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind = 'v' and has_table_privilege('tenon_report', c.oid, 'select')
    order by c.relname, a.attnum`.execute(db);
  const views = new Map<string, Array<{ name: string; type: string }>>();
  for (const row of rows.rows) {
    const columns = views.get(row.view) ?? [];
    columns.push({ name: row.column, type: row.type });
    views.set(row.view, columns);
  }
  return [...views].map(([name, columns]) => ({ name, columns }));
}

/** Department ids of `deptIds` and their descendants (the scope 本部门及以下). */
export async function deptsBelow(db: Db, tenantId: string, deptIds: readonly string[]): Promise<string[]> {
  if (!deptIds.length) return [];
  const patterns = deptIds.map((id) => `%,${id},%`);
  const rows = await db
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('id', 'in', deptIds),
        eb(sql`',' || ancestors || ','`, 'like', sql<string>`any (array[${sql.join(patterns)}])`),
      ]),
    )
    .execute();
  return rows.map((r) => String(r.id));
}
