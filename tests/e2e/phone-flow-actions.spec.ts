import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { callAs, newUser, type Person } from './support/flow.ts';
import { newPhone, phoneLogin } from './support/phone.ts';
import { zh } from './support/i18n.ts';

const A = zh.mobile.approvals;
const X = zh.flow.actions;
const FLOW = '/api/blade-flow';

const flowCard = (page: Page, text: string): Locator =>
  page.locator('main').locator('.m-flow-card').filter({ hasText: text });
const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text);

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
      startTime: '2033-04-05 09:00:00',
      endTime: '2033-04-05 18:00:00',
      reason,
      taskUser: approver.id,
    },
  });
}

test('an approver delegates a task on his phone (委派); the delegate answers on his, and it is back with the approver', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('dlg');
  const applicant = await newUser(page.request, 'user', `申请${tag.slice(-4)}`);
  const approver = await newUser(page.request, 'user', `审批${tag.slice(-4)}`);
  const helper = await newUser(page.request, 'user', `协办${tag.slice(-4)}`);
  await startLeave(page.request, applicant, approver, `调休 ${tag}`);

  // The approver opens the task, then 更多 -> 委派: the colleague and a word for him, one confirm.
  await phoneLogin(page, approver);
  await expect(page).toHaveURL(/\/approvals$/);
  await flowCard(page, applicant.realName).click();
  await expect(page).toHaveURL(/\/approvals\/leave\/handle\//);
  await page.getByRole('button', { name: A.more }).click();
  await page.locator('.adm-action-sheet').getByText(X.delegate, { exact: true }).click();
  const sheet = page.getByRole('dialog', { name: X.delegate });
  await expect(sheet).toBeVisible();
  await sheet.locator('.adm-check-list-item').filter({ hasText: helper.realName }).click();
  await sheet.getByRole('textbox').fill(`请帮忙核实 ${tag}`);
  await sheet.getByRole('button', { name: A.confirm }).click();
  await expect(toast(page, '委派成功')).toBeVisible();
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(flowCard(page, applicant.realName)).toHaveCount(0);

  // The delegate sees it in his 待办, answers instead of deciding.
  const phone = await newPhone(browser, baseURL);
  await phoneLogin(phone, helper);
  await expect(phone).toHaveURL(/\/approvals$/);
  await flowCard(phone, applicant.realName).click();
  await expect(phone.getByText(`${approver.realName} 委派给您`)).toBeVisible();
  await expect(phone.getByRole('button', { name: A.approve, exact: true })).toHaveCount(0);
  await phone.getByRole('button', { name: X.resolve }).click();
  const answer = phone.getByRole('dialog', { name: X.resolve });
  await answer.getByRole('textbox').fill(`核实无误 ${tag}`);
  await answer.getByRole('button', { name: A.confirm }).click();
  await expect(toast(phone, '已回复委派人')).toBeVisible();
  await phone.context().close();

  // Back with the approver, who may decide now; the history names the delegation and the answer.
  await page.reload();
  await flowCard(page, applicant.realName).click();
  await expect(page.getByText(X.resolvedHint)).toHaveCount(0); // the phone shows no hint for a resolved task
  const history = page.getByRole('region', { name: A.history });
  await expect(history).toContainText(`${helper.realName}: 请帮忙核实 ${tag}`);
  await expect(history).toContainText(`核实无误 ${tag}`);
  await expect(page.getByRole('button', { name: A.approve, exact: true })).toBeVisible();
});
