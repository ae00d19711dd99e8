import { expect, test, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { expectToast } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

/** Issue 31 item 4: a search field's control follows its type, and a refused search says why and loses nothing. */
const SYS = '/api/blade-system';
const search = (page: Page) => page.locator('.tenon-crud-search');
const rows = (page: Page) => page.locator('.tenon-crud .ant-table-row');
const searchButton = (page: Page) => search(page).getByRole('button', { name: new RegExp(zh.common.search) });

test('是否关联方 is searched by picking 是 or 否, and finds the customers it names', async ({ page }) => {
  const tag = uniqueTag('REL');
  for (const [suffix, isRelated] of [
    ['R', 1],
    ['N', 0],
  ] as const) {
    await callAs(page.request, 'post', `${SYS}/customer/submit`, {
      data: {
        customerCode: `${tag}-${suffix}`,
        customerName: `关联测试 ${tag} ${suffix}`,
        customerType: '1',
        isRelated,
      },
    });
  }
  await loginByApi(page, '/masterdata/customer/index');
  await expect(rows(page).first()).toBeVisible();

  // A select offering 是 and 否, not a text box.
  const related = search(page).getByLabel('是否关联方');
  await expect(search(page).getByPlaceholder('请输入是否关联方')).toHaveCount(0);
  await related.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText([zh.common.yes, zh.common.no]);
  await options.filter({ hasText: zh.common.yes }).click();
  await search(page).getByPlaceholder('请输入客户名称').fill(tag);
  await searchButton(page).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`${tag}-R`);

  await related.click();
  await options.filter({ hasText: zh.common.no }).click();
  await searchButton(page).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`${tag}-N`);
});

test('a search the server refuses shows its message and keeps the rows and the typed filter', async ({ page }) => {
  const tag = uniqueTag('REF');
  await callAs(page.request, 'post', `${SYS}/customer/submit`, {
    data: { customerCode: `${tag}-1`, customerName: `拒绝测试 ${tag}`, customerType: '1' },
  });
  await loginByApi(page, '/masterdata/customer/index');
  const name = search(page).getByPlaceholder('请输入客户名称');
  await name.fill(tag);
  await searchButton(page).click();
  await expect(rows(page)).toHaveCount(1);

  // Longer than any customer name can be: the server refuses the search (400) with its reason.
  const tooLong = 'x'.repeat(129);
  await name.fill(tooLong);
  await searchButton(page).click();
  await expectToast(page, '客户名称长度不能超过128');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`${tag}-1`);
  await expect(name).toHaveValue(tooLong);
});
