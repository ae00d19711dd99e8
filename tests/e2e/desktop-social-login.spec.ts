import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs } from './support/api.ts';
import { desktopLogin, expectToast, openScreen } from './support/desktop.ts';
import { providerBodyOf, startFakeProvider, type FakeProvider } from '../support/fake-oauth-provider.ts';

/**
 * Social login in the browser (issue 37 part 2): a provider on 127.0.0.1 configured for the tenant, its button on the
 * login page, the provider's sign-in, the registration dialog of spec §2/§5, an administrator's approval in the user
 * screen (the row's 待审核 tag, the filter, 审核 with roles and a department), then the social login goes straight in.
 */
let idp: FakeProvider;
test.beforeAll(async () => {
  idp = await startFakeProvider({ carol: { id: 7001, name: 'Carol', avatar_url: '', email: 'carol@example.test' } });
});
test.afterAll(() => idp?.close());

const row = (page: Page, text: string): Locator => page.locator('.tenon-crud .ant-table-row').filter({ hasText: text });

/** The provider's button on the login page, its sign-in page, back to the console. */
async function signInAtProvider(page: Page, buttonName: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.origin}/authorize`));
  await page.getByLabel('Login').fill('carol');
  await page.getByRole('button', { name: 'Authorize' }).click();
}

test('a new identity registers through the dialog, an administrator approves it, then it signs straight in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const suffix = Date.now().toString(36).slice(-6);
  const source = `e2e${suffix}`;
  const name = `E2E IdP ${suffix}`;
  const account = `carol${suffix}`;
  await callAs(page.request, 'post', '/api/blade-system/social-provider/submit', {
    data: providerBodyOf(idp, source, { providerName: name }),
  });
  const button = name;

  // An unknown identity: the registration dialog, the tenant field hidden (the login named it).
  await signInAtProvider(page, button);
  const dialog = page.getByRole('dialog', { name: '用户注册' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(dialog.getByLabel('租户编号')).toHaveCount(0);
  await expect(dialog.getByLabel('用户姓名')).toHaveValue('Carol');
  const submit = dialog.getByRole('button', { name: '提交' });
  const problem = dialog.getByRole('alert');
  await submit.click();
  await expect(problem).toHaveText('请先输入账号名称');
  await dialog.getByLabel('账号名称').fill(account);
  await submit.click();
  await expect(problem).toHaveText('请先输入密码');
  await dialog.getByLabel('密码', { exact: true }).fill('Pw-e2e-1');
  await dialog.getByLabel('确认密码').fill('Pw-e2e-2');
  await submit.click();
  await expect(problem).toHaveText('两次密码输入不一致');
  await dialog.getByLabel('确认密码').fill('Pw-e2e-1');
  await submit.click();
  await expectToast(page, '注册申请已提交,请耐心等待管理员审核通过');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  // Until an administrator approves it, the account has no role: the contract's message for that.
  await signInAtProvider(page, button);
  await expectToast(page, '未获得用户的角色信息');
  await expect(page).toHaveURL(/\/login$/);

  // The administrator sees it 待审核 in the user screen, keeps only those, and approves it with 审核.
  const adminPage = await (
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
  ).newPage();
  await desktopLogin(adminPage);
  await expect(adminPage).toHaveURL(/\/wel\/index$/);
  await openScreen(adminPage, '系统管理', '用户管理');
  await expect(row(adminPage, account).getByText('待审核', { exact: true })).toBeVisible();
  await expect(row(adminPage, 'admin').first().getByText('待审核', { exact: true })).toHaveCount(0);
  const rows = adminPage.locator('.tenon-crud .ant-table-row');
  await adminPage.getByRole('switch', { name: '仅看待审核' }).click();
  await expect(rows.filter({ hasText: 'admin' })).toHaveCount(0);
  await expect(row(adminPage, account)).toBeVisible();
  await expect(rows.filter({ hasNotText: '待审核' })).toHaveCount(0);
  await row(adminPage, account).getByRole('button', { name: '审核' }).click();
  const approve = adminPage.getByRole('dialog', { name: '用户审核' });
  const ok = approve.getByRole('button', { name: '确定', exact: true });
  await ok.click();
  await expect(approve.getByRole('alert')).toHaveText('请选择所属部门');
  const dept = approve.getByRole('combobox');
  await dept.click();
  await dept.fill('布雷德科技');
  await adminPage
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .getByText('布雷德科技', { exact: true })
    .click();
  await adminPage.keyboard.press('Escape');
  await ok.click();
  await expect(approve.getByRole('alert')).toHaveText('请选择所属角色');
  await approve.getByTitle('用户', { exact: true }).click();
  await ok.click();
  await expectToast(adminPage, '操作成功');
  await expect(row(adminPage, account)).toHaveCount(0);
  await adminPage.getByRole('switch', { name: '仅看待审核' }).click();
  await expect(row(adminPage, account)).toContainText('布雷德科技');
  await expect(row(adminPage, account).getByText('待审核', { exact: true })).toHaveCount(0);
  await adminPage.context().close();

  // Approved: the social login goes straight into the console.
  await signInAtProvider(page, button);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.tenon-topbar')).toContainText('Carol');
});
