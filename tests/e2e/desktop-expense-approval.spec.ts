import { expect, test } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { expectToast } from './support/desktop.ts';
import { claimRow, draftClaim, sendClaim } from './support/expense.ts';
import { zh } from './support/i18n.ts';
import { approveOnPhone, newPhone, phoneLogin } from './support/phone.ts';

const A = zh.mobile.approvals;
const E = zh.finance.expense;

// Claims are sent and paid on the desktop console (the approver uses a phone).

test('an expense claim sent for approval on the desktop is approved on the phone, then paid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('BX');
  const claim = await draftClaim(page.request, tag, '报销', {
    expenseType: '3',
    amount: 368.5,
    reason: `打印纸 ${tag}`,
  });
  const { approver } = claim;
  const row = await claimRow(page, claim.expenseNo);
  await expect(row).toContainText('草稿');

  // 提交审批: the fund-approval process and an approver.
  await sendClaim(page, row, claim.expenseNo, approver);
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
  await approveOnPhone(phone);
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
