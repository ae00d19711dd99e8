import { expect, test, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { expectToast, openMenu, sidebar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { DEMO_ROLES, leavesOf, loginAs, type DemoAccount } from './support/roles.ts';

/**
 * Every role's first day (issue 31): each demo person opens every screen he is given from the sidebar, and none of
 * them meets a refused request (4xx) or an error toast — a screen reads the pickers, dictionaries and companies it
 * needs without the referenced screens' own menus.
 */

/** The /api answers of 400 and above while the page is open, and the requests still in flight. */
function watchRequests(page: Page) {
  const refused: string[] = [];
  const inFlight = new Set<unknown>();
  page.on('request', (request) => {
    if (request.url().includes('/api/')) inFlight.add(request);
  });
  const done = (request: unknown) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      refused.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
  });
  return { refused, inFlight };
}

for (const [account, name] of Object.entries(DEMO_ROLES) as Array<[DemoAccount, string]>) {
  test(`${name} (${account}) opens every screen he is given without a refused request`, async ({ page }) => {
    test.slow();
    const watch = watchRequests(page);
    const { access_token: token } = await loginAs(page, account);
    await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
    const leaves = await leavesOf(page, token);
    expect(leaves.length, `${name} is given screens`).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const { parent, leaf } of leaves) {
      const before = watch.refused.length;
      const previous = page.locator('.tenon-page:visible');
      const handle = (await previous.count()) ? await previous.first().elementHandle() : null;
      await openMenu(page, parent, leaf.name);
      if (handle && !page.url().endsWith(leaf.path)) await handle.waitForElementState('hidden');
      await expect(page).toHaveURL((url) => url.pathname === leaf.path || url.pathname.startsWith(`${leaf.path}/`));
      const screen = page.locator('.tenon-page:visible');
      await expect(screen.first(), `${leaf.name} shows`).toBeVisible();
      // What the screen asked for on opening has been answered (its lists, pickers, dictionaries).
      await expect.poll(() => watch.inFlight.size, { message: `${leaf.name} settles` }).toBe(0);
      await expect(screen.locator('.ant-spin-spinning')).toHaveCount(0);
      problems.push(...watch.refused.slice(before).map((call) => `${parent} / ${leaf.name}: ${call}`));
      const toasts = await page.locator('.ant-message-error').allInnerTexts();
      problems.push(...toasts.map((text) => `${parent} / ${leaf.name}: toast ${text}`));
    }
    expect(problems).toEqual([]);
  });
}

test('张三 adds a budget line by picking its account: the account fills in its name and the line saves', async ({
  page,
}) => {
  await loginAs(page, 'zhangsan');
  await openMenu(page, '预算管理', '预算填报');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('科目代码').click();
  // A sub-account of 管理费用 (6602, which only groups them).
  await page.keyboard.type('办公费');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: '办公费' })
    .click();
  const title = dialog.getByLabel('科目名称');
  await expect(title).toHaveValue(/办公费/);
  // A line of its own (a department holds one line per account and name a year): the filled name, tagged.
  const tag = uniqueTag('E2E');
  await title.fill(`${await title.inputValue()} ${tag}`);
  // His company and department, as he would choose them.
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dialog.getByLabel('公司').click();
  await dropdown.getByText('常州布雷德', { exact: true }).click();
  await dialog.getByLabel('填报部门').click();
  await dropdown.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '常州布雷德' }).first().click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(dialog).toBeHidden();
  await expect(page.locator('.tenon-grid .ant-table-row').filter({ hasText: tag })).toContainText('草稿');
});
