import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs } from './support/api.ts';
import { phoneTabBar } from './support/phone.ts';
import { providerBodyOf, startFakeProvider, type FakeProvider } from '../support/fake-oauth-provider.ts';

/**
 * Social login on the phone (issue 37 part 2): the tenant's provider button on the phone's login page, the provider's
 * sign-in, back to the phone layout, the registration form in antd-mobile (the desktop dialog's checks, in order), the
 * notice that it awaits approval, and after an administrator's 审核 the social login opens the phone's tabs.
 */
let idp: FakeProvider;
test.beforeAll(async () => {
  idp = await startFakeProvider({ dora: { id: 8001, name: 'Dora', avatar_url: '', email: 'dora@example.test' } });
});
test.afterAll(() => idp?.close());

const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text, { exact: true });

async function signInAtProvider(page: Page, name: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: `使用 ${name} 登录` }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.origin}/authorize`));
  await page.getByLabel('Login').fill('dora');
  await page.getByRole('button', { name: 'Authorize' }).click();
}

test('a new identity registers on the phone, and signs in to the tabs once an administrator approves it', async ({
  page,
}) => {
  test.slow();
  const suffix = Date.now().toString(36).slice(-6);
  const name = `Phone IdP ${suffix}`;
  const account = `dora${suffix}`;
  await callAs(page.request, 'post', '/api/blade-system/social-provider/submit', {
    data: providerBodyOf(idp, `ph${suffix}`, { providerName: name }),
  });

  // An unknown identity: the phone's registration form, the tenant field hidden (the login named it).
  await signInAtProvider(page, name);
  const form = page.getByRole('form', { name: '用户注册' });
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(form.getByRole('textbox', { name: '租户编号' })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: '用户姓名' })).toHaveValue('Dora');
  const submit = form.getByRole('button', { name: '提交' });
  const problem = form.getByRole('alert');
  await submit.click();
  await expect(problem).toHaveText('请先输入账号名称');
  await form.getByRole('textbox', { name: '账号名称' }).fill(account);
  await submit.click();
  await expect(problem).toHaveText('请先输入密码');
  await form.getByRole('textbox', { name: '密码', exact: true }).fill('Pw-phone-1');
  await submit.click();
  await expect(problem).toHaveText('请先输入密码');
  await form.getByRole('textbox', { name: '确认密码' }).fill('Pw-phone-2');
  await submit.click();
  await expect(problem).toHaveText('两次密码输入不一致');
  await form.getByRole('textbox', { name: '确认密码' }).fill('Pw-phone-1');
  await submit.click();
  await expect(toast(page, '注册申请已提交,请耐心等待管理员审核通过')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: '请输入账号' })).toBeVisible();

  // Awaiting approval: no role yet, the contract's message for that.
  await signInAtProvider(page, name);
  await expect(toast(page, '未获得用户的角色信息')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // An administrator's 审核 (user/grant with roles and a department, as the desktop's dialog sends it).
  const awaiting = await callAs<{ records: Array<{ id: string; account: string }> }>(
    page.request,
    'get',
    '/api/blade-system/user/page',
    { params: { awaiting: 1, account, size: 10 } },
  );
  expect(awaiting.records.map((r) => r.account)).toEqual([account]);
  // The tenant's roles as the 审核 dialog lists them (role/select answers the caller's own).
  type Node = { id: string; title: string; children?: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
  const roles = flat(await callAs<Node[]>(page.request, 'get', '/api/blade-system/role/tree'));
  const depts = await callAs<Array<{ id: string }>>(page.request, 'get', '/api/blade-system/dept/select');
  await callAs(page.request, 'post', '/api/blade-system/user/grant', {
    params: {
      userIds: awaiting.records[0].id,
      roleIds: roles.find((role) => role.title === '用户')!.id,
      deptIds: depts[0].id,
    },
  });

  await signInAtProvider(page, name);
  await expect(phoneTabBar(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});
