import { expect, test, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { openMenu, sidebar } from './support/desktop.ts';
import { exclusive } from './support/exclusive.ts';
import { zh } from './support/i18n.ts';
import { loginByApi, waitForAssetsCached, waitForServiceWorker } from './support/session.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

/** Issue 31 item 8: offline, a list screen shows the rows it last loaded; a screen never downloaded says so. */
const rows = (page: Page) => page.locator('.tenon-crud .ant-table-row');

/** How many lists the browser keeps for offline use (IndexedDB `tenon-offline`). */
const keptLists = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tenon-offline');
        // Not there yet: nothing kept (and the test must not create it without the console's store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('lists')) {
            database.close();
            return resolve(0);
          }
          const count = database.transaction('lists').objectStore('lists').count();
          count.onsuccess = () => {
            database.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );

test('offline, a list shows its last rows with a note, and an unvisited screen asks for the network', async ({
  page,
  context,
}) => {
  test.slow();
  const tag = uniqueTag('OFF');
  await callAs(page.request, 'post', '/api/blade-system/customer/submit', {
    data: { customerCode: `${tag}-1`, customerName: `离线客户 ${tag}`, customerType: '1' },
  });
  // The update test changes the served service worker: not while this one relies on it.
  await exclusive('dist-sw', async () => {
    await loginByApi(page, '/masterdata/customer/index');
    await expect(rows(page).first()).toBeVisible();
    await waitForServiceWorker(page);
    // Reload while controlled, so the screen's chunks go through the service worker's cache.
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await waitForAssetsCached(page);

    const search = page.locator('.tenon-crud-search');
    await search.getByPlaceholder('请输入客户名称').fill(tag);
    await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect.poll(() => keptLists(page)).toBeGreaterThan(0);
    const note = page.getByText(zh.crud.offlineRows);
    await expect(note).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(zh.common.offline)).toBeVisible();
    // The rows this list showed last, said to be such.
    await expect(note).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`${tag}-1`);

    // A screen whose code was never downloaded (the users page; the entity definitions come with the shell, so a
    // plain CRUD screen such as 参数管理 opens offline) says it needs the network, inside the shell.
    await openMenu(page, '系统管理', '用户管理');
    await expect(page.getByText(zh.common.offlinePage)).toBeVisible();
    await expect(page.getByText(zh.common.chunkError)).toHaveCount(0);
    await expect(sidebar(page)).toBeVisible();

    await context.setOffline(false);
  });

  // The kept lists go with the session: logging out removes them.
  await page.getByRole('button', { name: zh.shell.user.menu }).click();
  await page.getByRole('menuitem', { name: zh.common.logout }).click();
  await page.getByRole('dialog').getByRole('button', { name: zh.common.ok }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptLists(page)).toBe(0);
});
