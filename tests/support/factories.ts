import { BUSINESS_DICTIONARIES } from '../../src/server/modules/index.ts';
import { hashPlainPassword } from '../../src/server/modules/auth/password.ts';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { seedBusinessDictionaries } from '../../src/server/db/seed/business-dictionaries.ts';
import { ROLE_POWER } from '../../src/server/platform/auth-context.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import {
  patternProblem,
  refKeyOf,
  refTargetOf,
  type EntityDef,
  type FieldDef,
} from '../../src/shared/entities/define.ts';
import type { TestApp } from './app.ts';

/** Test data written straight to the database, for what the API under test does not create itself. */

/** A tenant row; `overrides` are columns (e.g. `expire_time`, `package_id`, `domain`). */
export async function createTenant(t: TestApp, tenantId: string, overrides: Record<string, unknown> = {}) {
  const id = nextId();
  await t.services.db
    .insertInto('blade_tenant')
    .values({
      id,
      tenant_id: tenantId,
      tenant_name: `租户${tenantId}`,
      status: 1,
      is_deleted: 0,
      ...overrides,
    })
    .execute();
  return id;
}

export async function createDept(t: TestApp, tenantId: string, name: string, parentId = '0', ancestors = '0') {
  const id = nextId();
  await t.services.db
    .insertInto('blade_dept')
    .values({ id, tenant_id: tenantId, parent_id: parentId, ancestors, dept_name: name, is_deleted: 0 })
    .execute();
  return id;
}

/**
 * A role granted the given menu/button codes (and, optionally, data-scope rows); `power` as the seed or tenant
 * provisioning gives it (ROLE_POWER: 1 tenant administrator), never from the alias.
 */
export async function createRole(
  t: TestApp,
  tenantId: string,
  alias: string,
  codes: string[] = [],
  dataScopeIds: string[] = [],
  power = 0,
) {
  const id = nextId();
  await t.services.db
    .insertInto('blade_role')
    .values({
      id,
      tenant_id: tenantId,
      parent_id: '0',
      role_name: alias,
      role_alias: alias,
      role_power: power,
      sort: 1,
      is_deleted: 0,
    })
    .execute();
  if (codes.length) {
    await t.services.db
      .insertInto('blade_role_menu')
      .values(codes.map((code) => ({ id: nextId(), role_id: id, menu_id: menuIdOf(code) })))
      .execute();
  }
  if (dataScopeIds.length) {
    await t.services.db
      .insertInto('blade_role_scope')
      .values(dataScopeIds.map((scopeId) => ({ id: nextId(), role_id: id, scope_id: scopeId, scope_category: 1 })))
      .execute();
  }
  return id;
}

/**
 * A user; `password` is plain text (stored as argon2id of its md5), `passwordHash` a stored value as is (legacy rows).
 */
export async function createUser(
  t: TestApp,
  fields: {
    tenantId: string;
    account: string;
    password?: string;
    passwordHash?: string;
    roleId: string;
    deptId?: string;
    realName?: string;
  },
) {
  const id = nextId();
  await t.services.db
    .insertInto('blade_user')
    .values({
      id,
      tenant_id: fields.tenantId,
      account: fields.account,
      password: fields.passwordHash ?? (await hashPlainPassword(fields.password ?? '123456')),
      real_name: fields.realName ?? fields.account,
      role_id: fields.roleId,
      dept_id: fields.deptId ?? '',
      status: 1,
      is_deleted: 0,
    })
    .execute();
  return id;
}

export async function createDataScope(
  t: TestApp,
  resourceCode: string,
  scopeType: number,
  scopeColumn = 'create_dept',
) {
  const id = nextId();
  await t.services.db
    .insertInto('blade_scope_data')
    .values({
      id,
      menu_id: menuIdOf(resourceCode),
      resource_code: resourceCode,
      scope_name: `${resourceCode}-${scopeType}`,
      scope_column: scopeColumn,
      scope_type: scopeType,
      status: 1,
      is_deleted: 0,
    })
    .execute();
  await t.services.permissions.invalidate();
  return id;
}

/** The standard screen codes of one menu: the menu and its add / edit / delete / view buttons. */
export const crudCodes = (code: string) => [code, `${code}_add`, `${code}_edit`, `${code}_delete`, `${code}_view`];

/**
 * A tenant with its business dictionaries and its administrator role (as provisioning makes them) granted `codes`,
 * and a user holding it; returns that user's token.
 */
export async function createTenantAdmin(
  t: TestApp,
  tenantId: string,
  codes: string[],
  account = 'boss',
  password = 'pw',
) {
  await createTenant(t, tenantId);
  await seedBusinessDictionaries(t.services.db, BUSINESS_DICTIONARIES, [tenantId]);
  const roleId = await createRole(t, tenantId, 'admin', codes, [], ROLE_POWER.tenantAdmin);
  const userId = await createUser(t, { tenantId, account, password, roleId });
  return { roleId, userId, token: await t.tokenOf(account, password, tenantId) };
}

export const TEST_COMPANY = 'T1010';

/** Gives the platform tenant a company (domain/README.md §3.4): its 常州 department gets the code TEST_COMPANY. */
export async function withTestCompany(t: TestApp): Promise<void> {
  await t.services.db
    .updateTable('blade_dept')
    .set({ remark: TEST_COMPANY })
    .where('id', '=', SEED.deptChangzhou)
    .execute();
}

let seq = 0;
/**
 * A minimal valid submit body built from the definition: every required, writable field, and the fields required by
 * what those hold (a finished part's customer). A reference takes `refs(target)`, a saved row of its target entity,
 * else a menu id (the targets the platform entities point at).
 */
/**
 * Keys each tenant has, of the entities referenced by key (`refKey`): the first one the field's pattern takes (an
 * expense account where only those are allowed). Leaves of the chart every tenant starts with.
 */
const REF_KEY_SAMPLES: Record<string, readonly string[]> = { subject: ['1001', '6602'] };

export function minimalBody(
  e: EntityDef,
  extra: Record<string, unknown> = {},
  refs: (target: string) => string | undefined = () => undefined,
): Record<string, unknown> {
  const suffix = `${Date.now() % 100000}${++seq}`;
  const body: Record<string, unknown> = {};
  const valueOf = (name: string, field: FieldDef): unknown => {
    // A value only its rule can make up (an IANA time zone): the definition's default is one.
    if (field.canonical && field.default !== undefined) return field.default;
    // A business dictionary field takes one of the dictionary's keys (every tenant has them).
    if (field.bizDict) return BUSINESS_DICTIONARIES.find(([code]) => code === field.bizDict)![2][0][0];
    // A business unit: with no business-unit parent set, a child of the group (the platform tenant's 常州 department).
    if (field.businessUnit) return SEED.deptChangzhou;
    // A refBy reference points at the target its choosing field (set before it) picks.
    const target = refTargetOf(field, field.refBy ? body[field.refBy.field] : undefined);
    // A reference by key (an account's code): an account every tenant's chart starts with, a leaf.
    if (target && refKeyOf(target)) return REF_KEY_SAMPLES[target].find((key) => !patternProblem(field, key));
    if (target && refs(target)) return refs(target);
    // A default is a valid value (a tax rate of 13 %, where 1 would be 100 %).
    if (field.default !== undefined && !field.ref) return field.default;
    // A company: the code `withTestCompany` gives the platform tenant's 常州 department.
    if (field.company) return TEST_COMPANY;
    // A mobile number passes every phone rule.
    if (field.pattern && name === 'phone') return '13912345678';
    // An account code of level 1 (4 digits) that the seeded chart leaves free (17xx).
    if (field.pattern && name === 'subjectCode') return `17${String(seq % 100).padStart(2, '0')}`;
    // A statement month (an aging row's), yyyy-MM.
    if (field.pattern && name === 'statMonth') return '2024-01';
    // A web address (a workflow endpoint's).
    if (field.pattern && name === 'url') return 'https://erp.example.com/hooks';
    // An object store's address, bucket and allowed extensions (an object storage config's).
    if (field.pattern && name === 'endpoint') return 'https://oss.example.com';
    if (field.pattern && name === 'bucketName') return `bucket-${suffix}`;
    if (field.pattern && name === 'allowedTypes') return 'png,pdf';
    switch (field.type) {
      case 'string':
      case 'text':
        return `x${suffix}`.slice(0, field.max ?? 255);
      case 'id':
      case 'ids':
        return menuIdOf('desk');
      case 'date':
        return '2024-01-01';
      case 'datetime':
        return '2024-01-01 00:00:00';
      case 'switch':
        return 0;
      default:
        // A number within the field's range (a year from 2000).
        return Math.max(field.range?.min ?? 1, 1);
    }
  };
  const fields = Object.entries(e.fields).filter(([, field]) => !field.readonly);
  for (const [name, field] of fields) if (field.required) body[name] = valueOf(name, field);
  Object.assign(body, extra);
  for (const [name, field] of fields) {
    const when = field.requiredWhen;
    // The deciding field as the server takes it: sent, else its default (a client is confidential unless said).
    const decides = body[when?.field ?? ''] ?? (when && e.fields[when.field]?.default);
    if (when && body[name] === undefined && when.values.map(String).includes(String(decides)))
      body[name] = valueOf(name, field);
  }
  return body;
}
