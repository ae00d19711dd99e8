import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The monthly budget row (budget.md §1): a row saved with an account and no caption is captioned with the account's
 * full name (`管理费用-办公费`), as the form fills it, for API clients and batches too.
 */
export function budgetRowHooks({ db }: Services): EntityHooks {
  return {
    async prepare(user, input) {
      if (!blank(input.title) || blank(input.subject)) return input;
      const account = await db
        .selectFrom('erp_subject')
        .select('full_name')
        .where('tenant_id', '=', user.tenantId)
        .where('subject_code', '=', String(input.subject).trim())
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return account ? { ...input, title: account.full_name } : input;
    },
  };
}
