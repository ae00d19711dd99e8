import { sql } from 'kysely';
import {
  SUBJECT_CODE,
  balanceDirectionOf,
  categoryOf,
  levelOf,
  parentCodeOf,
} from '../../../shared/entities/finance/subject.ts';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../../platform/ids.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks, EntityReaction } from '../../platform/entity/service.ts';
import type { Row } from '../../platform/entity/types.ts';
import type { Services } from '../../services.ts';
import { insertRows } from '../../db/insert-rows.ts';

const PARENT_MISSING = { zh: '上级科目不存在', en: 'The parent account does not exist' };
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * An account's place follows its code: the parent is the account whose code is this one without its last two digits
 * (none at level 1), so the body's `parentId` is never taken. A level-1 account's category is its first digit; an
 * account's normal balance and cash flag start from its code when left blank. Its parent code, level and full name
 * (`管理费用-办公费`) are the server's.
 */
export function subjectHooks({ db }: Services): EntityHooks {
  return {
    async prepare(user, input, inserting) {
      const body = { ...input };
      delete body.parentId;
      if (!inserting) return body;
      const code = String(body.subjectCode ?? '').trim();
      if (!SUBJECT_CODE.test(code)) return body; // the field's own pattern refuses it
      const parentCode = parentCodeOf(code);
      if (!parentCode) {
        body.parentId = '0';
        body.subjectCategory = categoryOf(code);
      } else {
        const parent = await db
          .selectFrom('erp_subject')
          .select('id')
          .where('tenant_id', '=', user.tenantId)
          .where('subject_code', '=', parentCode)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!parent) throw failWith(PARENT_MISSING);
        body.parentId = String(parent.id);
      }
      if (blank(body.balanceDirection)) body.balanceDirection = balanceDirectionOf(code);
      if (blank(body.isCash)) body.isCash = /^100[12]/.test(code) ? 1 : 0;
      return body;
    },
    async beforeWrite(trx, user, values, before) {
      const code = String(values.subject_code ?? before?.subject_code);
      const parentId = String(values.parent_id ?? before?.parent_id ?? '0');
      const name = String(values.subject_name ?? before?.subject_name);
      values.parent_code = parentCodeOf(code);
      values.level = levelOf(code);
      if (parentId === '0') {
        values.subject_category = categoryOf(code);
        values.full_name = name;
        return;
      }
      const parent = await trx
        .selectFrom('erp_subject')
        .select('full_name')
        .where('id', '=', parentId)
        .executeTakeFirstOrThrow();
      values.full_name = `${parent.full_name}-${name}`;
    },
  };
}

/**
 * What a change of an account means for the others: its parent is no longer a leaf (and is one again when its last
 * child goes), and a renamed account's descendants' full names follow.
 */
export function subjectReaction(): EntityReaction {
  return {
    async afterWrite(trx, user, row, before) {
      if (!before && String(row.parent_id) !== '0')
        await trx.updateTable('erp_subject').set({ is_leaf: 0 }).where('id', '=', String(row.parent_id)).execute();
      if (before && before.full_name !== row.full_name) {
        const from = `${before.full_name}-`;
        await sql`update erp_subject set full_name = ${`${row.full_name}-`} || substr(full_name, ${from.length + 1})
          where tenant_id = ${row.tenant_id} and is_deleted = 0 and subject_code like ${`${row.subject_code}_%`}`.execute(
          trx,
        );
      }
    },
    async afterRemove(trx, user, rows: Row[]) {
      const parents = [...new Set(rows.map((r) => String(r.parent_id)).filter((id) => id !== '0'))];
      if (!parents.length) return;
      await sql`update erp_subject p set is_leaf = 1 where p.id in (${sql.join(parents.map((id) => sql`${id}`))})
        and not exists (select 1 from erp_subject c where c.parent_id = p.id and c.is_deleted = 0)`.execute(trx);
    },
  };
}

/** The first-level accounts of domain/finance.md every tenant starts with (code, name). */
export const CHART: ReadonlyArray<readonly [string, string]> = [
  ['1001', '库存现金'],
  ['1002', '银行存款'],
  ['1122', '应收账款'],
  ['1123', '预付账款'],
  ['1221', '其他应收款'],
  ['1403', '原材料'],
  ['1405', '库存商品'],
  ['1601', '固定资产'],
  ['1602', '累计折旧'],
  ['2202', '应付账款'],
  ['2211', '应付职工薪酬'],
  ['2221', '应交税费'],
  ['4001', '实收资本'],
  ['4103', '本年利润'],
  ['4104', '利润分配'],
  ['5001', '生产成本'],
  ['5101', '制造费用'],
  ['6001', '主营业务收入'],
  ['6051', '其他业务收入'],
  ['6401', '主营业务成本'],
  ['6403', '税金及附加'],
  ['6601', '销售费用'],
  ['6602', '管理费用'],
  ['6603', '财务费用'],
  ['6604', '研发费用'],
  ['6801', '所得税费用'],
];

/**
 * The chart every tenant starts with, for those of `tenantIds` that have no account at all (a tenant's own changes,
 * deletions included, are never undone by a restart).
 */
export async function seedChart(trx: Db, tenantIds: readonly string[]): Promise<void> {
  if (!tenantIds.length) return;
  const started = await trx
    .selectFrom('erp_subject')
    .select('tenant_id')
    .distinct()
    .where('tenant_id', 'in', [...tenantIds])
    .execute();
  const have = new Set(started.map((r) => r.tenant_id));
  const rows = tenantIds
    .filter((tenantId) => !have.has(tenantId))
    .flatMap((tenantId) =>
      CHART.map(([code, name], i) => ({
        id: nextId(),
        tenant_id: tenantId,
        parent_id: '0',
        ancestors: '0',
        subject_code: code,
        subject_name: name,
        parent_code: '',
        level: 1,
        full_name: name,
        subject_category: categoryOf(code),
        balance_direction: balanceDirectionOf(code),
        is_leaf: 1,
        is_cash: /^100[12]$/.test(code) ? 1 : 0,
        sort: i + 1,
        status: 1,
        is_deleted: 0,
      })),
    );
  await insertRows(trx, 'erp_subject', rows);
}
