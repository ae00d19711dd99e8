import { expect, test, type Page } from './support/test.ts';
import { desktopHome, openMenu, sidebar, tabs } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { phoneTabBar } from './support/phone.ts';
import { loginByApi } from './support/session.ts';

const title = (label: string) => `${label} - ${zh.common.appName}`;
const notFound = (page: Page) => page.getByText(zh.shell.error.notFound);

test('narrowing the window across 768 shows the phone page of the same thing, widening brings the desktop back', async ({
  page,
}) => {
  await desktopHome(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(sidebar(page)).toBeVisible();

  // Home and home.
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(phoneTabBar(page)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveTitle(title(zh.shell.route.home));
  await expect(notFound(page)).toHaveCount(0);

  // The claim list and the phone's 待签 segment.
  await openMenu(page, '我的事务', '待签事务');
  await expect(page).toHaveURL(/\/work\/claim\/index$/);
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page).toHaveURL(/\/approvals\?tab=claim$/);
  await expect(
    page.locator('main').getByRole('tab', { name: new RegExp(`^${zh.mobile.approvals.claim}`) }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page).toHaveURL(/\/work\/claim\/index$/);
  await expect(tabs(page).filter({ hasText: '待签事务' })).toHaveAttribute('aria-selected', 'true');

  // A console screen the phone has none of: the phone's home, and back on the desktop's.
  await openMenu(page, '系统管理', '参数管理');
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(phoneTabBar(page)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page)).toBeVisible();
});

test('links of the phone open their desktop page; a path neither layout knows shows 404', async ({ page }) => {
  await loginByApi(page, '/approvals/leave/detail/pi-1/biz-1');
  await expect(page).toHaveURL(/\/work\/process\/leave\/detail\/pi-1\/biz-1$/);
  await expect(page).toHaveTitle(title(zh.flow.route.leaveDetail));
  await expect(notFound(page)).toHaveCount(0);

  await page.goto('/approvals/finance/handle/t-1/pi-2/biz-2');
  await expect(page).toHaveURL(/\/work\/process\/finance\/handle\/t-1\/pi-2\/biz-2$/);
  await expect(page).toHaveTitle(title(zh.flow.route.financeHandle));

  await page.goto('/messages');
  await expect(page).toHaveURL(/\/desk\/message\/index$/);
  await expect(page).toHaveTitle(title('消息通知'));

  await page.goto('/me');
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page).toHaveTitle(title(zh.shell.route.info));

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(notFound(page)).toBeVisible();
});
