import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import type { ErpSubject } from '../../../db/schema.ts';
import { nextId } from '../../../platform/ids.ts';
import { demoAudit } from '../../system/demo/figures.ts';
import { levelOf, parentCodeOf } from '../../../../shared/entities/finance/subject.ts';

/**
 * Second-level accounts a manufacturer keeps under the seeded chart (their codes as 用友/金蝶 charts commonly number
 * them): the expense accounts budgets and expense claims are entered against, bank accounts, and payroll.
 */
const ACCOUNTS: ReadonlyArray<readonly [string, string]> = [
  ['100201', '工商银行'],
  ['100202', '招商银行'],
  ['221101', '工资'],
  ['221102', '社会保险费'],
  ['500101', '直接材料'],
  ['500102', '直接人工'],
  ['500103', '制造费用转入'],
  ['510101', '折旧费'],
  ['510102', '机物料消耗'],
  ['510103', '水电费'],
  ['510104', '修理费'],
  ['660101', '职工薪酬'],
  ['660102', '运输费'],
  ['660103', '广告宣传费'],
  ['660104', '业务招待费'],
  ['660201', '职工薪酬'],
  ['660202', '办公费'],
  ['660203', '差旅费'],
  ['660204', '业务招待费'],
  ['660205', '折旧费'],
  ['660206', '咨询服务费'],
  ['660301', '利息支出'],
  ['660302', '手续费'],
  ['660401', '人员人工费'],
  ['660402', '直接投入费用'],
];

/** The demo tenant's second-level accounts (`npm run demo`), each once: an account already there is left alone. */
export async function seedFinanceDemo(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('erp_subject')
    .selectAll()
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .execute();
  const byCode = new Map(rows.map((r) => [r.subject_code, r]));
  const added: Array<Insertable<ErpSubject>> = [];
  const audit = demoAudit();
  for (const [code, name] of ACCOUNTS) {
    const parent = byCode.get(parentCodeOf(code));
    if (byCode.has(code) || !parent) continue;
    const row = {
      id: nextId(),
      tenant_id: '000000',
      parent_id: String(parent.id),
      ancestors: `${parent.ancestors},${parent.id}`,
      subject_code: code,
      subject_name: name,
      parent_code: parent.subject_code,
      level: levelOf(code),
      full_name: `${parent.full_name}-${name}`,
      subject_category: parent.subject_category,
      balance_direction: parent.balance_direction,
      is_leaf: 1,
      is_cash: parent.is_cash,
      sort: 0,
      ...audit,
    };
    added.push(row);
    byCode.set(code, row as unknown as (typeof rows)[number]);
  }
  if (added.length) {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('erp_subject').values(added).execute();
      const parents = [...new Set(added.map((r) => String(r.parent_id)))];
      await trx.updateTable('erp_subject').set({ is_leaf: 0 }).where('id', 'in', parents).execute();
    });
  }
  return [`${added.length} second-level accounts`];
}
