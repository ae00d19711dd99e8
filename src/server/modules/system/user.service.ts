import { COUNT_CAP } from '../../../shared/contract/page.ts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Type } from 'typebox';
import { AWAITING_QUERY, phoneProblem, user as userEntity } from '../../../shared/entities/system/user.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db } from '../../db/connect.ts';
import { splitList, type AuthUser } from '../../platform/auth-context.ts';
import { checkDicts } from '../../platform/entity/biz-dicts.ts';
import { allRecords } from '../../platform/entity/excel.ts';
import { importWorkbook } from '../../platform/entity/excel-import.ts';
import { fieldsOf, parseFieldValue } from '../../platform/entity/fields.ts';
import type { EntityHooks, EntityService, WireRecord } from '../../platform/entity/service.ts';
import { ApiError, fail, failWith } from '../../platform/errors.ts';
import { idList, isId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { isRecord } from '../../platform/route-schemas.ts';
import { checkWirePassword, hashPlainPassword, md5Hex } from '../auth/password.ts';
import { loginFailKey } from '../../platform/accounts.ts';

export const USER_MESSAGES = {
  passwordRequired: { zh: '请输入密码', en: 'Please enter the password' },
  quota: { zh: '当前租户已到最大账号额度!', en: 'The tenant has reached its maximum number of accounts!' },
  selectUser: { zh: '请至少选择一个用户', en: 'Please select at least one user' },
  selectRole: { zh: '请至少选择一个角色', en: 'Please select at least one role' },
  removeSelf: { zh: '不能删除当前登录用户', en: 'You cannot delete the user you are signed in as' },
  confirmPassword: { zh: '请输入正确的确认密码!', en: 'The confirmation does not match the new password!' },
  oldPassword: { zh: '原密码不正确!', en: 'The current password is not correct!' },
  superRole: {
    zh: '只有超级管理员可以授予超级管理员角色',
    en: 'Only the super administrator may grant the super administrator role',
  },
  roleBeyond: { zh: '不能授予超出自身权限的角色', en: 'You cannot grant a role with more rights than your own' },
  userBeyond: { zh: '不能操作权限超出自身的用户', en: 'You cannot change a user with more rights than your own' },
  nameUnknown: { zh: '{label}不存在: {name}', en: '{label} not found: {name}' },
  nameAmbiguous: { zh: '{label}名称不唯一: {name}', en: '{label} name is not unique: {name}' },
  smsTaskPhone: {
    zh: '请先填写手机号码，再开启新待办短信提醒',
    en: 'Enter a mobile number before turning on SMS for new tasks',
  },
} satisfies Record<string, LocalText>;

/**
 * `account_number` of the tenant: -1 (or none) = unlimited. Serialised per tenant so two inserts cannot both pass.
 * Every way an account comes to be checks it inside its transaction: user/submit and import (the engine's
 * beforeWrite), a social guest's registration (auth/social.service.ts).
 */
export async function checkQuota(trx: Db, tenantId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`tenon-user-quota:${tenantId}`}))`.execute(trx);
  const tenant = await trx
    .selectFrom('blade_tenant')
    .select('account_number')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const limit =
    tenant?.account_number === null || tenant?.account_number === undefined ? -1 : Number(tenant.account_number);
  if (limit < 0) return;
  const live = await trx
    .selectFrom('blade_user')
    .select(sql<string>`count(*)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= limit) throw failWith(USER_MESSAGES.quota);
}

/** Excel file names (export, template). */

/**
 * The initial password of imported users, hashed once for the whole import as reset-password does. Only code
 * can make one: a JSON body never holds a class instance, so no client can hand in a ready hash.
 */
class HashedPassword {
  constructor(readonly hash: string) {}
}

/** update-info may change these fields of the caller's own row, nothing else. */
const PROFILE_FIELDS = ['name', 'realName', 'avatar', 'email', 'phone', 'birthday', 'sex', 'smsTask'] as const;
const STATUS_NAMES: Record<string, string> = { 1: '正常', 0: '停用' };
const DEFAULT_INIT_PASSWORD = '123456';

/**
 * What users need beyond the entity engine (contract system.md §2): password on create only, tenant quota, role
 * grants without escalation, the `deptId` filter with descendants, UserVO names, and the caller's own profile.
 */
export class UserService {
  constructor(
    private readonly services: Services,
    readonly entity: EntityService,
  ) {}

  private get db() {
    return this.services.db;
  }

  /** The user entity's behaviour in the engine (installed by the system module's manifest). */
  hooks(): EntityHooks {
    return {
      listFilter: async (user, query) => {
        const { deptId, [AWAITING_QUERY]: awaiting, ...rest } = query;
        const value = Array.isArray(deptId) ? deptId[deptId.length - 1] : deptId;
        const wheres: RawBuilder<SqlBool>[] = [];
        // The literal (not a parameter) lets the planner use the partial index of 0077 (blade_user_awaiting).
        if (['1', 'true'].includes(String(awaiting))) wheres.push(sql<SqlBool>`role_id = ''`);
        if (value !== undefined && value !== null && String(value).trim() !== '') {
          if (!isId(String(value).trim())) throw fail('paramType', { name: 'deptId' });
          wheres.push(await this.inDeptTree(user.tenantId, String(value).trim()));
        }
        if (!wheres.length) return { query: rest };
        return { query: rest, where: wheres.length === 1 ? wheres[0] : sql<SqlBool>`${wheres[0]} and ${wheres[1]}` };
      },
      listParams: {
        deptId: Type.String({
          pattern: '^\\d+$',
          description: '所属部门及其下级部门 (a department and those below it)',
        }),
        [AWAITING_QUERY]: Type.String({
          enum: ['0', '1', 'true', 'false'],
          description: '1: 待审核, accounts a social guest registered and nobody has given a role yet',
        }),
      },
      prepare: (user, input, inserting) => this.prepare(user, input, inserting),
      beforeWrite: async (trx, user, values, before) => {
        if (!before) await checkQuota(trx, user.tenantId);
      },
      beforeRemove: async (user, ids) => {
        if (ids.includes(user.userId)) throw failWith(USER_MESSAGES.removeSelf);
        await this.checkReach(
          user,
          await this.db
            .selectFrom('blade_user')
            .select('role_id')
            .where('id', 'in', ids)
            .where('tenant_id', '=', user.tenantId)
            .where('is_deleted', '=', 0)
            .execute(),
        );
      },
      decorate: (records) => this.decorate(records),
    };
  }

  /**
   * Users whose dept list holds the dept or one of its descendants (blade_dept.ancestors). Up to COUNT_CAP of them
   * are found by key first (tenon_dept_user_ids, 0044: the dept-list index, which row-level security keeps from the
   * query itself): a team of 127 among 50,000 users, 117 ms as a scan of them all. More are a large share of the
   * tenant, compared by array overlap with the dept set as a constant, which the planner weighs against the index's
   * statistics (a plant's 21,000 users: the page walks the sort's index).
   */
  private async inDeptTree(tenantId: string, deptId: string) {
    const depts = await this.db
      .selectFrom('blade_dept')
      .select(sql<string>`cast(id as text)`.as('id'))
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or([eb('id', '=', deptId), eb(sql`',' || ancestors || ','`, 'like', `%,${deptId},%`)]))
      .execute();
    const ids = depts.map((d) => d.id);
    const users = await sql<{
      id: string;
    }>`select tenon_dept_user_ids(cast(${ids} as text[]), ${COUNT_CAP + 1}) as id`.execute(this.db);
    if (users.rows.length <= COUNT_CAP) return sql<SqlBool>`id = any(cast(${users.rows.map((u) => u.id)} as bigint[]))`;
    return sql<SqlBool>`string_to_array(dept_id, ',') && cast(${ids} as text[])`;
  }

  /** The body the engine saves: the plain password hashed on insert and never written on update. */
  private async prepare(
    user: AuthUser,
    input: Record<string, unknown>,
    inserting: boolean,
  ): Promise<Record<string, unknown>> {
    const { password, ...rest } = input;
    const current =
      inserting || !isId(rest.id)
        ? undefined
        : await this.db
            .selectFrom('blade_user')
            .select('role_id')
            .where('id', '=', String(rest.id))
            .where('tenant_id', '=', user.tenantId)
            .where('is_deleted', '=', 0)
            .executeTakeFirst();
    if (current) await this.checkReach(user, [current]);
    if (typeof rest.roleId === 'string' && rest.roleId.trim() !== '') {
      const held = new Set(splitList(current?.role_id));
      const added = idList(rest.roleId, 'roleId').filter((id) => !held.has(id));
      if (added.length) await this.checkGrantable(user, added);
    }
    if (!inserting) return rest;
    if (password instanceof HashedPassword) return { ...rest, password: password.hash };
    if (typeof password !== 'string' || password.trim() === '') throw failWith(USER_MESSAGES.passwordRequired);
    return { ...rest, password: await hashPlainPassword(password) };
  }

  /**
   * Nobody hands out more than they hold: roles of the caller's tenant only, and (below the super administrator)
   * a role the caller does not hold only when it allows no more than the caller's own rights (power, menus,
   * scopes: Permissions.exceeds). Each role on its own, as the identity switch may narrow a token to any one.
   * Reads outside any transaction (PGlite has one connection).
   */
  async checkGrantable(user: AuthUser, roleIds: string[]) {
    const roles = await this.db
      .selectFrom('blade_role')
      .select('id')
      .where('id', 'in', roleIds)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .execute();
    if (roles.length !== roleIds.length) throw new ApiError(400, MESSAGES.dataNotFound);
    const excess = await this.excessOf(user, roleIds);
    if (excess === 'power') throw new ApiError(403, user.isAdmin ? USER_MESSAGES.superRole : USER_MESSAGES.roleBeyond);
    if (excess) throw new ApiError(403, USER_MESSAGES.roleBeyond);
  }

  /** Changing, resetting, unlocking or removing a user needs rights at least the user's own (his live roles). */
  private async checkReach(user: AuthUser, rows: Array<{ role_id?: unknown }>) {
    const roleIds = [...new Set(rows.flatMap((r) => splitList(r.role_id as string | undefined)))].filter(isId);
    if (await this.excessOf(user, roleIds)) throw new ApiError(403, USER_MESSAGES.userBeyond);
  }

  private async excessOf(user: AuthUser, roleIds: string[]) {
    if (user.isSuperAdmin) return undefined;
    const { permissions } = this.services;
    for (const id of roleIds.filter((r) => !user.roleIds.includes(r))) {
      const excess = await permissions.exceeds(user, await permissions.rightsOfRole(user.tenantId, id));
      if (excess) return excess;
    }
    return undefined;
  }

  /** UserVO: the role, dept and post names come joined by the engine (their `ref`s); the status name. */
  private decorate(records: WireRecord[]) {
    for (const record of records) record.statusName = STATUS_NAMES[String(record.status)] ?? '';
    return Promise.resolve();
  }

  /**
   * Users the caller may change among `ids`: all of them visible (tenant, data scope), else a 400, and none with
   * rights beyond the caller's, else a 403.
   */
  async reachableUsers(user: AuthUser, ids: string[]) {
    const visible = await this.entity.visibleRows(user);
    const rows = await visible(this.db)
      .where('id', 'in', ids)
      .select(['id', 'tenant_id', 'account', 'role_id'])
      .execute();
    if (rows.length !== ids.length) throw new ApiError(400, MESSAGES.dataNotFound);
    await this.checkReach(user, rows);
    return rows as Array<{ id: string; tenant_id: string; account: string }>;
  }

  /** The caller's own row (tenant-bound, no data scope: one's own profile is always one's own). */
  async own(user: AuthUser): Promise<WireRecord | undefined> {
    const row = await this.entity
      .selectColumns(this.db.selectFrom('blade_user'))
      .where('id', '=', user.userId)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? (await this.entity.wire([row]))[0] : undefined;
  }

  /**
   * 角色配置, and 审核 of an account awaiting approval (awaitingApproval): roles, and with `deptIds` the departments
   * too, under the same no-escalation rule.
   */
  async grant(user: AuthUser, userIds: string[], roleIds: string[], deptIds: string[] = []) {
    if (!userIds.length) throw failWith(USER_MESSAGES.selectUser);
    if (!roleIds.length) throw failWith(USER_MESSAGES.selectRole);
    await this.checkGrantable(user, roleIds);
    await this.reachableUsers(user, userIds);
    if (deptIds.length) {
      const depts = await this.db
        .selectFrom('blade_dept')
        .select('id')
        .where('id', 'in', deptIds)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .execute();
      if (depts.length !== new Set(deptIds).size) throw new ApiError(400, MESSAGES.dataNotFound);
    }
    await this.db
      .updateTable('blade_user')
      .set({
        role_id: roleIds.join(','),
        ...(deptIds.length ? { dept_id: deptIds.join(',') } : {}),
        update_user: user.userId,
        update_time: formatDateTime(),
      })
      .where('id', 'in', userIds)
      .where('tenant_id', '=', user.tenantId)
      .execute();
    await this.services.accounts.changed(user.tenantId);
  }

  async resetPassword(user: AuthUser, userIds: string[]) {
    if (!userIds.length) throw failWith(USER_MESSAGES.selectUser);
    await this.reachableUsers(user, userIds);
    await this.db
      .updateTable('blade_user')
      .set({ password: await this.initialPasswordHash(), update_user: user.userId, update_time: formatDateTime() })
      .where('id', 'in', userIds)
      .where('tenant_id', '=', user.tenantId)
      .execute();
    // Every session of theirs ends: the tokens were made under the old password.
    await this.services.accounts.changed(user.tenantId);
  }

  /** Hash of the initial password: parameter `account.initPassword`, else 123456. */
  private async initialPasswordHash(): Promise<string> {
    const param = await this.db
      .selectFrom('blade_param')
      .select('param_value')
      .where('param_key', '=', 'account.initPassword')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return hashPlainPassword(param?.param_value?.trim() ? param.param_value : DEFAULT_INIT_PASSWORD);
  }

  /** export-user: every user the page shows for these filters (tenant, data scope, `deptId`), unpaged. */
  exportRecords(user: AuthUser, query: Record<string, unknown>) {
    return allRecords(this.entity, user, query);
  }

  /**
   * import-user: roles, depts and posts by name in the caller's tenant; an account that exists in the tenant is
   * updated with `covered`, else refused by the engine's unique rule; new users get the initial password. The
   * engine validates every row (quota and grant rules included) and saves all or none.
   */
  async importUsers(user: AuthUser, file: Buffer, covered: boolean): Promise<number> {
    const tenantId = user.tenantId;
    // Read once the import's turn has come (the first row), so that it sees what an earlier import of the tenant saved.
    const loadNames = async () => {
      const [roles, depts, posts, accounts, passwordHash] = await Promise.all([
        this.namesIn('blade_role', 'role_name', tenantId),
        this.namesIn('blade_dept', 'dept_name', tenantId),
        this.namesIn('blade_post', 'post_name', tenantId),
        this.db
          .selectFrom('blade_user')
          .select(['id', 'account'])
          .where('tenant_id', '=', tenantId)
          .where('is_deleted', '=', 0)
          .execute()
          .then((rows) => new Map(rows.map((r) => [String(r.account), String(r.id)]))),
        this.initialPasswordHash(),
      ]);
      return { roles, depts, posts, accounts, password: new HashedPassword(passwordHash) };
    };
    let names: ReturnType<typeof loadNames> | undefined;
    const fields = fieldsOf(userEntity);
    return importWorkbook(this.entity, this.services.dictionaries, user, file, {
      toBody: async ({ roleName, deptName, postName, ...values }) => {
        const { roles, depts, posts, accounts, password } = await (names ??= loadNames());
        const body: Record<string, unknown> = { ...values };
        if (roleName !== undefined) body.roleId = idsOfNames(roles, roleName, fields.get('roleId')!.label);
        if (deptName !== undefined) body.deptId = idsOfNames(depts, deptName, fields.get('deptId')!.label);
        if (postName !== undefined) body.postId = idsOfNames(posts, postName, fields.get('postId')!.label);
        const existing = accounts.get(String(values.account ?? '').trim());
        if (existing && covered) body.id = existing;
        else body.password = password;
        return body;
      },
    });
  }

  /** Live rows of a tenant's table by name (a name may belong to several rows). */
  private async namesIn(table: 'blade_role' | 'blade_dept' | 'blade_post', column: string, tenantId: string) {
    const rows = await this.db
      .selectFrom(table)
      .select(['id', sql.ref<string>(column).as('name')])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .execute();
    const byName = new Map<string, string[]>();
    for (const row of rows) {
      const name = String(row.name).trim();
      byName.set(name, [...(byName.get(name) ?? []), String(row.id)]);
    }
    return byName;
  }

  async unlock(user: AuthUser, userIds: string[]) {
    if (!userIds.length) throw failWith(USER_MESSAGES.selectUser);
    const rows = await this.reachableUsers(user, userIds);
    await this.services.kv.del(...rows.map((r) => loginFailKey(r.tenant_id, r.account)));
    await this.services.accounts.changed(user.tenantId);
  }

  /** auth.md §4: plain-text fields; confirmation first, then the current password. */
  async updatePassword(user: AuthUser, oldPassword: string, newPassword: string, newPassword1: string) {
    if (newPassword !== newPassword1) throw failWith(USER_MESSAGES.confirmPassword);
    const row = await this.db
      .selectFrom('blade_user')
      .select('password')
      .where('id', '=', user.userId)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row || (await checkWirePassword(row.password, md5Hex(oldPassword))) === 'wrong')
      throw failWith(USER_MESSAGES.oldPassword);
    const password = await hashPlainPassword(newPassword);
    // The user's other sessions end with the old password; the one he changed it in carries on (kept before the
    // new password is seen, so it is never refused in between).
    await this.services.accounts.keepSession(user.userId, password, user.sessionId);
    await this.db
      .updateTable('blade_user')
      .set({ password, update_user: user.userId, update_time: formatDateTime() })
      .where('id', '=', user.userId)
      .where('tenant_id', '=', user.tenantId)
      .execute();
    await this.services.accounts.changed(user.tenantId);
  }

  /**
   * The profile form: the caller's row, profile fields only; the phone is required there. A value sent back as it is
   * stored is left alone, so a number saved before the rule (the seed's old 22233322) does not block the rest.
   */
  async updateInfo(user: AuthUser, body: unknown) {
    if (!isRecord(body)) throw fail('unreadable');
    const input = body;
    const fields = fieldsOf(userEntity);
    const stored = await this.db
      .selectFrom('blade_user')
      .selectAll()
      .where('id', '=', user.userId)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!stored) return;
    const storedValues: Record<string, unknown> = stored;
    const unchanged = (name: (typeof PROFILE_FIELDS)[number]) =>
      typeof input[name] === 'string' && input[name] !== '' && input[name] === storedValues[fields.get(name)!.column];
    const changes: Record<string, unknown> = {};
    if ('phone' in input && !unchanged('phone')) {
      const problem = phoneProblem(input.phone, true);
      if (problem) throw failWith(problem);
    }
    for (const name of PROFILE_FIELDS) {
      if (input[name] === undefined || unchanged(name)) continue;
      const field = fields.get(name)!;
      changes[field.column] = parseFieldValue(field, input[name]);
    }
    if (!Object.keys(changes).length) return;
    const after = { ...storedValues, ...changes };
    if (after.sms_task === 1 && !String(after.phone ?? '').trim()) throw failWith(USER_MESSAGES.smsTaskPhone);
    await checkDicts(this.db, userEntity, changes, stored);
    await this.db
      .updateTable('blade_user')
      .set({ ...changes, update_user: user.userId, update_time: formatDateTime() })
      .where('id', '=', user.userId)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .execute();
    await this.services.accounts.changed(user.tenantId); // the name requests carry
  }

  /** `{id, userType, userTypeName, userExt}` of a user the caller may see. */
  async platformDetail(user: AuthUser, id: string) {
    const visible = await this.entity.visibleRows(user);
    const row = await visible(this.db).where('id', '=', id).select(['id', 'user_type']).executeTakeFirst();
    if (!row) return undefined;
    const ext = await this.db
      .selectFrom('blade_user_ext')
      .select('user_ext')
      .where('user_id', '=', id)
      .executeTakeFirst();
    const types = await this.services.dictionaries.itemsOf('user_type');
    return {
      id: String(row.id),
      userType: Number(row.user_type),
      userTypeName: types.get(String(row.user_type)) ?? '',
      userExt: ext?.user_ext ?? '',
    };
  }

  async updatePlatform(user: AuthUser, id: string, userType: unknown, userExt: unknown) {
    const fields = fieldsOf(userEntity);
    const type = parseFieldValue(fields.get('userType')!, userType) as number;
    const ext = userExt === undefined || userExt === null ? '' : String(userExt);
    if (ext.includes('\u0000')) throw fail('paramType', { name: 'userExt' });
    if (ext.length > 20_000)
      throw new ApiError(400, MESSAGES.tooLong, { name: 20_000, label: { zh: '用户拓展信息', en: 'User extension' } });
    const [target] = await this.reachableUsers(user, [id]);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('blade_user')
        .set({ user_type: type, update_user: user.userId, update_time: formatDateTime() })
        .where('id', '=', id)
        .where('tenant_id', '=', user.tenantId)
        .execute();
      await trx
        .insertInto('blade_user_ext')
        .values({ user_id: id, tenant_id: target.tenant_id, user_ext: ext })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ user_ext: ext }))
        .execute();
    });
  }
}

/** `经理,员工` -> their ids; an unknown or ambiguous name refuses the row. Chinese commas are accepted too. */
function idsOfNames(byName: Map<string, string[]>, raw: unknown, label: LocalText): string {
  const ids = String(raw)
    .split(/[,，]/)
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const found = byName.get(name);
      if (!found) throw failWith(USER_MESSAGES.nameUnknown, { label, name: name.slice(0, 50) });
      if (found.length > 1) throw failWith(USER_MESSAGES.nameAmbiguous, { label, name: name.slice(0, 50) });
      return found[0];
    });
  return [...new Set(ids)].join(',');
}
