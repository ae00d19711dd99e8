import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { receiptPng } from '../../src/server/modules/resource/storage/demo-receipts.ts';
import { SEED } from '../../src/server/modules/system/install.ts';

const V = zh.finance.voucher;
const SYS = '/api/blade-system';
/** A button by its name: antd spaces two-character Chinese names (保 存). */
const named = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

test.use({ viewport: { width: 1280, height: 800 } });

/** One line of the voucher editor: summary, leaf account picked by code, and the amount on its side. */
async function fillLine(page: Page, row: Locator, summary: string, account: string, side: 0 | 1, amount: string) {
  await row.locator('input').first().fill(summary);
  await row.locator('.ant-select').first().click();
  await page.keyboard.type(account);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: account }).first().click();
  await row.getByRole('spinbutton').nth(side).fill(amount);
}

test('a voucher is entered, refused unbalanced at 审核, fixed, audited and posted', async ({ page }, testInfo) => {
  // A desktop screen (the phone has no ledger).
  test.skip(testInfo.project.name !== 'desktop');
  test.slow();
  const tag = uniqueTag('PZ');
  const company = `凭证公司 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: SEED.deptRoot, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });

  await desktopHome(page);
  await openScreen(page, '财务管理', '明细账');
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: V.enter }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.tenon-voucher-lines') });
  const companyItem = dialog.locator('.ant-form-item').filter({ has: page.locator('label[title="公司"]') });
  await companyItem.locator('.ant-select').click();
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: company }).click();
  // The server proposes the company's first number of the period.
  const numberItem = dialog.locator('.ant-form-item').filter({ has: page.locator('label[title="凭证号"]') });
  await expect(numberItem.locator('input')).toHaveValue('1');

  const rows = dialog.locator('.tenon-voucher-lines .ant-table-row');
  await fillLine(page, rows.nth(0), `备用金 ${tag}`, '1001', 0, '500');
  await fillLine(page, rows.nth(1), `备用金 ${tag}`, '6001', 1, '400');
  await expect(dialog.getByTestId('voucher-difference')).toHaveText('借贷差额：100.00');
  // Its source document (issue 36): uploaded into the voucher, kept with it.
  const receipt = `收据${tag}.png`;
  await dialog
    .locator('.tenon-file-uploader input[type=file]')
    .setInputFiles([{ name: receipt, mimeType: 'image/png', buffer: receiptPng(3) }]);
  const attached = dialog.getByRole('list', { name: zh.resource.attachments.list });
  await expect(attached.getByRole('link', { name: receipt })).toBeVisible();
  await dialog.getByRole('button', { name: named(zh.common.save) }).click();
  await expectToast(page, zh.common.operationSuccess);

  // 审核 refuses a voucher whose sides differ.
  const saved = dialog;
  await saved.getByRole('button', { name: named(V.audit) }).click();
  await expectToast(page, '凭证借贷不平衡');

  await rows.nth(1).getByRole('spinbutton').nth(1).fill('500');
  await expect(saved.getByTestId('voucher-difference')).toHaveText('借贷平衡');
  await saved.getByRole('button', { name: named(zh.common.save) }).click();
  await expectToast(page, zh.common.operationSuccess);
  await saved.getByRole('button', { name: named(V.audit) }).click();
  await expectToast(page, zh.common.operationSuccess);
  await expect(saved.locator('.ant-modal-title .ant-tag')).toHaveText('已审核');
  await saved.getByRole('button', { name: named(V.post) }).click();
  await expectToast(page, zh.common.operationSuccess);
  await expect(saved.locator('.ant-modal-title .ant-tag')).toHaveText('已记账');
  await expect(saved.getByRole('button', { name: named(V.unaudit) })).toHaveCount(0);
  // The posted voucher still shows its receipt, now without the uploader or a remove button.
  await expect(attached.getByRole('link', { name: receipt })).toBeVisible();
  await expect(dialog.locator('.tenon-file-uploader')).toHaveCount(0);
  await saved
    .locator('.ant-modal-footer')
    .getByRole('button', { name: named(zh.common.close) })
    .click();

  // The list shows both lines posted.
  const lines = page.locator('.tenon-crud .ant-table-row').filter({ hasText: `备用金 ${tag}` });
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('已记账');
});
