import { expect, test, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { expectToast } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

const C = zh.crud;

/** The open dialog (closed ones stay in the page, hidden). */
const dialog = (page: Page): Locator => page.getByRole('dialog');
const addButton = (scope: Locator): Locator =>
  scope.locator('.tenon-crud-toolbar').getByRole('button', { name: new RegExp(`${zh.common.add}$`) });
const row = (scope: Locator, text: string): Locator => scope.locator('.ant-table-row').filter({ hasText: text });
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });

test('dictionaries side by side: the spec messages, a new dictionary and a key under it', async ({ page }) => {
  await loginByApi(page, '/dict-horizontal/index');
  await expect(page).toHaveTitle(new RegExp(C.dict.horizontal.replace(/[()]/g, '\\$&')));
  const list = page.locator('.tenon-crud').first();
  const items = page.locator('.tenon-crud').nth(1);
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await expect(items.getByText(C.dict.pickParent)).toBeVisible();

  // An empty dictionary: the spec's messages, nothing saved.
  await addButton(list).click();
  const add = dialog(page);
  await expect(add).toBeVisible();
  await expect(add).toHaveAttribute('style', /width: 880px/);
  await add.getByRole('button', { name: zh.common.save }).click();
  // A click outside does not close it.
  await page.mouse.click(8, 792);
  await expect(add).toBeVisible();
  for (const text of ['请输入字典编号', '请输入字典名称', '请输入字典排序'])
    await expect(add.getByText(text, { exact: true })).toBeVisible();

  const code = uniqueTag('e2e_dict').replace(/-/g, '_');
  await add.getByPlaceholder('请输入字典编号').fill(code);
  await add.getByPlaceholder('请输入字典名称').fill(`测试字典 ${code}`);
  await add.getByPlaceholder('请输入字典排序').fill('99');
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(add).toBeHidden();

  // Find it and open its items.
  await list.locator('.tenon-crud-search').getByPlaceholder('请输入字典编号').fill(code);
  await list
    .locator('.tenon-crud-search')
    .getByRole('button', { name: new RegExp(zh.common.search) })
    .click();
  await expect(list.locator('.ant-table-row')).toHaveCount(1);
  await row(list, code).click();
  await expect(items.getByText(C.dict.itemsOf.replace('{{name}}', `测试字典 ${code}`))).toBeVisible();
  await expect(items.locator('.ant-table-placeholder')).toBeVisible();

  // A key under it: parent and code are the dictionary's and cannot be changed.
  await addButton(items).click();
  const item = dialog(page);
  await expect(item).toBeVisible();
  await expect(formItem(item, '上级字典').getByText(`测试字典 ${code}`)).toBeVisible();
  await expect(formItem(item, '上级字典').locator('.ant-select-disabled')).toHaveCount(1);
  await expect(formItem(item, '字典编号').locator('input')).toHaveValue(code);
  await expect(formItem(item, '字典编号').locator('input')).toBeDisabled();
  await item.getByRole('button', { name: zh.common.save }).click();
  for (const text of ['请输入字典键值', '请输入字典名称', '请输入字典排序'])
    await expect(item.getByText(text, { exact: true })).toBeVisible();
  await item.getByPlaceholder('请输入字典键值').fill('k1');
  await item.getByPlaceholder('请输入字典名称').fill('第一项');
  await item.getByPlaceholder('请输入字典排序').fill('1');
  await item.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(item).toBeHidden();
  await expect(row(items, '第一项')).toBeVisible();
  await expect(row(items, '第一项')).toContainText('k1');
  // The item belongs to the dictionary named in the table's title; the repeated code is not a column there.
  await expect(items.getByText(C.dict.itemsOf.replace('{{name}}', `测试字典 ${code}`))).toBeVisible();
  await expect(row(items, '第一项')).not.toContainText(code);
});

test('tenant packages: saving an empty package shows 请输入产品包名称 and 请选择菜单', async ({ page }) => {
  await loginByApi(page, '/system/tenantpackage');
  await expect(page).toHaveURL(/\/system\/tenantpackage\/index$/);
  const screen = page.locator('.tenon-crud');
  await addButton(screen).click();
  const add = dialog(page);
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: zh.common.save }).click();
  await expect(add.getByText('请输入产品包名称', { exact: true })).toBeVisible();
  await expect(add.getByText('请选择菜单', { exact: true })).toBeVisible();
});
