import { expect, test } from './support/test.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

test('serves an installable app: manifest, icons and a service worker that takes control', async ({
  page,
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Tenon ERP 系统',
    display: 'standalone',
    theme_color: '#409EFF',
    start_url: '/',
  });
  for (const icon of manifest.icons as Array<{ src: string }>) expect((await request.get(icon.src)).status()).toBe(200);
  await page.goto('/');
  await expect(page).toHaveTitle(/Tenon ERP 系统/);
  const controlled = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    return Boolean(navigator.serviceWorker.controller);
  });
  expect(controlled).toBe(true);
});
