import { Secret, TOTP } from 'otpauth';
import { expect, test } from './support/test.ts';
import { newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { phoneLogin } from './support/phone.ts';

const T = zh.totp;
const M = zh.mobile;

/** What an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test('enrol TOTP in 我的, log out, and log in with a code on the phone', async ({ page, request }) => {
  const user = await newUser(request, 'administrator', `两步验证${Date.now() % 10_000}`);
  await phoneLogin(page, user);
  const me = page.getByRole('banner').getByRole('button', { name: M.tabs.me });
  await me.click();
  await expect(page).toHaveURL(/\/me$/);

  await page.locator('main').getByText(T.title, { exact: true }).click();
  await page.getByRole('button', { name: T.enable }).click();
  await expect(page.getByRole('img', { name: T.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const firstCode = codeOf(secret);
  await page.getByRole('textbox', { name: T.code }).fill(firstCode);
  await page.getByRole('button', { name: T.confirm }).click();
  await expect(page.getByRole('list', { name: T.recoveryTitle }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: T.saved }).click();
  await expect(page.locator('main').getByText(T.on, { exact: true })).toBeVisible();

  await page.locator('main').getByRole('button', { name: zh.common.logout }).click();
  await page.getByRole('button', { name: zh.common.ok }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The password alone no longer signs in: the code is asked for.
  await phoneLogin(page, user);
  await expect(page.getByRole('heading', { name: T.loginTitle })).toBeVisible();
  const code = page.getByRole('textbox', { name: T.code });
  // The enrolment's code again: refused (replayed in its window, or out of it by now).
  await code.fill(firstCode);
  await page.getByRole('button', { name: T.verify }).click();
  await expect(page.getByText(/该验证码已使用|验证码错误/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The next step's code, as the app shows it a moment later.
  await code.fill(codeOf(secret, 1));
  await page.getByRole('button', { name: T.verify }).click();
  await expect(me).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
});
