import { expect, test, type Locator, type Page } from './support/test.ts';
import { apiToken, callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { seedSession } from './support/session.ts';

const SYS = '/api/blade-system';
/** The seeded 常州 department, given the company code 1010 (domain/README.md §3.4) as `npm run demo` does. */
const CHANGZHOU = '1123598813738675202';
const rows = (page: Page): Locator => page.locator('.tenon-crud .ant-table-row');
const today = () => new Date().toISOString().slice(0, 10);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** A part with a receipt of 10 at 2.5 and an issue of 3, both pending, made through the API. */
async function partWithMovements(page: Page, tag: string) {
  await callAs(page.request, 'post', `${SYS}/dept/submit`, { data: { id: CHANGZHOU, remark: '1010' } });
  const category = await callAs<{ id: string }>(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryType: '3', categoryCode: `WH${tag}`, categoryName: `仓储${tag}` },
  });
  const part = await callAs<{ id: string }>(page.request, 'post', `${SYS}/product/submit`, {
    data: { productNo: `WH-${tag}`, productName: `冷轧板${tag}`, productType: '3', categoryId: category.id },
  });
  const movement = (bizType: string, qty: number, extra: Record<string, unknown> = {}) =>
    callAs<{ id: string; logNo: string }>(page.request, 'post', `${SYS}/inventorylog/submit`, {
      data: { bizType, bizDate: today(), orgId: '1010', warehouse: 'RM', productId: part.id, qty, ...extra },
    });
  const receipt = await movement('101', 10, { unitCost: 2.5, location: 'A-01-03' });
  const issue = await movement('202', 3);
  return { part, receipt, issue, productNo: `WH-${tag}` };
}

async function searchPart(page: Page, productNo: string) {
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入零件号').fill(productNo);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
}

test('movements are posted from the list, the part’s stock is one click away, and the stock list sums its value', async ({
  page,
}) => {
  const tag = uniqueTag('W');
  const { productNo } = await partWithMovements(page, tag);
  await desktopHome(page);
  await openScreen(page, '仓储管理', '出入库记录');
  await searchPart(page, productNo);
  await expect(rows(page)).toHaveCount(2);
  const post = page.locator('.tenon-crud-toolbar').getByRole('button', { name: /过\s*账/ });
  await expect(post).toBeDisabled();
  await page.locator('.tenon-crud .ant-table-thead .ant-checkbox-input').check();
  await expect(post).toBeEnabled();
  await post.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expectToast(page, '已过账 2 条');
  await expect(rows(page).filter({ hasText: '已处理' })).toHaveCount(2);
  // Posted rows cannot be posted again: ticked, the button stays off.
  await rows(page).first().locator('.ant-checkbox-input').check();
  await expect(post).toBeDisabled();

  await rows(page)
    .first()
    .getByRole('button', { name: /库\s*存/ })
    .click();
  const stock = page.getByRole('dialog');
  await expect(stock).toContainText(`库存: ${productNo}`);
  await expect(stock.locator('.ant-table-row')).toHaveCount(1);
  await expect(stock.locator('.ant-table-row')).toContainText('原材料库');
  await expect(stock.locator('.ant-table-row')).toContainText('A-01-03');
  await expect(stock.locator('.ant-table-row td').nth(4)).toHaveText('7');
  await stock.locator('.ant-modal-close').click();
  await expect(stock).toBeHidden();

  await openScreen(page, '仓储管理', '库存台账');
  await searchPart(page, productNo);
  await expect(rows(page)).toHaveCount(1);
  // 7 at 2.5: 17.50, in the footer's Σ under 库存金额.
  await expect(page.locator('.tenon-crud-sums')).toContainText('合计');
  await expect(page.locator('.tenon-crud-sums')).toContainText('17.50');
});

test.describe('on a tablet (820x1180, touch)', () => {
  test('a movement is posted by touch; the part number stays in view when the stock table scrolls', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const tag = uniqueTag('T');
    const { productNo, receipt } = await partWithMovements(page, tag);
    await seedSession(context, baseURL!, await apiToken(page.request));
    await page.goto('/warehouse/inventorylog');
    await searchPart(page, productNo);
    await expect(rows(page)).toHaveCount(2);
    const receiptRow = rows(page).filter({ hasText: receipt.logNo });
    const tick = receiptRow.locator('.ant-table-selection-column .ant-checkbox-wrapper');
    const post = page.locator('.tenon-crud-toolbar').getByRole('button', { name: /过\s*账/ });
    for (const target of [tick, post]) {
      const { width, height } = await box(target);
      expect(Math.min(width, height), "a fingertip's target").toBeGreaterThanOrEqual(40);
    }
    await tick.tap();
    await expect(post).toBeEnabled();
    await post.tap();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .tap();
    await expectToast(page, '已过账 1 条');
    await expect(receiptRow).toContainText('已处理');

    await page.goto('/warehouse/inventory');
    await searchPart(page, productNo);
    await expect(rows(page)).toHaveCount(1);
    const table = page.locator('.tenon-crud');
    // With a fixed header the body scrolls sideways, else the content.
    const scroller = table.locator('.ant-table-content, .ant-table-body').first();
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(100);
    const partCell = rows(page)
      .first()
      .locator('td')
      .filter({ hasText: new RegExp(`^${productNo}$`) });
    const before = await box(partCell);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(async () => (await box(partCell)).x).toBeCloseTo(before.x, 0);
    await context.close();
  });
});
