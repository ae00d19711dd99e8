import { randomInt } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { tenant } from '../../../shared/entities/system/tenant.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db } from '../../db/connect.ts';
import type { BladeTenant } from '../../db/schema.ts';
import { asSystem, onDatabase } from '../../db/tenant-context.ts';
import { PLACEMENT_MESSAGES, placeableSource, type TenantPlacing } from './tenant-placement.ts';
import { ROLE_POWER, SUPER_TENANT, auditColumns, splitList, type AuthUser } from '../../platform/auth-context.ts';
import { fieldsOf, parseFieldValue } from '../../platform/entity/fields.ts';
import type { Row } from '../../platform/entity/rules.ts';
import { ApiError, failWith } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { hashPlainPassword } from '../auth/password.ts';
import { addApproverRoles } from '../../platform/workflow/index.ts';

/** Scheme, host and port of a URL or bare host name, lower-cased; paths and queries are ignored. */
export function originOf(text: string): { origin: string; host: string } | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return { origin: url.origin.toLowerCase(), host: url.host.toLowerCase() };
  } catch {
    return undefined;
  }
}

export const TENANT_MESSAGES = {
  removeSuper: { zh: '不可删除管理组租户!', en: 'The platform tenant 000000 cannot be removed!' },
  packageMissing: { zh: '产品包不存在', en: 'The package does not exist' },
  noCode: { zh: '租户编号已用尽', en: 'No free tenant code is left' },
} satisfies Record<string, LocalText>;

/**
 * Menus a new tenant's administrator gets when the tenant has no package: the desk, the approval inbox, the
 * business modules and the tenant's own administration (roles, users, depts, posts, business dictionary, top
 * menus, work calendar), its files, SMS and reports, and its own 通用日志/接口日志 (the lists show only the tenant's
 * rows), each with its screens and buttons and the parent menus above them. Platform-wide screens (menus, system
 * dictionary, params, tenants, packages, clients, scopes, the error log, API docs, service governance, dev tools)
 * stay with the platform tenant.
 */
export const DEFAULT_TENANT_MENU_ROOTS = [
  'desk',
  'work',
  'masterdata',
  'production',
  'warehouse',
  'finance',
  'budget',
  'role',
  'user',
  'dept',
  'post',
  'dictbiz',
  'topmenu',
  'workcalendar',
  'resource',
  'report',
  'log_usual',
  'log_api',
  'online_user',
] as const;

const TENANT_CODE_LOCK = 7_140_203_010;
const ADMIN_ROLE = { name: '管理员', alias: 'admin' };
const ADMIN_POST = { code: 'ceo', name: '首席执行官', category: 1 };
const ADMIN_USER = { account: 'admin', password: 'admin', name: 'admin' };

const field = (name: string) => fieldsOf(tenant).get(name)!;

/** Submitted tenant fields -> column values with the definition's messages (server-owned fields ignored). */
function insertValues(input: Record<string, unknown>): Row {
  const values: Row = {};
  for (const f of fieldsOf(tenant).values()) {
    if (f.readonly) continue;
    const raw = input[f.name];
    const value = raw === undefined && f.default !== undefined ? f.default : parseFieldValue(f, raw);
    if (value !== undefined) values[f.column] = value;
  }
  return values;
}

/** A 6-digit code no tenant row (live or removed) has ever used. */
async function newTenantCode(trx: Db): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = String(randomInt(100_000, 1_000_000));
    const taken = await trx.selectFrom('blade_tenant').select('id').where('tenant_id', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw failWith(TENANT_MESSAGES.noCode);
}

/** The live menus of a package, or the default set with its subtrees and ancestors. */
async function adminMenuIds(trx: Db, packageId: string | null | undefined): Promise<string[]> {
  const menus = await trx
    .selectFrom('blade_menu')
    .select(['id', 'parent_id', 'code'])
    .where('is_deleted', '=', 0)
    .execute();
  if (packageId) {
    const pkg = await trx
      .selectFrom('blade_tenant_package')
      .select('menu_id')
      .where('id', '=', packageId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!pkg) throw failWith(TENANT_MESSAGES.packageMissing);
    const listed = new Set(splitList(pkg.menu_id));
    return menus.map((m) => String(m.id)).filter((id) => listed.has(id));
  }
  const parentOf = new Map(menus.map((m) => [String(m.id), String(m.parent_id)]));
  const roots = new Set<string>(DEFAULT_TENANT_MENU_ROOTS);
  const chosen = new Set<string>();
  const rootIds = menus.filter((m) => roots.has(m.code)).map((m) => String(m.id));
  for (const m of menus) {
    // A menu is in when it or one of its ancestors is a default root; the roots' ancestors are added below.
    for (
      let id: string | undefined = String(m.id), depth = 0;
      id && id !== '0' && depth < 20;
      id = parentOf.get(id), depth++
    ) {
      if (rootIds.includes(id)) {
        chosen.add(String(m.id));
        break;
      }
    }
  }
  for (const id of rootIds) {
    for (let up = parentOf.get(id); up && up !== '0' && !chosen.has(up); up = parentOf.get(up)) chosen.add(up);
  }
  return [...chosen];
}

/** Tenants (contract system.md §10): info by domain, provisioning, removal, licence settings, packages. */
export class TenantService {
  /**
   * `setUpTenant`: the modules' rows of a new tenant (Services.setUpTenant); `userMenuCodes`: the work desk its
   * approver roles get (Services.userMenuCodes).
   */
  constructor(
    private readonly db: Db,
    private readonly setUpTenant: (trx: Db, tenantId: string) => Promise<void>,
    private readonly userMenuCodes: readonly string[],
    /** Tenants placed on data sources; none: every tenant on the one database (a bench's own tenants). */
    private readonly placing?: TenantPlacing,
  ) {}

  /**
   * The tenant whose configured domain is the console's origin (`tenant/info?domain=`), so the login form can hide
   * the tenant field. A configured domain without a scheme matches any scheme on that host and port.
   */
  async infoByDomain(domain: string) {
    const wanted = originOf(domain);
    if (!wanted) return {};
    // Public, before anyone is known: every tenant's domain is read as system work (db/tenant-context.ts).
    const tenants = await asSystem(() =>
      this.db
        .selectFrom('blade_tenant')
        .select(['tenant_id', 'tenant_name', 'domain', 'background_url'])
        .where('domain', '<>', '')
        .where('is_deleted', '=', 0)
        .where('status', '=', 1)
        .execute(),
    );
    const match = tenants.find((t) => {
      const configured = originOf(t.domain);
      if (!configured) return false;
      return /:\/\//.test(t.domain) ? configured.origin === wanted.origin : configured.host === wanted.host;
    });
    return match
      ? {
          tenantId: match.tenant_id,
          tenantName: match.tenant_name,
          domain: match.domain,
          backgroundUrl: match.background_url,
        }
      : {};
  }

  /**
   * Creates a tenant with a new code and, in the same transaction, its role 管理员 (admin) granted the package's
   * menus (or the default set), a root dept named after it, a post ceo and the user admin/admin holding all three,
   * the approver roles of the seeded processes (人事, 财务, 总经理) with the work desk of those menus, its work
   * calendar and the modules' business dictionaries. A tenant with a data source has its rows there (the tenant row
   * first, removed again if they fail).
   */
  async create(user: AuthUser, input: Record<string, unknown>): Promise<Row> {
    const values = insertValues(input);
    const password = await hashPlainPassword(ADMIN_USER.password);
    const sourceId = values.datasource_id == null ? undefined : String(values.datasource_id);
    // A tenant placed on a data source: its row on the main database, its rows on the source (tenant-placement.ts).
    if (sourceId !== undefined) {
      if (!this.placing) throw failWith(PLACEMENT_MESSAGES.needsPostgres);
      const placing = this.placing;
      const source = await placing.ready(sourceId);
      const row = await this.db.transaction().execute((trx) => this.insertTenantRow(trx, user, values));
      try {
        await placing.placed(source, String(row.id));
        await onDatabase(sourceId, () =>
          this.db.transaction().execute((trx) => this.provision(trx, user, String(row.tenant_id), values, password)),
        );
      } catch (error) {
        // Nothing of it is left: the tenant row goes, and the placement with it.
        await this.db.deleteFrom('blade_tenant').where('id', '=', String(row.id)).execute();
        await placing.changed();
        throw error;
      }
      return row;
    }
    return this.db.transaction().execute(async (trx) => {
      const row = await this.insertTenantRow(trx, user, values);
      await this.provision(trx, user, String(row.tenant_id), values, password);
      return row;
    });
  }

  /** The tenant's row with a new code (on the main database, which hands out the codes). */
  private async insertTenantRow(trx: Db, user: AuthUser, values: Row): Promise<Row> {
    await sql`select pg_advisory_xact_lock(${TENANT_CODE_LOCK})`.execute(trx);
    const code = await newTenantCode(trx);
    const id = nextId();
    // `values`: the tenant definition's fields, parsed by its rules (the definition is held to the table by a test).
    const audit = auditColumns(user, formatDateTime());
    await trx
      .insertInto('blade_tenant')
      .values({ status: 1, ...values, ...audit, id, tenant_id: code, is_deleted: 0 } as Insertable<BladeTenant>)
      .execute();
    return trx.selectFrom('blade_tenant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** The tenant's first rows, on its database: admin role, root dept, post, admin user, grants, approver roles. */
  private async provision(trx: Db, user: AuthUser, code: string, values: Row, password: string): Promise<void> {
    const audit = auditColumns(user, formatDateTime());
    const menuIds = await adminMenuIds(trx, values.package_id as string | null);
    const [roleId, deptId, postId, userId] = [nextId(), nextId(), nextId(), nextId()];
    const name = String(values.tenant_name);
    await trx
      .insertInto('blade_role')
      .values({
        id: roleId,
        tenant_id: code,
        parent_id: '0',
        role_name: ADMIN_ROLE.name,
        role_alias: ADMIN_ROLE.alias,
        role_power: ROLE_POWER.tenantAdmin,
        sort: 1,
        is_deleted: 0,
      })
      .execute();
    await trx
      .insertInto('blade_dept')
      .values({
        id: deptId,
        tenant_id: code,
        parent_id: '0',
        ancestors: '0',
        dept_category: 1,
        dept_name: [...name].slice(0, 45).join(''),
        full_name: [...name].slice(0, 45).join(''),
        sort: 1,
        is_deleted: 0,
      })
      .execute();
    await trx
      .insertInto('blade_post')
      .values({
        id: postId,
        tenant_id: code,
        category: ADMIN_POST.category,
        post_code: ADMIN_POST.code,
        post_name: ADMIN_POST.name,
        sort: 1,
        remark: ADMIN_POST.name,
        ...audit,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    await trx
      .insertInto('blade_user')
      .values({
        id: userId,
        tenant_id: code,
        user_type: 1,
        account: ADMIN_USER.account,
        password,
        name: ADMIN_USER.name,
        real_name: ADMIN_USER.name,
        role_id: roleId,
        dept_id: deptId,
        post_id: postId,
        ...audit,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    const grants = menuIds.map((menuId) => ({ id: nextId(), role_id: roleId, menu_id: menuId }));
    for (let i = 0; i < grants.length; i += 1000)
      await trx
        .insertInto('blade_role_menu')
        .values(grants.slice(i, i + 1000))
        .execute();
    await addApproverRoles(trx, code, { userMenuCodes: this.userMenuCodes, allowedMenuIds: new Set(menuIds) });
    await this.setUpTenant(trx, code);
  }

  /** Soft-deletes the tenants (never 000000) and every user of theirs, all or none; returns their codes. */
  async remove(user: AuthUser, ids: string[]): Promise<string[]> {
    const now = formatDateTime();
    const changes = { is_deleted: 1, update_user: user.userId, update_time: now };
    const removeUsers = (db: Db, codes: string[]) =>
      db.updateTable('blade_user').set(changes).where('tenant_id', 'in', codes).where('is_deleted', '=', 0).execute();
    const removed = await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('blade_tenant')
        .select(['id', 'tenant_id', 'datasource_id'])
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .forUpdate()
        .execute();
      if (rows.some((r) => r.tenant_id === SUPER_TENANT)) throw failWith(TENANT_MESSAGES.removeSuper);
      if (rows.length !== new Set(ids).size) throw new ApiError(400, MESSAGES.dataNotFound);
      await trx.updateTable('blade_tenant').set(changes).where('id', 'in', ids).execute();
      const here = rows.filter((r) => r.datasource_id == null).map((r) => r.tenant_id);
      if (here.length) await removeUsers(trx, here);
      return rows;
    });
    // The users of a tenant placed on a data source are there (its sign-ins already fail: the tenant row is gone).
    for (const row of removed.filter((r) => r.datasource_id != null))
      await onDatabase(String(row.datasource_id), () => removeUsers(this.db, [row.tenant_id]));
    await this.placing?.changed();
    return removed.map((r) => r.tenant_id);
  }

  /** Bulk quota and expiry; a blank quota is unlimited (-1), a blank expiry never expires. */
  async setting(user: AuthUser, ids: string[], accountNumber: unknown, expireTime: unknown): Promise<void> {
    const quota = parseFieldValue(field('accountNumber'), accountNumber) ?? -1;
    const expiry = parseFieldValue(field('expireTime'), expireTime) ?? null;
    await this.updateLive(user, 'id', ids, { account_number: quota, expire_time: expiry });
  }

  /**
   * The tenant's data source (by tenant code), which holds its rows (db/placement.ts): a data source other than the
   * one it is on would leave its rows behind, so it is refused until the tenant is moved there.
   */
  async datasource(user: AuthUser, code: string, datasourceId: unknown): Promise<void> {
    const value = parseFieldValue(field('datasourceId'), datasourceId) ?? null;
    if (value !== null) await placeableSource(this.db, String(value));
    const placed = await this.db
      .selectFrom('blade_tenant')
      .select('datasource_id')
      .where('tenant_id', '=', code)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!placed) throw new ApiError(400, MESSAGES.dataNotFound);
    if (String(placed.datasource_id ?? '') !== String(value ?? '')) throw failWith(PLACEMENT_MESSAGES.hasRows);
    await this.updateLive(user, 'tenant_id', [code], { datasource_id: value });
  }

  /** Binds the tenant (by code) to a live package; a blank id unbinds it (no restriction). */
  async packageSetting(user: AuthUser, code: string, packageId: unknown): Promise<void> {
    const value = await this.livePackage(packageId);
    await this.updateLive(user, 'tenant_id', [code], { package_id: value });
  }

  /** A submitted package id: null when blank, else it must name a live package. */
  async livePackage(packageId: unknown): Promise<string | null> {
    const value = (parseFieldValue(field('packageId'), packageId) ?? null) as string | null;
    if (value) {
      const pkg = await this.db
        .selectFrom('blade_tenant_package')
        .select('id')
        .where('id', '=', value)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!pkg) throw failWith(TENANT_MESSAGES.packageMissing);
    }
    return value;
  }

  /** The package id of a tenant row, undefined when the row is unknown or has none. */
  async packageIdOf(rowId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('blade_tenant')
      .select('package_id')
      .where('id', '=', rowId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.package_id == null ? undefined : String(row.package_id);
  }

  private async updateLive(user: AuthUser, column: 'id' | 'tenant_id', keys: string[], changes: Row): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('blade_tenant')
        .select('id')
        .where(column, 'in', keys)
        .where('is_deleted', '=', 0)
        .forUpdate()
        .execute();
      if (rows.length !== new Set(keys).size) throw new ApiError(400, MESSAGES.dataNotFound);
      await trx
        .updateTable('blade_tenant')
        .set({ ...changes, update_user: user.userId, update_time: formatDateTime() })
        .where(column, 'in', keys)
        .where('is_deleted', '=', 0)
        .execute();
    });
  }
}
