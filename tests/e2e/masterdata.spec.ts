import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

test.skip(({ isMobile }) => isMobile, 'the master data screens are desktop console screens');

const SYS = '/api/blade-system';
const dialog = (page: Page): Locator => page.getByRole('dialog');
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });

test('a part: its category fills the item type, a finished part asks for its customer, the list shows names', async ({
  page,
}) => {
  const tag = uniqueTag('E2E');
  const categoryName = `车身件 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-CAT`, categoryName, categoryType: '1' },
  });
  const customerName = `测试整车厂 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/customer/submit`, {
    data: { customerCode: `${tag}-C`, customerName, shortName: `整车 ${tag}`, customerType: '1' },
  });

  await loginByApi(page, '/wel/index');
  await desktopHome(page);
  await openScreen(page, '基础资料', '产品管理');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = dialog(page);
  await expect(add).toBeVisible();
  await add.getByPlaceholder('请输入产品零件号').fill(`${tag}-FG-1`);
  await add.getByPlaceholder('请输入产品名称').fill('左A柱内板总成');

  // The category picker searches the tree; picking one fills 物料类型 with the category's type.
  const categoryItem = formItem(add, '物料分类');
  await categoryItem.locator('.ant-select').click();
  await page.keyboard.type(tag);
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: categoryName }).click();
  await expect(formItem(add, '物料类型').locator('.ant-select-content')).toHaveText('成品');

  // A finished part needs its main customer: nothing is saved without one.
  await add.getByRole('button', { name: zh.common.save }).click();
  const customerError = formItem(add, '主要客户').locator('.ant-form-item-explain-error');
  await expect(customerError).toHaveText('请选择主要客户');
  await formItem(add, '主要客户').locator('.ant-select').click();
  await page.keyboard.type(customerName);
  await page.locator('.ant-select-item-option').filter({ hasText: customerName }).click();
  await expect(customerError).toBeHidden();
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(add).toBeHidden();

  // The list finds it by part number and shows names, never ids.
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入产品零件号').fill(`${tag}-FG`);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  const row = page.locator('.tenon-crud .ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(categoryName);
  await expect(row).toContainText(customerName);
  await expect(row).toContainText('成品');
  await expect(row).toContainText('件');
});

test('goods categories: a tree table, and a category holding another cannot be deleted', async ({ page }) => {
  const tag = uniqueTag('E2E');
  const parent = await callAs<{ id: string }>(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-P`, categoryName: `钢材 ${tag}`, categoryType: '3' },
  });
  await callAs(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-C`, categoryName: `冷轧板 ${tag}`, categoryType: '3', parentId: parent.id },
  });
  await loginByApi(page, '/masterdata/goodscategory/index');
  const parentRow = page.locator('.tenon-crud .ant-table-row').filter({ hasText: `钢材 ${tag}` });
  await expect(parentRow).toBeVisible();
  await parentRow.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.tenon-crud .ant-table-row').filter({ hasText: `冷轧板 ${tag}` })).toBeVisible();
  await parentRow.getByRole('button', { name: zh.common.delete }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: zh.common.ok }).click();
  await expectToast(page, '该分类下存在子分类或物料，不能删除');
  await expect(parentRow).toBeVisible();
});
