import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { apiToken, uniqueTag } from './support/api.ts';
import { expectToast, openScreen } from './support/desktop.ts';
import { adminCall, approveTodoOf, newUser, startFundRequest, type Person } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { seedSession } from './support/session.ts';

const D = zh.desk;
const MESSAGE = '/api/blade-system/message';

const rowOf = (page: Page, text: string): Locator => page.locator('tr.ant-table-row').filter({ hasText: text });

/** Signs `person` in through the API and opens `path`. */
async function signIn(page: Page, person: Person, baseURL: string, path: string) {
  await seedSession(page.context(), baseURL, await apiToken(page.request, person));
  await page.goto(path);
}

/** The search bar's 状态 set to `label`, then searched. */
async function searchStatus(page: Page, label: string) {
  const form = page.locator('.tenon-crud-search');
  await form.locator('.ant-form-item').filter({ hasText: D.message.status }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(label).click();
  await form.getByRole('button', { name: zh.common.search }).click();
}

test('a user filters, marks, deletes and opens his messages; his home page follows what he does', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('MSG');
  const applicant = await newUser(page.request, 'user', `申请人${tag.slice(-4)}`);
  const approver = await newUser(page.request, 'user', `审批人${tag.slice(-4)}`);
  // A new to-do (a workflow message about its task) and two plain messages, all unread.
  await startFundRequest(page.request, applicant, approver, { title: `差旅 ${tag}`, amount: '800', reason: tag });
  for (const title of [`维护 ${tag}`, `提醒 ${tag}`]) {
    await adminCall(page.request, 'post', `${MESSAGE}/submit`, {
      data: { userId: approver.id, title, content: `${title} 的内容` },
    });
  }

  await signIn(page, approver, baseURL!, '/desk/message');
  await searchStatus(page, '未读');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(3);

  // Both plain ones ticked and marked read at once: the unread filter keeps the to-do alone.
  for (const title of [`维护 ${tag}`, `提醒 ${tag}`]) await rowOf(page, title).getByRole('checkbox').check();
  await page.getByRole('button', { name: D.message.markRead }).click();
  await expectToast(page, zh.common.operationSuccess);
  await expect(rowOf(page, `维护 ${tag}`)).toHaveCount(0);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);

  // The read ones deleted together.
  await searchStatus(page, '已读');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(2);
  for (const title of [`维护 ${tag}`, `提醒 ${tag}`]) await rowOf(page, title).getByRole('checkbox').check();
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: zh.common.delete }).click();
  await page.getByRole('dialog').getByRole('button', { name: zh.common.ok }).click();
  await expectToast(page, zh.common.deleteSuccess);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(0);

  // The to-do's message opens its task's handle page.
  await searchStatus(page, '未读');
  await page.locator('tr.ant-table-row').first().getByRole('button', { name: D.message.open }).click();
  await expect(page).toHaveURL(/\/work\/process\/finance\/handle\//);

  // The home page: his to-do, and 消息通知 among his shortcuts once he has opened it a few times.
  for (let i = 0; i < 3; i++) {
    await openScreen(page, '工作台', '通知公告');
    await openScreen(page, '工作台', '消息通知');
  }
  await page.goto('/wel/index');
  const todo = page.locator('.tenon-home-figures .ant-statistic').filter({ hasText: D.home.todo });
  await expect(todo.locator('.ant-statistic-content-value')).toHaveText('1');
  const shortcuts = page.locator('.tenon-home-shortcuts');
  await expect(shortcuts.getByRole('button', { name: '消息通知' })).toBeVisible();
  // No chart box before he has approved anything; his approvals chart once he has.
  await expect(page.locator('.tenon-home-charts')).toHaveCount(0);
  await approveTodoOf(page.request, approver, applicant);
  await page.reload();
  await expect(page.locator('[data-chart="flow-approvals"]')).toBeVisible();
  await expect(page.locator('[data-chart="flow-approvals"] [role="img"]')).toHaveAttribute('data-state', 'shown');
});
