import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, menuItem, openScreen, sidebar } from './support/desktop.ts';

test('the administrator finds an uploaded browser error in 系统监控 → 日志管理 → 错误日志, stack included, read-only', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('E2E');
  // What the console posts from its own error log (顶栏 → 日志 → 上传服务器).
  await callAs(request, 'post', '/api/blade-auth/oauth/logout', {
    data: [
      {
        type: 'TypeError',
        url: 'http://e2e/wel',
        message: `${tag} is undefined`,
        stack: `TypeError: ${tag}\n    at Tabs (tabs.js:12:3)`,
      },
    ],
  });

  await desktopHome(page);
  await menuItem(sidebar(page), '系统监控').click();
  await openScreen(page, '日志管理', '错误日志');
  await expect(page).toHaveURL(/\/monitor\/log\/error/);
  const screen = page.locator('.tenon-page:visible .tenon-crud');
  const row = screen.locator('.ant-table-row').filter({ hasText: tag });
  await expect(row).toBeVisible();
  await expect(row).toContainText('TypeError');
  // The server writes these rows: the menu grants viewing alone.
  await expect(screen.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await expect(row.locator('.tenon-row-actions .ant-btn')).toHaveCount(1);

  await row.locator('.tenon-row-actions .ant-btn').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('at Tabs (tabs.js:12:3)');
  await expect(dialog.getByLabel('请求地址')).toHaveValue('http://e2e/wel');
  await expect(dialog.getByLabel('异常名')).toHaveValue('TypeError');
  await page.screenshot({ path: 'tests/.tmp/error-log-view.png' });
});
