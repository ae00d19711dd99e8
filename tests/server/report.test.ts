import { describe, expect, it } from 'vitest';
import * as report from '../../src/shared/entities/report/report.ts';
import type { ReportDefinition } from '../../src/shared/entities/report/report.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { seedReportDemo } from '../../src/server/modules/report/demo.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const FORBIDDEN = '报表只能查询允许的视图';
const stock = (tenantId: string, warehouse: string, productNo: string, qty: number, amount: number) => ({
  id: nextId(),
  tenant_id: tenantId,
  org_id: '1010',
  warehouse,
  product_id: nextId(),
  product_no: productNo,
  product_name: `件 ${productNo}`,
  qty: String(qty),
  unit_cost: '1',
  amount: String(amount),
  is_deleted: 0,
});
const byWarehouse = (sql: string, extra: Partial<ReportDefinition> = {}): ReportDefinition => ({
  sql,
  params: [{ name: 'warehouse', label: '仓库', type: 'text' }],
  columns: [{ field: 'warehouse', label: '仓库' }],
  groupBy: 'warehouse',
  sums: ['qty', 'amount'],
  chart: { type: 'bar', x: 'warehouse', y: ['amount'] },
  ...extra,
});
const STOCK_SQL = `select warehouse, product_no, qty, amount from report_stock
where (:warehouse::text is null or warehouse = :warehouse) order by product_no`;
const preview = (definition: Partial<ReportDefinition>, params: Record<string, string> = {}, token = admin) =>
  t.post(report.REPORT_RUN_URL, token, { definition: { ...byWarehouse(STOCK_SQL), ...definition }, params });

async function seedStock() {
  await t.services.db
    .insertInto('erp_inventory')
    .values([
      stock('000000', '成品库', 'P-001', 10, 100),
      stock('000000', '成品库', 'P-002', 5, 50.5),
      stock('000000', '原料库', 'P-003', 7, 70),
      stock('777001', '外租户库', 'P-999', 99, 9999),
    ])
    .execute();
}

describe('reports: save, list, run, subtotals, export', () => {
  it('saves a report, lists and reads it, runs it with a parameter and removes it', async () => {
    await seedStock();
    const saved = expectOk(
      await t.post(report.REPORT_SUBMIT_URL, admin, { name: '库存测试', definition: byWarehouse(STOCK_SQL) }),
    );
    expect(saved).toMatchObject({ name: '库存测试' });
    const page = expectOk(await t.get(`${report.REPORT_LIST_URL}?name=库存`, admin));
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([saved.id]);
    expect(page.records[0]).not.toHaveProperty('content');
    const detail = expectOk(await t.get(`${report.REPORT_DETAIL_URL}?id=${saved.id}`, admin));
    expect(detail.definition.sql).toBe(STOCK_SQL);

    const all = expectOk(await t.post(report.REPORT_RUN_URL, admin, { id: saved.id, params: {} }));
    expect(all.rows.map((r: { product_no: string }) => r.product_no)).toEqual(['P-001', 'P-002', 'P-003']);
    expect(all.columns[0]).toEqual({ field: 'warehouse', label: '仓库' });
    expect(all.subtotals).toEqual([
      { group: '成品库', count: 2, sums: { qty: 15, amount: 150.5 } },
      { group: '原料库', count: 1, sums: { qty: 7, amount: 70 } },
    ]);
    expect(all.total).toEqual({ count: 3, sums: { qty: 22, amount: 220.5 } });
    expect(all.truncated).toBe(false);
    const one = expectOk(await t.post(report.REPORT_RUN_URL, admin, { id: saved.id, params: { warehouse: '原料库' } }));
    expect(one.rows).toEqual([
      { warehouse: '原料库', product_no: 'P-003', qty: expect.anything(), amount: expect.anything() },
    ]);

    const file = await t.get(`${report.REPORT_EXPORT_URL}?id=${saved.id}&params=${encodeURIComponent('{}')}`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    expectOk(await t.post(`${report.REPORT_REMOVE_URL}?ids=${saved.id}`, admin));
    expect(expectOk(await t.get(`${report.REPORT_LIST_URL}?name=库存`, admin)).records).toEqual([]);
  });

  it('refuses a duplicate name and an undeclared parameter', async () => {
    expectOk(await t.post(report.REPORT_SUBMIT_URL, admin, { name: '重名', definition: byWarehouse(STOCK_SQL) }));
    expectError(
      await t.post(report.REPORT_SUBMIT_URL, admin, { name: '重名', definition: byWarehouse(STOCK_SQL) }),
      400,
      '报表名称已存在',
    );
    expectError(
      await preview({ sql: 'select * from report_stock where warehouse = :other' }),
      400,
      '报表参数未定义: other',
    );
  });

  it('seeds the five demo reports, and each of them runs', async () => {
    expect(await seedReportDemo(t.services.db)).toEqual(['报表 5']);
    const page = expectOk(await t.get(`${report.REPORT_LIST_URL}?size=50`, admin));
    for (const name of ['部门预算执行', '月度预算与实际', '库存金额分布', '生产计划完成', '科目发生额']) {
      const found = page.records.find((r: { name: string }) => r.name === name);
      expectOk(await t.post(report.REPORT_RUN_URL, admin, { id: found.id, params: {} }));
    }
  });

  it("pages the list by the lists' rules: a size or page that is no usable number is a 400, never a 500", async () => {
    expect(expectOk(await t.get(`${report.REPORT_LIST_URL}?current=1&size=2`, admin)).records).toHaveLength(2);
    for (const query of ['size=1e400', 'current=1e400', 'size=0', 'size=abc', 'current=-1', 'size=100000'])
      expect((await t.get(`${report.REPORT_LIST_URL}?${query}`, admin)).statusCode, query).toBe(400);
  });
});

describe('reports: what a report may not do', () => {
  it('refuses writes, several statements, data-modifying CTEs and tables outside the views', async () => {
    const notSelect = '报表只能是一条查询语句 (SELECT 或 WITH … SELECT)';
    expectError(await preview({ sql: 'update erp_inventory set qty = 0' }), 400, notSelect);
    expectError(await preview({ sql: 'select 1; delete from erp_inventory' }), 400, notSelect);
    expectError(
      await preview({ sql: 'with gone as (delete from erp_inventory returning *) select * from gone' }),
      400,
      /报表不能修改数据|报表只能查询允许的视图/,
    );
    expectError(await preview({ sql: 'select * from blade_user' }), 400, FORBIDDEN);
    expectError(await preview({ sql: 'select * from erp_inventory' }), 400, FORBIDDEN);
    expectError(await preview({ sql: "select set_config('role', 'none', true)" }), 400, FORBIDDEN);
    expectError(
      await t.post(
        report.REPORT_RUN_URL,
        admin,
        { definition: byWarehouse('select * from blade_user'), params: {} },
        {
          'accept-language': 'en',
        },
      ),
      400,
      'A report may only read the allowed views',
    );
    const left = await t.services.db.selectFrom('erp_inventory').select('id').where('qty', '=', '0').execute();
    expect(left).toEqual([]);
    // The server still answers, on the same connection.
    expectOk(await preview({}));
  });

  it('stops a sleep: the report role cannot call it, and PostgreSQL would time it out', async () => {
    const started = Date.now();
    expectError(await preview({ sql: 'select pg_sleep(60) as slept' }), 400, FORBIDDEN);
    expectError(await preview({ sql: 'select (pg_sleep(60))::text from report_stock' }), 400, FORBIDDEN);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it.runIf(process.env.DATABASE_URL)('times a long query out on PostgreSQL', async () => {
    const slow = `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000000)
select count(*) as c from n`;
    expectError(await preview({ sql: slow }), 400, '报表查询超时, 请缩小查询范围');
    expectOk(await preview({}));
  });

  it("never returns another tenant's rows", async () => {
    const result = expectOk(await preview({ sql: 'select * from report_stock', groupBy: undefined }));
    expect(result.rows.map((r: { warehouse: string }) => r.warehouse)).not.toContain('外租户库');
    const other = await createTenantAdmin(t, '777001', [report.REPORT_LIST, report.REPORT_DESIGN], 'rboss');
    const theirs = expectOk(await preview({ sql: 'select * from report_stock', groupBy: undefined }, {}, other.token));
    expect(theirs.rows.map((r: { warehouse: string }) => r.warehouse)).toEqual(['外租户库']);
  });
});

describe('reports: access rights', () => {
  it('runs with 运行, previews with 设计, exports with 导出', async () => {
    const roleId = await createRole(t, '000000', 'rreader', [report.REPORT_LIST, report.REPORT_RUN]);
    await createUser(t, { tenantId: '000000', account: 'rreader', password: 'pw', roleId });
    const reader = await t.tokenOf('rreader', 'pw');
    const saved = expectOk(
      await t.post(report.REPORT_SUBMIT_URL, admin, { name: '权限测试', definition: byWarehouse(STOCK_SQL) }),
    );
    expectOk(await t.post(report.REPORT_RUN_URL, reader, { id: saved.id, params: {} }));
    expectError(await preview({}, {}, reader), 403);
    expectError(await t.post(report.REPORT_SUBMIT_URL, reader, { name: 'x', definition: byWarehouse(STOCK_SQL) }), 403);
    expectError(await t.get(`${report.REPORT_EXPORT_URL}?id=${saved.id}`, reader), 403);
    expectError(await t.post(`${report.REPORT_REMOVE_URL}?ids=${saved.id}`, reader), 403);
    expectError(await t.get(report.REPORT_VIEWS_URL, reader), 403);
    const views = expectOk(await t.get(report.REPORT_VIEWS_URL, admin));
    expect(views.map((v: { name: string }) => v.name)).toEqual([
      'report_budget_execution',
      'report_budget_months',
      'report_expense_claims',
      'report_ledger_lines',
      'report_production_orders',
      'report_stock',
    ]);
  });
});
