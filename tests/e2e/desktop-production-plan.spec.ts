import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const SYS = '/api/blade-system';
/** The seeded top-level department: a company is a child of it with a code (domain/README.md §3.4). */
const ROOT_DEPT = '1123598813738675201';

test('a plan: a month edited in the grid changes its totals; released, its plan cells are read-only', async ({
  page,
}) => {
  const tag = uniqueTag('PP');
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: {
      parentId: ROOT_DEPT,
      deptName: `计划公司 ${tag}`,
      fullName: `计划公司 ${tag}`,
      deptCategory: 1,
      sort: 99,
      remark: tag,
    },
  });
  const plan = await callAs<{ id: string }>(page.request, 'post', `${SYS}/prodplane/submit`, {
    data: {
      year: 2026,
      orgId: tag,
      project: 'E2E 项目',
      productNo: `${tag}-FG`,
      productName: '前门内板',
      unit: '件',
      amount1: 100,
      amount2: 100,
      amount3: 100,
      actual1: 50,
    },
  });

  await desktopHome(page);
  await openScreen(page, '生产管理', '生产计划');
  // The dimension search: 产品 + the part number.
  const search = page.locator('.tenon-crud-search');
  await search.locator('.ant-form-item').filter({ hasText: '查询维度' }).locator('.ant-select').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^产品$/ })
    .click();
  await search.getByPlaceholder('请输入查询内容').fill(tag);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  const row = page.locator('.tenon-grid .ant-table-row').filter({ hasText: tag });
  await expect(page.locator('.tenon-grid .ant-table-row')).toHaveCount(1);
  await expect(row).toContainText('300.00');
  await expect(row).toContainText('16.67%');
  await expect(row).toContainText('草稿');

  // February's plan 100 -> 400: the plan total and the attainment follow.
  const february = row.locator(`[data-row="${plan.id}"][data-cell="amount2"]`);
  await february.click();
  const input = row.locator('.ant-input-number input');
  await input.fill('400');
  await input.press('Enter');
  await expect(february).toHaveText('400.00');
  await expect(row).toContainText('600.00');
  await expect(row).toContainText('8.33%');

  // Released: the plan cells no longer open, the actuals still do.
  await row.getByRole('button', { name: '下达' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: zh.common.ok }).click();
  await expectToast(page, zh.common.updateSuccess);
  await expect(row).toContainText('已下达');
  await expect(february).not.toHaveClass(/is-editable/);
  await february.click();
  await expect(input).toHaveCount(0);
  const actual = row.locator(`[data-row="${plan.id}"][data-cell="actual2"]`);
  await expect(actual).toHaveClass(/is-editable/);
  await actual.click();
  await input.fill('120');
  await input.press('Enter');
  await expect(row).toContainText('170.00');
  await expect(row).toContainText('28.33%');
});
