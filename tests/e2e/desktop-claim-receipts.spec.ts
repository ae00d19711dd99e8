import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { newPhone, phoneLogin } from './support/phone.ts';
import { receiptPdf, receiptPng } from '../../src/server/modules/resource/storage/demo-receipts.ts';
import { SEED } from '../../src/server/modules/system/install.ts';

const A = zh.mobile.approvals;
const M = zh.mobile.attachments;
const E = zh.finance.expense;
const SYS = '/api/blade-system';

const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const formItem = (page: Page, scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

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
  const company = `附件公司 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: SEED.deptRoot, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });
  const claimant = await callAs<{ id: string }>(page.request, 'post', `${SYS}/employee/submit`, {
    data: {
      employeeNo: tag,
      name: `附件人${tag.slice(-4)}`,
      sex: 1,
      orgId: tag,
      deptId: SEED.deptRoot,
      postId: SEED.postCeo,
      phone: '13912345670',
      employmentType: '1',
      entryDate: '2020-03-01',
    },
  });
  const claim = await callAs<{ expenseNo: string }>(page.request, 'post', `${SYS}/expense/submit`, {
    data: {
      applicantId: claimant.id,
      expenseType: '1',
      expenseDate: new Date().toISOString().slice(0, 10),
      amount: 256,
      invoiceCount: 2,
      reason: `出租车 ${tag}`,
    },
  });
  const approver = await newUser(page.request, 'administrator', `附件审批${tag.slice(-4)}`);

  // The desktop: the claim's form takes two receipts dropped into its uploader, listed with their names.
  await desktopHome(page);
  await openScreen(page, '财务管理', '费用报销');
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入报销单号').fill(claim.expenseNo);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.locator('.tenon-crud .ant-table-row').filter({ hasText: claim.expenseNo });
  await expect(row).toHaveCount(1);
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
  await row.getByRole('button', { name: E.send }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: claim.expenseNo });
  const taskUser = formItem(page, dialog, zh.flow.process.taskUser);
  await taskUser.locator('.ant-select').click();
  await taskUser.locator('input').fill(approver.username);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: approver.username }).click();
  await dialog.getByRole('button', { name: zh.common.submit, exact: true }).click();
  await expectToast(page, E.sent);

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
  const completed = phone.waitForResponse((response) => response.url().includes('/complete-task'));
  await phone.getByRole('button', { name: A.approve, exact: true }).click();
  await expect(phone.locator('.m-undo-bar')).toContainText(A.approved);
  expect((await completed).ok()).toBe(true);
  await phone.context().close();

  await page.getByRole('button', { name: zh.common.refresh }).click();
  await expect(row).toContainText('已通过');
});
