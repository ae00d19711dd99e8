import { sql } from 'kysely';
import {
  COUNTERPARTY_CHECK,
  MIRROR_TRANS_TYPE,
  RELATED_TO_ITSELF,
} from '../../../shared/entities/finance/related-stat.ts';
import type { RelatedParty } from '../../../shared/contract/api/finance.schemas.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { companyOptions } from '../../platform/entity/company.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks, EntityReaction } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

type Row = Record<string, unknown>;

/** The rows whose year to date follow one another: a company's months of one party and type in a year. */
const groupOf = (row: Row) => ({
  tenant_id: String(row.tenant_id),
  org_id: String(row.org_id),
  year: Number(row.year),
  related_party: String(row.related_party),
  trans_type: String(row.trans_type),
});
type Group = ReturnType<typeof groupOf>;

/** Each live month of the group takes Σ amount of its months 1..month, in one statement. */
async function recomputeYearToDate(trx: Db, group: Group) {
  await sql`
    update erp_related_stat t set ytd_amount = s.ytd
    from (
      select id, sum(amount) over (order by month) as ytd from erp_related_stat
      where tenant_id = ${group.tenant_id} and org_id = ${group.org_id} and year = ${group.year}
        and related_party = ${group.related_party} and trans_type = ${group.trans_type} and is_deleted = 0
    ) s
    where t.id = s.id and t.ytd_amount is distinct from s.ytd`.execute(trx);
}

/** The groups a write or a delete touched, each once (a row moved to another party leaves its old months behind). */
async function recomputeGroups(trx: Db, rows: Row[]) {
  const groups = new Map(rows.map((row) => [JSON.stringify(groupOf(row)), groupOf(row)]));
  for (const group of groups.values()) await recomputeYearToDate(trx, group);
}

/** Later months follow a month saved or deleted (inside the write's transaction). */
export function relatedStatReaction(): EntityReaction {
  return {
    async afterWrite(trx, _user, row, before) {
      await recomputeGroups(trx, before ? [row, before] : [row]);
    },
    async afterRemove(trx, _user, rows) {
      await recomputeGroups(trx, rows);
    },
  };
}

/**
 * Whether the group counterparty of each row reports the same amount (`COUNTERPARTY_CHECK`), for the rows read, in
 * one query: the other company's rows of the month that name this company, under the opposite type
 * (`MIRROR_TRANS_TYPE`), summed (a company may name the other under two spellings). No mirror row counts as 0. Rows
 * without a group company are not checked. The check reads the tenant's rows beyond the caller's data scope, as a
 * group check must, and answers only whether they agree.
 */
export async function counterpartyChecks(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const opposite = sql.join(
    Object.entries(MIRROR_TRANS_TYPE).map(([own, other]) => sql`(${own}, ${other})`),
    sql`, `,
  );
  const { rows } = await sql<{ id: string | number; agrees: boolean }>`
    select r.id, coalesce((
      select sum(m.amount) from erp_related_stat m
      where m.tenant_id = r.tenant_id and m.is_deleted = 0 and m.org_id = r.related_org_id
        and m.related_org_id = r.org_id and m.year = r.year and m.month = r.month and m.trans_type = o.other
    ), 0) = r.amount as agrees
    from erp_related_stat r
    join (values ${opposite}) as o(own, other) on o.own = r.trans_type
    where r.id in (${sql.join(ids.map((id) => sql`${id}`))}) and r.related_org_id <> ''`.execute(db);
  return new Map(
    rows.map((row) => [String(row.id), row.agrees ? COUNTERPARTY_CHECK.matches : COUNTERPARTY_CHECK.differs]),
  );
}

/**
 * 关联交易统计: the saved month's own year to date (its earlier months plus its amount; the reaction then carries the
 * later ones), and the counterparty check of every row read.
 */
export function relatedStatHooks({ db }: Services): EntityHooks {
  return {
    async beforeWrite(trx, user, values, before) {
      const row = { ...before, ...values };
      // A group company typed as free text is that company: its code is what the mirror check matches on.
      if ('related_party' in values && !row.related_org_id) {
        const party = String(row.related_party ?? '').trim();
        const company = (await companyOptions(trx, String(row.tenant_id ?? user.tenantId))).find(
          (option) => option.label === party,
        );
        if (company) row.related_org_id = values.related_org_id = company.value;
      }
      if (row.related_org_id && row.related_org_id === row.org_id) throw failWith(RELATED_TO_ITSELF);
      const earlier = await trx
        .selectFrom('erp_related_stat')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('amount'))
        .where('tenant_id', '=', String(row.tenant_id ?? user.tenantId))
        .where('org_id', '=', String(row.org_id))
        .where('year', '=', Number(row.year))
        .where('related_party', '=', String(row.related_party))
        .where('trans_type', '=', String(row.trans_type))
        .where('month', '<', Number(row.month))
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      values.ytd_amount = (Math.round(Number(earlier?.amount ?? 0) * 100) + Math.round(Number(row.amount) * 100)) / 100;
    },
    async decorate(records) {
      const checks = await counterpartyChecks(
        db,
        records.map((record) => String(record.id)),
      );
      for (const record of records) record.counterpartyCheck = checks.get(String(record.id)) ?? null;
    },
  };
}

/**
 * What a related-party row may name (domain/finance.md § relatedstat): the group's companies (with their codes, the
 * row's `relatedOrgId`), then the related customers and suppliers the caller sees, each by name.
 */
export async function relatedParties(services: Services, user: AuthUser): Promise<RelatedParty[]> {
  const partners = async (entity: string, column: string, kind: RelatedParty['kind']) => {
    const rows = (await (
      await services.entities.get(entity)!.visibleRows(user)
    )(services.db)
      .select(sql.ref(column).as('name'))
      .where('is_related', '=', 1)
      .orderBy(column)
      .execute()) as Array<{ name: string }>;
    return rows.map((row): RelatedParty => ({ name: row.name, kind, orgId: '' }));
  };
  const companies = (await companyOptions(services.db, user.tenantId)).map((company): RelatedParty => ({
    name: company.label,
    kind: 'company',
    orgId: company.value,
  }));
  return [
    ...companies,
    ...(await partners('customer', 'customer_name', 'customer')),
    ...(await partners('supplier', 'supplier_name', 'supplier')),
  ];
}
