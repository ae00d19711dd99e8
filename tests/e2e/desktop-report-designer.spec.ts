import { expect, test } from './support/test.ts';
import { desktopHome, openMenu } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const NAME = `区域销售 ${Date.now() % 100000}`;
// No table: a fresh database's report views are empty, and the figures must be known to check the chart's rows.
const SQL = `select region, amount from (values ('华东', 30), ('华北', 20), ('华南', 10)) as v(region, amount)
where amount >= :least`;

test('报表配置 designs a report with a parameter and a chart; 报表列表 runs and exports it', async ({ page }) => {
  test.setTimeout(240_000);
  await desktopHome(page);
  await openMenu(page, '报表管理', '报表配置');
  await expect(page).toHaveURL(/\/report\/reportsetting/);
  await expect(page.getByText('report_stock')).toBeVisible();

  await page.getByLabel(zh.report.name, { exact: true }).fill(NAME);
  await page.getByLabel(zh.report.sql, { exact: true }).fill(SQL);
  await page.getByRole('button', { name: zh.report.addParam }).click();
  await page.getByLabel(zh.report.paramName, { exact: true }).fill('least');
  await page.getByLabel(zh.report.paramLabel, { exact: true }).fill('最低金额');
  await page.getByLabel(zh.report.paramType, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${zh.report.types.number}"]`).click();
  await page.getByLabel(zh.report.paramDefault, { exact: true }).fill('15');
  await page.getByLabel(zh.report.sums, { exact: true }).fill('amount');
  await page.getByLabel(zh.report.sums, { exact: true }).press('Enter');
  await page.getByLabel(zh.report.chartType, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${zh.report.charts.bar}"]`).click();
  await page.getByLabel(zh.report.chartX, { exact: true }).fill('region');
  await page.getByLabel(zh.report.chartY, { exact: true }).fill('amount');
  await page.getByLabel(zh.report.chartY, { exact: true }).press('Enter');

  await page.getByRole('button', { name: zh.report.preview }).click();
  await page.getByRole('button', { name: zh.report.run, exact: true }).click();
  const table = page.locator('.report-print .ant-table');
  await expect(table).toContainText('华东');
  await expect(table).toContainText('华北');
  await expect(table).not.toContainText('华南');
  await expect(table).toContainText(zh.report.total);
  await expect(page.locator('.report-print canvas')).toBeVisible();
  await page.getByRole('button', { name: zh.report.save }).click();
  await expect(page.getByText(zh.report.saved)).toBeVisible();

  await openMenu(page, '报表管理', '报表列表');
  await expect(page).toHaveURL(/\/report\/reportlist/);
  const row = page.locator('.ant-table-row', { hasText: NAME });
  await row.getByRole('button', { name: zh.report.run, exact: true }).click();
  await page.getByLabel('最低金额', { exact: true }).fill('5');
  await page
    .locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: NAME }) })
    .getByRole('button', { name: zh.report.run, exact: true })
    .click();
  await expect(page.locator('.report-print .ant-table')).toContainText('华南');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: zh.report.export }).click();
  expect((await download).suggestedFilename()).toBe(`${NAME}.xlsx`);
});
