import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { callAs, newUser, type Person } from './support/flow.ts';
import { desktopLogin, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const F = zh.flow;
const X = zh.flow.actions;
const FLOW = '/api/blade-flow';

const row = (page: Page, text: string): Locator => page.locator('.tenon-crud .ant-table-row').filter({ hasText: text });
const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const history = (page: Page): Locator => page.locator('.tenon-flow-history .ant-table-row');

/** A leave of five working days (it goes on to 人事 after the first approval), started through the API. */
async function startLeave(request: APIRequestContext, applicant: Person, approver: Person, reason: string) {
  const page = await callAs<{ records: { id: string; key: string }[] }>(
    request,
    applicant,
    'get',
    `${FLOW}/work/start-list`,
    { params: { size: '100' } },
  );
  const definition = page.records.find((d) => d.key === 'Leave')!;
  await callAs(request, applicant, 'post', '/api/blade-desk/process/leave/start-process', {
    data: {
      processDefinitionId: definition.id,
      startTime: '2033-03-01 09:00:00',
      endTime: '2033-03-07 18:00:00',
      reason,
      taskUser: approver.id,
    },
  });
}

/** `who`'s open task of the request with `reason`, through the API. */
async function taskOf(request: APIRequestContext, who: Person, list: 'todo' | 'claim', reason: string) {
  const rows = await callAs<{ records: { taskId: string; processInstanceId: string; businessId: string }[] }>(
    request,
    who,
    'get',
    `${FLOW}/work/${list}-list`,
    { params: { size: '100' } },
  );
  for (const r of rows.records) {
    const detail = await callAs<{ reason: string }>(request, who, 'get', '/api/blade-desk/process/leave/detail', {
      params: { businessId: r.businessId },
    });
    if (detail.reason === reason) return r;
  }
  throw new Error(`no ${list} task of ${reason} for ${who.username}`);
}

async function desktopOf(browser: Browser, baseURL: string | undefined, who: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await desktopLogin(page, who);
  await expect(page).toHaveURL(/\/wel\/index$/);
  return page;
}

/** 待办事务 -> 办理 of the request with `reason`. */
async function handle(page: Page, reason: string) {
  await openScreen(page, '我的事务', '待办事务');
  await row(page, '请假流程').first().waitFor();
  const rows = row(page, '请假流程');
  // The newest first: the request of this test is the first row (each test has its own people).
  await rows.first().getByRole('button', { name: F.action.handle }).click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/handle\/\d+\/\d+\/\d+$/);
  await expect(page.locator('.tenon-flow-request')).toContainText(reason);
}

test('an approver adds an approver before him (加签), and 人事 returns the request to him (退回); the history says both', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('act');
  const applicant = await newUser(page.request, 'user', `申请${tag.slice(-4)}`);
  const approver = await newUser(page.request, 'user', `审批${tag.slice(-4)}`);
  const helper = await newUser(page.request, 'user', `协办${tag.slice(-4)}`);
  const hr = await newUser(page.request, 'hr', `人事${tag.slice(-4)}`);
  const reason = `年假 ${tag}`;
  await startLeave(page.request, applicant, approver, reason);

  // The approver (not an administrator) opens his task and adds 协办 before him, with a comment.
  await desktopLogin(page, approver);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await handle(page, reason);
  await page.getByRole('button', { name: X.addSign, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-title')).toHaveText(X.addSign);
  await dialog.locator('.ant-select').first().click();
  await dialog.locator('.ant-select input').first().fill(helper.realName);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: helper.realName }).click();
  await expect(dialog.getByRole('radio', { name: X.before })).toBeChecked();
  await dialog.locator('textarea').fill(`请先核对 ${tag}`);
  await dialog.getByRole('button', { name: zh.common.ok }).click();
  await expectToast(page, '加签成功');
  await expect(page).toHaveURL(/\/work\/todo\/index$/);

  // While 协办 decides, the task waits: its screen says so and offers no decision.
  await row(page, '请假流程').first().getByRole('button', { name: F.action.handle }).click();
  await expect(page.getByText(X.signWaiting)).toBeVisible();
  await expect(page.getByRole('button', { name: F.action.approve, exact: true })).toHaveCount(0);

  // 协办 approves (through the API); the task is back with the approver, who approves it: it goes on to 人事.
  const added = await taskOf(page.request, helper, 'todo', reason);
  await callAs(page.request, helper, 'post', `${FLOW}/work/complete-task`, {
    data: { taskId: added.taskId, flag: 'ok', comment: `已核对 ${tag}` },
  });
  await page.reload();
  await expect(page.locator('.tenon-flow-request')).toContainText(reason);
  await expect(page.getByText(X.signWaiting)).toHaveCount(0);
  await page.getByRole('button', { name: F.action.approve, exact: true }).click();
  await expectToast(page, F.process.handled);

  // 人事 claims it and returns it to the approver's step.
  const claimable = await taskOf(page.request, hr, 'claim', reason);
  await callAs(page.request, hr, 'post', `${FLOW}/work/claim-task`, { params: { taskId: claimable.taskId } });
  const hrPage = await desktopOf(browser, baseURL, hr);
  await handle(hrPage, reason);
  await hrPage.getByRole('button', { name: X.return, exact: true }).click();
  const back = hrPage.getByRole('dialog');
  await expect(back.locator('.ant-modal-title')).toHaveText(X.return);
  await back.getByRole('radio', { name: `审批人审批 (${approver.realName})` }).check();
  await back.locator('textarea').fill(`请补充材料 ${tag}`);
  await back.getByRole('button', { name: zh.common.ok }).click();
  await expectToast(hrPage, '退回成功');
  await hrPage.context().close();

  // The approver (still on his 待办事务) has the request again; its history names both actions, who took them and
  // their comments.
  await expect(page).toHaveURL(/\/work\/todo\/index$/);
  await page.reload();
  await row(page, '请假流程').first().getByRole('button', { name: F.action.handle }).click();
  await expect(page.locator('.tenon-flow-request')).toContainText(reason);
  const rows = history(page);
  await expect(rows.filter({ hasText: '加签(前加签)' })).toContainText(approver.realName);
  await expect(rows.filter({ hasText: '加签(前加签)' })).toContainText(`${helper.realName}: 请先核对 ${tag}`);
  await expect(rows.filter({ hasText: '审批人审批(前加签)' })).toContainText(`已核对 ${tag}`);
  await expect(rows.filter({ hasText: '退回' })).toContainText(hr.realName);
  await expect(rows.filter({ hasText: '退回' })).toContainText(`审批人审批: 请补充材料 ${tag}`);
  await expect(page.getByRole('button', { name: F.action.approve, exact: true })).toBeVisible();
});
