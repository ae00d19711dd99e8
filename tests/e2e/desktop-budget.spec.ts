import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';

const SYS = '/api/blade-system';
/** The seeded top-level department: a company is a child of it with a code (domain/README.md §3.4). */
const ROOT_DEPT = '1123598813738675201';

test('financial budget: rows pasted from Excel, a refused row named, an actual typed in the grid, the year copied', async ({
  page,
}) => {
  test.slow();
  const tag = uniqueTag('FB');
  const company = `预算公司 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: ROOT_DEPT, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });

  await desktopHome(page);
  await openScreen(page, '预算管理', '财务预算');
  await page.getByRole('button', { name: '批量保存' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '从Excel粘贴的行' });
  await dialog.getByRole('spinbutton').fill('2031');
  await dialog.locator('.ant-form-item').filter({ hasText: '公司' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: company }).click();
  const months = (values: number[]) => values.join('\t');
  const header = `科目代码\t科目名称\t${Array.from({ length: 12 }, (_, i) => `${i + 1}月`).join('\t')}`;
  const revenue = `6001\t主营业务收入\t${months(Array(12).fill(1000))}`;
  const cost = `6401\t主营业务成本\t${months(Array(12).fill(800))}`;
  const textarea = dialog.locator('textarea');
  await textarea.fill([header, revenue, `6999\t不存在的科目\t${months(Array(12).fill(1))}`].join('\n'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // The server names the refused row; nothing is saved and the pasted text stays to be corrected.
  await expectToast(page, '第2行：科目代码不存在或无权访问');
  await textarea.fill([header, revenue, cost].join('\n'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '已保存2行');

  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入科目名称').fill('主营业务');
  await search.locator('.ant-form-item').filter({ hasText: '预算年度' }).getByRole('spinbutton').fill('2031');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const rows = page.locator('.tenon-grid .ant-table-row').filter({ hasText: company });
  await expect(rows).toHaveCount(2);
  const revenueRow = rows.filter({ hasText: '主营业务收入' });
  await expect(revenueRow).toContainText('12,000.00');

  // January's actual typed in the grid: its completion and the year's follow.
  const january = revenueRow.locator('[data-cell="actual1"]');
  await january.click();
  const input = revenueRow.locator('.ant-input-number input');
  await input.fill('950');
  await input.press('Enter');
  await expect(january).toHaveText('950.00');
  await expect(revenueRow).toContainText('95.00%');
  await expect(revenueRow).toContainText('7.92%');

  // 复制到下一年, twice: the second copy finds the rows there and copies none.
  for (const copied of ['已复制2行到2032年，跳过已存在的0行', '已复制0行到2032年，跳过已存在的2行']) {
    await page.getByRole('button', { name: '复制到下一年' }).click();
    const copy = page.locator('.ant-modal').filter({ hasText: '复制年度' });
    await copy.getByRole('spinbutton').fill('2031');
    await copy.locator('.ant-form-item').filter({ hasText: '公司' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option:visible').filter({ hasText: company }).click();
    await copy.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, copied);
  }
});
