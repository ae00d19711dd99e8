import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/** A page's address, its API calls (status, time taken) and its visible text, for the log. */
async function describePage(page: Page): Promise<string> {
  const calls = await page
    .evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name.includes('/api/'))
        .map((entry) => `${entry.responseStatus} ${Math.round(entry.duration)} ms ${entry.name}`),
    )
    .catch(() => []);
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((error: Error) => `(no text: ${error.message})`);
  return [
    `address: ${page.url()}`,
    `API calls since the page loaded (last 25 of ${calls.length}):\n  ${calls.slice(-25).join('\n  ')}`,
    `text:\n${text.slice(0, 2_500)}`,
  ].join('\n');
}

/**
 * Playwright's `test`, plus what every open page showed when a test failed, printed to the log: on CI the result
 * files are gone after the run, and the log is what is left to read.
 */
export const test = base.extend<{ failureContext: void }>({
  failureContext: [
    // Through `context`: this is torn down before the test's context and pages close.
    async ({ browser, context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const contexts = new Set([context, ...browser.contexts()]);
      for (const page of [...contexts].flatMap((each) => each.pages())) {
        if (page.isClosed()) continue;
        console.log(
          `── what the page showed when "${testInfo.title}" failed (attempt ${testInfo.retry + 1}) ──\n` +
            (await describePage(page)),
        );
      }
    },
    { auto: true },
  ],
});
