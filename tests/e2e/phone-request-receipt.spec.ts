import { expect, test } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { newPhone, phoneLogin } from './support/phone.ts';
import { receiptPng } from '../../src/server/modules/resource/storage/demo-receipts.ts';

const A = zh.mobile.approvals;
const M = zh.mobile.attachments;

/**
 * A receipt photographed on the phone (issue 36): a fund request started on the phone carries a photo uploaded from
 * its form; the approver opens the task on his phone, sees the thumbnail, opens it full screen and sends the request
 * back; the starter adds a second photo to it on her phone and resubmits; the approver sees both.
 */
test('a fund request started on the phone with a photo receipt shows it to the approver, and a receipt added when it comes back reaches him too', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('receipt');
  const starter = await newUser(page.request, 'administrator', `申请${tag.slice(-4)}`);
  const approver = await newUser(page.request, 'user', `审批${tag.slice(-4)}`);
  const main = page.locator('main');

  // The starter's phone: 发起申请 -> 资金审批流程, the form filled, a photo taken into its attachments field.
  await phoneLogin(page, starter);
  await expect(page).toHaveURL(/\/approvals$/);
  await main.getByRole('button', { name: A.start }).click();
  await page.locator('.adm-action-sheet').getByText('资金审批流程', { exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\/finance\/form\//);
  await main.getByRole('textbox', { name: '标题' }).fill(`差旅借款 ${tag}`);
  await main.getByRole('textbox', { name: '金额' }).fill('560');
  await main.getByLabel('用途').fill('出差上海');
  const attachments = main.getByRole('group', { name: '附件' });
  await expect(attachments.getByRole('button', { name: M.camera })).toBeVisible();
  // A file that only calls itself a photo is refused in the server's words, under the field.
  await attachments
    .locator('input[type=file]')
    .setInputFiles({ name: `假票${tag}.png`, mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(main.getByRole('alert')).toHaveText('文件内容与扩展名不符');
  const receipt = `车票${tag}.png`;
  const uploaded = page.waitForResponse((response) => response.url().includes('/put-file-attach'));
  await attachments
    .locator('input[type=file]')
    .setInputFiles({ name: receipt, mimeType: 'image/png', buffer: receiptPng(4) });
  expect((await uploaded).ok()).toBe(true);
  const tile = attachments.getByRole('img', { name: receipt });
  await expect(tile).toBeVisible();
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await main.getByRole('button', { name: A.approver }).click();
  const picker = page.getByRole('dialog', { name: A.chooseApprover });
  await picker.getByPlaceholder(A.searchUser).fill(approver.realName);
  await expect(picker.locator('.adm-check-list-item')).toHaveCount(1);
  await picker.locator('.adm-check-list-item').filter({ hasText: approver.realName }).click();
  await expect(main.getByRole('button', { name: A.approver })).toHaveText(approver.realName);
  const started = page.waitForResponse((response) => response.url().includes('/finance/start-process'));
  await main.getByRole('button', { name: A.submit }).click();
  const sent = (await started).request().postDataJSON() as { attach?: string };
  expect(sent.attach).toMatch(/^\d+$/);
  await expect(page).toHaveURL(/\/approvals\?tab=mine$/);

  // The approver's phone: the task shows the receipt as a thumbnail; it opens full screen and closes.
  const phone = await newPhone(browser, baseURL);
  await phoneLogin(phone, approver);
  await expect(phone).toHaveURL(/\/approvals$/);
  await phone.locator('main .m-flow-card').filter({ hasText: tag }).click();
  await expect(phone).toHaveURL(/\/approvals\/finance\/handle\//);
  const tiles = phone.getByRole('region', { name: A.record }).getByRole('list', { name: M.list });
  await expect(tiles.getByRole('listitem')).toHaveCount(1);
  const thumbnail = tiles.getByRole('img', { name: receipt });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await tiles.getByRole('button', { name: M.open.replace('{{name}}', receipt) }).click();
  await expect(phone.locator('.adm-image-viewer-content, .adm-image-viewer-slides').first()).toBeVisible();
  const footer = phone.locator('.m-image-viewer-footer');
  await expect(footer).toContainText(receipt);
  // antd-mobile's Mask is aria-hidden, so the viewer's buttons are found by their text, not their role.
  await footer.locator('button', { hasText: M.close }).click();
  await expect(footer).toBeHidden();

  // He sends it back for the hotel's receipt too.
  await phone.getByRole('button', { name: A.reject, exact: true }).click();
  const rejecting = phone.getByRole('dialog', { name: A.reject });
  await rejecting.getByRole('button', { name: A.confirm }).click();
  await expect(phone).toHaveURL(/\/approvals$/);

  // The starter adds it to her rejected request on her phone and resubmits it: the request is saved with both.
  // Her list as the server has it now (the kept one names the task he handled): the request back with her.
  const listed = page.waitForResponse((response) => response.url().includes('/work/send-list'));
  await page.reload();
  await listed;
  const mine = main.locator('.m-flow-card').filter({ hasText: tag });
  await expect(mine).toContainText(A.status.rejected);
  await mine.click();
  await expect(page).toHaveURL(/\/approvals\/finance\/detail\/.*\?task=/);
  const editor = main.getByRole('group', { name: '附件' });
  await expect(editor.getByRole('img', { name: receipt })).toBeVisible();
  const hotel = `住宿${tag}.png`;
  await editor.locator('input[type=file]').setInputFiles({ name: hotel, mimeType: 'image/png', buffer: receiptPng(6) });
  await expect(editor.getByRole('img', { name: hotel })).toBeVisible();
  const saved = page.waitForResponse((response) => response.url().includes('/finance/start-process'));
  const resubmitted = page.waitForResponse((response) => response.url().includes('/complete-task'));
  await page.getByRole('button', { name: A.resubmit, exact: true }).click();
  await page.getByRole('dialog', { name: A.resubmit }).getByRole('button', { name: A.confirm }).click();
  expect(((await saved).request().postDataJSON() as { attach: string }).attach).toMatch(/^\d+,\d+$/);
  expect((await (await resubmitted).json()) as { code: number }).toMatchObject({ code: 200 });

  // The approver finds it in his 待办 again, with both receipts.
  await phone.reload();
  await phone.locator('main .m-flow-card').filter({ hasText: tag }).click();
  await expect(phone).toHaveURL(/\/approvals\/finance\/handle\//);
  const both = phone.getByRole('region', { name: A.record }).getByRole('list', { name: M.list });
  await expect(both.getByRole('img', { name: hotel })).toBeVisible();
  await expect(both.getByRole('listitem')).toHaveCount(2);
  await phone.context().close();
});
