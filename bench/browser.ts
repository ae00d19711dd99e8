/**
 * bench/browser: what the browser benches (bundle, journeys) share: Debian's Chromium, the slow 3G profile, the login
 * page measured cold, the cold open of a screen from the home page. Times are read in the page: from the navigation
 * or the click to the animation frame that first shows the element.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

import playwrightConfig from '../playwright.config.ts';

/** The browser tests' Chromium flags: the benches measure the browser the tests drive. */
export const CHROMIUM_ARGS = playwrightConfig.use!.launchOptions!.args!;

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;
export type Device = typeof PHONE | typeof DESKTOP;

/** Slow 3G as the issue measures it: 1.6 Mb/s down, 750 Kb/s up, 150 ms latency (CDP takes bytes per second). */
export const SLOW_3G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A new context (nothing cached, no service worker) with one page, on slow 3G when `slow`. */
export async function openPage(
  browser: Browser,
  device: Device,
  slow = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...device, serviceWorkers: 'block', locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (slow) await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  return { context, page };
}

type Marks = Record<string, number>;

/**
 * From the next page load on, records in `window.benchMarks[name]` the `performance.now()` of the first animation
 * frame after an element matching `selector` is in the page and visible (checked on every DOM change).
 */
export async function markFirstFrame(page: Page, name: string, selector: string): Promise<void> {
  await page.addInitScript(
    ({ name, selector }) => {
      const marks: Marks = ((window as unknown as { benchMarks?: Marks }).benchMarks ??= {});
      // No named function in here: tsx would wrap it in a helper the page does not have.
      const observer = new MutationObserver((_, self) => {
        const element = document.querySelector(selector);
        if (!element || !(element as HTMLElement).offsetParent) return;
        self.disconnect();
        requestAnimationFrame(() => {
          marks[name] ??= performance.now();
        });
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    },
    { name, selector },
  );
}

/** Records in `window.benchMarks.click` the time of the next click in the page (captured before any handler). */
export async function markNextClick(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks: Marks = ((window as unknown as { benchMarks?: Marks }).benchMarks ??= {});
    delete marks.click;
    document.addEventListener('click', () => void (marks.click = performance.now()), { capture: true, once: true });
  });
}

/** Waits until `window.benchMarks[name]` is set and answers it. */
export async function readMark(page: Page, name: string, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    (name) => (window as unknown as { benchMarks?: Marks }).benchMarks?.[name],
    name,
    { timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** Watches for an element matching `selector` to be drawn after the next click: `benchMarks[name]`. */
export async function markAfterClick(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(
    ({ name, selector }) => {
      const marks: Marks = ((window as unknown as { benchMarks?: Marks }).benchMarks ??= {});
      delete marks[name];
      const observer = new MutationObserver(() => {
        const element = document.querySelector(selector);
        if (!marks.click || !element || !(element as HTMLElement).offsetParent) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          marks[name] = performance.now();
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    },
    { name, selector },
  );
}

export const LOGIN_SUBMIT = 'button[type=submit]';
/** Issue 32: what a phone and a desktop may download before their login form is usable. */
export const LOGIN_PAGE_BYTES = { phone: 150 * 1024, desktop: 250 * 1024 };

export interface LoginPageSample {
  /** Bytes on the wire (compressed, headers included) of the requests sent before the form was drawn. */
  bytes: number;
  /** From the navigation to the frame that first shows the submit button. */
  ms: number;
  /** Every request of the visit (`path size`), those after the form marked `(after the form)`. */
  requests: string[];
}

/**
 * /login in a new context (cold cache, no service worker): the time to the frame that shows the form's submit button,
 * and what was downloaded for it, read from Resource Timing once the network is quiet: the requests started before
 * that frame (the page's own first). What starts after it (a prefetch while the user types) is listed, not counted.
 */
export async function measureLoginPage(
  browser: Browser,
  origin: string,
  device: Device,
  slow = false,
): Promise<LoginPageSample> {
  const { context, page } = await openPage(browser, device, slow);
  try {
    await markFirstFrame(page, 'form', LOGIN_SUBMIT);
    await page.goto(`${origin}/login`);
    const ms = await readMark(page, 'form');
    await page.waitForLoadState('networkidle');
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return { url: timing.name, start: timing.startTime, size: timing.transferSize };
      }),
    );
    const before = entries.filter((entry) => entry.start <= ms);
    return {
      bytes: before.reduce((sum, entry) => sum + entry.size, 0),
      ms,
      requests: entries.map(
        (entry) =>
          `${new URL(entry.url).pathname}${new URL(entry.url).search} ${(entry.size / 1024).toFixed(1)} KiB${entry.start > ms ? ' (after the form)' : ''}`,
      ),
    };
  } finally {
    await context.close();
  }
}

/** The desktop login through its form, as `username`, until the side menu is drawn. */
export async function desktopLogin(page: Page, origin: string, username = 'admin', password = 'admin'): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** A screen of the desktop's side menu: the names of its parents, outermost first, then its own. */
export interface MenuScreen {
  parents: string[];
  leaf: string;
}

export interface ColdOpen {
  ms: number;
  firstApiMs: number;
  requests: string[];
  bytes: number;
}

/** The first row of a table screen (the shared CRUD screen's and the custom ones'). */
export const FIRST_ROW = '.ant-table-tbody .ant-table-row';

/**
 * Logs in through the form (new context: nothing cached), waits until the home page has settled, opens the menu's
 * parents, then clicks the screen's menu the way a mouse does (it passes over the item on its way, which starts the
 * preload) and takes the time from that click to the frame that draws the first table row, both read in the page.
 */
export async function coldOpen(browser: Browser, origin: string, screen: MenuScreen): Promise<ColdOpen> {
  const { context, page } = await openPage(browser, DESKTOP);
  try {
    await desktopLogin(page, origin);
    const side = page.locator('aside.tenon-sider');
    const menu = (name: string) => side.getByRole('menuitem', { name: new RegExp(`(^|\\s)${name}$`) });
    await menu(screen.parents[0]).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // The parents are opened and the item scrolled to from the keyboard: no menu item passes under the pointer (and
    // preloads its screen) before the measured click.
    for (const parent of screen.parents) await menu(parent).press('Enter');
    await menu(screen.leaf).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // What the page had fetched before: everything after it is the cold open's (the pointer's preload included).
    const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
    await markNextClick(page);
    await markAfterClick(page, 'row', FIRST_ROW);
    await menu(screen.leaf).click();
    const row = await readMark(page, 'row', 30_000);
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      ({ before, row }) => {
        const click = (window as unknown as { benchMarks: Marks }).benchMarks.click;
        const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .slice(before)
          .filter((e) => e.startTime <= row);
        const api = entries.filter((e) => e.name.includes('/api/')).map((e) => e.startTime - click);
        return {
          ms: row - click,
          firstApiMs: api.length ? Math.min(...api) : NaN,
          bytes: entries.reduce((sum, e) => sum + e.encodedBodySize, 0),
          requests: entries.map(
            (e) =>
              `${(e.startTime - click).toFixed(0).padStart(5)} ms  ${new URL(e.name).pathname}${new URL(e.name).search}  ${(e.encodedBodySize / 1024).toFixed(1)} KiB`,
          ),
        };
      },
      { before, row },
    );
  } finally {
    await context.close();
  }
}
