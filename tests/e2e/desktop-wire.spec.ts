import { expect, test } from './support/test.ts';
import { desktopLogin, sidebar } from './support/desktop.ts';

const MENUS = ['/api/blade-system/menu/buttons', '/api/blade-system/menu/routes'];

// The page's own requests, as the network sees them: once the service worker claims the page (it registers when the
// page is idle), Chromium reports the wire of the requests passing through it to the worker, not to the page.
test.use({ serviceWorkers: 'block' });

test('the menus come compressed after login, and the next login gets 304s for them', async ({ page }) => {
  // What the server really sent (the browser hands a revalidated 304 to the page as its kept 200).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium may report a response's wire headers before the request itself: both kept by id, matched when read.
  const paths = new Map<string, string>();
  const wire = new Map<string, { status: number; encoding?: string }>();
  cdp.on('Network.requestWillBeSent', (event) => paths.set(event.requestId, new URL(event.request.url).pathname));
  cdp.on('Network.responseReceivedExtraInfo', (event) =>
    wire.set(event.requestId, {
      status: event.statusCode,
      encoding: event.headers['content-encoding'] as string | undefined,
    }),
  );
  // In path order: the two are asked at once.
  const answers = () =>
    [...wire]
      .map(([id, answer]) => ({ path: paths.get(id) ?? '', ...answer }))
      .filter((answer) => MENUS.includes(answer.path))
      .sort((a, b) => a.path.localeCompare(b.path));

  await desktopLogin(page);
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  await expect.poll(() => answers().length).toBe(2);
  expect(answers()).toEqual(MENUS.map((path) => expect.objectContaining({ path, status: 200, encoding: 'br' })));

  wire.clear();
  await page.evaluate(() => [localStorage, sessionStorage].forEach((store) => store.clear()));
  await page.context().clearCookies();
  await page.goto('/login');
  await desktopLogin(page);
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  await expect.poll(() => answers().length).toBe(2);
  // A 304 answers only a request that named the kept copy's tag (If-None-Match): nothing but headers came back.
  expect(answers()).toEqual(MENUS.map((path) => expect.objectContaining({ path, status: 304 })));
});
