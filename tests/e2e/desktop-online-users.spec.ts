import { expect, test } from './support/test.ts';
import { desktopHome, desktopLogin, expectToast, openMenu } from './support/desktop.ts';
import { newUser } from './support/flow.ts';

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
