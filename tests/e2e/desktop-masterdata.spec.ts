import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

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

/** An .xlsx with a header row and these rows. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('产品');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('product import: a bad row is named and nothing is saved; the corrected file imports every row', async ({
  page,
}) => {
  const tag = uniqueTag('IMP');
  await callAs(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-CAT`, categoryName: `原材料 ${tag}`, categoryType: '3' },
  });
  const header = ['产品零件号', '产品名称', '物料类型', '物料分类', '计量单位'];
  const good = [`${tag}-1`, '冷轧板 DC01', '原材料', `${tag}-CAT`, '千克'];
  const upload = async (rows: unknown[][]) => {
    const dialog = page.getByRole('dialog', { name: '产品数据导入' });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'products.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([header, ...rows]),
    });
    await dialog.getByRole('button', { name: zh.crud.excel.import, exact: true }).click();
    return dialog;
  };

  await loginByApi(page, '/masterdata/product/index');
  await expect(page.locator('.tenon-crud .ant-table')).toBeVisible();
  const importButton = page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.crud.excel.import });
  await importButton.click();
  const dialog = await upload([good, [`${tag}-2`, '钢卷', '原材料', '没有这个分类', '千克']]);
  await expect(dialog.locator('.tenon-import-errors li')).toHaveText(['第3行 物料分类: 物料分类不存在或无权访问']);

  const search = page.locator('.tenon-crud-search');
  const rows = page.locator('.tenon-crud .ant-table-row');
  await dialog.getByRole('button', { name: zh.common.cancel }).click();
  await search.getByPlaceholder('请输入产品零件号').fill(tag);
  const searched = page.waitForResponse((r) => r.url().includes(`productNo=${tag}`));
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  expect((await (await searched).json()).data.total).toBe(0);
  await expect(rows).toHaveCount(0);

  await importButton.click();
  await upload([good, [`${tag}-2`, '钢卷', '原材料', `原材料 ${tag}`, '千克']]);
  await expectToast(page, '已导入 2 条数据');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`原材料 ${tag}`);
});
