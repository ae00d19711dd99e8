import { expect, test } from './support/test.ts';
import { desktopHome, desktopLogin, expectToast, openMenu } from './support/desktop.ts';
import { adminCall, newUser } from './support/flow.ts';

/**
 * Issue 37 §4: 在线用户 lists the signed-in user with where he came from; 强制退出 ends his login at once, and his
 * next step in his own browser takes him to the login page.
 */
test('the administrator forces a signed-in user out: the user lands on the login page at his next step', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const person = await newUser(page.request, 'user', '在线测试员');
  const theirs = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const other = await theirs.newPage();
  await desktopLogin(other, person);
  await expect(other).toHaveURL(/\/wel\/index$/);

  await desktopHome(page);
  await openMenu(page, '系统监控', '在线用户');
  const screen = page.locator('.tenon-online-users');
  await screen.getByLabel('账号').fill(person.username);
  await screen.getByRole('button', { name: '搜索' }).click();
  const row = screen.locator('.ant-table-row').filter({ hasText: person.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('在线测试员');
  await expect(row).toContainText('saber');
  await expect(row).toContainText('127.0.0.1');

  await row.getByRole('button', { name: '强制退出' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expectToast(page, '已强制退出');
  await expect(row).toHaveCount(0);

  // His next step: the server refuses his token (401) and the console sends him to the login page.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await theirs.close();
});

/** 验证码模式 per tenant: the form shows the captcha once the tenant is typed, and the server checks it. */
test('a tenant in captcha mode: the login form asks for the captcha and the server checks it', async ({ page }) => {
  const tenant = await adminCall<{ tenantId: string }>(page.request, 'post', '/api/blade-system/tenant/submit', {
    data: { tenantName: '验证码租户', linkman: '张三', contactNumber: '13800000000', captchaMode: 1 },
  });
  await page.goto('/login');
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  await expect(page.getByLabel('验证码', { exact: true })).toHaveCount(0);
  await page.getByLabel('租户编号', { exact: true }).fill(tenant.tenantId);
  await expect(page.getByLabel('验证码', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: '验证码图片' })).toBeVisible();
  await page.getByLabel('账号', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin');
  await page.getByLabel('验证码', { exact: true }).fill('zzzzz');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expectToast(page, '验证码不正确');
});
