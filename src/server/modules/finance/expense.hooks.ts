import { EXPENSE_STATUS } from '../../../shared/entities/finance/expense.ts';
import { itemAttribute } from '../../../shared/entities/dict-items.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { EntityHooks, EntityReaction } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { workflowOf } from '../../platform/workflow/index.ts';

const DATE_AFTER_TODAY = { zh: '发生日期不能晚于今天', en: 'The expense date cannot be later than today' };
/** The reason a deleted claim's waiting process ends with (stored texts are the contract's zh). */
const DELETED = '报销单已删除';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The claimant a new claim defaults to: the employee linked to the caller's account. */
async function linkedEmployee(db: Db, user: AuthUser): Promise<string | undefined> {
  const employee = await db
    .selectFrom('erp_employee')
    .select('id')
    .where('tenant_id', '=', user.tenantId)
    .where('user_id', '=', user.userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return employee ? String(employee.id) : undefined;
}

/** A new claim's department and company left blank are its claimant's. */
async function withClaimantPlace(db: Db, user: AuthUser, input: Record<string, unknown>) {
  if (blank(input.applicantId) || (!blank(input.deptId) && !blank(input.orgId))) return input;
  // Not an id (an object, a word): the engine's reference check refuses it in the user's words.
  if (!isId(String(input.applicantId).trim())) return input;
  const employee = await db
    .selectFrom('erp_employee')
    .select(['dept_id', 'org_id'])
    .where('tenant_id', '=', user.tenantId)
    .where('id', '=', String(input.applicantId).trim())
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!employee) return input; // the reference check refuses it
  return {
    ...input,
    deptId: blank(input.deptId) ? String(employee.dept_id) : input.deptId,
    orgId: blank(input.orgId) ? employee.org_id : input.orgId,
  };
}

/**
 * The account of an expense type (its `expense_type` item's remark `subject:<code>`, domain/README.md §4) when the
 * tenant's chart has it as a live leaf; none otherwise (a chart without second-level accounts).
 */
async function accountOfType(db: Db, user: AuthUser, expenseType: string): Promise<string | undefined> {
  const item = await db
    .selectFrom('blade_dict_biz')
    .select('remark')
    .where('tenant_id', '=', user.tenantId)
    .where('code', '=', 'expense_type')
    .where('dict_key', '=', expenseType)
    .where('parent_id', '<>', '0')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const code = itemAttribute(String(item?.remark ?? ''), 'subject');
  if (!code) return undefined;
  const account = await db
    .selectFrom('erp_subject')
    .select('subject_code')
    .where('tenant_id', '=', user.tenantId)
    .where('subject_code', '=', code)
    .where('is_leaf', '=', 1)
    .where('status', '=', 1)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return account?.subject_code;
}

/**
 * 费用报销 (domain/finance.md § expense): a new claim's claimant defaults to the caller's employee, its department
 * and company to the claimant's; a blank account takes the expense type's (on a new claim, or an edit sending the
 * account blank). The expense date is not after today; editing a rejected claim makes it a draft again (unmarked:
 * expense-budget.ts marks it when it is sent).
 */
export function expenseHooks({ db }: Services): EntityHooks {
  return {
    async prepare(user, input, inserting) {
      let body = input;
      if (inserting && blank(body.applicantId)) {
        const applicantId = await linkedEmployee(db, user);
        if (applicantId) body = { ...body, applicantId };
      }
      if (inserting) body = await withClaimantPlace(db, user, body);
      if (blank(body.subjectCode) && !blank(body.expenseType) && (inserting || 'subjectCode' in body)) {
        const subjectCode = await accountOfType(db, user, String(body.expenseType).trim());
        if (subjectCode) body = { ...body, subjectCode };
      }
      return body;
    },
    async beforeWrite(_trx, _user, values, before) {
      const date = values.expense_date;
      if (typeof date === 'string' && date.slice(0, 10) > formatDateTime().slice(0, 10))
        throw failWith(DATE_AFTER_TODAY).about('expenseDate');
      if (before && String(before.expense_status) === EXPENSE_STATUS.rejected) {
        values.expense_status = EXPENSE_STATUS.draft;
        // A draft again, and perhaps another amount: its 超预算 is worked out when it is sent next.
        values.over_budget = null;
      }
    },
  };
}

/**
 * A deleted claim (a draft, or one sent back) takes its waiting process with it: the claimant's 调整申请 task would
 * otherwise stay in his inbox for a claim that is gone.
 */
export function expenseReaction(services: Services): EntityReaction {
  const runtime = workflowOf(services);
  return {
    async afterRemove(trx, user, rows) {
      for (const row of rows) {
        const instanceId = String(row.process_instance_id ?? '');
        if (instanceId) await runtime.withdrawIn(trx, user, instanceId, DELETED);
      }
    },
  };
}
