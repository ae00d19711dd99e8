import { expect, test } from './support/test.ts';
import { desktopHome, openMenu } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const USER_INFO = '/api/blade-auth/oauth/user-info';

test('接口文档 shows the OpenAPI document a service at a time and tries a request as the signed-in user', async ({
  page,
}) => {
  await desktopHome(page);
  await openMenu(page, '系统监控', '接口文档');
  await expect(page).toHaveURL(/\/monitor\/doc/);
  await expect(page.locator('.ant-card-head-title', { hasText: zh.log.apiDoc.title })).toBeVisible();

  // The document, as Swagger UI shows it: its title and one service's operations, blade-auth first.
  const ui = page.getByTestId('api-doc');
  await expect(ui.locator('.info .title')).toContainText('Tenon API');
  await expect(ui.locator('.opblock-tag')).toHaveCount(1);
  const section = ui.locator('.opblock-tag-section');
  await section.locator('.opblock-tag[data-tag="blade-auth"]').click();
  await expect(section).toHaveClass(/is-open/);
  const operation = ui.locator('.opblock-get').filter({ has: page.locator(`[data-path="${USER_INFO}"]`) });
  await expect(operation).toBeVisible();

  // A GET that takes nothing: Try it out, Execute, and the server's answer for this user.
  await operation.locator('.opblock-summary-control').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === USER_INFO);
  await operation.getByRole('button', { name: 'Execute' }).click();
  expect((await sent).headers()['blade-auth']).toMatch(/^bearer \S+/);
  const answer = operation.locator('.live-responses-table .response');
  await expect(answer.locator('.response-col_status')).toHaveText(/^\s*200\b/);
  await expect(answer.locator('.response-col_description')).toContainText('"account": "admin"');

  // Another service, picked by name: its operations replace the first's.
  const services = page.getByRole('combobox', { name: zh.log.apiDoc.service });
  await services.click();
  await services.fill('blade-desk');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^blade-desk（/ })
    .click();
  await expect(ui.locator('.opblock-tag[data-tag="blade-desk"]')).toBeVisible();
  await expect(ui.locator('.opblock-tag')).toHaveCount(1);
});
