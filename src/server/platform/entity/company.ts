import { readEachTime, type Reads } from './reads.ts';
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import { refNameKey, type EntityDef } from '../../../shared/entities/define.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { failWith } from '../errors.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import { tablesOf } from './entity-tables.ts';
import type { Row } from './types.ts';

/**
 * Company references (domain/README.md §3.4): an `orgId` holds a company's code, the `remark` of one of the tenant's
 * company departments. Those are the children of the department the platform parameter `erp.companyParentId` names
 * when it is one of the tenant's; otherwise (a tenant of its own tree, the parameter unset) the children of the
 * tenant's top-level departments, where a group's companies sit under the group. A department without a code is no
 * company.
 */
export const COMPANY_PARENT_PARAM = 'erp.companyParentId';

export const UNKNOWN_COMPANY: LocalText = { zh: '公司不存在', en: 'Unknown company' };

export const companyFieldsOf = (entity: EntityDef): readonly ResolvedField[] => tablesOf(entity).companyFields;

/** The company departments of `tenant` (an SQL value: a column of the row, or a parameter). */
export function companyDepts(
  tenant: RawBuilder<unknown>,
): RawBuilder<{ id: string; remark: string; dept_name: string }> {
  const configured = sql`(select d.id from blade_dept d join blade_param p on p.param_key = ${COMPANY_PARENT_PARAM}
      and p.is_deleted = 0 and cast(d.id as text) = trim(p.param_value)
    where d.tenant_id = ${tenant} and d.is_deleted = 0 limit 1)`;
  return sql`(select c.id, c.remark, c.dept_name from blade_dept c
    where c.tenant_id = ${tenant} and c.is_deleted = 0 and c.remark <> ''
      and (c.parent_id = ${configured} or (${configured} is null and c.parent_id in
        (select r.id from blade_dept r where r.tenant_id = ${tenant} and r.parent_id = 0 and r.is_deleted = 0))))`;
}

/** `orgName` (the name key of each company field) joined in the row's query, from the row's own tenant. */
export function companyNameColumns(entity: EntityDef): AliasedRawBuilder<string | null, string>[] {
  const tenant = entity.tenant ? sql.ref(`${entity.table}.tenant_id`) : sql`'000000'`;
  return companyFieldsOf(entity).map((field) => {
    const code = sql.ref(`${entity.table}.${field.column}`);
    return sql<string | null>`(select c.dept_name from ${companyDepts(tenant)} c where c.remark = ${code}
      order by c.id limit 1)`.as(refNameKey(field.name, field));
  });
}

/** Every company code written is one of the caller's tenant's companies (`公司不存在`). */
export async function checkCompanies(
  trx: DynamicDb,
  entity: EntityDef,
  tenantId: string,
  values: Row,
  reads: Reads = readEachTime,
): Promise<void> {
  for (const field of companyFieldsOf(entity)) {
    const value = values[field.column];
    if (value === undefined || value === null || value === '') continue;
    const found = await reads(`company ${String(value)}`, () =>
      sql<{ id: string }>`select c.id from ${companyDepts(sql`${tenantId}`)} c
        where c.remark = ${String(value)} limit 1`.execute(trx),
    );
    if (!found.rows.length) throw failWith(UNKNOWN_COMPANY).about(field.name);
  }
}

/**
 * Business units (domain/README.md §3.4): a `deptId` marked `businessUnit` holds one of the children of the department
 * the platform parameter `erp.businessUnitParentId` names when it is one of the tenant's; otherwise (a tenant of its
 * own tree, the parameter unset) of the tenant's top-level departments, where a group's units sit under the group.
 */
export const BUSINESS_UNIT_PARENT_PARAM = 'erp.businessUnitParentId';

export const UNKNOWN_BUSINESS_UNIT: LocalText = { zh: '事业部不存在', en: 'Unknown business unit' };

/** The business-unit departments of `tenant` (an SQL value). */
function businessUnitDepts(tenant: RawBuilder<unknown>): RawBuilder<{ id: string; dept_name: string; sort: number }> {
  const configured = sql`(select d.id from blade_dept d join blade_param p on p.param_key = ${BUSINESS_UNIT_PARENT_PARAM}
      and p.is_deleted = 0 and cast(d.id as text) = trim(p.param_value)
    where d.tenant_id = ${tenant} and d.is_deleted = 0 limit 1)`;
  return sql`(select u.id, u.dept_name, u.sort from blade_dept u
    where u.tenant_id = ${tenant} and u.is_deleted = 0
      and (u.parent_id = ${configured} or (${configured} is null and u.parent_id in
        (select r.id from blade_dept r where r.tenant_id = ${tenant} and r.parent_id = 0 and r.is_deleted = 0))))`;
}

/** Every business unit written is one of the caller's tenant's (`事业部不存在`); the reference check came first. */
export async function checkBusinessUnits(
  trx: DynamicDb,
  entity: EntityDef,
  tenantId: string,
  values: Row,
  reads: Reads = readEachTime,
): Promise<void> {
  for (const field of fieldsOf(entity).values()) {
    const value = field.businessUnit ? values[field.column] : undefined;
    if (value === undefined || value === null || value === '') continue;
    const found = await reads(`business unit ${String(value)}`, () =>
      sql<{ id: string }>`select u.id from ${businessUnitDepts(sql`${tenantId}`)} u
        where u.id = cast(${String(value)} as bigint) limit 1`.execute(trx),
    );
    if (!found.rows.length) throw failWith(UNKNOWN_BUSINESS_UNIT);
  }
}

/** The caller's tenant's business units, for the business-unit selects of the forms: `{value: id, label: name}`. */
export async function businessUnitOptions(
  db: DynamicDb,
  tenantId: string,
): Promise<Array<{ value: string; label: string }>> {
  const rows = await sql<{ id: string | number; dept_name: string }>`select u.id, u.dept_name
    from ${businessUnitDepts(sql`${tenantId}`)} u order by u.sort, u.id`.execute(db);
  return rows.rows.map((row) => ({ value: String(row.id), label: row.dept_name }));
}

/** The caller's tenant's companies, for the company selects of the forms: `{value: code, label: name}`. */
export async function companyOptions(
  db: DynamicDb,
  tenantId: string,
): Promise<Array<{ value: string; label: string }>> {
  const rows = await sql<{ remark: string; dept_name: string }>`select c.remark, c.dept_name
    from ${companyDepts(sql`${tenantId}`)} c order by c.remark`.execute(db);
  return rows.rows.map((row) => ({ value: row.remark, label: row.dept_name }));
}
