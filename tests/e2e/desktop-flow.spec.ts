import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './support/test.ts';
import { apiToken, TENANT, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { flowDesigner, zh } from './support/i18n.ts';

const F = zh.flow;
/** The designer's panel (its strings come with the designer). */
const D = flowDesigner;
const S = zh.shell;
const PASSWORD = 'Passw0rd!';
/** Seed ids (contract/seed.md): the `user` role holds the whole approval inbox. */
const ROLE_USER = '1123598816738675202';
const DEPT_ROOT = '1123598813738675201';

const row = (page: Page, text: string): Locator => page.locator('.tenon-crud .ant-table-row').filter({ hasText: text });
const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const formItem = (scope: Page | Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.locator(`label[title="${label}"]`) });
/** A diagram element (bpmn-js marks each with its BPMN id). */
const element = (scope: Locator, id: string): Locator => scope.locator(`g.djs-element[data-element-id="${id}"]`);

/** The admin adds a user of the seeded `user` role (todo, claim, sent, done). */
async function addApprover(request: APIRequestContext, account: string, realName: string) {
  const { access_token: token } = await apiToken(request);
  const response = await request.post('/api/blade-system/user/submit', {
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Tenant-Id': TENANT,
      'Blade-Auth': `bearer ${token}`,
    },
    data: { account, password: PASSWORD, realName, name: realName, roleId: ROLE_USER, deptId: DEPT_ROOT, userType: 1 },
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

async function loginAs(browser: Browser, baseURL: string | undefined, account: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(S.login.username).fill(account);
  await page.getByLabel(S.login.password).fill(PASSWORD);
  await page.getByRole('button', { name: S.login.submit }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  return page;
}

/** Types a date into the antd picker with this placeholder and commits it. */
async function pickDate(page: Page, placeholder: string, value: string) {
  const input = page.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** The stroke the theme gives a marker class, read from the diagram's own custom property. */
async function expectStroke(diagram: Locator, id: string, property: string) {
  const { stroke, expected } = await element(diagram, id)
    .locator('.djs-visual > :first-child')
    .evaluate(
      (shape, name) => ({
        stroke: getComputedStyle(shape).stroke,
        expected: (() => {
          const probe = document.createElement('div');
          probe.style.color = getComputedStyle(shape.closest('.tenon-flow-diagram')!).getPropertyValue(name);
          document.body.append(probe);
          const colour = getComputedStyle(probe).color;
          probe.remove();
          return colour;
        })(),
      }),
      property,
    );
  expect(expected).not.toBe('');
  expect(stroke).toBe(expected);
}

test('a leave request started by the admin is approved by its approver from the todo list; the diagram shows the path', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('lv');
  const account = `appr${tag.slice(-8)}`.replace(/-/g, '');
  const approverName = `审批人${tag.slice(-4)}`;
  const reason = `年假 ${tag}`;
  await addApprover(page.request, account, approverName);

  // 发起事务 -> 发起 on the leave process opens the spec's leave form route.
  await desktopHome(page);
  await openScreen(page, '我的事务', '发起事务');
  await row(page, '请假流程').getByRole('button', { name: F.action.start }).click();
  await expect(page).toHaveURL(
    /\/work\/process\/leave\/form\/Leave%3A\d+%3A\d+$|\/work\/process\/leave\/form\/Leave:\d+:\d+$/,
  );
  await expect(page.locator('.tenon-tabbar').getByRole('tab', { name: F.route.leaveForm })).toBeVisible();

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: zh.common.submit, exact: true }).click();
  const errors = page.locator('.ant-form-item-explain-error');
  await expect(errors.filter({ hasText: F.process.startTimeRequired })).toBeVisible();
  await expect(errors.filter({ hasText: F.process.taskUserRequired })).toBeVisible();

  // Two whole days (a new leave starts in the morning and ends in the evening), Tuesday and Wednesday of a year
  // nobody has put in the calendar.
  await pickDate(page, F.process.startTimeRequired, '2032-12-07');
  await pickDate(page, F.process.endTimeRequired, '2032-12-08');
  await expect(page.locator('.tenon-leave-days')).toHaveText('2 天');
  await formItem(page, F.process.leaveReason).locator('textarea').fill(reason);
  const approver = formItem(page, F.process.taskUser);
  await approver.locator('.ant-select').click();
  await approver.locator('input').fill(account);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: account }).click();
  await page.getByRole('button', { name: zh.common.submit, exact: true }).click();
  await expectToast(page, F.process.started);

  // 已发事务: the running request; its diagram marks the approval step as running.
  await expect(page).toHaveURL(/\/work\/send\/index$/);
  const sent = row(page, '请假流程').first();
  await expect(sent).toContainText(approverName);
  await sent.getByRole('button', { name: F.action.diagram }).click();
  const running = page.getByRole('dialog');
  await expect(running.locator('.ant-modal-title')).toHaveText(F.diagram.title);
  await expect(element(running, 'managerApproval')).toHaveClass(/tenon-flow-running/);
  await expect(element(running, 'start')).toHaveClass(/tenon-flow-ended/);
  await expect(element(running, 'hrApproval')).not.toHaveClass(/tenon-flow-/);
  await expect(running.locator('a.bjs-powered-by')).toBeVisible(); // the bpmn.io watermark stays
  await running.locator('.ant-modal-close').click();
  await expect(running).toBeHidden();

  // The approver: 待办事务 -> 办理, the request read-only, 同意 with a comment.
  const other = await loginAs(browser, baseURL, account);
  await openScreen(other, '我的事务', '待办事务');
  const todo = row(other, '请假流程').first();
  await expect(todo).toBeVisible();
  await todo.getByRole('button', { name: F.action.handle }).click();
  await expect(other).toHaveURL(/\/work\/process\/leave\/handle\/\d+\/\d+\/\d+$/);
  await expect(other.locator('.tenon-flow-request')).toContainText(reason);
  await expect(other.locator('.tenon-flow-request')).toContainText(`2032-12-07 ${F.process.am}`);
  await other.getByLabel(F.process.comment).fill(`准了 ${tag}`);
  await other.getByRole('button', { name: F.action.approve, exact: true }).click();
  await expectToast(other, F.process.handled);
  await expect(other).toHaveURL(/\/work\/todo\/index$/);

  // 办结事务 -> 流程图: every step ended (success), the taken flows warning, HR (not reached) unstyled; the history.
  await openScreen(other, '我的事务', '办结事务');
  const done = row(other, '请假流程').first();
  await expect(done).toContainText(F.result.approved);
  await done.getByRole('button', { name: F.action.diagram }).click();
  const dialog = other.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-title')).toHaveText(F.diagram.title);
  const diagram = dialog.locator('.tenon-flow-diagram');
  for (const id of ['start', 'managerApproval', 'managerDecision', 'approved'])
    await expect(element(diagram, id)).toHaveClass(/tenon-flow-ended/);
  for (const id of ['hrApproval', 'adjust', 'withdrawn'])
    await expect(element(diagram, id)).not.toHaveClass(/tenon-flow-/);
  await expect(element(diagram, 'shortLeave')).toHaveClass(/tenon-flow-sequence/);
  await expectStroke(diagram, 'managerApproval', '--tenon-flow-success');
  const history = dialog.locator('.tenon-flow-history .ant-table-row');
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toContainText('审批人审批');
  await expect(history.nth(1)).toContainText(approverName);
  await expect(history.nth(1)).toContainText(`准了 ${tag}`);
  await expect(history.nth(2)).toContainText('结束');
  await other.context().close();
});

test('a model drawn in the designer is saved with its Flowable attributes; an unsafe expression is refused at deploy', async ({
  page,
}) => {
  test.slow();
  const key = `Trip_${uniqueTag('m').replace(/\W/g, '')}`;
  await desktopHome(page);
  await page.goto('/flow/model/index');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(zh.common.add) })
    .click();
  const designer = page.getByRole('dialog');
  await expect(designer.locator('.ant-modal-title')).toHaveText(F.model.add);
  await designer.getByPlaceholder(`请输入${F.field.modelKey}`).fill(key);
  await designer.getByPlaceholder(`请输入${F.field.modelName}`).fill('出差流程');

  // The minimal diagram: start -> 审批 (${taskUser}) -> end; the panel edits the selected task.
  const canvas = designer.locator('.tenon-flow-designer-canvas');
  await element(canvas, 'approval').click();
  await expect(designer.getByLabel(D.prop.assignee)).toHaveValue('${taskUser}');
  await designer.getByLabel(D.prop.candidateGroups).fill('hr');
  await designer.getByLabel(D.prop.assignee).fill('${process.exit()}');
  await designer.getByLabel(D.prop.name, { exact: true }).click(); // leaving the field writes it into the diagram
  await designer.getByRole('button', { name: zh.common.save, exact: true }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(designer).toBeHidden();

  const saved = row(page, key);
  await expect(saved).toContainText('出差流程');
  const { access_token: token } = await apiToken(page.request);
  const auth = {
    Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    'Tenant-Id': TENANT,
    'Blade-Auth': `bearer ${token}`,
  };
  const list = (await (
    await page.request.get('/api/blade-flow/model/list', { headers: auth, params: { modelKey: key } })
  ).json()) as { data: { records: Array<{ id: string }> } };
  const detail = (await (
    await page.request.get('/api/blade-flow/model/detail', { headers: auth, params: { id: list.data.records[0].id } })
  ).json()) as { data: { xml: string } };
  expect(detail.data.xml).toContain(`<process id="${key}" name="出差流程" isExecutable="true">`);
  expect(detail.data.xml).toContain('flowable:candidateGroups="hr"');
  expect(detail.data.xml).toContain('flowable:assignee="${process.exit()}"');

  // The server's expression evaluator refuses the model: its message, as the interceptor shows every error.
  await saved.getByRole('button', { name: F.action.deploy }).click();
  const deploy = page.getByRole('dialog');
  await deploy.locator('.ant-select').first().click();
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: '请假流程' }).click();
  await deploy.getByRole('button', { name: zh.common.ok, exact: true }).click();
  await expect(page.locator('.ant-message-error')).toContainText('流程模型无法部署');
  await expect(deploy).toBeVisible();
});
