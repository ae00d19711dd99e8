import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import {
  bookWorkbook,
  u8BalanceSheet,
  u8LedgerTitle,
  U8_BALANCE_MERGES,
  U8_LEDGER_MERGES,
  type BookCell,
} from '../support/book-workbooks.ts';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../src/shared/contract/time.ts';
import { SEED } from '../../src/server/modules/system/install.ts';

/**
 * Issue 35 on the desktop, as the administrator (the fresh e2e database has no finance user): a 用友 U8 序时账 with
 * an unbalanced voucher refused line by line and nothing written, the corrected file imported; a 发生额及余额表
 * imported; 计提折旧 run twice in a month, the second run changing nothing and saying so.
 */
const SYS = '/api/blade-system';
const B = zh.finance.booksImport;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A button by its name: antd spaces two-character Chinese names (导 入). */
const named = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

test.use({ viewport: { width: 1280, height: 800 } });

/** A company of the tenant for this test alone (its code is the tag: `orgId`). */
async function createCompany(page: Page, tag: string, name: string) {
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: SEED.deptRoot, deptName: name, fullName: name, deptCategory: 1, sort: 99, remark: tag },
  });
}

/** Picks `text` in the select of the dialog's form item labelled `label`. */
async function pick(page: Page, dialog: Locator, label: string, text: string) {
  const item = dialog.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select').click();
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).click();
}

/** Sends `file` from the books import dialog. */
async function importFile(dialog: Locator, name: string, file: Buffer) {
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer: file });
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: zh.crud.excel.import, exact: true }).click();
}

/** The lines of a 用友 U8 序时账 of June 2026: a sale (its tax credit `tax`) and a cash withdrawal. */
const juneVouchers = (tag: string, tax: string): BookCell[][] => [
  ['2026-06-05', '记-0001', `销售产品 ${tag}`, '1002', '银行存款', '11,300.00', '', null],
  [null, null, `销售产品 ${tag}`, '6001', '主营业务收入', '', '10,000.00', null],
  [null, null, `销项税额 ${tag}`, '2221', '应交税费', '', tax, null],
  ['2026-06-08', '记-0002', `提取备用金 ${tag}`, '1001', '库存现金', '2,500.00', '', null],
  ['2026-06-08', '记-0002', `提取备用金 ${tag}`, '1002', '银行存款', '', '2,500.00', null],
  [null, null, '本月合计', null, null, '13,800.00', '13,800.00', null],
];

test('a 用友 U8 序时账 with an unbalanced voucher is refused naming it, nothing written; corrected, it imports', async ({
  page,
}, testInfo) => {
  // Desktop screens: the phone has no books.
  test.skip(testInfo.project.name !== 'desktop');
  test.slow();
  const tag = uniqueTag('BK');
  const company = `导入公司 ${tag}`;
  await createCompany(page, tag, company);
  const linesOfCompany = async () =>
    (
      await callAs<{ total: number }>(page.request, 'get', `${SYS}/ledger/list`, {
        params: { orgId_equal: tag, current: 1, size: 10 },
      })
    ).total;

  await desktopHome(page);
  await openScreen(page, '财务管理', '明细账');
  const search = page.locator('.tenon-crud-search');
  const rows = page.locator('.tenon-crud .ant-table-row').filter({ hasText: tag });
  await search.getByPlaceholder('请输入摘要').fill(tag);
  const searched = page.waitForResponse((r) => r.url().includes('/ledger/list') && r.url().includes(tag));
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  expect((await (await searched).json()).data.total).toBe(0);

  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.crud.excel.import }).click();
  const dialog = page.getByRole('dialog', { name: B.ledgerTitle });
  await expect(dialog).toBeVisible();
  await pick(page, dialog, '公司', company);
  // The program's template is there to download (用友 U8 is the first).
  await expect(dialog.locator('.ant-select').filter({ hasText: B.vendors.ledger.u8 })).toBeVisible();

  // 记-1 credits 1,200.00 of tax where 1,300.00 balances it: the whole file is refused, the voucher named on its row.
  const unbalanced = await bookWorkbook(
    [...u8LedgerTitle(company, '2026.06'), ...juneVouchers(tag, '1,200.00')],
    U8_LEDGER_MERGES,
  );
  await importFile(dialog, '序时账-6月.xlsx', unbalanced);
  await expect(dialog.locator('.tenon-import-errors li')).toHaveText([
    '第4行: 凭证借贷不平衡: 记-1 (2026-06) 借方合计 11300.00，贷方合计 11200.00',
  ]);
  // The file stays picked, the dialog open, and nothing was written: not even the balanced 记-2.
  await expect(dialog.getByText('序时账-6月.xlsx')).toBeVisible();
  expect(await linesOfCompany()).toBe(0);
  await expect(rows).toHaveCount(0);

  // The corrected file: the dialog closes saying what it wrote, and the list shows the vouchers.
  const corrected = await bookWorkbook(
    [...u8LedgerTitle(company, '2026.06'), ...juneVouchers(tag, '1,300.00')],
    U8_LEDGER_MERGES,
  );
  await importFile(dialog, '序时账-6月-改.xlsx', corrected);
  await expectToast(page, '已导入 2 张凭证，共 5 行分录');
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: `销项税额 ${tag}` })).toContainText('1,300.00');
  await expect(rows.first()).toContainText('已记账');
  expect(await linesOfCompany()).toBe(5);
});

test('a 用友 发生额及余额表 imports a period of leaf balances', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop');
  test.slow();
  const tag = uniqueTag('BB');
  const company = `余额公司 ${tag}`;
  await createCompany(page, tag, company);
  await desktopHome(page);
  await openScreen(page, '财务管理', '科目余额表');
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.crud.excel.import }).click();
  const dialog = page.getByRole('dialog', { name: B.balanceTitle });
  await pick(page, dialog, '公司', company);
  await dialog.getByLabel('年度').fill('2026');
  await dialog.getByLabel('期间').fill('6');
  const sheet = u8BalanceSheet([
    ['1001', '库存现金', '2,000.00', '', '2,500.00', '1,500.00', '3,000.00', ''],
    ['1002', '银行存款', '50,000.00', '', '11,300.00', '2,500.00', '58,800.00', ''],
    ['合计', null, '52,000.00', '', '13,800.00', '4,000.00', '61,800.00', ''],
  ]);
  await importFile(dialog, '发生额及余额表.xlsx', await bookWorkbook(sheet, U8_BALANCE_MERGES, '发生额及余额表'));
  await expectToast(page, '已导入 2 个科目的余额，其中覆盖 0 个');
  await expect(dialog).toBeHidden();
  const rows = page.locator('.tenon-crud .ant-table-row').filter({ hasText: company });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '银行存款' })).toContainText('58,800.00');
});

test('计提折旧 records the month once; a second run changes nothing and says so', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop');
  test.slow();
  const tag = uniqueTag('ZJ');
  const company = `折旧公司 ${tag}`;
  await createCompany(page, tag, company);
  const month = formatDateTime(new Date(), DEFAULT_TIME_ZONE).slice(0, 7);
  const [year, mm] = month.split('-').map(Number);
  // In service three months ago: depreciating this month (当月增加当月不计提 only holds the in-service month).
  const started = new Date(Date.UTC(year, mm - 1 - 3, 15)).toISOString().slice(0, 10);
  const card = { assetCategory: '2', orgId: tag, originalValue: 120000, salvageRate: 0.05, startUseDate: started };
  // The straight line (950.00 a month) and 双倍余额递减法 with its monthly 3,000.00 entered on 12,000.00.
  await callAs(page.request, 'post', `${SYS}/fixedledger/submit`, {
    data: { ...card, assetCode: `${tag}-1`, assetName: `压力机 ${tag}` },
  });
  await callAs(page.request, 'post', `${SYS}/fixedledger/submit`, {
    data: {
      ...card,
      assetCode: `${tag}-2`,
      assetName: `数控机床 ${tag}`,
      depreciationMethod: '2',
      monthlyDepreciation: 3000,
      accumulatedDepreciation: 12000,
    },
  });

  await desktopHome(page);
  await openScreen(page, '财务管理', '固定资产台账');
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入资产编号').fill(tag);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  const rows = page.locator('.tenon-crud .ant-table-row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  const entered = rows.filter({ hasText: `数控机床 ${tag}` });
  await expect(entered).toContainText('12,000.00');

  const run = async () => {
    await page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.finance.fixedAsset.depreciate }).click();
    const dialog = page.getByRole('dialog', { name: zh.finance.fixedAsset.depreciate });
    await pick(page, dialog, zh.finance.fixedAsset.company, company);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: zh.finance.fixedAsset.depreciate }).click();
    return dialog;
  };
  const first = await run();
  await expectToast(page, `已计提${month}折旧：2项资产，合计3,950.00`);
  await expect(first).toBeHidden();
  // The entered method's accumulated depreciation took the month's 3,000.00.
  await expect(entered).toContainText('15,000.00');
  const shown = await rows.allInnerTexts();

  const second = await run();
  await expectToast(page, `${month}的折旧已计提，没有需要补提的资产`);
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: named(zh.common.cancel) }).click();
  await expect(second).toBeHidden();
  // Listed again from the server (刷新): the same figures.
  const listed = page.waitForResponse((r) => r.url().includes('/fixedledger/list') && r.url().includes(tag));
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.common.refresh }).click();
  await listed;
  await expect(entered).toContainText('15,000.00');
  expect(await rows.allInnerTexts()).toEqual(shown);
  // On the server too: one record of the month, the accumulated depreciation as after the first run.
  const [saved] = (
    await callAs<{ records: Array<{ id: string; accumulatedDepreciation: number }> }>(
      page.request,
      'get',
      `${SYS}/fixedledger/list`,
      { params: { assetCode: `${tag}-2`, current: 1, size: 1 } },
    )
  ).records;
  expect(saved.accumulatedDepreciation).toBe(15000);
  const records = await callAs<Array<{ period: string }>>(page.request, 'get', `${SYS}/fixedledger/depreciations`, {
    params: { assetId: saved.id },
  });
  expect(records.map((r) => r.period)).toEqual([month]);
});
