import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, desktopLogin, menuItem, openScreen, sidebar } from './support/desktop.ts';

/** The audit trail (issue 36): a failed sign-in in 接口日志, a field change in a record's 操作记录. */

test('a failed sign-in shows in 系统监控 → 日志管理 → 接口日志 with its address, its password hidden', async ({
  page,
}) => {
  const account = uniqueTag('nobody').toLowerCase();
  await page.goto('/login');
  await desktopLogin(page, { username: account, password: 'not-the-password' });
  await expect(page.locator('.ant-message-notice, .ant-form-item-explain-error, .ant-alert').first()).toBeVisible();

  await desktopHome(page);
  await menuItem(sidebar(page), '系统监控').click();
  await openScreen(page, '日志管理', '接口日志');
  await expect(page).toHaveURL(/\/monitor\/log\/api/);
  const screen = page.locator('.tenon-page:visible .tenon-crud');
  await screen.getByLabel('操作人').fill(account);
  const row = screen.locator('.ant-table-row').filter({ hasText: '/api/blade-auth/oauth/token' });
  // The row is written a moment after the answer: searched again until it is there, as a user would.
  await expect(async () => {
    await screen.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(row).toContainText('异常');
  await expect(row).toContainText('登录用户验证');
  await expect(row).toContainText('127.0.0.1');

  await row.locator('.tenon-row-actions .ant-btn').first().click();
  const dialog = page.getByRole('dialog');
  const params = dialog.getByLabel('请求参数');
  await expect(params).toContainText(account);
  await expect(params).toContainText('******');
  await expect(dialog).toContainText('本次调用未变更数据');
});

test("a field's change shows in the record's 操作记录: who, from what, to what", async ({ page, request }) => {
  // A post code holds 12 characters: a short tag of its own.
  const code = `AU${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
  const post = await callAs<{ id: string }>(request, 'post', '/api/blade-system/post/submit', {
    data: { category: 1, postCode: code, postName: '审计前', sort: 1 },
  });
  await callAs(request, 'post', '/api/blade-system/post/submit', { data: { id: post.id, postName: '审计后' } });

  await desktopHome(page);
  await openScreen(page, '系统管理', '岗位管理');
  const screen = page.locator('.tenon-page:visible .tenon-crud');
  const row = screen.locator('.ant-table-row').filter({ hasText: code });
  await expect(row).toBeVisible();
  // 查看 (the first of the row's buttons), then the dialog's 操作记录.
  await row.locator('.tenon-row-actions .ant-btn').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /操作记录/ }).click();
  const drawer = page.getByRole('dialog', { name: /操作记录/ });
  const update = drawer.locator('[data-change="update"]');
  await expect(update).toContainText('admin');
  const change = update.locator('tr').filter({ hasText: '岗位名称' });
  await expect(change).toContainText('审计前');
  await expect(change).toContainText('审计后');
  await expect(drawer.locator('[data-change="insert"]')).toContainText(code);
  await page.screenshot({ path: 'tests/.tmp/log-audit-history.png' });
});
