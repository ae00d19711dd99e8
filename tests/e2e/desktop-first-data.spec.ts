import { expect, test } from './support/test.ts';
import { desktopHome, openScreen } from './support/desktop.ts';

/**
 * Issue 32: a screen that loads several things asks for them in parallel with its code, not after it has rendered.
 * The screen's chunk is held back until its first page has been asked for: a screen that only asks once rendered
 * (which needs that chunk) would ask after the chunk's answer. The bound only ends a failing run sooner.
 */
const HOLD_BOUND_MS = 10_000;

const SCREENS = [
  {
    parent: '系统管理',
    leaf: '用户管理',
    chunk: /\/assets\/UserPage-[\w-]+\.js$/,
    firstPage: '/api/blade-system/user/list?',
  },
  {
    parent: '预算管理',
    leaf: '预算填报',
    chunk: /\/assets\/BudgetRowPage-[\w-]+\.js$/,
    firstPage: '/api/blade-system/budgetfill/list?',
  },
];

// Chunks fetched by the page itself, where page.route sees them (a service worker would answer them unseen).
test.use({ serviceWorkers: 'block' });

for (const screen of SCREENS) {
  test(`${screen.leaf}: its first page is asked for while its code is still loading`, async ({ page }) => {
    const events: string[] = [];
    let firstPageAsked!: () => void;
    const asked = new Promise<void>((done) => (firstPageAsked = done));
    page.on('request', (request) => {
      if (!request.url().includes(screen.firstPage)) return;
      events.push('first page asked');
      firstPageAsked();
    });
    await desktopHome(page);
    await page.route(screen.chunk, async (route) => {
      await Promise.race([asked, new Promise((bound) => setTimeout(bound, HOLD_BOUND_MS))]);
      const response = await route.fetch();
      events.push('chunk answered');
      await route.fulfill({ response });
    });

    await openScreen(page, screen.parent, screen.leaf);

    // Both happened for this click, the request first.
    expect(events.filter((event) => event === 'chunk answered')).toHaveLength(1);
    expect(events.indexOf('first page asked'), events.join(', ')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('first page asked'), events.join(', ')).toBeLessThan(events.indexOf('chunk answered'));
  });
}
