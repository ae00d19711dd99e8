import { rmSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { ADMIN, apiToken, call, uniqueTag } from './support/api.ts';
import { menuItem, openScreen, sidebar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { seedSession } from './support/session.ts';
import { PG_BIN, startPrimary, stopAll, type PgServer } from '../support/pg-servers.ts';
import { spawnServer, waitForReady, type ServerProcess } from '../support/process.ts';

/**
 * 迁移租户 in the browser (issue 39): a server of its own on a PostgreSQL main database and a second PostgreSQL server
 * as a data source (tests/support/pg-servers.ts), since the suite's server runs on the embedded database, which places
 * no tenant anywhere else. The platform administrator moves a new tenant from 主库 to the data source, follows the move
 * to 完成 with its pause, and the tenant's rows are then on the second server only.
 */
const M = zh.crud.tenantAdmin;
// The suite's server is on E2E_PORT and the demo's on the next port (playwright.config.ts).
const PORT = Number(process.env.E2E_PORT ?? 18765) + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = 'tests/.tmp/e2e-tenant-move';
/** A first start on an empty PostgreSQL database runs every migration: far longer than a restart. */
const FIRST_START_MS = 180_000;
/** The move's first copy, its cutover and clean-up: seconds alone, a minute on a loaded machine. */
const MOVE_MS = 180_000;

test.use({ baseURL: BASE });
test.skip(!PG_BIN, 'no PostgreSQL installation under /usr/lib/postgresql');

let main: PgServer;
let second: PgServer;
let server: ServerProcess | undefined;
/** The second server as a data source (数据源管理), added once: two sources on one database would copy twice. */
let secondSource: Promise<{ id: string; name: string }> | undefined;
const addSecondSource = (request: APIRequestContext, token: string) =>
  (secondSource ??= call<{ id: string }>(request, 'post', '/api/blade-develop/datasource/submit', token, {
    data: {
      name: '第二库',
      driverClass: 'org.postgresql.Driver',
      url: second.jdbcUrl(),
      username: 'postgres',
      password: 'unused',
    },
  }).then(({ id }) => ({ id: String(id), name: '第二库' })));

test.beforeAll(async () => {
  test.setTimeout(FIRST_START_MS + 60_000);
  [main, second] = await Promise.all([startPrimary('e2e-move-main'), startPrimary('e2e-move-second')]);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawnServer({
    PORT: String(PORT),
    DATABASE_URL: main.url(),
    DATA_DIR,
    TENON_WEB_DIR: 'dist',
    TENON_JWT_SECRET: 'tenon-e2e-move-secret-0123456789-abcdefghijklm',
    LOG_LEVEL: 'warn',
  });
  await waitForReady(server, FIRST_START_MS);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await server?.stop();
  await stopAll();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** A list row by a text in it. */
const row = (page: Page, text: string): Locator => page.locator('.ant-table-row').filter({ hasText: text });

test('the platform administrator moves a tenant to another PostgreSQL database and sees it done', async ({
  page,
  request,
}) => {
  test.setTimeout(MOVE_MS + 120_000);
  const tag = uniqueTag('mv');
  const tenantName = `迁移${tag.slice(-6)}`;
  const login = await apiToken(request);
  const { name: sourceName } = await addSecondSource(request, login.access_token);
  const { tenantId } = await call<{ tenantId: string }>(
    request,
    'post',
    '/api/blade-system/tenant/submit',
    login.access_token,
    { data: { tenantName, linkman: '张三', contactNumber: '13800000000' } },
  );

  await seedSession(page.context(), BASE, login);
  await page.goto('/wel/index');
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  await openScreen(page, '系统管理', '租户管理');
  await expect(row(page, tenantName)).toContainText(M.mainDatabase);

  await row(page, tenantName).getByRole('checkbox').check();
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${M.move}$`) })
    .click();
  // By its title: the confirmation is a dialog too.
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title').getByText(M.move) });
  await expect(dialog.locator('.ant-form-item').filter({ hasText: M.movedFrom })).toContainText(M.mainDatabase);
  await dialog.locator('.ant-select').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: sourceName })
    .click();
  await dialog.getByRole('button', { name: zh.common.ok, exact: true }).click();

  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(M.moveConfirm);
  await confirm.getByRole('button', { name: zh.common.ok, exact: true }).click();

  // What the user watches: the move's state until 完成, then how long the tenant's writes waited.
  await expect(dialog).toContainText(`${M.mainDatabase} → ${sourceName}`);
  await expect(dialog.getByText(M.moveStates.done, { exact: true })).toBeVisible({ timeout: MOVE_MS });
  await expect(dialog.locator('tr').filter({ hasText: M.movePause })).toContainText(/\d+ 毫秒/);
  // The list behind it names the tenant's new database.
  await expect(row(page, tenantName)).toContainText(sourceName);

  const users = async (on: PgServer) =>
    (await on.query(`select count(*)::int as n from blade_user where tenant_id = $1`, [tenantId]))[0].n;
  expect(await users(second), 'the tenant administrator is on the second server').toBe(1);
  expect(await users(main), 'and no longer on the main one').toBe(0);
});

test("a placed tenant's administrator works on its database, and the platform's error log shows both databases", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(FIRST_START_MS);
  const tag = uniqueTag('ds');
  const login = await apiToken(request);
  const source = await addSecondSource(request, login.access_token);
  const tenantName = `外库${tag.slice(-6)}`;
  const { tenantId } = await call<{ tenantId: string }>(
    request,
    'post',
    '/api/blade-system/tenant/submit',
    login.access_token,
    { data: { tenantName, linkman: '李四', contactNumber: '13800000001', datasourceId: source.id } },
  );
  // An error each tenant's console uploads (顶栏 → 日志 → 上传服务器): the placed one's is written on its database.
  const uploadError = async (as: { access_token: string; tenant_id: string }, message: string) =>
    call(request, 'post', '/api/blade-auth/oauth/logout', as.access_token, {
      tenantId: as.tenant_id,
      data: [{ type: 'TypeError', url: 'http://e2e/wel', message, stack: `TypeError: ${message}` }],
    });
  const placedAdmin = await apiToken(request, { ...ADMIN, tenantId });
  await uploadError(placedAdmin, `${tag} 外库`);
  await uploadError(await apiToken(request), `${tag} 主库`);
  const errors = async (on: PgServer) =>
    (await on.query(`select tenant_id from blade_log_error where message like $1`, [`${tag}%`])).map(
      (r) => r.tenant_id,
    );
  expect(await errors(second), "the placed tenant's error is on the second server").toEqual([tenantId]);
  expect(await errors(main), "the platform's on the main one").toEqual(['000000']);

  // The platform administrator: 错误日志 lists every tenant's rows, from both databases, newest first.
  await seedSession(page.context(), BASE, login);
  await page.goto('/wel/index');
  await menuItem(sidebar(page), '系统监控').click();
  await openScreen(page, '日志管理', '错误日志');
  const rows = page.locator('.tenon-page:visible .tenon-crud .ant-table-row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${tag} 外库` })).toContainText(tenantId);
  await expect(rows.filter({ hasText: `${tag} 主库` })).toContainText('000000');

  // The placed tenant's administrator, in a browser of their own: the tenant's users, read from its database.
  const theirs = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const placedPage = await theirs.newPage();
  await seedSession(theirs, BASE, placedAdmin);
  await placedPage.goto('/wel/index');
  await openScreen(placedPage, '系统管理', '用户管理');
  await expect(placedPage.locator('.tenon-page:visible .ant-table-row').filter({ hasText: 'admin' })).toBeVisible();
  await theirs.close();
});
