import { APPROVE_STATUS, BUDGET_LOCKED, LABOUR_BUDGET } from '../../../shared/entities/budget/budget-fill.ts';
import { budgetSituation } from '../../../shared/entities/budget/budget-situation.ts';
import { itemAttribute } from '../../../shared/entities/dict-items.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { DIMENSION_PARAMS, dimensionFilter } from '../../platform/dimension-search.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { budgetRowHooks } from './budget-row.hooks.ts';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A labour line without an account takes the labour-cost account of the tenant's `budget_type` item 2 (remark
 * `subject:<code>`, budget.md §1.2), before the caption defaults from the account.
 */
function labourAccount({ db }: Services) {
  return async (user: AuthUser, input: Record<string, unknown>) => {
    if (String(input.budgetType ?? '').trim() !== LABOUR_BUDGET || !blank(input.subject)) return input;
    const item = await db
      .selectFrom('blade_dict_biz')
      .select('remark')
      .where('tenant_id', '=', user.tenantId)
      .where('code', '=', 'budget_type')
      .where('dict_key', '=', LABOUR_BUDGET)
      .where('parent_id', '<>', '0')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const subject = itemAttribute(String(item?.remark ?? ''), 'subject');
    return subject ? { ...input, subject } : input;
  };
}

/**
 * 预算填报 (§5.1, §4): a new line's department is the filler's own unless chosen; a submitted or approved line is
 * locked (`已提交或已审核的预算不能修改`); saving a rejected line makes it a draft again and clears the opinion.
 */
export function budgetFillHooks(services: Services): EntityHooks {
  const caption = budgetRowHooks(services).prepare!;
  const labour = labourAccount(services);
  return {
    async prepare(user, input, inserting) {
      const withDept =
        inserting && blank(input.deptId) && user.deptIds[0] ? { ...input, deptId: user.deptIds[0] } : input;
      return caption(user, await labour(user, withDept), inserting);
    },
    async beforeWrite(_trx, _user, values, before) {
      if (!before) return;
      const state = String(before.approve_status);
      if (state === APPROVE_STATUS.submitted || state === APPROVE_STATUS.approved) throw failWith(BUDGET_LOCKED);
      if (state === APPROVE_STATUS.rejected)
        Object.assign(values, { approve_status: APPROVE_STATUS.draft, approve_opinion: '' });
    },
  };
}

/** 预算执行情况 (§5.2): the dimension search, and the labour account and caption defaults of the budget row. */
export function budgetSituationHooks(services: Services): EntityHooks {
  const caption = budgetRowHooks(services).prepare!;
  const labour = labourAccount(services);
  return {
    listFilter: (user, query) => dimensionFilter(budgetSituation.table, user.tenantId, query),
    listParams: DIMENSION_PARAMS,
    prepare: async (user, input, inserting) => caption(user, await labour(user, input), inserting),
  };
}
