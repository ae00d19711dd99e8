import { expect, test } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { desktopHome, desktopLogin, sidebar, topBar } from './support/desktop.ts';
import { newUser, startFundRequest } from './support/flow.ts';
import { zh } from './support/i18n.ts';

/** Issue 31 item 12: the product's name, the 通知 popover's real contents, menus found by their English names. */
const S = zh.shell;

test('the login page names Tenon and, on a database without the demo, hints no account', async ({ page }) => {
  const hint = page.waitForResponse((r) => r.url().includes('/api/blade-system/tenant/demo-accounts'));
  await page.goto('/login');
  await expect(page).toHaveTitle(/Tenon/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.common.appName);
  expect(zh.common.appName).toContain('Tenon');
  expect(((await (await hint).json()) as { data: { accounts: unknown[] } }).data.accounts).toEqual([]);
  await expect(page.locator('.tenon-demo')).toHaveCount(0);
});

test("通知 lists the user's own to-dos and unread messages, each opening what it is about", async ({ page }) => {
  test.slow();
  const tag = uniqueTag('notice');
  const applicant = await newUser(page.request, 'user', `申请人${tag.slice(-4)}`);
  const approver = await newUser(page.request, 'user', `审批人${tag.slice(-4)}`);
  await startFundRequest(page.request, applicant, approver, { title: `资金 ${tag}`, amount: '1000', reason: tag });
  await desktopLogin(page, approver);
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  const open = async () => {
    await topBar(page).getByRole('button', { name: S.notice.title, exact: true }).click();
    await expect(page.locator('.tenon-notice')).toBeVisible();
  };
  await open();
  const notice = page.locator('.tenon-notice');
  // No static samples: his one to-do, the fund request 申请人 started.
  await expect(notice).not.toContainText('2019');
  const todo = notice.getByRole('tabpanel').getByRole('button');
  await expect(todo).toHaveCount(1);

  // The workflow told him of the new task: an unread message, which opens the task and is read then.
  await notice.getByRole('tab', { name: new RegExp(S.notice.unread) }).click();
  const unread = notice.getByRole('tabpanel').getByRole('button');
  await expect(unread).toHaveCount(1);
  const title = (await unread.locator('.tenon-notice-title').textContent()) ?? '';
  await unread.click();
  await expect(page).toHaveURL(/\/work\/process\/[^/]+\/handle\//);
  await page.goBack();
  await open();
  await notice.getByRole('tab', { name: new RegExp(S.notice.unread) }).click();
  await expect(notice.getByRole('tabpanel').getByText(title)).toHaveCount(0);
  await expect(notice.getByText(S.notice.noUnread)).toBeVisible();

  // The to-do opens its handling page.
  await notice.getByRole('tab', { name: new RegExp(S.notice.todo) }).click();
  await notice.getByRole('tabpanel').getByRole('button').click();
  await expect(page).toHaveURL(/\/work\/process\/[^/]+\/handle\//);
});

test('the menu search finds a screen by its English name in Chinese mode', async ({ page }) => {
  await desktopHome(page);
  await topBar(page).getByRole('button', { name: S.search.placeholder }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: S.search.placeholder }).fill('customers');
  const option = dialog
    .getByRole('option')
    .filter({ has: page.locator('.tenon-search-name', { hasText: /^客户管理$/ }) });
  await expect(option).toBeVisible();
  await expect(option.locator('.tenon-search-also mark')).toHaveText('Customers');
  await dialog.getByRole('textbox', { name: S.search.placeholder }).press('Enter');
  await expect(page).toHaveURL(/\/masterdata\/customer\/index$/);
});
