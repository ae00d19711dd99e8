import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/shared/contract/page.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';
import type { DynamicQuery } from '../../src/server/db/connect.ts';
import { mergeTallies } from '../../src/server/platform/entity/tally.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { TEST_COMPANY, withTestCompany } from '../support/factories.ts';

/**
 * A list's total and footer sums over many rows: the tally the database keeps for the movements (exact for filters on
 * its date and dimensions, whatever the writes did) and the capped count of every other list (exact up to
 * COUNT_CAP, then `totalCapped`; `exactTotal=1` counts them all).
 */
const SYS = '/api/blade-system';
const LOG = `${SYS}/inventorylog`;
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;
let parts: string[];

const dayBefore = (days: number) =>
  new Date(Date.parse(`${formatDateTime().slice(0, 10)}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await withTestCompany(t);
  const category = expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryType: '2',
      categoryCode: 'T-TL',
      categoryName: '合计',
    }),
  ).id;
  parts = [];
  for (const no of ['TL-1', 'TL-2', 'TL-3'])
    parts.push(
      expectOk(
        await t.post(`${SYS}/product/submit`, admin, {
          productNo: no,
          productName: `零件${no}`,
          productType: '2',
          categoryId: category,
        }),
      ).id,
    );
}, 60_000);
afterAll(() => t?.stop());

/** What the list should say, counted row by row. */
async function counted(where: (q: DynamicQuery) => DynamicQuery): Promise<{ total: number; sum: number }> {
  const row = await where(
    t.services.db
      .selectFrom('erp_inventory_log')
      .select(sql<string>`count(*)`.as('total'))
      .select(sql<string>`coalesce(sum(amount), 0)`.as('sum'))
      .where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0),
  ).executeTakeFirstOrThrow();
  return { total: Number(row.total), sum: Number(row.sum) };
}

async function listed(query: Record<string, string>): Promise<{ total: number; sum: number }> {
  const page = expectOk(await t.get(`${LOG}/list?${new URLSearchParams({ size: '5', ...query })}`, admin));
  return { total: page.total, sum: page.sumAmount };
}

describe('the movements tally', () => {
  it('answers the list total and Σ amount exactly after adds, posts, edits and deletes, before and after merging', async () => {
    const days = [0, 3, 20, 35, 40, 70, 95];
    const made: Row[] = [];
    for (const [i, day] of days.entries())
      for (const [k, productId] of parts.entries()) {
        const receipt = (i + k) % 3 !== 2;
        made.push(
          expectOk(
            await t.post(`${LOG}/submit`, admin, {
              bizType: receipt ? (k === 0 ? '101' : '106') : '202',
              bizDate: dayBefore(day),
              orgId: TEST_COMPANY,
              warehouse: k === 2 ? 'FG' : 'RM',
              productId,
              qty: 3 + i + k,
              ...(receipt ? { unitCost: 1.25 * (k + 1) } : {}),
            }),
          ),
        );
      }
    // Post the receipts (issues of parts without stock would be refused), edit and delete some pending rows.
    expectOk(
      await t.post(`${LOG}/handle`, admin, {
        ids: made
          .filter((m) => m.bizType !== '202')
          .map((m) => m.id)
          .slice(0, 9)
          .join(','),
      }),
    );
    const pending = made.filter((m) => m.bizType === '202');
    expectOk(await t.post(`${LOG}/submit`, admin, { ...pending[0], warehouse: 'FG', bizDate: dayBefore(50), qty: 7 }));
    expectOk(await t.post(`${LOG}/remove?ids=${pending[1].id}`, admin));

    const cases: Array<[Record<string, string>, (q: DynamicQuery) => DynamicQuery]> = [
      [{}, (q) => q],
      [{ handleStatus_equal: '0' }, (q) => q.where('handle_status', '=', '0')],
      [
        { warehouse_equal: 'FG', bizType_equal: '202' },
        (q) => q.where('warehouse', '=', 'FG').where('biz_type', '=', '202'),
      ],
      [
        { orgId_equal: TEST_COMPANY, handleStatus_equal: '1' },
        (q) => q.where('org_id', '=', TEST_COMPANY).where('handle_status', '=', '1'),
      ],
      [
        { bizDate_dategt: dayBefore(60), bizDate_datelt: dayBefore(1) },
        (q) => q.where('biz_date', '>', dayBefore(60)).where('biz_date', '<', dayBefore(1)),
      ],
      [{ bizDate_datege: dayBefore(95) }, (q) => q.where('biz_date', '>=', dayBefore(95))],
      [
        { bizDate_datele: dayBefore(35), warehouse_equal: 'RM' },
        (q) => q.where('biz_date', '<=', dayBefore(35)).where('warehouse', '=', 'RM'),
      ],
      [{ bizDate: dayBefore(40) }, (q) => q.where('biz_date', '=', dayBefore(40))],
      [
        { bizDate_datege: dayBefore(3), bizDate_datele: dayBefore(20) },
        (q) => q.where('biz_date', '>=', dayBefore(3)).where('biz_date', '<=', dayBefore(20)),
      ],
      // Not the tally's: counted row by row.
      [{ productNo: 'TL-2' }, (q) => q.where('product_no', 'like', '%TL-2%')],
    ];
    const check = async () => {
      for (const [query, where] of cases)
        expect(await listed(query), JSON.stringify(query)).toEqual(await counted(where));
    };
    await check();
    const unmerged = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from erp_inventory_log_tally where not merged`.execute(
            t.services.db,
          )
        ).rows[0].n,
      );
    expect(await unmerged()).toBeGreaterThan(0);
    expect(await mergeTallies(t.services.db, [inventoryLog])).toBeGreaterThan(0);
    expect(await unmerged()).toBe(0);
    await check();
    // Merging again with nothing new changes nothing.
    expect(await mergeTallies(t.services.db, [inventoryLog])).toBe(0);
    await check();
  });

  it("answers date bounds at the calendar's ends by counting (a day past 9999-12-31 is no date)", async () => {
    const all = expectOk(await t.get(`${LOG}/list?size=10`, admin));
    for (const bound of [
      'biz_date_datele=9999-12-31 23:59:59',
      'bizDate_dategt=9999-12-31',
      'bizDate_datege=9999-12-15',
    ])
      expect(expectOk(await t.get(`${LOG}/list?size=10&${bound}`, admin)).total, bound).toBe(
        bound.includes('datele') ? all.total : 0,
      );
  });

  it('is what the list reads for those filters (a row written into it by hand shows), and not for others', async () => {
    await sql`insert into erp_inventory_log_tally (tenant_id, grain, at, org_id, warehouse, biz_type, handle_status, n,
      amount) values ('000000', 'm', date_trunc('month', current_date), ${TEST_COMPANY}, 'ZZ', '101', '1', 1000, 5)`.execute(
      t.services.db,
    );
    try {
      expect(await listed({ warehouse_equal: 'ZZ' })).toEqual({ total: 1000, sum: 5 });
      expect(await listed({ warehouse_equal: 'ZZ', productNo: 'TL' })).toEqual({ total: 0, sum: 0 });
    } finally {
      await sql`delete from erp_inventory_log_tally where warehouse = 'ZZ'`.execute(t.services.db);
    }
  });

  it('keeps one row per day and month of each key once merged', async () => {
    await mergeTallies(t.services.db, [inventoryLog]);
    const { rows } = await sql<{ grain: string; keys: string; n: string }>`
      select grain, count(*) as keys, sum(n) as n from erp_inventory_log_tally group by grain order by grain`.execute(
      t.services.db,
    );
    const { total } = await counted((q) => q);
    expect(rows.map((r) => [r.grain, Number(r.n)])).toEqual([
      ['d', total],
      ['m', total],
    ]);
    const distinct = await sql<{ n: string }>`
      select count(*) as n from (select distinct tenant_id, grain, at, org_id, warehouse, biz_type, handle_status
      from erp_inventory_log_tally) k`.execute(t.services.db);
    expect(rows.reduce((n, r) => n + Number(r.keys), 0)).toBe(Number(distinct.rows[0].n));
  });
});

describe('capped totals', () => {
  it('count up to the cap, say so, leave the sums out; exactTotal=1 counts and sums every row', async () => {
    const before = await counted((q) => q.where('product_no', 'like', 'CAP-%'));
    expect(before.total).toBe(0);
    await sql`
      insert into erp_inventory_log (id, tenant_id, log_no, biz_type, direction, biz_date, org_id, warehouse,
        product_id, product_no, product_name, qty, unit_cost, amount, handle_status, create_time, status, is_deleted)
      select 900000000000000000 + g, '000000', 'RKCAP' || g, '101', 1, current_date, ${TEST_COMPANY}, 'RM',
        ${parts[0]}, 'CAP-' || g, '零件', 1, 2, 2, '0', localtimestamp(0), 1, 0
      from generate_series(1, ${COUNT_CAP + 5}) g`.execute(t.services.db);

    const capped = expectOk(await t.get(`${LOG}/list?productNo=CAP-&size=10`, admin));
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true, sumAmount: null, pages: COUNT_CAP / 10 });
    expect(capped.records).toHaveLength(10);
    const exact = expectOk(await t.get(`${LOG}/list?productNo=CAP-&size=10&exactTotal=1`, admin));
    expect(exact).toMatchObject({ total: COUNT_CAP + 5, sumAmount: 2 * (COUNT_CAP + 5) });
    expect(exact.totalCapped).toBeUndefined();
    // Under the cap: exact, and no flag.
    const few = expectOk(await t.get(`${LOG}/list?productNo=CAP-1000&size=10`, admin));
    const matching = await counted((q) => q.where('product_no', 'like', '%CAP-1000%'));
    expect(matching.total).toBe(7); // CAP-1000 and CAP-10000 … CAP-10005
    expect(few).toMatchObject({ total: matching.total, sumAmount: matching.sum });
    expect(few.totalCapped).toBeUndefined();
    // Sorted from the matches: pages of three are the list's order, cut.
    const ids = (page: { records: Array<{ id: string }> }) => page.records.map((r) => r.id);
    const pages = [1, 2, 3].map(async (current) =>
      ids(expectOk(await t.get(`${LOG}/list?productNo=CAP-1000&size=3&current=${current}`, admin))),
    );
    expect((await Promise.all(pages)).flat()).toEqual(ids(few));

    // A capped list pages as deep as its total; deeper takes the exact total, whose late pages are read from the end.
    const last = COUNT_CAP / 10;
    expect(expectOk(await t.get(`${LOG}/list?productNo=CAP-&size=10&current=${last}`, admin)).records).toHaveLength(10);
    expectError(
      await t.get(`${LOG}/list?productNo=CAP-&size=10&current=${last + 1}`, admin),
      400,
      `只能翻阅前 ${COUNT_CAP} 条数据,请增加查询条件`,
    );
    const exactPage = async (current: number, size: number) =>
      ids(expectOk(await t.get(`${LOG}/list?productNo=CAP-&size=${size}&current=${current}&exactTotal=1`, admin)));
    const order = await sql<{ id: string }>`select cast(id as text) as id from erp_inventory_log
      where product_no like '%CAP-%' and is_deleted = 0 order by biz_date desc, create_time desc, id desc`.execute(
      t.services.db,
    );
    const all = order.rows.map((r) => r.id);
    expect(all).toHaveLength(COUNT_CAP + 5);
    expect(await exactPage(last, 10)).toEqual(all.slice(COUNT_CAP - 10, COUNT_CAP)); // forward
    expect(await exactPage(last + 1, 10)).toEqual(all.slice(COUNT_CAP)); // the last 5, read from the end
    expect(await exactPage((COUNT_CAP + 2) / 3 + 1, 3)).toEqual(all.slice(COUNT_CAP + 2)); // the end exactly
    expect(await exactPage((COUNT_CAP + 4) / 4 + 1, 4)).toEqual(all.slice(COUNT_CAP + 4)); // 1 of 4
    expect(await exactPage(COUNT_CAP, 10)).toEqual([]); // past the end
    // The tally's filters stay exact past the cap.
    const whole = expectOk(await t.get(`${LOG}/list?size=10`, admin));
    expect(whole.totalCapped).toBeUndefined();
    expect({ total: whole.total, sum: whole.sumAmount }).toEqual(await counted((q) => q));
  });

  it('export every matching row, not the cap', async () => {
    const category = expectOk(await t.get(`${SYS}/product/detail?id=${parts[0]}`, admin)).categoryId;
    await sql`
      insert into erp_product (id, tenant_id, product_no, product_name, spec, product_type, category_id, unit,
        create_time, status, is_deleted)
      select 910000000000000000 + g, '000000', 'CAPP-' || g, '零件 ' || g, '', '2', ${category}, 'PCS',
        localtimestamp(0), 1, 0
      from generate_series(1, ${COUNT_CAP + 5}) g`.execute(t.services.db);
    expect(expectOk(await t.get(`${SYS}/product/list?productNo=CAPP-`, admin)).totalCapped).toBe(true);
    const res = await t.get(`${SYS}/product/export-product?productNo=CAPP-`, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    expect(book.worksheets[0].actualRowCount - 1).toBe(COUNT_CAP + 5);

    // A list found past the cap skips counting for a minute, but not past this process's own writes.
    expect(expectOk(await t.get(`${SYS}/product/list?productNo=CAPP-`, admin)).totalCapped).toBe(true);
    const ids = Array.from({ length: 6 }, (_, i) => String(910000000000000001n + BigInt(i)));
    expectOk(await t.post(`${SYS}/product/remove?ids=${ids.join(',')}`, admin));
    const after = expectOk(await t.get(`${SYS}/product/list?productNo=CAPP-`, admin));
    expect(after).toMatchObject({ total: COUNT_CAP - 1 });
    expect(after.totalCapped).toBeUndefined();
  }, 240_000);
});
