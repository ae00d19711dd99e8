import { expect, test, type Page } from './support/test.ts';
import { zh } from './support/i18n.ts';
import { exclusive } from './support/exclusive.ts';
import { loginByApi, waitForServiceWorker } from './support/session.ts';

/** Waits until every script and style the page loaded from /assets/ is in a service-worker cache. */
async function waitForAssetsCached(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/'));
          const cached = new Set<string>();
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) cached.add(new URL(request.url).pathname);
          }
          return loaded.filter((path) => !cached.has(path));
        }),
      { message: 'assets the page uses that no cache holds', timeout: 20_000 },
    )
    .toEqual([]);
}

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
