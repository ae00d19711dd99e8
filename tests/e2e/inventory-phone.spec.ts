import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { zh } from './support/i18n.ts';
import { phoneLoginToTabs, phoneTab } from './support/phone.ts';

const W = zh.mobile.warehouse;
const SYS = '/api/blade-system';
/** The seeded top-level department: a company is a child of it with a code (domain/README.md §3.4). */
const ROOT_DEPT = '1123598813738675201';

test.skip(({ isMobile }) => !isMobile, 'the 出入库 tab is the phone layout (375x812)');

const main = (page: Page): Locator => page.locator('main');
const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text);
const card = (page: Page, text: string): Locator => main(page).locator('.m-movement-card').filter({ hasText: text });

/** Picks `option` in the wheel a form field opens, and sees it on the field. */
async function choose(page: Page, label: string, option: string) {
  const field = main(page).getByRole('button', { name: label, exact: true });
  await field.click();
  const picker = page
    .locator('.adm-picker')
    .filter({ has: page.locator('.adm-picker-header-title', { hasText: new RegExp(`^${label}$`) }) });
  // A wheel item may sit below the wheel's window (it is moved by a transform, not scrolled): its click handler turns
  // the wheel to it wherever it is.
  await picker.locator('.adm-picker-view-column-item').filter({ hasText: option }).dispatchEvent('click');
  await picker.locator('.adm-picker-header-button').filter({ hasText: zh.common.confirm }).click();
  await expect(field).toHaveText(option);
}

/** Fills the receipt form: a purchase receipt of `quantity` of the part into the raw-material store. */
async function enterReceipt(
  page: Page,
  part: { productNo: string; productName: string },
  company: string,
  qty: string,
) {
  await main(page).getByRole('button', { name: W.add }).click();
  await expect(page).toHaveURL(/\/inventory-logs\/form$/);
  await choose(page, W.type, '采购入库');
  const partInput = main(page).getByRole('textbox', { name: W.part });
  await partInput.fill(part.productNo.toLowerCase());
  await partInput.press('Enter');
  await expect(main(page).getByLabel(W.partFound)).toContainText(`${part.productNo} ${part.productName}`);
  await main(page).getByRole('textbox', { name: W.qty }).fill(qty);
  await main(page).getByRole('textbox', { name: W.unitCost }).fill('2.5');
  await choose(page, W.company, company);
  await choose(page, W.warehouse, '原材料库');
}

test('a receipt entered offline waits as 待同步, is stored once when back online, and posting it moves the stock', async ({
  page,
  context,
}) => {
  test.slow();
  const tag = uniqueTag('WH');
  const company = `仓储公司 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: ROOT_DEPT, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });
  const category = await callAs<{ id: string }>(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-CAT`, categoryName: `仓储 ${tag}`, categoryType: '2' },
  });
  const part = { productNo: `${tag}-P1`, productName: '前门铰链' };
  const product = await callAs<{ id: string }>(page.request, 'post', `${SYS}/product/submit`, {
    data: { ...part, productType: '2', categoryId: category.id, unit: 'PCS' },
  });

  await phoneLoginToTabs(page);
  await phoneTab(page, zh.mobile.tabs.inventoryLogs).click();
  await expect(page).toHaveURL(/\/inventory-logs$/);

  // Online: typed part, found by its number whatever its case, with its (empty) stock; stored at once.
  await enterReceipt(page, part, company, '12');
  await expect(main(page).getByRole('region', { name: W.stock })).toContainText(W.noStock);
  await main(page).getByRole('button', { name: W.submit }).click();
  await expect(toast(page, W.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/inventory-logs$/);
  await expect(card(page, part.productNo).filter({ hasText: '+12' })).toContainText(W.pending);

  // Offline: the same form works from what this phone already knows, and the movement waits on top as 待同步.
  await context.setOffline(true);
  await expect(page.getByText(zh.common.offline)).toBeVisible();
  await enterReceipt(page, part, company, '5');
  await main(page).getByRole('textbox', { name: W.sourceNo }).fill(`${tag}-OFF`);
  await main(page).getByRole('button', { name: W.submit }).click();
  await expect(toast(page, W.keptForSync)).toBeVisible();
  await expect(page).toHaveURL(/\/inventory-logs$/);
  const waiting = card(page, W.queued);
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('+5');
  await expect(waiting).toContainText(part.productNo);

  // Back online: sent by itself, stored once.
  await context.setOffline(false);
  await expect(toast(page, '已同步 1 条出入库记录')).toBeVisible();
  await expect(card(page, W.queued)).toHaveCount(0);
  const synced = card(page, part.productNo).filter({ hasText: '+5' });
  await expect(synced).toContainText(W.pending);
  const stored = await callAs<{ records: { id: string; logNo: string; qty: number; handleStatus: string }[] }>(
    page.request,
    'get',
    `${SYS}/inventorylog/list`,
    { params: { sourceNo: `${tag}-OFF`, size: 50 } },
  );
  expect(stored.records).toHaveLength(1);
  const [movement] = stored.records;
  expect(movement).toMatchObject({ qty: 5, handleStatus: '0' });
  await expect(synced).toContainText(movement!.logNo);

  // Posted from its page: it is handled and the stock holds its quantity.
  await synced.click();
  await expect(page).toHaveURL(new RegExp(`/inventory-logs/detail/${movement!.id}$`));
  await main(page).getByRole('button', { name: W.post }).click();
  await page.getByRole('dialog').getByRole('button', { name: W.post }).click();
  await expect(toast(page, W.posted)).toBeVisible();
  await expect(main(page).getByText(zh.mobile.warehouse.handled)).toBeVisible();
  await expect(main(page).getByRole('button', { name: W.post })).toHaveCount(0);
  const stock = await callAs<{ records: { qty: number; warehouse: string; orgId: string }[] }>(
    page.request,
    'get',
    `${SYS}/inventory/list`,
    { params: { productId: product.id, size: 50 } },
  );
  expect(stock.records.map((row) => [row.orgId, row.warehouse, Number(row.qty)])).toEqual([[tag, 'RM', 5]]);
});
