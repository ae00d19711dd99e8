import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';
import { multipartFile, sheetOf, workbookOf } from '../support/uploads.ts';

/**
 * Issue 14, Excel of the budget grids: every grid exports what its search selects in the grid's columns (account and
 * caption first, then month by month 预算/实际/完成率, the year's figures), and imports all or nothing, each refused cell
 * named `第N行 <column>: <message>`; completion and full-year columns are exported, never imported; budget lines keep
 * their approval rules (a submitted line is not changed by an import).
 */
const SYS = '/api/blade-system';
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;
let changzhou: string;
let suzhou: string;

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const monthHeaders = (...kinds: string[]) => MONTHS.flatMap((m) => kinds.map((kind) => `${m}月${kind}`));
const months = (prefix: string, values: Record<number, number>) =>
  Object.fromEntries(Object.entries(values).map(([month, value]) => [`${prefix}${month}`, value]));

const page = async (entity: string, query: string, token = admin): Promise<Row[]> =>
  (expectOk(await t.get(`${SYS}/${entity}/page?size=100&${query}`, token)) as { records: Row[] }).records;
const exported = async (entity: string, query: string, headers: Record<string, string> = {}, token = admin) =>
  sheetOf(await t.get(`${SYS}/${entity}/export-${entity}?${query}`, token, headers));
const importSheet = async (
  entity: string,
  rows: unknown[][],
  options: { isCovered?: '0' | '1'; token?: string; headers?: Record<string, string> } = {},
) => {
  const body = multipartFile(await workbookOf(rows), { isCovered: options.isCovered ?? '0' }, `${entity}.xlsx`);
  return t.post(`${SYS}/${entity}/import-${entity}`, options.token ?? admin, body.payload, {
    ...body.headers,
    ...options.headers,
  });
};
/** A sheet's rows as records: each cell's text by its column's header (a blank cell: ''). */
const byHeader = (rows: string[][]) =>
  rows.slice(1).map((row) => Object.fromEntries(rows[0].map((header, i) => [header, row[i] ?? ''])));

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
  const companies = expectOk(await t.get(`${SYS}/dept/company-select`, admin)) as Array<{
    value: string;
    label: string;
  }>;
  changzhou = companies.find((c) => c.value === '1010')!.label;
  suzhou = companies.find((c) => c.value === '1020')!.label;
}, 60_000);
afterAll(() => t?.stop());

describe('financebudget export', () => {
  const FB = `${SYS}/financebudget`;
  beforeAll(async () => {
    for (const body of [
      { orgId: '1010', subject: '660202', ...months('amount', { 1: 100, 5: 200 }), ...months('actual', { 1: 50 }) },
      { orgId: '1010', subject: '660203', title: '差旅费-国内', ...months('amount', { 2: 300 }) },
      { orgId: '1020', subject: '660202', ...months('amount', { 1: 999 }) },
    ])
      expectOk(await t.post(`${FB}/submit`, admin, { year: 2031, ...body }));
    expectOk(await t.post(`${FB}/submit`, admin, { year: 2030, orgId: '1010', subject: '660202' }));
  });

  it("holds the rows the search selects, in the list's order and the grid's columns, derived values included", async () => {
    const query = 'year_equal=2031&orgId=1010';
    const rows = await exported('financebudget', query);
    expect(rows[0]).toEqual([
      '科目代码',
      '科目名称',
      '公司',
      '预算年度',
      ...monthHeaders('预算', '实际', '完成率'),
      '全年预算',
      '全年实际',
      '全年完成率',
      '排序',
      '备注',
    ]);
    const listed = await page('financebudget', query);
    expect(listed).toHaveLength(2);
    expect(byHeader(rows)).toEqual(
      listed.map((r) =>
        expect.objectContaining({
          科目代码: r.subject,
          科目名称: r.title,
          公司: changzhou,
          预算年度: '2031',
          '1月预算': String(r.amount1),
          '1月完成率': r.finish1 === null ? '' : String(r.finish1),
          全年预算: String(r.totalAmount),
        }),
      ),
    );
    expect(byHeader(rows).find((r) => r['科目代码'] === '660202')).toMatchObject({
      '1月预算': '100',
      '1月实际': '50',
      '1月完成率': '0.5',
      '2月完成率': '', // the zero-budget rule: no percentage
      '5月预算': '200',
      全年预算: '300',
      全年实际: '50',
    });
  });

  it('speaks English to Accept-Language en, and the template holds only what an import takes', async () => {
    const [header] = await exported('financebudget', 'year_equal=2031', { 'accept-language': 'en' });
    expect(header.slice(0, 7)).toEqual([
      'Account code',
      'Item',
      'Company',
      'Budget year',
      'Budget Jan',
      'Actual Jan',
      'Completion Jan',
    ]);
    const template = await sheetOf(await t.get(`${FB}/export-template`, admin));
    expect(template).toEqual([
      ['科目代码', '科目名称', '公司', '预算年度', ...monthHeaders('预算', '实际'), '排序', '备注'],
    ]);
  });
});

describe('financebudget import', () => {
  const HEADERS = [
    '科目代码',
    '科目名称',
    '公司',
    '预算年度',
    '1月预算',
    '1月实际',
    '1月完成率',
    '5月预算',
    '全年预算',
  ];
  const count = async () => (await page('financebudget', 'year_equal=2032')).length;

  it('saves good rows, companies by name or code, captions from the account, derived columns ignored', async () => {
    expect(
      expectOk(
        await importSheet('financebudget', [
          HEADERS,
          ['660202', '', changzhou, 2032, 100, 80, 9.99, 50, 1],
          [660203, '差旅费-国外', '1020', 2032, 1200.5, '', '', '', ''],
        ]),
      ),
    ).toBe(2);
    const [office] = await page('financebudget', 'year_equal=2032&subject=660202');
    expect(office).toMatchObject({
      title: '管理费用-办公费',
      orgId: '1010',
      amount1: 100,
      actual1: 80,
      // Worked out by the server, whatever the sheet said.
      finish1: 0.8,
      amount5: 50,
      totalAmount: 150,
    });
    const [travel] = await page('financebudget', 'year_equal=2032&subject=660203');
    expect(travel).toMatchObject({ title: '差旅费-国外', orgId: '1020', amount1: 1200.5, amount2: 0 });
  });

  it('refuses the whole sheet naming each bad cell by row and column, writing nothing', async () => {
    const before = await count();
    expectError(
      await importSheet('financebudget', [
        HEADERS,
        ['660201', '', changzhou, 2032, 1, 0, '', 2, ''],
        ['660204', '', changzhou, 2032, 1, 0, '', '五十', ''],
        ['6602', '', changzhou, 2032, 1, 0, '', 2, ''],
        ['660205', '', '火星工厂', 2032, 1, 0, '', 2, ''],
        ['660202', '', changzhou, 2032, 1, 0, '', 2, ''],
      ]),
      400,
      '第3行 5月预算: 5月预算格式不正确; 第4行 科目代码: 请选择末级科目; 第5行 公司: 公司不存在; ' +
        '第6行 科目名称: 该公司本年度已存在此科目和名称的预算',
    );
    expect(await count()).toBe(before);
    // In the caller's language, the column as the sheet heads it.
    expectError(
      await importSheet('financebudget', [HEADERS, ['660204', '', changzhou, 2032, 1, 0, '', '五十', '']], {
        headers: { 'accept-language': 'en' },
      }),
      400,
      'Row 2 5月预算: Budget May has an invalid format',
    );
    expect(await count()).toBe(before);
  });

  it('takes back what it exported: covering updates the rows of the same key, nothing is doubled', async () => {
    const rows = await exported('financebudget', 'year_equal=2032');
    const total = rows[0].indexOf('5月预算');
    const edited = rows.map((row, i) => (i === 0 ? row : row.map((cell, c) => (c === total ? '77' : cell))));
    expectError(
      await importSheet('financebudget', edited),
      400,
      '第2行 科目名称: 该公司本年度已存在此科目和名称的预算; 第3行 科目名称: 该公司本年度已存在此科目和名称的预算',
    );
    expect(expectOk(await importSheet('financebudget', edited, { isCovered: '1' }))).toBe(2);
    const after = await page('financebudget', 'year_equal=2032');
    expect(after).toHaveLength(2);
    expect(after.map((r) => r.amount5)).toEqual([77, 77]);
    expect(after.find((r) => r.subject === '660202')).toMatchObject({ amount1: 100, totalAmount: 177 });
  });
});

describe('differ', () => {
  it('exports each month with its difference, and refuses a negative amount by its cell', async () => {
    expectOk(
      await t.post(`${SYS}/differ/submit`, admin, {
        year: 2031,
        orgId: '1010',
        subject: '500101',
        title: '冷轧板',
        productNo: 'P-1',
        ...months('amount', { 3: 100 }),
        ...months('actual', { 3: 130 }),
      }),
    );
    const rows = await exported('differ', 'year_equal=2031');
    expect(rows[0]).toEqual([
      '科目代码',
      '科目名称',
      '公司',
      '预算年度',
      '产品零件号',
      '材料类别',
      ...monthHeaders('预算', '实际', '完成率', '差异'),
      '全年预算',
      '全年实际',
      '全年完成率',
      '全年材料成本差异',
      '排序',
      '备注',
    ]);
    expect(byHeader(rows)).toEqual([
      expect.objectContaining({ 产品零件号: 'P-1', '3月完成率': '1.3', '3月差异': '30', 全年材料成本差异: '30' }),
    ]);
    const before = (await page('differ', 'year_equal=2031')).length;
    expectError(
      await importSheet('differ', [
        ['科目代码', '科目名称', '公司', '预算年度', '5月预算', '5月实际'],
        ['500102', '钢卷', '1010', 2031, 10, 12],
        ['500102', '铝锭', '1010', 2031, -10, 0],
      ]),
      400,
      '第3行 5月预算: 5月预算不能小于0',
    );
    expect(await page('differ', 'year_equal=2031')).toHaveLength(before);
  });
});

describe('budgetfill', () => {
  const FILL = `${SYS}/budgetfill`;
  const HEADERS = ['科目代码', '科目名称', '公司', '预算年度', '填报部门', '预算类型', '3月预算'];
  let filler: string;
  let deptName: string;
  const lines = async (): Promise<Row[]> =>
    (expectOk(await t.get(`${FILL}/list?size=100&year_equal=2033`, filler)) as { records: Row[] }).records;

  beforeAll(async () => {
    const dept = await t.services.db
      .selectFrom('blade_dept')
      .select(['id', 'dept_name'])
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    deptName = String(dept.dept_name);
    const codes = [
      'budget',
      'budgetfill',
      'budgetfill_add',
      'budgetfill_edit',
      'budgetfill_import',
      'budgetfill_export',
    ];
    const roleId = await createRole(t, '000000', 'bx_fill', codes);
    await createUser(t, { tenantId: '000000', account: 'bx_fill', password: 'pw', roleId, deptId: String(dept.id) });
    filler = await t.tokenOf('bx_fill', 'pw');
  });

  it('imports new lines and drafts; a submitted line refuses the whole sheet; amounts are never negative', async () => {
    expect(
      expectOk(
        await importSheet(
          'budgetfill',
          [
            HEADERS,
            ['660202', '', changzhou, 2033, '', '', 10],
            ['660203', '', changzhou, 2033, deptName, '费用预算', 20],
          ],
          { token: filler },
        ),
      ),
    ).toBe(2);
    const [office, travel] = await lines();
    expect([office, travel]).toMatchObject([
      { subject: '660202', deptName, budgetType: '1', approveStatus: '0', amount3: 10, totalAmount: 10 },
      { subject: '660203', deptName, approveStatus: '0', amount3: 20 },
    ]);
    expectOk(await t.post(`${FILL}/approval`, filler, { ids: travel.id, action: 'submit' }));

    // The export, edited and taken back with covering: the draft would change, the submitted line cannot.
    const rows = await exported('budgetfill', 'year_equal=2033', {}, filler);
    expect(rows[0].slice(0, 8)).toEqual([
      '科目代码',
      '科目名称',
      '公司',
      '预算年度',
      '填报部门',
      '预算类型',
      '审核状态',
      '岗位',
    ]);
    expect(rows[0]).not.toContain('1月实际');
    const march = rows[0].indexOf('3月预算');
    const edited = rows.map((row, i) => (i === 0 ? row : row.map((cell, c) => (c === march ? '99' : cell))));
    expectError(
      await importSheet('budgetfill', edited, { isCovered: '1', token: filler }),
      400,
      '第3行: 已提交或已审核的预算不能修改',
    );
    expect((await lines()).map((r) => r.amount3)).toEqual([10, 20]);

    // Only the draft: updated in place.
    expect(expectOk(await importSheet('budgetfill', edited.slice(0, 2), { isCovered: '1', token: filler }))).toBe(1);
    expect((await lines()).map((r) => [r.subject, r.amount3, r.approveStatus])).toEqual([
      ['660202', 99, '0'],
      ['660203', 20, '1'],
    ]);

    expectError(
      await importSheet('budgetfill', [HEADERS, ['660204', '', changzhou, 2033, '', '', -5]], { token: filler }),
      400,
      '第2行 3月预算: 预算金额不能为负数',
    );
    expect(await lines()).toHaveLength(2);
  });
});

describe('budgetsituation', () => {
  it("exports what the screen's fixed filter selects; covering an approved row takes its actuals only", async () => {
    const SITUATION = `${SYS}/budgetsituation`;
    const post = await t.services.db
      .selectFrom('blade_post')
      .select(['id', 'post_name'])
      .where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    for (const line of [
      { budgetType: '1', subject: '660202', title: '办公费' },
      { budgetType: '2', postId: String(post.id) },
    ])
      expectOk(
        await t.post(`${SITUATION}/submit`, admin, {
          year: 2034,
          orgId: '1020',
          ...line,
          ...months('amount', { 1: 10 }),
        }),
      );
    const rows = await exported('budgetsituation', 'year_equal=2034&budgetType_equal=2');
    expect(rows[0].slice(0, 12)).toEqual([
      '科目代码',
      '科目名称',
      '公司',
      '预算年度',
      '部门',
      '预算类型',
      '审核状态',
      '岗位',
      '客户',
      '项目',
      '产品零件号',
      '产品名称',
    ]);
    expect(byHeader(rows)).toEqual([
      expect.objectContaining({
        // A labour row: the labour account and the post's name.
        科目代码: '660201',
        科目名称: String(post.post_name),
        公司: suzhou,
        预算类型: '人工预算',
        审核状态: '草稿',
        岗位: String(post.post_name),
        '1月预算': '10',
      }),
    ]);

    // Approved, the budget side is frozen (its cell named) while the actuals stay open (§5.2).
    const [labour] = (
      expectOk(await t.get(`${SITUATION}/list?year_equal=2034&budgetType_equal=2`, admin)) as { records: Row[] }
    ).records;
    expectOk(await t.post(`${SITUATION}/approval?ids=${labour.id}`, admin));
    const edit = (header: string, value: string) => {
      const at = rows[0].indexOf(header);
      return rows.map((row, i) => (i === 0 ? row : row.map((cell, c) => (c === at ? value : cell))));
    };
    expectError(
      await importSheet('budgetsituation', edit('1月预算', '12'), { isCovered: '1' }),
      400,
      '第2行 1月预算: 已提交或已审核的预算不能修改',
    );
    expect(expectOk(await importSheet('budgetsituation', edit('1月实际', '8'), { isCovered: '1' }))).toBe(1);
    const [after] = (
      expectOk(await t.get(`${SITUATION}/list?year_equal=2034&budgetType_equal=2`, admin)) as { records: Row[] }
    ).records;
    expect(after).toMatchObject({ id: labour.id, approveStatus: '2', amount1: 10, actual1: 8, finish1: 0.8 });
  });

  it('narrows an export to a searched month range as the grid does: its months shown, its totals', async () => {
    const SITUATION = `${SYS}/budgetsituation`;
    for (const [subject, title] of [
      ['660202', '办公费'],
      ['660203', '差旅费'],
    ])
      expectOk(
        await t.post(`${SITUATION}/submit`, admin, {
          year: 2035,
          orgId: '1010',
          subject,
          title,
          ...months('amount', { 1: 1000, 2: 100, 3: 200, 4: 300, 12: 5000 }),
          ...months('actual', { 1: 999, 2: 50, 3: 200, 4: 600 }),
        }),
      );
    expectOk(await t.post(`${SITUATION}/submit`, admin, { year: 2036, orgId: '1010', subject: '660202' }));
    // The range sets the year (overriding the one searched) and the totals; the screen shows months 2 to 4.
    const query = 'year_equal=2036&orgId_equal=1010&searchMonth=2035-02,2035-04&searchType=&searchContent=';
    const rows = await exported('budgetsituation', query);
    const headers = rows[0];
    expect(headers).toEqual(expect.arrayContaining([...['2', '3', '4'].map((m) => `${m}月预算`), '全年完成率']));
    expect(headers.filter((header) => /^\d+月/.test(header))).toEqual(
      [2, 3, 4].flatMap((m) => ['预算', '实际', '完成率'].map((kind) => `${m}月${kind}`)),
    );
    const listed = (expectOk(await t.get(`${SITUATION}/list?size=100&${query}`, admin)) as { records: Row[] }).records;
    expect(listed.map((r) => r.title)).toEqual(['办公费', '差旅费']);
    expect(byHeader(rows)).toEqual(
      listed.map((r) =>
        expect.objectContaining({
          科目名称: r.title,
          预算年度: '2035',
          '4月完成率': '2',
          全年预算: String(r.totalAmount),
          全年实际: String(r.totalActual),
          全年完成率: String(r.totalFinish),
        }),
      ),
    );
    // Feb–Apr: 600 budgeted, 850 spent.
    expect(byHeader(rows)[0]).toMatchObject({ 全年预算: '600', 全年实际: '850', 全年完成率: '1.4167' });
    // Without a range: every month and the full year.
    const [all] = byHeader(await exported('budgetsituation', 'year_equal=2035&title=办公费'));
    expect(all).toMatchObject({ '1月预算': '1000', '12月预算': '5000', 全年预算: '6600', 全年实际: '1849' });
    expectError(
      await t.get(`${SITUATION}/export-budgetsituation?searchMonth=2035-11,2036-02`, admin),
      400,
      '月份区间不能跨年',
    );
  });
});
