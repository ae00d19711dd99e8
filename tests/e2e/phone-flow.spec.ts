import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { callAs, newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { exclusive } from './support/exclusive.ts';
import { phoneLogin, phoneTabBar } from './support/phone.ts';
import { waitForServiceWorker } from './support/session.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

const A = zh.mobile.approvals;

/** A phone of its own (its own storage and session), recording the assets it asks for. */
async function newPhone(browser: Browser, baseURL: string | undefined, requested: string[]): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1',
  });
  context.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return context.newPage();
}

const main = (page: Page): Locator => page.locator('main');
const flowCard = (page: Page, text: string): Locator => main(page).locator('.m-flow-card').filter({ hasText: text });
const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text);
const undoBar = (page: Page): Locator => page.locator('.m-undo-bar');
const segment = (page: Page, name: string): Locator => main(page).getByRole('tab', { name: new RegExp(`^${name}`) });

test("a leave started on the phone is approved on the approver's phone in two taps and shows 已通过 to its starter", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('leave');
  const starter = await newUser(page.request, 'administrator', `申请${tag.slice(-4)}`);
  const approver = await newUser(page.request, 'user', `审批${tag.slice(-4)}`);
  const requested: string[] = [];
  page.context().on('request', (request) => requested.push(new URL(request.url()).pathname));

  // The starter fills the leave form on his phone: the next working day, the whole day, is prefilled.
  await phoneLogin(page, starter);
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(phoneTabBar(page)).toBeVisible();
  await main(page).getByRole('button', { name: A.start }).click();
  await page.locator('.adm-action-sheet').getByText('请假流程', { exact: true }).click();
  await expect(page).toHaveURL(/\/approvals\/leave\/form\//);
  await expect(page.getByRole('banner')).toContainText(A.leaveForm);
  await main(page).getByLabel(A.leaveReason).fill(`家中有事 ${tag}`);
  await main(page).getByRole('button', { name: A.approver }).click();
  const picker = page.getByRole('dialog', { name: A.chooseApprover });
  await picker.getByPlaceholder(A.searchUser).fill(approver.realName);
  // The search answers after typing: an item clicked in the list before it is replaced selects nothing.
  await expect(picker.locator('.adm-check-list-item')).toHaveCount(1);
  await picker.locator('.adm-check-list-item').filter({ hasText: approver.realName }).click();
  await expect(main(page).getByRole('button', { name: A.approver })).toHaveText(approver.realName);
  await main(page).getByRole('button', { name: A.submit }).click();
  await expect(toast(page, A.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/approvals\?tab=mine$/);
  const mine = flowCard(page, tag);
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(A.status.running);

  // The approver signs in on his phone: the task waits in 待办 with the request's fields.
  const approverRequested: string[] = [];
  const phone = await newPhone(browser, baseURL, approverRequested);
  await phoneLogin(phone, approver);
  await expect(phone).toHaveURL(/\/approvals$/);
  const task = flowCard(phone, tag);
  await expect(task).toBeVisible();
  await expect(task).toContainText('请假流程');
  await expect(task).toContainText(starter.realName);
  await expect(task).toContainText('1 天');
  await expect(segment(phone, A.todo).locator('.adm-badge-content')).toHaveText('1');

  // Open it: the request read-only and the history; then 同意, two taps: no confirmation, 撤销 for a few seconds.
  await task.click();
  await expect(phone).toHaveURL(/\/approvals\/leave\/handle\//);
  const record = phone.getByRole('region', { name: A.record });
  await expect(record).toContainText(`家中有事 ${tag}`);
  await expect(record).toContainText(A.status.running);
  await expect(phone.getByRole('region', { name: A.history })).toContainText('审批人审批');
  const completed = phone.waitForResponse((response) => response.url().includes('/complete-task'));
  await phone.getByRole('button', { name: A.approve, exact: true }).click();
  await expect(phone).toHaveURL(/\/approvals$/);
  await expect(undoBar(phone)).toContainText(A.approved);
  await expect(flowCard(phone, tag)).toHaveCount(0);
  // Sent when the bar goes, and the task stays gone.
  expect((await completed).ok()).toBe(true);
  await expect(undoBar(phone)).toHaveCount(0);
  await expect(flowCard(phone, tag)).toHaveCount(0);

  // The starter, back in the app, finds it approved under 我的申请, with the approver's comment in its history.
  await page.reload();
  await expect(flowCard(page, tag)).toContainText(A.status.approved);
  await flowCard(page, tag).click();
  await expect(page).toHaveURL(/\/approvals\/leave\/detail\//);
  await expect(page.getByRole('region', { name: A.record })).toContainText(A.status.approved);
  const history = page.getByRole('region', { name: A.history });
  await expect(history).toContainText(approver.realName);
  await expect(history).toContainText(A.approveComment);
  await expect(page.getByRole('button', { name: A.resubmit })).toHaveCount(0);

  // Neither phone asked for a chunk only the desktop uses, bpmn-js included (the check of phone-shell.spec.ts).
  const desktopOnly = new Set(
    (JSON.parse(readFileSync('dist/desktop-chunks.json', 'utf8')) as string[]).map((file) => `/${file}`),
  );
  expect(
    [...desktopOnly].some((path) => /\/bpmn-js-[\w-]+\.js$/.test(path)),
    'bpmn-js is a desktop-only chunk',
  ).toBe(true);
  for (const paths of [requested, approverRequested]) {
    expect(
      paths.some((path) => /\/MobileApp-[\w-]+\.js$/.test(path)),
      'the phone layout chunk was loaded',
    ).toBe(true);
    expect(
      paths.filter((path) => desktopOnly.has(path)),
      'desktop-only chunks requested',
    ).toEqual([]);
    const chunks = paths.filter((path) => /\.(js|css)$/.test(path));
    expect(
      chunks.filter((path) => /bpmn|diagram-js|DesktopApp|antd\//i.test(path)),
      'bpmn-js, antd or desktop chunks requested',
    ).toEqual([]);
    expect(
      [...new Set(chunks.filter((path) => path.endsWith('.js')))].filter((path) =>
        /data-css-hash|@ant-design-icons/.test(readFileSync(`dist${path}`, 'utf8')),
      ),
      'phone chunks carrying antd',
    ).toEqual([]);
  }
  await phone.context().close();
});

test('offline, the tasks last loaded stay readable, even reopened, and approving says it needs the network', async ({
  page,
  context,
}) => {
  test.slow();
  const tag = uniqueTag('off');
  // A leave a colleague asks of him: it waits in his 待办.
  const user = await newUser(page.request, 'user', `离线${tag.slice(-4)}`);
  const applicant = await newUser(page.request, 'user', `申请${tag.slice(-4)}`);
  const definitions = await callAs<{ records: { id: string; key: string }[] }>(
    page.request,
    applicant,
    'get',
    '/api/blade-flow/work/start-list',
    { params: { current: '1', size: '50' } },
  );
  const leave = definitions.records.find((d) => d.key === 'Leave')!;
  await callAs(page.request, applicant, 'post', '/api/blade-desk/process/leave/start-process', {
    data: {
      processDefinitionId: leave.id,
      startTime: '2031-03-03 09:00:00',
      endTime: '2031-03-04 12:00:00',
      reason: `离线 ${tag}`,
      taskUser: user.id,
    },
  });

  // The served service worker must stay as it is while this relies on it (see update.spec.ts).
  await exclusive('dist-sw', async () => {
    await phoneLogin(page, user);
    await expect(page).toHaveURL(/\/approvals$/);
    await waitForServiceWorker(page);
    const task = flowCard(page, tag);
    await expect(task).toBeVisible();
    await expect(task).toContainText('1.5 天');
    await task.click();
    const record = page.getByRole('region', { name: A.record });
    const history = page.getByRole('region', { name: A.history });
    await expect(record).toContainText(`离线 ${tag}`);
    await expect(history).toContainText('审批人审批');

    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/complete-task')) sent += 1;
    });
    await context.setOffline(true);
    await expect(page.getByText(zh.common.offline)).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(A.needNetwork);
    await page.getByRole('button', { name: A.approve, exact: true }).click();
    await expect(toast(page, A.needNetwork)).toBeVisible();
    await expect(undoBar(page)).toHaveCount(0);
    expect(sent).toBe(0);

    // Reopened without a network, the task and the list are what was last loaded.
    await page.reload();
    await expect(page.getByText(zh.common.offline)).toBeVisible();
    await expect(record).toContainText(`离线 ${tag}`);
    await expect(history).toContainText('审批人审批');
    await page.getByRole('banner').locator('.adm-nav-bar-back').click();
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(flowCard(page, tag)).toContainText('1.5 天');

    // Back online the same two taps approve it.
    await context.setOffline(false);
    await flowCard(page, tag).click();
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.getByRole('button', { name: A.approve, exact: true }).click();
    await expect(undoBar(page)).toContainText(A.approved);
    await expect(flowCard(page, tag)).toHaveCount(0);
    await expect.poll(() => sent).toBe(1);
  });
});
