import { expect, test } from './support/test.ts';
import { sidebar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { phoneTabBar } from './support/phone.ts';
import { loginByApi } from './support/session.ts';

const M = zh.mobile;
const segment = (page: import('./support/test.ts').Page, name: string) =>
  page.locator('main').getByRole('tab', { name: new RegExp(`^${name}`) });

test('links of the desktop open their phone page; a path neither layout knows shows 404', async ({ page }) => {
  await loginByApi(page, '/wel/index');
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(phoneTabBar(page)).toBeVisible();

  await page.goto('/work/process/leave/detail/pi-1/biz-1');
  await expect(page).toHaveURL(/\/approvals\/leave\/detail\/pi-1\/biz-1$/);
  await expect(page.getByRole('banner')).toContainText(M.approvals.requestTitle);

  await page.goto('/work/claim/index');
  await expect(page).toHaveURL(/\/approvals\?tab=claim$/);
  await expect(segment(page, M.approvals.claim)).toHaveAttribute('aria-selected', 'true');

  await page.goto('/desk/message/index');
  await expect(page).toHaveURL(/\/messages$/);

  // A console screen the phone has no page for: home, not 404.
  await page.goto('/system/param/index');
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(segment(page, M.approvals.todo)).toHaveAttribute('aria-selected', 'true');

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText(zh.shell.error.notFound)).toBeVisible();
  await expect(page).toHaveTitle(`${zh.shell.route.notFound} - ${zh.common.appName}`);
  await page.getByRole('button', { name: zh.shell.error.backHome }).click();
  await expect(page).toHaveURL(/\/approvals$/);
});

test('widening the window across 768 shows the desktop page of the same thing, narrowing brings the phone back', async ({
  page,
}) => {
  await loginByApi(page, '/approvals?tab=mine');
  await expect(segment(page, M.approvals.mine)).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize({ width: 1024, height: 812 });
  await expect(page).toHaveURL(/\/work\/send\/index$/);
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByText(zh.shell.error.notFound)).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page).toHaveURL(/\/approvals\?tab=mine$/);
  await expect(segment(page, M.approvals.mine)).toHaveAttribute('aria-selected', 'true');

  // The homes.
  await segment(page, M.approvals.todo).click();
  await expect(page).toHaveURL(/\/approvals$/);
  await page.setViewportSize({ width: 1024, height: 812 });
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(phoneTabBar(page)).toBeVisible();
});
