import { sql } from 'kysely';
import { EXPENSE_SUBMIT, expense } from '../../../../shared/entities/finance/expense.ts';
import type { Db } from '../../../db/connect.ts';
import { SEED } from '../../system/install.ts';
import { grant } from './expense-claims.ts';

/** A claimant's own buttons: finance checks and pays claims, it does not enter or send them. */
const CLAIMANT_ONLY = new Set([`${expense.code}_add`, `${expense.code}_delete`, EXPENSE_SUBMIT]);

/**
 * 赵财务's role keeps the books: every screen of 财务管理 with its buttons (vouchers entered, audited and posted,
 * balances generated and imported, the month's depreciation, the cash journal, aging and related-party rows), read
 * from the menu tree so that a book added later is granted too; of 费用报销 what finance does (view, edit, pay).
 * Grants only what the role lacks.
 */
export async function grantFinanceRole(db: Db): Promise<void> {
  const { rows } = await sql<{ code: string }>`
    with recursive under as (
      select id, code from blade_menu where code = 'finance' and parent_id = 0 and is_deleted = 0
      union all
      select m.id, m.code from blade_menu m join under u on m.parent_id = u.id where m.is_deleted = 0
    )
    select code from under`.execute(db);
  await grant(
    db,
    SEED.roleFinance,
    rows.map((row) => row.code).filter((code) => !CLAIMANT_ONLY.has(code)),
  );
}
