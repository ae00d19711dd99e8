import { Secret, TOTP } from 'otpauth';
import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopLogin, sidebar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const T = zh.totp;
const SYS = '/api/blade-system';

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

test('a role that requires TOTP: its holder enrols right after the password, then sees it on in 个人信息', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('totp').replace(/-/g, '');
  await callAs(request, 'post', `${SYS}/role/submit`, {
    data: { roleName: tag, roleAlias: tag, sort: 9, parentId: '0', totpRequired: 1 },
  });
  const roles = await callAs<{ id: string; roleAlias: string }[]>(request, 'get', `${SYS}/role/list`);
  const [root] = await callAs<{ id: string }[]>(request, 'get', `${SYS}/dept/lazy-tree`, {
    params: { parentId: '0' },
  });
  const roleIds = ['administrator', tag].map((alias) => roles.find((r) => r.roleAlias === alias)!.id);
  const user = { username: tag.slice(-12), password: 'Passw0rd!' };
  await callAs(request, 'post', `${SYS}/user/submit`, {
    data: {
      account: user.username,
      password: user.password,
      realName: '两步验证',
      roleId: roleIds.join(','),
      deptId: root.id,
      userType: 1,
    },
  });

  await desktopLogin(page, user);
  await expect(page.getByRole('heading', { name: T.enrolTitle })).toBeVisible();
  await expect(page.getByRole('img', { name: T.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByRole('textbox', { name: T.code }).fill(codeOf(secret));
  await page.getByRole('button', { name: T.verify }).click();
  await expect(page.getByRole('list', { name: T.recoveryTitle }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: T.saved }).click();
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();

  await page.goto('/info/index');
  await page.getByRole('tab', { name: T.title }).click();
  await expect(page.getByText(T.enabled)).toBeVisible();
  await expect(page.getByText(T.requiredHint)).toBeVisible();
});
