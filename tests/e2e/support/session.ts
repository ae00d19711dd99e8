import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiToken, type TokenInfo } from './api.ts';

/** Reads a value the console keeps in its Saber store (`saber-<name>` = {dataType, content, datetime}). */
export async function readStore<T>(page: Page, name: string): Promise<T | undefined> {
  return page.evaluate((key) => {
    const text = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    return text ? (JSON.parse(text) as { content: unknown }).content : undefined;
  }, `saber-${name}`) as Promise<T | undefined>;
}

/** The access token the page holds (cookie `saber-access-token`). */
export async function pageToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'saber-access-token');
  expect(cookie?.value, 'the page holds an access-token cookie').toBeTruthy();
  return decodeURIComponent(cookie!.value);
}

/**
 * Logs in through the API and hands the session to the page the way the console keeps it after its own login
 * (cookies, `saber-token`, `saber-tenantId`, `saber-userInfo`), then opens `path`: the app boots once, logged in.
 */
export async function loginByApi(page: Page, path = '/'): Promise<TokenInfo> {
  const info = await apiToken(page.request);
  await seedSession(page.context(), test.info().project.use.baseURL!, info);
  await page.goto(path);
  return info;
}

/**
 * Hands an API login to the context before its first page loads (cookies and an init script filling the Saber
 * store once), so the first page the test opens is already logged in: nothing else of the app loads before it.
 */
export async function seedSession(context: BrowserContext, baseURL: string, info: TokenInfo) {
  await context.addCookies(
    ['access-token', 'refresh-token'].map((name) => ({
      name: `saber-${name}`,
      value: encodeURIComponent(name === 'access-token' ? info.access_token : info.refresh_token),
      url: baseURL,
      sameSite: 'Lax' as const,
    })),
  );
  await context.addInitScript((user) => {
    if (localStorage.getItem('saber-e2e-seeded')) return;
    localStorage.setItem('saber-e2e-seeded', '1');
    const put = (name: string, content: unknown) =>
      localStorage.setItem(
        `saber-${name}`,
        JSON.stringify({ dataType: typeof content, content, datetime: Date.now() }),
      );
    put('token', user.access_token);
    put('tenantId', user.tenant_id);
    put('userInfo', user);
  }, info);
}

/**
 * Waits until a service worker controls the page. `clients.claim()` takes the pages that exist when the worker
 * activates; a page whose navigation was in flight at that moment stays uncontrolled until its next load (what a
 * user's next visit does), so such a page is reloaded once, unless the test is about the claimed page itself.
 */
export async function waitForServiceWorker(page: Page, { reloadIfUnclaimed = true } = {}) {
  const ready = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), 20_000);
      }),
    ]),
  );
  expect(ready, 'the service worker is active').toBe(true);
  const claimed = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        if (navigator.serviceWorker.controller) resolve(true);
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
        setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), 5_000);
      }),
  );
  if (!claimed && reloadIfUnclaimed) await page.reload();
  expect(
    await page.evaluate(() => Boolean(navigator.serviceWorker.controller)),
    'a service worker controls the page',
  ).toBe(true);
}

/** Waits until every script and style the page loaded from /assets/ is in a service-worker cache. */
export async function waitForAssetsCached(page: Page) {
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
