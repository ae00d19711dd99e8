import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

const SYS = '/api/blade-system';
const dialog = (page: Page): Locator => page.getByRole('dialog');
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
const options = (page: Page): Locator => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

test('a price: the counterparty picker follows the price type, defaults come from the part and the partner', async ({
  page,
}) => {
  const tag = uniqueTag('E2E');
  const customerName = `测试整车厂 ${tag}`;
  const supplierName = `测试钢厂 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/customer/submit`, {
    data: { customerCode: `${tag}-C`, customerName, customerType: '1', currency: 'USD' },
  });
  await callAs(page.request, 'post', `${SYS}/supplier/submit`, {
    data: { supplierCode: `${tag}-S`, supplierName, supplierType: '1' },
  });
  const category = await callAs<{ id: string }>(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-CAT`, categoryName: `钢材 ${tag}`, categoryType: '3' },
  });
  const partNo = `${tag}-RM-1`;
  await callAs(page.request, 'post', `${SYS}/product/submit`, {
    data: { productNo: partNo, productName: '冷轧板 DC01', productType: '3', categoryId: category.id, unit: 'KG' },
  });

  await loginByApi(page, '/wel/index');
  await desktopHome(page);
  await openScreen(page, '基础资料', '价格管理');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = dialog(page);
  await expect(add).toBeVisible();
  // The tax rate is typed as a percentage: 13 for the default 0.13.
  await expect(formItem(add, '税率').locator('input')).toHaveValue('13');

  // A buying price: the counterparty is one of the suppliers, never a customer.
  await formItem(add, '价格类型').locator('.ant-select').click();
  await options(page).filter({ hasText: '采购价' }).click();
  const partner = formItem(add, '客户/供应商');
  await partner.locator('.ant-select').click();
  await page.keyboard.type(tag);
  await expect(options(page).filter({ hasText: supplierName })).toBeVisible();
  await expect(options(page).filter({ hasText: customerName })).toHaveCount(0);
  await options(page).filter({ hasText: supplierName }).click();
  await expect(partner.locator('.ant-select-content')).toHaveText(supplierName);

  // A selling price: the picked supplier is cleared, the picker lists customers.
  await formItem(add, '价格类型').locator('.ant-select').click();
  await options(page).filter({ hasText: '销售价' }).click();
  await expect(partner.locator('.ant-select-content')).not.toHaveText(supplierName);
  await partner.locator('.ant-select').click();
  await page.keyboard.type(tag);
  await expect(options(page).filter({ hasText: customerName })).toBeVisible();
  await expect(options(page).filter({ hasText: supplierName })).toHaveCount(0);
  await options(page).filter({ hasText: customerName }).click();
  // The currency defaults to the customer's.
  await expect(formItem(add, '币种').locator('.ant-select-content')).toHaveText('美元');

  // The part fills the price unit with its own.
  await formItem(add, '产品零件号').locator('.ant-select').click();
  await page.keyboard.type(partNo);
  await options(page).filter({ hasText: partNo }).click();
  await expect(formItem(add, '计价单位').locator('.ant-select-content')).toHaveText('千克');

  await add.getByPlaceholder('请输入不含税单价').fill('10');
  await formItem(add, '生效日期').locator('input').fill('2026-01-01');
  await page.keyboard.press('Enter');
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(add).toBeHidden();

  // Listed with the part, the customer's name and the gross price (10 × 1.13).
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入零件号').fill(partNo);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  const row = page.locator('.tenon-crud .ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customerName);
  await expect(row).toContainText('销售价');
  await expect(row).toContainText('11.3');
  await expect(row).toContainText('13.00%');
  const header = page.locator('.tenon-crud .ant-table-thead');
  await expect(header).toContainText('含税单价');
  await expect(header).toContainText('往来单位');
});
