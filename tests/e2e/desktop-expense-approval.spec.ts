import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { newPhone, phoneLogin } from './support/phone.ts';
import { SEED } from '../../src/server/modules/system/install.ts';

const A = zh.mobile.approvals;
const E = zh.finance.expense;
const SYS = '/api/blade-system';

const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
/** A form item of `scope` by its label (the inner locator is matched inside each item). */
const formItem = (page: Page, scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

// Claims are sent and paid on the desktop console (the approver uses a phone).

test('an expense claim sent for approval on the desktop is approved on the phone, then paid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('BX');
  // A company of its own (a child of the top department with a code) and a claimant of it.
  const company = `报销公司 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: SEED.deptRoot, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });
  const claimant = await callAs<{ id: string }>(page.request, 'post', `${SYS}/employee/submit`, {
    data: {
      employeeNo: tag,
      name: `报销人${tag.slice(-4)}`,
      sex: 1,
      orgId: tag,
      deptId: SEED.deptRoot,
      postId: SEED.postCeo,
      phone: '13912345678',
      employmentType: '1',
      entryDate: '2020-03-01',
    },
  });
  const claim = await callAs<{ expenseNo: string }>(page.request, 'post', `${SYS}/expense/submit`, {
    data: {
      applicantId: claimant.id,
      expenseType: '3',
      expenseDate: new Date().toISOString().slice(0, 10),
      amount: 368.5,
      invoiceCount: 2,
      reason: `打印纸 ${tag}`,
    },
  });
  const approver = await newUser(page.request, 'administrator', `报销审批${tag.slice(-4)}`);

  await desktopHome(page);
  await openScreen(page, '财务管理', '费用报销');
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入报销单号').fill(claim.expenseNo);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.locator('.tenon-crud .ant-table-row').filter({ hasText: claim.expenseNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('草稿');

  // 提交审批: the fund-approval process and an approver.
  await row.getByRole('button', { name: E.send }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: claim.expenseNo });
  const taskUser = formItem(page, dialog, zh.flow.process.taskUser);
  await taskUser.locator('.ant-select').click();
  await taskUser.locator('input').fill(approver.username);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: approver.username }).click();
  await dialog.getByRole('button', { name: zh.common.submit, exact: true }).click();
  await expectToast(page, E.sent);
  await expect(row).toContainText('审批中');
  await expect(row.getByRole('button', { name: E.send })).toHaveCount(0);

  // The approver's phone: the claim waits in 待办; 同意, with 撤销 for a few seconds.
  const phone = await newPhone(browser, baseURL);
  await phoneLogin(phone, approver);
  await phone
    .locator('main')
    .getByRole('tab', { name: new RegExp(`^${A.todo}`) })
    .click();
  const card = phone.locator('main .m-flow-card').filter({ hasText: claim.expenseNo });
  await expect(card).toBeVisible();
  await card.click();
  await expect(phone).toHaveURL(/\/approvals\/expense\/handle\//);
  await expect(phone.getByRole('region', { name: A.record })).toContainText('368.5');
  const completed = phone.waitForResponse((response) => response.url().includes('/complete-task'));
  await phone.getByRole('button', { name: A.approve, exact: true }).click();
  // No confirmation: 撤销 stands for a few seconds, then the approval is sent.
  await expect(phone.locator('.m-undo-bar')).toContainText(A.approved);
  expect((await completed).ok()).toBe(true);
  await phone.context().close();

  // Approved on the desktop, then paid today.
  await page.getByRole('button', { name: zh.common.refresh }).click();
  await expect(row).toContainText('已通过');
  await row.getByRole('button', { name: E.pay }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: claim.expenseNo })
    .getByRole('button', { name: E.pay, exact: true })
    .click();
  await expectToast(page, E.paid);
  await expect(row).toContainText('已付款');
});
