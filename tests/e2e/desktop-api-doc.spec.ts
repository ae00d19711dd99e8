import { expect, test } from './support/test.ts';
import { desktopHome, openMenu } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const USER_INFO = '/api/blade-auth/oauth/user-info';

test('接口文档 shows the OpenAPI document and tries a request as the signed-in user', async ({ page }) => {
  // The bounds below add up past the suite's 120 s.
  test.setTimeout(240_000);
  await desktopHome(page);
  await openMenu(page, '系统监控', '接口文档');
  await expect(page).toHaveURL(/\/monitor\/doc/);
  await expect(page.locator('.ant-card-head-title', { hasText: zh.log.apiDoc.title })).toBeVisible();

  // The document, as Swagger UI shows it: its title, then one module's operations.
  const ui = page.getByTestId('api-doc');
  // An upper bound: Swagger UI (1.5 MB) parses and lays out ~500 operations, over 10 s with a second worker beside it,
  // and over 45 s on a machine other work keeps busy (seen at a load of 15 on two cores).
  await expect(ui.locator('.info .title')).toContainText('Tenon API', { timeout: 90_000 });
  await ui.getByPlaceholder(/^Filter by tag/).fill('blade-auth');
  // The filter has applied (one tag left) before the tag is opened: a click during the re-render hits another one.
  await expect(ui.locator('.opblock-tag')).toHaveCount(1, { timeout: 60_000 });
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
});
