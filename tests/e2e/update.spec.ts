import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { apiToken, uniqueTag } from './support/api.ts';
import { exclusive } from './support/exclusive.ts';
import { zh } from './support/i18n.ts';
import { loginByApi, seedSession, waitForServiceWorker } from './support/session.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

const SW = 'dist/sw.js';

/**
 * A new deployment for the duration of `body`: the served service worker changes (the server prefers the
 * precompressed copies, so they change too). The original files are put back afterwards.
 */
async function withNewDeployment(body: () => Promise<void>) {
  const originals = new Map([SW, `${SW}.br`, `${SW}.gz`].map((path) => [path, readFileSync(path)]));
  const changed = Buffer.concat([originals.get(SW)!, Buffer.from(`\n// ${uniqueTag('e2e-deployment')}\n`)]);
  try {
    writeFileSync(SW, changed);
    writeFileSync(`${SW}.br`, brotliCompressSync(changed));
    writeFileSync(`${SW}.gz`, gzipSync(changed));
    await body();
  } finally {
    for (const [path, content] of originals) writeFileSync(path, content);
  }
}

/** Asks the browser to look for a new worker; true when it found one (installing or waiting). */
const checkForUpdate = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error('no service worker registration');
    await registration.update();
    return Boolean(registration.installing || registration.waiting);
  });

const shellOf = (page: Page, project: string): Locator =>
  project === 'desktop' ? page.locator('aside.tenon-sider') : page.locator('.m-tab-bar');

/**
 * Deploys, checks for the update, expects the prompt, accepts it and expects the page to reload into the new worker.
 */
async function deployAndAccept(page: Page, shell: Locator) {
  const prompt = page.getByText(zh.common.updateAvailable);
  await expect(prompt).toHaveCount(0);
  // The same deployment again: the check finds no new worker, so no prompt can follow.
  expect(await checkForUpdate(page)).toBe(false);
  await expect(prompt).toHaveCount(0);

  await withNewDeployment(async () => {
    await checkForUpdate(page);
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
      .toBe(true);
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: zh.common.updateNow }).click();
    await reloaded;
    await expect(shell).toBeVisible();
    await expect(prompt).toHaveCount(0);
    // The waiting worker took over.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(
          registration?.active && !registration.waiting && navigator.serviceWorker.controller === registration.active,
        );
      }),
    ).toBe(true);
  });
}

test('a new deployment shows the update prompt; accepting it reloads into the new version', async ({
  page,
}, testInfo) => {
  test.slow();
  await exclusive('dist-sw', async () => {
    await loginByApi(page, '/');
    const shell = shellOf(page, testInfo.project.name);
    await expect(shell).toBeVisible();
    await waitForServiceWorker(page);
    // A page loaded under the service worker's control (every visit after the first).
    await page.reload();
    await expect(shell).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await deployAndAccept(page, shell);
  });
});

// workbox-window's `isUpdate` is false for a page the worker claimed on its first visit: an accepted update must
// still reload it (src/client/pwa.ts).
test('on the first visit (page claimed by the new worker), accepting an update also reloads into it', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.slow();
  await exclusive('dist-sw', async () => {
    await seedSession(context, baseURL!, await apiToken(page.request));
    await page.goto('/');
    const shell = shellOf(page, testInfo.project.name);
    await expect(shell).toBeVisible();
    // Claimed by the worker its own load registered (no reload: that would be the other test).
    await waitForServiceWorker(page, { reloadIfUnclaimed: false });
    await deployAndAccept(page, shell);
  });
});
