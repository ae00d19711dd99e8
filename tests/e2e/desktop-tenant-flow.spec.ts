import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, menuItem, openScreen, sidebar, topLevelItems } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const S = zh.shell;
const C = zh.crud;
const PASSWORD = 'Passw0rd!';

/** The one open dialog (antd keeps closed ones hidden). */
const dialog = (page: Page): Locator => page.getByRole('dialog');
/** A list row by a text in it. */
const row = (page: Page, text: string): Locator => page.locator('.ant-table-row').filter({ hasText: text });
/** The cell of a row under a column header (a value alone may also be the row's index). */
async function cellUnder(page: Page, rowText: string, header: string): Promise<Locator> {
  const headers = await page.locator('.tenon-crud .ant-table-thead th').allInnerTexts();
  return row(page, rowText).locator('td').nth(headers.indexOf(header));
}
/** The form item of a dialog by its label. */
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });
/** The open dropdown of a select or tree select. */
const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** A fresh browser session of another user (its own storage), the desktop way. */
async function newSession(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  return context.newPage();
}

/** The login form with a tenant code, filled and sent the way a user does; lands on the home tab. */
async function loginAs(page: Page, tenantId: string, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(S.login.tenantId).fill(tenantId);
  await page.getByLabel(S.login.username).fill(username);
  await page.getByLabel(S.login.password).fill(password);
  await page.getByRole('button', { name: S.login.submit }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** Clicks 新增 and returns the add dialog. */
async function openAdd(page: Page): Promise<Locator> {
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(zh.common.add) })
    .click();
  const add = dialog(page);
  await expect(add).toBeVisible();
  return add;
}

/** Picks tree-select nodes by their exact titles, searching for each. */
async function pickInTree(page: Page, field: Locator, titles: string[]) {
  const input = field.getByRole('combobox');
  for (const title of titles) {
    await input.click();
    await input.fill(title);
    await dropdown(page).locator('.ant-select-tree-node-content-wrapper').getByText(title, { exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/** Picks an option of a plain select by its label. */
async function pickOption(page: Page, field: Locator, label: string) {
  await field.locator('.ant-select').click();
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: label }).click();
}

/** Ticks a list row and clicks a toolbar button of the screen; returns the dialog it opens (titled like the button). */
async function tickAndOpen(page: Page, text: string, button: string, title = button): Promise<Locator> {
  await row(page, text).getByRole('checkbox').check();
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${button}$`) })
    .click();
  const opened = dialog(page);
  await expect(opened.locator('.ant-modal-title')).toHaveText(title);
  return opened;
}

/** Confirms a dialog with its 确定 / 保存 button. */
const confirm = (opened: Locator, name: string = zh.common.ok) =>
  opened.getByRole('button', { name, exact: true }).click();

/** 新增 on the user screen: a user of one role and dept with the test's password; returns the dialog. */
async function addUser(page: Page, account: string, roleName: string, deptName: string): Promise<Locator> {
  const add = await openAdd(page);
  await add.getByPlaceholder('请输入登录账号').fill(account);
  await add.getByPlaceholder('请输入密码').fill(PASSWORD);
  await add.getByPlaceholder('请输入用户姓名').fill(account.slice(0, 10));
  await pickInTree(page, formItem(add, '所属角色'), [roleName]);
  await pickInTree(page, formItem(add, '所属部门'), [deptName]);
  await confirm(add, zh.common.save);
  return add;
}

test('a tenant on a package: its administrator sees the package, grants a role, a user sees the grant, the quota holds', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag('e2e');
  const packageName = `产品包${tag.slice(-6)}`;
  const tenantName = `租户${tag.slice(-6)}`;
  const roleName = `文员${tag.slice(-4)}`;

  // The platform administrator: a package of the desk, the user screen and the role screen.
  await desktopHome(page);
  await openScreen(page, '系统管理', '租户产品包');
  const pkg = await openAdd(page);
  await pkg.getByPlaceholder('请输入产品包名称').fill(packageName);
  await pickInTree(page, formItem(pkg, '菜单列表'), ['工作台', '用户管理', '角色管理']);
  await confirm(pkg, zh.common.save);
  await expectToast(page, zh.common.addSuccess);
  await expect(row(page, packageName)).toBeVisible();

  // A new tenant: provisioning gives it the role 管理员, a dept named after it and the user admin/admin.
  await openScreen(page, '系统管理', '租户管理');
  const add = await openAdd(page);
  await add.getByPlaceholder('请输入租户名称').fill(tenantName);
  await add.getByPlaceholder('请输入联系人').fill('张三');
  await add.getByPlaceholder('请输入联系电话').fill('13800000000');
  await confirm(add, zh.common.save);
  await expectToast(page, zh.common.addSuccess);
  await expect(row(page, tenantName)).toBeVisible();
  const tenantId = (await row(page, tenantName).innerText()).match(/\b\d{6}\b/)?.[0];
  expect(tenantId, 'the new tenant code in its row').toBeTruthy();

  // 产品包: bind the package.
  const bind = await tickAndOpen(page, tenantName, C.tenantAdmin.package);
  await pickOption(page, formItem(bind, C.tenantAdmin.packageId), packageName);
  await confirm(bind);
  await expectToast(page, zh.common.operationSuccess);
  await expect(bind).toBeHidden();
  // Reopened, it shows the bound package.
  await row(page, tenantName).getByRole('checkbox').uncheck();
  const again = await tickAndOpen(page, tenantName, C.tenantAdmin.package);
  await expect(again.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(packageName);
  await again.getByRole('button', { name: zh.common.cancel }).click();
  await expect(again).toBeHidden();
  await row(page, tenantName).getByRole('checkbox').uncheck();

  // The tenant's administrator logs in with the tenant code and sees only the package's menus.
  const tenantAdmin = await newSession(browser, baseURL);
  await loginAs(tenantAdmin, tenantId!, 'admin', 'admin');
  await expect(topLevelItems(tenantAdmin)).toHaveText(['工作台', '权限管理', '系统管理']);
  await menuItem(sidebar(tenantAdmin), '系统管理').click();
  await expect(menuItem(sidebar(tenantAdmin), '用户管理')).toBeVisible();
  await expect(menuItem(sidebar(tenantAdmin), '机构管理')).toHaveCount(0);
  await expect(menuItem(sidebar(tenantAdmin), '顶部菜单')).toHaveCount(0);

  // A role without menus yet, and a user holding it.
  await openScreen(tenantAdmin, '权限管理', '角色管理');
  const role = await openAdd(tenantAdmin);
  await role.getByPlaceholder('请输入角色名称').fill(roleName);
  await role.getByPlaceholder('请输入角色别名').fill('clerk');
  await role.getByPlaceholder('请输入角色排序').fill('2');
  await confirm(role, zh.common.save);
  await expectToast(tenantAdmin, zh.common.addSuccess);
  await expect(row(tenantAdmin, roleName)).toBeVisible();

  await openScreen(tenantAdmin, '系统管理', '用户管理');
  await addUser(tenantAdmin, 'clerk1', roleName, tenantName);
  await expectToast(tenantAdmin, zh.common.addSuccess);
  await expect(row(tenantAdmin, 'clerk1')).toBeVisible();

  const before = await newSession(browser, baseURL);
  await loginAs(before, tenantId!, 'clerk1', PASSWORD);
  // The login read the menus before landing: once the sidebar shows, it shows all of them (none).
  await expect(sidebar(before)).toBeVisible();
  await expect(topLevelItems(before)).toHaveCount(0);
  await before.context().close();

  // 权限设置: the role gets the desk.
  await openScreen(tenantAdmin, '权限管理', '角色管理');
  const grant = await tickAndOpen(tenantAdmin, roleName, C.role.grant, C.role.grantTitle);
  await grant.locator('.ant-tree-treenode').filter({ hasText: '工作台' }).locator('.ant-tree-checkbox').click();
  await confirm(grant);
  await expectToast(tenantAdmin, zh.common.operationSuccess);
  await expect(grant).toBeHidden();

  const after = await newSession(browser, baseURL);
  await loginAs(after, tenantId!, 'clerk1', PASSWORD);
  await expect(topLevelItems(after)).toHaveText(['工作台']);
  await menuItem(sidebar(after), '工作台').click();
  await expect(menuItem(sidebar(after), '通知公告')).toBeVisible();
  await after.context().close();

  // 授权配置: a quota of the accounts the tenant has (admin and clerk1) refuses one more.
  const quota = await tickAndOpen(page, tenantName, C.tenantAdmin.setting);
  await quota.getByPlaceholder(C.tenantAdmin.accountNumberHint).fill('2');
  await confirm(quota);
  await expectToast(page, zh.common.operationSuccess);
  await expect(quota).toBeHidden();
  await expect(await cellUnder(page, tenantName, '账号额度')).toHaveText('2');

  await openScreen(tenantAdmin, '系统管理', '用户管理');
  const refused = await addUser(tenantAdmin, 'clerk2', roleName, tenantName);
  await expectToast(tenantAdmin, '当前租户已到最大账号额度!');
  await expect(refused).toBeVisible();
  await expect(refused.getByPlaceholder('请输入登录账号')).toHaveValue('clerk2');
  await tenantAdmin.context().close();
});

test('菜单配置 of a top menu: tick menus, save, and find them ticked again', async ({ page }) => {
  const name = uniqueTag('顶部');
  await desktopHome(page);
  await openScreen(page, '系统管理', '顶部菜单');
  const add = await openAdd(page);
  await add.getByPlaceholder('请输入菜单名称').fill(name);
  await add.getByPlaceholder('请输入菜单编号').fill(name);
  await add.getByPlaceholder('请输入菜单排序').fill('9');
  await confirm(add, zh.common.save);
  await expectToast(page, zh.common.addSuccess);

  const openSetting = async () => {
    await row(page, name).getByRole('button', { name: C.topMenu.setting }).click();
    const opened = dialog(page);
    await expect(opened.locator('.ant-modal-title')).toHaveText(C.topMenu.grantTitle);
    return opened;
  };
  const node = (scope: Locator, title: string) =>
    scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByTitle(title, { exact: true }) });
  const setting = await openSetting();
  await node(setting, '工作台').locator('.ant-tree-checkbox').click();
  await confirm(setting);
  await expectToast(page, zh.common.operationSuccess);
  await expect(setting).toBeHidden();

  const reopened = await openSetting();
  await expect(node(reopened, '工作台').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(node(reopened, '通知公告').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(node(reopened, '系统管理').locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);
});
