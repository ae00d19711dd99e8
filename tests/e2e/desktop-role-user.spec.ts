import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './support/test.ts';
import { callAs, md5, TENANT, uniqueTag } from './support/api.ts';
import {
  desktopHome,
  desktopLogin,
  expectToast,
  menuItem,
  openScreen,
  sidebar,
  subMenuItems,
  topLevelItems,
} from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const C = zh.crud;
const SYS = '/api/blade-system';

const dialog = (page: Page): Locator => page.getByRole('dialog');
const row = (page: Page, text: string): Locator => page.locator('.tenon-crud .ant-table-row').filter({ hasText: text });
const toolbarButton = (page: Page, name: string): Locator =>
  page.locator('.tenon-crud-toolbar').getByRole('button', { name: new RegExp(`${name}$`) });
/** A node of the open grant tab by its exact title. */
const treeNode = (scope: Locator, title: string): Locator =>
  scope
    .locator('[role=tabpanel][aria-hidden=false] [role=treeitem]')
    .filter({ has: scope.page().getByTitle(title, { exact: true }) });

/** The admin's API calls (a BladeX envelope; throws unless its code is 200). */

/** A password login through the API: the token endpoint's status and message. */
async function tryLogin(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<{ ok: boolean; text: string }> {
  const response = await request.post('/api/blade-auth/oauth/token', {
    params: {
      tenantId: TENANT,
      username,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': TENANT },
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string; msg?: string };
  return { ok: Boolean(body.access_token), text: body.error_description ?? body.msg ?? '' };
}

async function newDesktop(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  return context.newPage();
}

/** Ticks exactly this row and clicks a toolbar button. */
async function tickAndClick(page: Page, text: string, button: string) {
  await row(page, text).getByRole('checkbox').check();
  await toolbarButton(page, button).click();
}

test('a role granted through 权限设置 gives its user exactly those menus; reset and unlock the user', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('ru');
  const roleName = `出纳${tag.slice(-6)}`;
  const account = `e2e${tag.slice(-8)}`.replace(/-/g, '');
  const password = 'Passw0rd!';

  // The administrator adds a role on the role screen.
  await desktopHome(page);
  await openScreen(page, '权限管理', '角色管理');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(zh.common.add) })
    .click();
  const add = dialog(page);
  await add.getByPlaceholder('请输入角色名称').fill(roleName);
  await add.getByPlaceholder('请输入角色别名').fill(`alias${tag.slice(-6)}`);
  await add.getByPlaceholder('请输入角色排序').fill('9');
  await add.getByRole('button', { name: zh.common.save, exact: true }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(row(page, roleName)).toBeVisible();

  // 权限设置 without a ticked role says so.
  await toolbarButton(page, C.role.grant).click();
  await expectToast(page, zh.common.selectOne);

  // 权限设置: the whole desk, and 参数管理 (with its buttons) below 系统管理.
  await tickAndClick(page, roleName, C.role.grant);
  const grant = dialog(page);
  await expect(grant.locator('.ant-modal-title')).toHaveText(C.role.grantTitle);
  await expect(treeNode(grant, '工作台')).toHaveAttribute('aria-checked', 'false');
  await treeNode(grant, '工作台').locator('.ant-tree-checkbox').click();
  await treeNode(grant, '系统管理').locator('.ant-tree-switcher').click();
  await treeNode(grant, '参数管理').locator('.ant-tree-checkbox').click();
  await grant.getByRole('button', { name: zh.common.ok, exact: true }).click();
  await expectToast(page, zh.common.operationSuccess);
  await expect(grant).toBeHidden();

  // Reopened, the dialog shows the grant: 系统管理 only half-checked.
  await toolbarButton(page, C.role.grant).click();
  const again = dialog(page);
  await expect(treeNode(again, '工作台')).toHaveAttribute('aria-checked', 'true');
  await expect(treeNode(again, '系统管理')).toHaveAttribute('aria-checked', 'mixed');
  await treeNode(again, '系统管理').locator('.ant-tree-switcher').click();
  await expect(treeNode(again, '参数管理')).toHaveAttribute('aria-checked', 'true');
  await expect(treeNode(again, '用户管理')).toHaveAttribute('aria-checked', 'false');
  await again.getByRole('button', { name: zh.common.cancel, exact: true }).click();
  await expect(again).toBeHidden();

  // A user holding the role, in a department below the root.
  const roles = await callAs<{ id: string; roleName: string }[]>(page.request, 'get', `${SYS}/role/list`, {
    params: { roleName },
  });
  const roleId = roles.find((r) => r.roleName === roleName)!.id;
  const [root] = await callAs<{ id: string; title: string }[]>(page.request, 'get', `${SYS}/dept/lazy-tree`, {
    params: { parentId: '0' },
  });
  const branches = await callAs<{ id: string; title: string }[]>(page.request, 'get', `${SYS}/dept/lazy-tree`, {
    params: { parentId: root.id },
  });
  const [dept, other] = branches;
  await callAs(page.request, 'post', `${SYS}/user/submit`, {
    data: { account, password, realName: '测试出纳', roleId, deptId: dept.id, userType: 1 },
  });

  // The user screen: a department lists its users and those of the departments below it.
  await openScreen(page, '系统管理', '用户管理');
  await expect(row(page, account)).toBeVisible();
  const depts = page.locator('.tenon-dept-tree');
  await depts.getByTitle(root.title, { exact: true }).click();
  await expect(row(page, account)).toBeVisible();
  await depts
    .locator('[role=treeitem]')
    .filter({ has: page.getByTitle(root.title, { exact: true }) })
    .locator('.ant-tree-switcher')
    .click();
  await depts.getByTitle(other.title, { exact: true }).click();
  await expect(row(page, account)).toHaveCount(0);
  await depts.getByTitle(dept.title, { exact: true }).click();
  await expect(row(page, account)).toBeVisible();

  // The user sees exactly the granted menus.
  const userPage = await newDesktop(browser, baseURL);
  await desktopLogin(userPage, { username: account, password });
  await expect(userPage).toHaveURL(/\/wel\/index$/);
  await expect(topLevelItems(userPage)).toHaveText(['工作台', '系统管理']);
  await menuItem(sidebar(userPage), '工作台').click();
  await expect(subMenuItems(userPage, 0)).toHaveText(['通知公告', '消息通知']);
  await menuItem(sidebar(userPage), '系统管理').click();
  await expect(subMenuItems(userPage, 1)).toHaveText(['参数管理']);
  await userPage.context().close();

  // 密码重置: the initial password (account.initPassword, 123456) replaces the user's own.
  await tickAndClick(page, account, C.user.reset);
  await expect(page.getByText(C.user.resetConfirm)).toBeVisible();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: zh.common.ok, exact: true }).click();
  await expectToast(page, zh.common.operationSuccess);
  expect((await tryLogin(page.request, account, password)).ok).toBe(false);
  expect((await tryLogin(page.request, account, '123456')).ok).toBe(true);

  // Five wrong passwords lock the account; 账号解封 opens it again.
  for (let i = 0; i < 5; i += 1) await tryLogin(page.request, account, 'wrong-password');
  const locked = await tryLogin(page.request, account, '123456');
  expect(locked.ok).toBe(false);
  expect(locked.text).toContain('失败次数过多');
  await toolbarButton(page, C.user.unlock).click();
  await expect(page.getByText(C.user.unlockConfirm)).toBeVisible();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: zh.common.ok, exact: true }).click();
  await expectToast(page, zh.common.operationSuccess);
  await expect.poll(async () => (await tryLogin(page.request, account, '123456')).ok).toBe(true);
});
