import { expect, test } from './support/test.ts';
import { sidebar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

/**
 * Issue 31 item 12: after the README's demo command, the login page lists the demo's accounts (what the server found
 * in the database, every module's people included) and a click fills the form.
 */
test('the login page of the demo hints its accounts, and a click fills the form to sign in', async ({ page }) => {
  await page.goto('/login');
  const hint = page.locator('.tenon-demo');
  await expect(hint).toBeVisible();
  await expect(hint).toContainText(zh.common.demoAccounts.title.replace('{{tenant}}', '000000'));
  const account = (name: string) => hint.getByRole('button', { name: new RegExp(name) });
  for (const [name, text] of [
    ['管理员', 'admin / admin'],
    ['张三', 'zhangsan / 123456'],
    ['钱总', 'qianzong / 123456'],
    ['周海涛', 'zhouht / 123456'],
  ] as const) {
    await expect(account(name)).toContainText(text);
  }

  await account('张三').click();
  await expect(page.getByLabel(zh.shell.login.username)).toHaveValue('zhangsan');
  await expect(page.getByLabel(zh.shell.login.password)).toHaveValue('123456');
  await page.getByRole('button', { name: zh.shell.login.submit }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  await expect(page.locator('.tenon-user-name')).toHaveText('张三');
});
