import { expect, test } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { expectToast } from './support/desktop.ts';
import { claimRow, draftClaim, sendClaim } from './support/expense.ts';
import { zh } from './support/i18n.ts';
import { approveOnPhone, newPhone, phoneLogin } from './support/phone.ts';
import { receiptPdf, receiptPng } from '../../src/server/modules/resource/storage/demo-receipts.ts';

const A = zh.mobile.approvals;
const M = zh.mobile.attachments;

/**
 * Receipts on an expense claim (issue 36): attached on the desktop (dropped into the claim's form, two files), sent
 * for approval; the approver opens the task on his phone, opens the photo full screen, closes it, and approves.
 */
test('two receipts attached to a claim on the desktop are opened and approved on the phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('FJ');
  const claim = await draftClaim(page.request, tag, '附件', { expenseType: '1', amount: 256, reason: `出租车 ${tag}` });
  const { approver } = claim;

  // The desktop: the claim's form takes two receipts dropped into its uploader, listed with their names.
  const row = await claimRow(page, claim.expenseNo);
  await row.getByRole('button', { name: zh.common.edit, exact: true }).click();
  const form = page.getByRole('dialog').filter({ has: page.locator('.tenon-attachments') });
  const receipts = [`车票${tag}.png`, `发票${tag}.pdf`];
  await form.locator('.tenon-file-uploader input[type=file]').setInputFiles([
    { name: receipts[0], mimeType: 'image/png', buffer: receiptPng(4) },
    { name: receipts[1], mimeType: 'application/pdf', buffer: receiptPdf(`Invoice ${tag}`) },
  ]);
  const listed = form.getByRole('list', { name: zh.resource.attachments.list });
  for (const name of receipts) await expect(listed.getByRole('link', { name })).toBeVisible();
  await form.getByRole('button', { name: zh.common.edit, exact: true }).click();
  await expectToast(page, zh.common.updateSuccess);

  // 查看 lists them as links.
  await row.getByRole('button', { name: zh.common.view, exact: true }).click();
  const view = page.getByRole('dialog').filter({ has: page.locator('.tenon-attachments') });
  for (const name of receipts) await expect(view.getByRole('link', { name })).toBeVisible();
  await view.locator('.ant-modal-footer').getByRole('button', { name: zh.common.close, exact: true }).click();

  // 提交审批 to the approver.
  await sendClaim(page, row, claim.expenseNo, approver);

  // The approver's phone: the task shows the receipts; the photo opens full screen and closes; he approves.
  const phone = await newPhone(browser, baseURL);
  await phoneLogin(phone, approver);
  await phone
    .locator('main')
    .getByRole('tab', { name: new RegExp(`^${A.todo}`) })
    .click();
  const card = phone.locator('main .m-flow-card').filter({ hasText: claim.expenseNo });
  await card.click();
  await expect(phone).toHaveURL(/\/approvals\/expense\/handle\//);
  const tiles = phone.getByRole('region', { name: A.record }).getByRole('list', { name: M.list });
  await expect(tiles.getByRole('listitem')).toHaveCount(2);
  const thumbnail = tiles.getByRole('img', { name: receipts[0] });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await tiles.getByRole('button', { name: M.open.replace('{{name}}', receipts[0]) }).click();
  const viewer = phone.locator('.adm-image-viewer-content, .adm-image-viewer-slides').first();
  await expect(viewer).toBeVisible();
  await expect(phone.locator('.m-image-viewer-footer')).toContainText(receipts[0]);
  // antd-mobile's Mask is aria-hidden, so the viewer's buttons are found by their text, not their role.
  await phone.locator('.m-image-viewer-footer button', { hasText: M.close }).click();
  await expect(phone.locator('.m-image-viewer-footer')).toBeHidden();
  await approveOnPhone(phone);
  await phone.context().close();

  await page.getByRole('button', { name: zh.common.refresh }).click();
  await expect(row).toContainText('已通过');
});
