import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, test } from './support/test.ts';
import { apiToken, markAllRead, submitMessage, uniqueTag } from './support/api.ts';
import { exclusive } from './support/exclusive.ts';
import { en, zh } from './support/i18n.ts';
import { listState, phoneLogin, phoneLoginToTabs, phoneTab, phoneTabBar, phoneTabTitles } from './support/phone.ts';
import { loginByApi, pageToken, readStore } from './support/session.ts';
import { inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';
import { NOTICE_FEED_URL } from '../../src/shared/contract/api/desk.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

const M = zh.mobile;
const tabTitles = (lang: typeof zh | typeof en) => [
  lang.mobile.tabs.approvals,
  lang.mobile.tabs.messages,
  lang.mobile.tabs.inventoryLogs,
  lang.mobile.tabs.lock,
];

test('phone login: a wrong password is refused with the server message, the right one opens the four tabs', async ({
  page,
}) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login$/);
  await phoneLogin(page, { username: 'admin', password: 'not-the-password' });
  await expect(page.locator('.adm-toast-main').getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readStore(page, 'token')).toBeUndefined();

  // The first screen's task list and the menus go out as the token answers (not once the tabs' code is in), and the
  // screen takes those answers: each is asked once.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/work/todo-list') || pathname.endsWith('/menu/routes')) asked.push(pathname);
  });
  await phoneLogin(page);
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(
    page
      .locator('main .m-flow-card')
      .or(listState(page).filter({ hasText: zh.common.empty }))
      .first(),
  ).toBeVisible();
  expect(asked.sort()).toEqual(['/api/blade-flow/work/todo-list', '/api/blade-system/menu/routes']);
  await expect(phoneTabTitles(page)).toHaveText(tabTitles(zh));
  await expect(page).toHaveTitle(`${M.tabs.approvals} - ${zh.common.appName}`);
  expect(await pageToken(page)).toBeTruthy();
  // /login while logged in goes back to the tabs.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/approvals$/);
});

test("approvals show the task lists; inventory logs the warehouse's segments, filters and new-movement button", async ({
  page,
}) => {
  await loginByApi(page, '/approvals');
  await expect(page.locator('main').getByRole('tab', { name: new RegExp(`^${M.approvals.todo}`) })).toBeVisible();
  await expect(page.locator('main').getByRole('tab', { name: M.approvals.mine })).toBeVisible();
  await phoneTab(page, M.tabs.inventoryLogs).click();
  await expect(page).toHaveURL(/\/inventory-logs$/);
  const main = page.locator('main');
  await expect(main.getByRole('tab', { name: M.warehouse.pending })).toBeVisible();
  await expect(main.getByRole('tab', { name: M.warehouse.handled })).toBeVisible();
  await expect(main.getByRole('button', { name: inventoryLog.fields.bizType.label.zh })).toBeVisible();
  await expect(main.getByRole('button', { name: inventoryLog.fields.warehouse.label.zh })).toBeVisible();
  await expect(main.getByRole('button', { name: M.warehouse.add })).toBeVisible();
});

test('messages: the list, the unread tab, a tap marks read, mark all as read', async ({ page }) => {
  test.slow();
  // Every test logs in as admin: the admin's messages are shared, so this runs alone.
  await exclusive('admin-messages', async () => {
    const { access_token: token } = await apiToken(page.request);
    await markAllRead(page.request, token);
    const tag = uniqueTag('phone');
    const first = { title: `${tag} 一`, content: '第一条手机消息' };
    const second = { title: `${tag} 二`, content: '第二条手机消息' };
    await submitMessage(page.request, token, first);
    await submitMessage(page.request, token, second);

    await loginByApi(page, '/approvals');
    const messagesTab = phoneTab(page, M.tabs.messages);
    // The tab counts unread messages and unread notices (issue 36); other tests publish notices to everybody.
    const badgeShows = (messages: number) =>
      expect(async () => {
        const feed = await page.request.get(`${NOTICE_FEED_URL}?size=1`, {
          headers: { 'Blade-Auth': `bearer ${token}` },
        });
        const unread = messages + Number((await feed.json()).data.unread);
        const badge = messagesTab.locator('.adm-badge-content');
        if (unread === 0) await expect(badge).toHaveCount(0, { timeout: 2_000 });
        else await expect(badge).toHaveText(String(unread), { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    await badgeShows(2);
    await messagesTab.click();
    await expect(page).toHaveURL(/\/messages$/);
    const main = page.locator('main');
    const item = (title: string) => main.locator('.adm-list-item').filter({ hasText: title });
    await expect(item(first.title)).toBeVisible();
    await expect(item(second.title)).toBeVisible();
    await expect(item(first.title).getByRole('img', { name: M.messages.unreadMark })).toBeVisible();
    await expect(item(first.title)).toContainText(first.content);

    await main.getByRole('tab', { name: M.messages.unread }).click();
    await expect(main.locator('.adm-list-item')).toHaveCount(2);

    // Tap: the detail opens and the message is read.
    await item(first.title).click();
    const detail = page.getByRole('article', { name: M.messages.detail });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(first.content);
    await badgeShows(1);
    await expect(item(first.title).getByRole('img', { name: M.messages.unreadMark })).toHaveCount(0);
    await page.locator('.adm-popup-close-icon').click();
    await expect(detail).toBeHidden();

    await main.getByRole('button', { name: M.messages.markAllRead }).click();
    await expect(page.locator('.adm-toast-main').getByText(M.messages.allMarkedRead)).toBeVisible();
    await expect(listState(page)).toContainText(zh.common.empty);
    await expect(main.locator('.adm-list-item')).toHaveCount(0);
    await badgeShows(0);
    await expect(main.getByRole('button', { name: M.messages.markAllRead })).toBeDisabled();

    await main.getByRole('tab', { name: M.messages.all }).click();
    await expect(item(first.title)).toBeVisible();
    await expect(item(second.title)).toBeVisible();
    await expect(main.getByRole('img', { name: M.messages.unreadMark })).toHaveCount(0);
  });
});

// Under the served worker's lock: it goes to four addresses, and each could find update.spec's passing deployment
// and cover the lock screen with its update prompt.
test('lock and unlock on the phone', async ({ page }) => {
  await exclusive('dist-sw', async () => {
    await loginByApi(page, '/messages');
    await expect(phoneTabBar(page)).toBeVisible();
    await phoneTab(page, M.tabs.lock).click();
    await page.getByRole('button', { name: M.lock.setAndLock }).click();
    await expect(page.getByRole('alert').filter({ hasText: M.lock.passwordRequired })).toBeVisible();
    await page.getByRole('textbox', { name: M.lock.password }).fill('e2e-phone-lock');
    await page.getByRole('button', { name: M.lock.setAndLock }).click();
    await expect(page).toHaveURL(/\/lock$/);
    await expect(page.getByText(M.lock.lockedTitle).first()).toBeVisible();
    expect(await readStore(page, 'isLock')).toBe(true);

    for (const path of ['/messages', '/approvals', '/me', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/lock$/);
      await expect(page.getByRole('textbox', { name: M.lock.password })).toBeVisible();
    }
    await expect(phoneTabBar(page)).toHaveCount(0);

    await page.getByRole('textbox', { name: M.lock.password }).fill('wrong');
    await page.getByRole('button', { name: M.lock.unlock }).click();
    await expect(page.getByRole('alert')).toHaveText(M.lock.wrongPassword);
    await expect(page).toHaveURL(/\/lock$/);

    await page.getByRole('textbox', { name: M.lock.password }).fill('e2e-phone-lock');
    await page.getByRole('button', { name: M.lock.unlock }).click();
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(phoneTabBar(page)).toBeVisible();

    // The password is kept for the next lock.
    await phoneTab(page, M.tabs.lock).click();
    await expect(page.getByText(M.lock.passwordIsSet)).toBeVisible();
    await page.getByRole('button', { name: M.lock.lockNow }).click();
    await expect(page).toHaveURL(/\/lock$/);
    await page.getByRole('textbox', { name: M.lock.password }).fill('e2e-phone-lock');
    await page.getByRole('button', { name: M.lock.unlock }).click();
    await expect(page).toHaveURL(/\/approvals$/);
  });
});

test('the language chosen in "me" persists across a reload', async ({ page }) => {
  await loginByApi(page, '/approvals');
  await expect(phoneTabTitles(page)).toHaveText(tabTitles(zh));
  await page.getByRole('banner').getByRole('button', { name: M.tabs.me }).click();
  await expect(page).toHaveURL(/\/me$/);
  await page.locator('main').getByText(zh.common.en, { exact: true }).click();

  const expectEnglish = async () => {
    await expect(phoneTabTitles(page)).toHaveText(tabTitles(en));
    await expect(page.getByRole('banner')).toContainText(en.mobile.tabs.me);
    await expect(page.locator('main').getByRole('button', { name: en.common.logout })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  };
  await expectEnglish();
  expect(await readStore(page, 'language')).toBe('en');
  await page.reload();
  await expectEnglish();
  await expect(page).toHaveTitle(`${en.mobile.tabs.me} - ${en.common.appName}`);

  await page.locator('main').getByText(en.common.zh, { exact: true }).click();
  await expect(phoneTabTitles(page)).toHaveText(tabTitles(zh));
  expect(await readStore(page, 'language')).toBe('zh');
});

test('the phone never requests a chunk only the desktop uses', async ({ page, context }) => {
  // The build's own list of desktop-only chunks is the source of truth.
  const desktopOnly = JSON.parse(readFileSync('dist/desktop-chunks.json', 'utf8')) as string[];
  expect(desktopOnly.length).toBeGreaterThan(0);
  expect(desktopOnly.some((file) => /\/DesktopApp-[\w-]+\.js$/.test(file))).toBe(true);
  // ECharts (the budget charts) is one chunk of its own, desktop-only: the attribute it marks a chart's div with.
  const withEcharts = readdirSync('dist/assets')
    .filter((file) => file.endsWith('.js'))
    .filter((file) => readFileSync(`dist/assets/${file}`, 'utf8').includes('_echarts_instance_'))
    .map((file) => `assets/${file}`);
  expect(withEcharts, 'chunks carrying echarts').toHaveLength(1);
  expect(desktopOnly, 'the echarts chunk is desktop-only').toContain(withEcharts[0]);
  const desktopPaths = new Set(desktopOnly.map((file) => `/${file}`));
  // Screens only the desktop has (names shared with the phone layout, such as LoginPage, are left out).
  const mobileNames = new Set(
    readdirSync('src/mobile', { recursive: true, encoding: 'utf8' }).map((file) =>
      basename(file).replace(/\.tsx?$/, ''),
    ),
  );
  const desktopNames = [
    'DesktopApp',
    ...readdirSync('src/desktop/pages')
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => f.replace(/\.tsx$/, '')),
  ].filter((name) => !mobileNames.has(name));
  expect(desktopNames).toContain('HomePage');

  // Every request of the context: the page's, and the service worker's (its precache downloads).
  const requested: string[] = [];
  context.on('request', (request) => requested.push(new URL(request.url()).pathname));

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await phoneLoginToTabs(page);
  await expect(page.locator('main').getByRole('tab', { name: M.approvals.mine })).toBeVisible();
  for (const title of [M.tabs.messages, M.tabs.inventoryLogs, M.tabs.lock, M.tabs.approvals]) {
    await phoneTab(page, title).click();
    await expect(page.locator('main')).not.toBeEmpty();
  }
  await page.getByRole('banner').getByRole('button', { name: M.tabs.me }).click();
  await expect(page.locator('main').getByRole('button', { name: zh.common.logout })).toBeVisible();
  // Lock and unlock: the lock page too.
  await phoneTab(page, M.tabs.lock).click();
  await page.getByRole('textbox', { name: M.lock.password }).fill('chunks');
  await page.getByRole('button', { name: M.lock.setAndLock }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByRole('textbox', { name: M.lock.password }).fill('chunks');
  await page.getByRole('button', { name: M.lock.unlock }).click();
  await expect(page).toHaveURL(/\/approvals$/);
  // Let the service worker finish its precache downloads.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');

  const assets = requested.filter((path) => path.startsWith('/assets/'));
  expect(
    assets.some((path) => /\/MobileApp-[\w-]+\.js$/.test(path)),
    'the phone layout chunk was loaded (the recording works)',
  ).toBe(true);
  expect(
    requested.filter((path) => desktopPaths.has(path)),
    'desktop-only chunks requested',
  ).toEqual([]);
  expect(
    requested.filter((path) => path.includes('antd/')),
    'antd module paths requested',
  ).toEqual([]);
  const desktopNamed = assets.filter((path) => desktopNames.some((name) => basename(path).startsWith(`${name}-`)));
  expect(desktopNamed, 'chunks named after desktop screens requested').toEqual([]);
  // And no antd inside what the phone loaded, even if the list missed it: antd's CSS-in-JS runtime and icon set
  // leave these markers in any chunk that carries them (antd-mobile has neither).
  const withAntd = [...new Set(assets)]
    .filter((path) => path.endsWith('.js'))
    .filter((path) => /data-css-hash|@ant-design-icons/.test(readFileSync(`dist${path}`, 'utf8')));
  expect(withAntd, 'phone chunks carrying antd').toEqual([]);
});
