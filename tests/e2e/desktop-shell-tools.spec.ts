import { expect, test } from './support/test.ts';
import { desktopHome, expectToast, menuItem, openScreen, sidebar, tabs, topBar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const S = zh.shell;

test("the top bar names the user's tenant when the host is bound to none", async ({ page }) => {
  await desktopHome(page);
  await expect(topBar(page).locator('.tenon-clock-tenant')).toHaveText('管理组');
});

test('the sidebar keeps one branch open', async ({ page }) => {
  await desktopHome(page);
  const side = sidebar(page);
  const branch = (name: string) => menuItem(side, name);
  await branch('系统管理').click();
  await expect(branch('系统管理')).toHaveAttribute('aria-expanded', 'true');
  await expect(menuItem(side, '用户管理')).toBeVisible();

  await branch('我的事务').click();
  await expect(branch('我的事务')).toHaveAttribute('aria-expanded', 'true');
  await expect(menuItem(side, '待办事务')).toBeVisible();
  await expect(branch('系统管理')).toHaveAttribute('aria-expanded', 'false');
  await expect(menuItem(side, '用户管理')).toBeHidden();
});

test('the menu search finds 管理 anywhere in a name, and by pinyin initials or syllables, highlighted', async ({
  page,
}) => {
  await desktopHome(page);
  await topBar(page).getByRole('button', { name: S.search.placeholder }).click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByRole('textbox', { name: S.search.placeholder });
  const option = (name: string) =>
    dialog
      .getByRole('option')
      .filter({ has: page.locator('.tenon-search-name', { hasText: new RegExp(`^${name}$`) }) });

  for (const text of ['管理', 'gl', 'guanli']) {
    await input.fill(text);
    await expect(option('用户管理')).toBeVisible();
    await expect(option('用户管理').locator('mark')).toHaveText('管理');
    await expect(option('参数管理').locator('mark')).toHaveText('管理');
  }
  await input.fill('yhgl');
  await expect(dialog.getByRole('option')).toHaveCount(1);
  await expect(option('用户管理').locator('mark')).toHaveText('用户管理');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/system\/user\/index$/);
  await expect(dialog).toBeHidden();
});

test('the theme dialog closes on a pick', async ({ page }) => {
  await desktopHome(page);
  await topBar(page).getByRole('button', { name: S.theme.title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: S.theme.title });
  await dialog.getByRole('button', { name: S.theme.names.dark }).click();
  await expect(dialog).toBeHidden();
  await expect(topBar(page).getByRole('button', { name: S.theme.title, exact: true })).toBeVisible();
  // Picked and kept.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('saber-themeName'))).toContain('dark');
});

test('the tab menu clears the cache after asking', async ({ page }) => {
  await desktopHome(page);
  await tabs(page).first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: S.user.clearCache }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: S.user.clearCacheConfirm });
  const cleared = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/clear-cache'));
  await confirm.getByRole('button', { name: zh.common.ok }).click();
  // The dialog stays (its button loading) until the server has answered: hidden, it has asked.
  await expect(confirm).toBeHidden();
  expect((await cleared).status()).toBe(200);
  await expectToast(page, S.user.cacheCleared);
});

test('a tab restored after a reload starts loading its screen while the pointer is on it, before the click', async ({
  page,
}) => {
  await desktopHome(page);
  await openScreen(page, '系统管理', '用户管理');
  await tabs(page).filter({ hasText: S.route.home }).click();
  await page.reload();
  const tab = tabs(page).filter({ hasText: '用户管理' });
  await expect(tab).toBeVisible();
  await page.waitForLoadState('networkidle');
  // After the reload the screen's own code (the users page; the entity definitions come with the shell) is not
  // loaded: the pointer asks for it.
  const screenCode = page.waitForRequest((request) => /\/assets\/UserPage-[^/]+\.js$/.test(request.url()));
  await tab.hover();
  await screenCode;
  await tab.click();
  await expect(page.locator('.tenon-crud .ant-table-row').first()).toBeVisible();
});
