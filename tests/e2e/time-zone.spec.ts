import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { phoneLogin } from './support/phone.ts';

const F = zh.flow;
const A = zh.mobile.approvals;
const SYS = '/api/blade-system';
/** The zone of tenant 000000 (the default): 8 hours ahead of the browsers here. */
const TENANT_ZONE = 'Asia/Shanghai';

// Every browser of this file runs in UTC: what it shows must still be the tenant's time.
test.use({ timezoneId: 'UTC' });

interface Person {
  id: string;
  username: string;
  password: string;
  realName: string;
}

/** An API call as `user` (admin by default); throws unless the envelope's code is 200. */

/** A user of the seeded `user` role (the approval inbox), in the root dept. */
async function newUser(request: APIRequestContext, realName: string): Promise<Person> {
  const account = `tz${uniqueTag('').replace(/-/g, '').slice(-10)}`;
  const password = 'Passw0rd!';
  const roles = await callAs<{ id: string; roleAlias: string }[]>(request, 'get', `${SYS}/role/list`);
  const [root] = await callAs<{ id: string }[]>(request, 'get', `${SYS}/dept/lazy-tree`, { params: { parentId: '0' } });
  await callAs(request, 'post', `${SYS}/user/submit`, {
    data: {
      account,
      password,
      realName,
      name: realName,
      roleId: roles.find((r) => r.roleAlias === 'user')!.id,
      deptId: root.id,
      userType: 1,
    },
  });
  const [user] = await callAs<{ id: string }[]>(request, 'get', `${SYS}/user/user-list`, { params: { account } });
  return { id: user.id, username: account, password, realName };
}

/** The tenant calendar of early February 2031 (no seeded year): Tuesday 4th and Wednesday 5th off. */
async function holidaysIn2031(request: APIRequestContext) {
  for (const calendarDate of ['2031-02-04', '2031-02-05']) {
    await callAs(request, 'post', `${SYS}/work-calendar/submit`, {
      data: { calendarDate, dayType: 3, dayName: '测试假' },
    }).catch((error: Error) => {
      if (!error.message.includes('该日期已在工作日历中')) throw error;
    }); // the other project's run added it
  }
}

/** The server's figure: the days of the caller's request waiting for `approver` (other tests start requests too). */
async function serverDays(request: APIRequestContext, user: Person, approver: Person): Promise<number> {
  const sent = await callAs<{ records: { businessId: string; assigneeName: string }[] }>(
    request,
    'get',
    '/api/blade-flow/work/send-list',
    { user, params: { size: 50 } },
  );
  const mine = sent.records.find((r) => r.assigneeName === approver.realName)!;
  const detail = await callAs<{ days: number }>(request, 'get', '/api/blade-desk/process/leave/detail', {
    params: { businessId: mine.businessId },
    user,
  });
  return detail.days;
}

const minutesApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a.slice(0, 16).replace(' ', 'T')}Z`) - Date.parse(`${b.slice(0, 16).replace(' ', 'T')}Z`)) /
  60_000;
const stampIn = async (locator: Locator) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec(await locator.innerText())?.[0] ?? '';
const formItem = (page: Page, label: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

async function pickDate(page: Page, placeholder: string, date: string) {
  const input = page.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

test('desktop in a UTC browser: the clock and a fresh request read the tenant time; the leave form counts the days the server counts', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the desktop console');
  test.slow();
  const tag = uniqueTag('tz');
  const approver = await newUser(page.request, `审批${tag.slice(-4)}`);
  const admin = { id: '', username: 'admin', password: 'admin', realName: '管理员' };
  await holidaysIn2031(page.request);

  await desktopHome(page);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
  const clock = page.locator('.tenon-clock-time');
  await expect(clock).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(minutesApart(await clock.innerText(), formatDateTime(new Date(), TENANT_ZONE))).toBeLessThanOrEqual(2);

  await openScreen(page, '我的事务', '发起事务');
  await page
    .locator('.tenon-crud .ant-table-row')
    .filter({ hasText: '请假流程' })
    .getByRole('button', { name: F.action.start })
    .click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/form\//);
  // Dates and half days: Monday afternoon to Friday evening, Tuesday and Wednesday off.
  await pickDate(page, F.process.startTimeRequired, '2031-02-03');
  await formItem(page, F.process.startTime).getByRole('combobox', { name: F.process.startHalf }).click();
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: F.process.pm }).click();
  await pickDate(page, F.process.endTimeRequired, '2031-02-07');
  const days = page.locator('.tenon-leave-days');
  await expect(days).toHaveText('2.5 天');
  const formDays = await days.innerText();
  await formItem(page, F.process.leaveReason).locator('textarea').fill(`调休 ${tag}`);
  const picker = formItem(page, F.process.taskUser);
  await picker.locator('.ant-select').click();
  await picker.locator('input').fill(approver.username);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: approver.username }).click();
  await page.getByRole('button', { name: zh.common.submit, exact: true }).click();
  await expectToast(page, F.process.started);

  // 已发事务: the request's start time is the time the clock shows (the tenant's), not the browser's.
  await expect(page).toHaveURL(/\/work\/send\/index$/);
  const sent = page.locator('.tenon-crud .ant-table-row').filter({ hasText: approver.realName }).first();
  await expect(sent).toBeVisible();
  expect(minutesApart(await stampIn(sent), await clock.innerText())).toBeLessThanOrEqual(2);

  // The server counted the same days, and its detail page shows them.
  expect(`${await serverDays(page.request, admin, approver)} 天`).toBe(formDays);
  await sent.getByRole('button', { name: F.action.detail }).click();
  await expect(page.locator('.tenon-flow-request')).toContainText(formDays);
  await expect(page.locator('.tenon-flow-request')).toContainText(`2031-02-03 ${F.process.pm}`);
});

test('phone in a UTC browser: the leave form starts on a working day, counts half days as the server does, and the request reads the tenant time', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the phone layout');
  test.slow();
  const tag = uniqueTag('tzp');
  const starter = await newUser(page.request, `申请${tag.slice(-4)}`);
  const approver = await newUser(page.request, `审批${tag.slice(-4)}`);
  const main = page.locator('main');

  await phoneLogin(page, starter);
  await expect(page).toHaveURL(/\/approvals$/);
  await main.getByRole('button', { name: A.start }).click();
  await page.locator('.adm-action-sheet').getByText('请假流程', { exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\/leave\/form\//);
  // The next working day of the tenant's calendar, the whole day; then only its afternoon.
  const days = main.locator('.m-leave-days');
  await expect(days).toHaveText('1 天');
  await main.getByRole('radiogroup', { name: F.process.startHalf }).getByRole('radio', { name: F.process.pm }).click();
  await expect(days).toHaveText('0.5 天');
  const formDays = await days.innerText();
  await main.getByLabel(A.leaveReason).fill(`看病 ${tag}`);
  await main.getByRole('button', { name: A.approver }).click();
  const picker = page.getByRole('dialog', { name: A.chooseApprover });
  await picker.getByPlaceholder(A.searchUser).fill(approver.realName);
  // The search answers after typing: an item clicked in the list before it is replaced selects nothing.
  await expect(picker.locator('.adm-check-list-item')).toHaveCount(1);
  await picker.locator('.adm-check-list-item').filter({ hasText: approver.realName }).click();
  await main.getByRole('button', { name: A.submit }).click();
  await expect(page).toHaveURL(/\/approvals\?tab=mine$/);

  // 我的申请: the server's days, and the start time in the tenant's zone.
  const mine = main.locator('.m-flow-card').filter({ hasText: tag });
  await expect(mine).toContainText(formDays);
  expect(`${await serverDays(page.request, starter, approver)} 天`).toBe(formDays);
  expect(minutesApart(await stampIn(mine), formatDateTime(new Date(), TENANT_ZONE))).toBeLessThanOrEqual(2);
});
