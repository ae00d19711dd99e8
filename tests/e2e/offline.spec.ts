import { expect, test } from './support/test.ts';
import { zh } from './support/i18n.ts';
import { exclusive } from './support/exclusive.ts';
import { loginByApi, waitForAssetsCached, waitForServiceWorker } from './support/session.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

test('an offline reload shows the shell with the offline notice, which goes away back online', async ({
  page,
  context,
}, testInfo) => {
  const desktop = testInfo.project.name === 'desktop';
  test.slow();
  // The update test changes the served service worker: not while this one relies on it.
  await exclusive('dist-sw', async () => {
    await loginByApi(page, '/');
    const shell = desktop ? page.locator('aside.tenon-sider') : page.locator('.m-tab-bar');
    await expect(shell).toBeVisible();
    await waitForServiceWorker(page);
    // Reload while controlled, so the chunks outside the precache (the desktop's) go through the runtime cache.
    await page.reload();
    await expect(shell).toBeVisible();
    await waitForAssetsCached(page);
    const url = page.url();
    const notice = page.getByText(zh.common.offline);
    await expect(notice).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    // The app, not Chromium's offline error page.
    await expect(page).toHaveURL(url);
    await expect(page).toHaveTitle(new RegExp(zh.common.appName));
    await expect(shell).toBeVisible();
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    if (desktop) {
      // Menus kept from the last online load.
      await expect(page.locator('aside.tenon-sider').getByRole('menuitem').first()).toBeVisible();
    }

    await context.setOffline(false);
    await expect(notice).toBeHidden();
    await expect(shell).toBeVisible();
  });
});
