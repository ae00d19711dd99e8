import { expect, test } from './support/test.ts';
import { desktopHome, openScreen } from './support/desktop.ts';

/**
 * What a new user finds after the README's demo command (`npm run demo`, run on this project's server before it
 * started): every business screen built so far opens full, from its menu, at an office screen's size.
 */
const SCREENS: ReadonlyArray<readonly [parent: string, leaf: string, atLeast: number]> = [
  ['基础资料', '客户管理', 10],
  ['基础资料', '供应商管理', 10],
  ['基础资料', '产品管理', 2000],
  ['基础资料', '价格管理', 100],
  ['基础资料', '员工管理', 10],
  ['生产管理', '产线管理', 8],
  ['生产管理', '工位组管理', 10],
  ['生产管理', '工位管理', 40],
  ['生产管理', '设备管理', 20],
  ['生产管理', '模具管理', 10],
  ['生产管理', '作业员管理', 60],
  ['生产管理', '产品BOM', 10],
  ['生产管理', 'BOM成本', 10],
  ['生产管理', '新品导入', 6],
  ['生产管理', '项目任务', 40],
  ['生产管理', '生产计划', 40],
  ['仓储管理', '库存台账', 90],
  ['仓储管理', '出入库记录', 400],
  ['仓储管理', '包装规格', 5],
  ['预算管理', '财务预算', 72],
  ['预算管理', '材料成本差异', 20],
];

test('after the demo command, every business screen opens with its rows', async ({ page }) => {
  // Over twenty screens one after the other: well over a minute on a busy 2-core machine.
  test.slow();
  await desktopHome(page);
  for (const [parent, leaf, atLeast] of SCREENS) {
    await openScreen(page, parent, leaf);
    const screen = page.locator('.tenon-page:visible .tenon-crud');
    await expect(screen.locator('.ant-table-row').first(), `${leaf} shows rows`).toBeVisible();
    const total = screen.locator('.ant-pagination-total-text');
    await expect(total, `${leaf} counts its rows`).toHaveText(/\d+/);
    const count = Number((await total.innerText()).replace(/\D/g, ''));
    expect(count, `${leaf} holds at least ${atLeast} rows`).toBeGreaterThanOrEqual(atLeast);
  }
});

test('the goods categories open as a tree with the demo categories', async ({ page }) => {
  await desktopHome(page);
  await openScreen(page, '基础资料', '物料分类');
  await expect(page.locator('.tenon-crud .ant-table-row').filter({ hasText: '原材料' }).first()).toBeVisible();
});

test('the chart of accounts opens as a tree: an account shows its sub-accounts under it', async ({ page }) => {
  await desktopHome(page);
  await openScreen(page, '财务管理', '会计科目');
  const rows = page.locator('.tenon-page:visible .tenon-crud .ant-table-row');
  const admin = rows.filter({ hasText: '管理费用' }).first();
  await expect(admin).toBeVisible();
  await expect(rows.filter({ hasText: '差旅费' })).toHaveCount(0);
  await admin.locator('.ant-table-row-expand-icon').click();
  await expect(rows.filter({ hasText: '660203' }).filter({ hasText: '差旅费' })).toBeVisible();
});

test('the material cost difference summary sums this year by material, numbered, with the total row', async ({
  page,
}) => {
  await desktopHome(page);
  await openScreen(page, '预算管理', '材料成本差异汇总');
  const screen = page.locator('.tenon-page:visible .tenon-crud');
  const rows = screen.locator('.tenon-grid .ant-table-row');
  await expect(rows.filter({ hasText: '钢材' })).toHaveCount(1);
  await expect(rows).toHaveCount(5);
  await expect(screen.locator('.tenon-grid .ant-table-summary')).toContainText('合计');
  // Read-only: no cell opens for input.
  await expect(screen.locator('.tenon-grid-cell.is-editable')).toHaveCount(0);
});
