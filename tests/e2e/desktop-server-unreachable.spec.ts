import { expect, test, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

/**
 * Issue 31 item 8, the other half of "offline": the browser says it is online but the server does not answer (its
 * requests fail on the way). Requests are failed here by the page's own routes, which a service worker would bypass.
 */
test.use({ serviceWorkers: 'block' });

const rows = (page: Page) => page.locator('.tenon-crud .ant-table-row');

test('with the server out of reach, a list says so and shows the rows it last loaded', async ({ page }) => {
  const tag = uniqueTag('NET');
  await callAs(page.request, 'post', '/api/blade-system/customer/submit', {
    data: { customerCode: `${tag}-1`, customerName: `断网客户 ${tag}`, customerType: '1' },
  });
  await loginByApi(page, '/masterdata/customer/index');
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入客户名称').fill(tag);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  await expect(rows(page)).toHaveCount(1);
  const banner = page.getByText(zh.common.offline);
  await expect(banner).toHaveCount(0);

  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(page.getByText(zh.crud.offlineRows)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`${tag}-1`);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  // The server answers again: the next answer takes the banner away.
  await page.unroute('**/api/**');
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.common.refresh }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByText(zh.crud.offlineRows)).toBeHidden();
});
