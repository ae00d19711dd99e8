import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { AuthUser } from '../auth-context.ts';
import { findField } from './fields.ts';
import type { DataScopeRule } from '../permissions.ts';
import { parseScopeCondition, ScopeConditionError, scopeConditionSql } from './scope-condition.ts';

/** data_scope_type (contract system.md §12). */
export const SCOPE = { all: 1, own: 2, ownDept: 3, ownDeptAndChildren: 4, custom: 5 } as const;

/**
 * Row predicate of the caller's data scopes for an entity, or undefined when nothing restricts them.
 * - Administrators (role power, auth-context ROLE_POWER) and callers with no scope rule for the resource see every row.
 * - Several rules (from several roles) combine with OR: a user sees what any of their roles may see; `all` wins.
 * - Custom rules (type 5) are never run as stored SQL: `scope-condition.ts` reads them with a small grammar and
 *   rebuilds them with bound values; a rule it cannot read, or naming a column the table lacks, grants nothing.
 */
export function dataScopePredicate(
  entity: EntityDef,
  user: AuthUser,
  rules: DataScopeRule[],
  alias = '',
): Expression<SqlBool> | undefined {
  if (user.isAdmin || rules.length === 0) return undefined;
  if (rules.some((r) => r.scopeType === SCOPE.all)) return undefined;
  const parts: Expression<SqlBool>[] = [];
  for (const rule of rules) {
    if (rule.scopeType === SCOPE.custom) {
      const custom = customPredicate(entity, user, rule, alias);
      if (custom) parts.push(custom);
      continue;
    }
    const field = findField(entity, rule.scopeColumn || 'create_dept');
    if (!field) continue; // a rule naming a column this table lacks grants nothing
    const column = sql.ref(alias ? `${alias}.${field.column}` : field.column);
    if (rule.scopeType === SCOPE.own) {
      parts.push(sql<SqlBool>`${column} = ${user.userId}`);
    } else if (rule.scopeType === SCOPE.ownDept && user.deptIds.length) {
      parts.push(sql<SqlBool>`${column} in (${sql.join(user.deptIds)})`);
    } else if (rule.scopeType === SCOPE.ownDeptAndChildren && user.deptIds.length) {
      const patterns = user.deptIds.map((id) => `%,${id},%`);
      parts.push(sql<SqlBool>`${column} in (select d.id from blade_dept d where d.tenant_id = ${user.tenantId} and d.is_deleted = 0
        and (d.id in (${sql.join(user.deptIds)}) or (',' || d.ancestors || ',') like any (array[${sql.join(patterns)}])))`);
    }
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`;
}

export interface ScopeExplanation {
  resourceCode: string;
  /** all: every row of the tenant; restricted: the OR of `rules`; none: no row (only unusable rules). */
  effective: 'all' | 'restricted' | 'none';
  reason: 'administrator' | 'no-rule' | 'all-rule' | 'rules';
  rules: Array<DataScopeRule & { usable: boolean }>;
}

/** Why `dataScopePredicate` filters the way it does for this caller, in the same order of decisions. */
export function explainDataScope(entity: EntityDef, user: AuthUser, rules: DataScopeRule[]): ScopeExplanation {
  const base = { resourceCode: entity.code, rules: rules.map((r) => ({ ...r, usable: isUsable(entity, user, r) })) };
  if (user.isAdmin) return { ...base, effective: 'all', reason: 'administrator' };
  if (rules.length === 0) return { ...base, effective: 'all', reason: 'no-rule' };
  if (rules.some((r) => r.scopeType === SCOPE.all)) return { ...base, effective: 'all', reason: 'all-rule' };
  return { ...base, effective: base.rules.some((r) => r.usable) ? 'restricted' : 'none', reason: 'rules' };
}

function customPredicate(
  entity: EntityDef,
  user: AuthUser,
  rule: DataScopeRule,
  alias: string,
): Expression<SqlBool> | undefined {
  try {
    return scopeConditionSql(parseScopeCondition(rule.scopeValue ?? ''), entity, user, alias);
  } catch (error) {
    if (error instanceof ScopeConditionError) return undefined; // saved before the grammar existed: grants nothing
    throw error;
  }
}

function isUsable(entity: EntityDef, user: AuthUser, rule: DataScopeRule): boolean {
  if (rule.scopeType === SCOPE.all) return true;
  if (rule.scopeType === SCOPE.custom) return customPredicate(entity, user, rule, '') !== undefined;
  if (!findField(entity, rule.scopeColumn || 'create_dept')) return false;
  if (rule.scopeType === SCOPE.own) return true;
  if (rule.scopeType === SCOPE.ownDept || rule.scopeType === SCOPE.ownDeptAndChildren) return user.deptIds.length > 0;
  return false;
}
