import { expect, test } from './support/test.ts';
import { desktopLogin, expectToast, openScreen, sidebar } from './support/desktop.ts';
import { adminCall, newUser } from './support/flow.ts';
import { newPhone, phoneLogin } from './support/phone.ts';

const SYS = '/api/blade-system';

// One journey drives both layouts, from the desktop project: a desktop and a phone context of its own.

/**
 * Issue 30: what a signed-in user sees when the administrator changes his account while he works. Demoted, his
 * screen is refused and his console shows only what he holds now, without signing in again; removed, his next step
 * takes him to the login page, on his desk and on his phone, and he cannot sign in again.
 */
test('a user demoted, then removed while signed in: refused at once, then sent to the login page everywhere', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const person = await newUser(page.request, 'administrator', '临时管理员');
  await desktopLogin(page, person);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await openScreen(page, '系统管理', '用户管理');
  await expect(page.locator('.tenon-crud .ant-table-row').first()).toBeVisible();
  const phone = await newPhone(browser, baseURL);
  await phoneLogin(phone, person);
  await expect(phone).toHaveURL(/\/approvals$/);

  // Demoted to the plain user role: his open screen is refused (403), and the console reads again the menus of the
  // role he holds now, which no longer have that screen (404) nor 系统监控.
  const monitor = sidebar(page).getByRole('menuitem', { name: /系统监控/ });
  await expect(monitor).toBeVisible();
  const roles = await adminCall<{ id: string; roleAlias: string }[]>(page.request, 'get', `${SYS}/role/list`);
  await adminCall(page.request, 'post', `${SYS}/user/grant`, {
    params: { userIds: person.id, roleIds: roles.find((r) => r.roleAlias === 'user')!.id },
  });
  await page.reload();
  await expect(page.getByText('抱歉,您访问的页面不存在')).toBeVisible();
  await page.goto('/wel/index');
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  await expect(monitor).toHaveCount(0);

  // Removed: his next step, on either device, ends on the login page; signing in again is refused.
  await adminCall(page.request, 'post', `${SYS}/user/remove`, { params: { ids: person.id } });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await phone.reload();
  await expect(phone).toHaveURL(/\/login$/);
  await desktopLogin(page, person);
  await expectToast(page, '用户名或密码错误');
  await phone.context().close();
});
