import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { zh } from './support/i18n.ts';
import { chooseOnMovementForm as choose, phoneLoginToTabs, phoneTab } from './support/phone.ts';
import { exclusive } from './support/exclusive.ts';
import { desktopHome, openScreen } from './support/desktop.ts';
import { waitForAssetsCached, waitForServiceWorker } from './support/session.ts';
import { inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

/** A movement field's label as the phone shows it: its definition's. */
const fieldLabel = (name: string) => inventoryLog.fields[name].label.zh;

const W = zh.mobile.warehouse;
const SYS = '/api/blade-system';
/** The seeded top-level department: a company is a child of it with a code (domain/README.md §3.4). */
const ROOT_DEPT = '1123598813738675201';

const main = (page: Page): Locator => page.locator('main');
const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text);
const card = (page: Page, text: string): Locator => main(page).locator('.m-movement-card').filter({ hasText: text });

/** A company of its own (its code is the tag) and a part of it, through the API. */
async function companyAndPart(page: Page) {
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
  return { tag, company, part, product };
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
  const partInput = main(page).getByRole('textbox', { name: fieldLabel('productNo') });
  await expect(partInput).toBeFocused();
  await choose(page, fieldLabel('bizType'), '采购入库');
  await partInput.fill(part.productNo.toLowerCase());
  await partInput.press('Enter');
  await expect(main(page).getByLabel(W.partFound)).toContainText(`${part.productNo} ${part.productName}`);
  await main(page)
    .getByRole('textbox', { name: fieldLabel('qty') })
    .fill(qty);
  await main(page)
    .getByRole('textbox', { name: fieldLabel('unitCost') })
    .fill('2.5');
  await choose(page, fieldLabel('orgId'), company);
  await choose(page, fieldLabel('warehouse'), '原材料库');
}

test('a receipt entered offline waits as 待同步, is stored once when back online, and posting it moves the stock', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const { tag, company, part, product } = await companyAndPart(page);

  await phoneLoginToTabs(page);
  await phoneTab(page, zh.mobile.tabs.inventoryLogs).click();
  await expect(page).toHaveURL(/\/inventory-logs$/);

  // Online: typed part, found by its number whatever its case, with its (empty) stock; stored at once.
  await enterReceipt(page, part, company, '12');
  await expect(main(page).getByRole('region', { name: W.stock })).toContainText(W.noStock);
  await main(page).getByRole('button', { name: W.submit, exact: true }).click();
  await expect(toast(page, W.saved)).toBeVisible();
  // Saved without posting: it waits as 待处理, and the form waits for the next movement.
  await expect(main(page).getByRole('status')).toContainText(W.pending);
  await expect(main(page).getByRole('textbox', { name: fieldLabel('productNo') })).toHaveValue('');
  await page.getByRole('banner').locator('.adm-nav-bar-back').click();
  await expect(page).toHaveURL(/\/inventory-logs$/);
  await expect(card(page, part.productNo).filter({ hasText: '+12' })).toContainText(W.pending);

  // Offline: the same form works from what this phone already knows, and the movement waits on top as 待同步.
  await context.setOffline(true);
  await expect(page.getByText(zh.common.offline)).toBeVisible();
  await enterReceipt(page, part, company, '5');
  await main(page).getByRole('button', { name: W.more }).click();
  await main(page)
    .getByRole('textbox', { name: fieldLabel('sourceNo') })
    .fill(`${tag}-OFF`);
  await main(page).getByRole('button', { name: W.submit, exact: true }).click();
  await expect(toast(page, W.keptForSync)).toBeVisible();
  await page.getByRole('banner').locator('.adm-nav-bar-back').click();
  await expect(page).toHaveURL(/\/inventory-logs$/);
  const waiting = card(page, W.queued);
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('+5');
  await expect(waiting).toContainText(part.productNo);

  // Back online: sent by itself, stored once.
  await context.setOffline(false);
  await expect(toast(page, W.synced.replace('{{count}}', '1'))).toBeVisible();
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

  // And the office sees it on the desktop console's 库存台账.
  const office = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const desk = await office.newPage();
    await desktopHome(desk);
    await openScreen(desk, '仓储管理', '库存台账');
    const search = desk.locator('.tenon-crud-search');
    await search.getByPlaceholder('请输入零件号').fill(part.productNo);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = desk.locator('.tenon-crud .ant-table-row').filter({ hasText: part.productNo });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(company);
    await expect(row).toContainText('原材料库');
  } finally {
    await office.close();
  }
});

test('reloaded offline, the installed app shows the movements it loaded last', async ({ page, context }) => {
  test.slow();
  const { tag, part, product } = await companyAndPart(page);
  const today = new Date().toISOString().slice(0, 10);
  await callAs(page.request, 'post', `${SYS}/inventorylog/submit`, {
    data: { bizType: '101', bizDate: today, orgId: tag, warehouse: 'RM', productId: product.id, qty: 7, unitCost: 1 },
  });
  // The served service worker must not change under this test (the update test swaps it).
  await exclusive('dist-sw', async () => {
    await phoneLoginToTabs(page);
    await phoneTab(page, zh.mobile.tabs.inventoryLogs).click();
    const mine = card(page, part.productNo).filter({ hasText: '+7' });
    await expect(mine).toBeVisible();
    await waitForServiceWorker(page);
    await page.reload();
    await expect(mine).toBeVisible();
    await waitForAssetsCached(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(zh.common.offline)).toBeVisible();
    await expect(mine).toBeVisible();
    await expect(mine).toContainText(W.pending);
    await context.setOffline(false);
  });
});

/** EAN-13 digit patterns (L, G and R sets) and which set each left digit takes after the first digit. */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const invert = (bits: string) => [...bits].map((bit) => (bit === '1' ? '0' : '1')).join('');
const R_CODES = L_CODES.map(invert);
const G_CODES = R_CODES.map((bits) => [...bits].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** Twelve digits and their check digit. */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** The 95 modules (1 = bar) of an EAN-13 code. */
function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === 'L' ? L_CODES[d] : G_CODES[d]))
    .join('');
  const right = digits
    .slice(7)
    .map((d) => R_CODES[d])
    .join('');
  return `101${left}01010${right}101`;
}

/**
 * One frame of a Y4M video (what Chromium's fake camera plays in a loop) showing the bars black on white, 3 pixels a
 * module with a wide quiet zone: 480x240, 170 KB.
 */
function barcodeVideo(modules: string): Buffer {
  const [width, height, scale] = [480, 240, 3];
  const left = Math.floor((width - modules.length * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 40; y < height - 40; y++) {
    for (let x = 0; x < modules.length * scale; x++) {
      if (modules[Math.floor(x / scale)] === '1') luma[y * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  return Buffer.concat([Buffer.from(header, 'ascii'), luma, chroma]);
}

test('a scanned EAN-13 fills the part: the ZXing reader and its wasm come from our origin, once the scanner opens', async ({
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag('SC');
  const code = ean13(`69${String(Date.now()).slice(-10)}`);
  const category = await callAs<{ id: string }>(request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-CAT`, categoryName: `扫码 ${tag}`, categoryType: '2' },
  });
  const part = { productNo: `${tag}-P1`, productName: '后门限位器', customerPartNo: code };
  await callAs(request, 'post', `${SYS}/product/submit`, {
    data: { ...part, productType: '2', categoryId: category.id, unit: 'PCS' },
  });
  const video = testInfo.outputPath('ean13.y4m');
  writeFileSync(video, barcodeVideo(ean13Modules(code)));

  // A browser of its own: the fake camera is chosen when Chromium starts.
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      permissions: ['camera'],
    });
    const requested: URL[] = [];
    context.on('request', (sent) => requested.push(new URL(sent.url())));
    const page = await context.newPage();
    const wasm = () => requested.filter((url) => url.pathname.endsWith('.wasm'));

    await phoneLoginToTabs(page);
    await phoneTab(page, zh.mobile.tabs.inventoryLogs).click();
    await main(page).getByRole('button', { name: W.add }).click();
    await expect(main(page).getByRole('textbox', { name: fieldLabel('productNo') })).toBeVisible();
    expect(wasm(), 'the reader is loaded before the scanner opens').toEqual([]);

    await main(page).getByRole('button', { name: W.scan }).click();
    await expect(main(page).getByLabel(W.partFound)).toContainText(`${part.productNo} ${part.productName}`);
    await expect(main(page).getByRole('textbox', { name: fieldLabel('productNo') })).toHaveValue(code);
    await expect(page.getByRole('dialog', { name: W.scanTitle })).toBeHidden();
    const origin = new URL(baseURL!).origin;
    // One file, asked for by the page and by the service worker that keeps it for offline use.
    const wasmFiles = [...new Set(wasm().map(String))];
    expect(wasmFiles).toHaveLength(1);
    expect(new URL(wasmFiles[0]!).origin).toBe(origin);
    expect(new URL(wasmFiles[0]!).pathname).toMatch(/^\/assets\/zxing_reader-[\w-]+\.wasm$/);
    expect(requested.filter((url) => url.origin !== origin).map(String), 'requests to other sites').toEqual([]);
  } finally {
    await browser.close();
  }
});
