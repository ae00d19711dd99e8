import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { ADMIN, apiToken, TENANT, uniqueTag } from './support/api.ts';
import { expectToast, openScreen } from './support/desktop.ts';
import { newUser, type Person } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { phoneLogin } from './support/phone.ts';
import { seedSession } from './support/session.ts';
import { flowForms } from '../../src/shared/i18n/zh/flow-forms.ts';

/**
 * Issue 34 point 4: a 通用流程 definition starts from the start form its model declares (flowable:formProperty), on
 * the desktop and on the phone, as a user of the tenant (not the administrator); its task form is handled from 待办.
 */

const F = zh.flow;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

const modelOf = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://tenon/e2e">
  <process id="${key}" name="${name}">
    <startEvent id="start" flowable:initiator="starter">
      <extensionElements>
        <flowable:formProperty id="title" name="标题" type="string" required="true"/>
        <flowable:formProperty id="amount" name="金额" type="long" required="true"/>
        <flowable:formProperty id="kind" name="类型" type="enum" required="true">
          <flowable:value id="travel" name="差旅"/>
          <flowable:value id="office" name="办公"/>
        </flowable:formProperty>
      </extensionElements>
    </startEvent>
    <sequenceFlow id="f1" sourceRef="start" targetRef="confirm"/>
    <userTask id="confirm" name="确认" flowable:assignee="\${starter}">
      <extensionElements>
        <flowable:formProperty id="amount" name="金额" type="long" writable="false"/>
        <flowable:formProperty id="note" name="备注" type="string" required="true"/>
      </extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="confirm" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

/** Deploys a model of the 通用流程 category (4) to the tenant, as its administrator would. */
async function deploy(request: APIRequestContext, key: string, name: string) {
  const { access_token: token } = await apiToken(request, ADMIN);
  const response = await request.post('/api/blade-flow/manager/deploy-upload', {
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT, 'Blade-Auth': `bearer ${token}` },
    multipart: {
      category: '4',
      tenantIds: TENANT,
      files: { name: `${key}.bpmn20.xml`, mimeType: 'text/xml', buffer: Buffer.from(modelOf(key, name)) },
    },
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

test('desktop: a user starts a 通用流程 from its start form, sees it in 已发事务 and handles its task form', async ({
  browser,
  baseURL,
  isMobile,
  page: adminPage,
}) => {
  test.skip(isMobile, 'the desktop console');
  test.slow();
  const tag = uniqueTag('sf').replace(/-/g, '').slice(-6);
  const name = `通用表单${tag}`;
  await deploy(adminPage.request, `StartForm${tag}`, name);
  const user: Person = await newUser(adminPage.request, 'user', `表单${tag}`);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await seedSession(context, baseURL!, await apiToken(context.request, user));
  const page = await context.newPage();
  await page.goto('/wel/index');

  await openScreen(page, '我的事务', '发起事务');
  await page
    .locator('.tenon-crud .ant-table-row')
    .filter({ hasText: name })
    .getByRole('button', { name: F.action.start })
    .click();
  const dialog = page.getByRole('dialog', { name: `发起: ${name}` });
  await expect(dialog.locator('.tenon-start-form')).toBeVisible();
  // Nothing is sent while a required field is empty.
  await dialog.getByRole('button', { name: zh.common.ok }).click();
  await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请填写标题' })).toBeVisible();
  await formItem(page, '标题').locator('input').fill(`出差 ${tag}`);
  await formItem(page, '金额').locator('input').fill('1200');
  await formItem(page, '类型').locator('.ant-select').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '差旅' })
    .click();
  await dialog.getByRole('button', { name: zh.common.ok }).click();
  await expectToast(page, flowForms.started);
  await expect(page).toHaveURL(/\/work\/send\/index$/);
  await expect(page.locator('.tenon-crud .ant-table-row').filter({ hasText: name })).toBeVisible();

  // Its task (assigned to the starter) is handled in its task form: the amount shown read-only, a note required.
  await openScreen(page, '我的事务', '待办事务');
  const row = page.locator('.tenon-crud .ant-table-row').filter({ hasText: name });
  await row.getByRole('button', { name: F.action.handle }).click();
  const handle = page.getByRole('dialog', { name: `${flowForms.handle}: 确认` });
  await expect(handle.getByLabel('金额')).toHaveValue('1200');
  await expect(handle.getByLabel('金额')).toBeDisabled();
  await handle.getByRole('button', { name: F.action.approve }).click();
  await expect(handle.locator('.ant-form-item-explain-error').filter({ hasText: '请填写备注' })).toBeVisible();
  await handle.getByLabel('备注').fill('已确认');
  await handle.getByRole('button', { name: F.action.approve }).click();
  await expect(handle).toBeHidden();
  await expect(row).toHaveCount(0);
  await context.close();
});

test('phone: the approvals tab starts a 通用流程 from its start form', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone');
  test.slow();
  const tag = uniqueTag('sfp').replace(/-/g, '').slice(-6);
  const name = `手机表单${tag}`;
  await deploy(page.request, `PhoneForm${tag}`, name);
  const user = await newUser(page.request, 'user', `手机${tag}`);
  await phoneLogin(page, user);
  await page.getByRole('button', { name: zh.mobile.approvals.start }).click();
  await page.locator('.adm-action-sheet-button-item-name').filter({ hasText: name }).click();
  await expect(page).toHaveURL(/\/approvals\/process\/form\//);
  const form = page.getByRole('form', { name: `发起: ${name}` });
  await form.getByRole('button', { name: flowForms.start }).click();
  await expect(form.getByRole('alert').filter({ hasText: '请填写标题' })).toBeVisible();
  await form.getByRole('textbox', { name: '标题' }).fill(`采购 ${tag}`);
  await form.getByRole('textbox', { name: '金额' }).fill('35');
  await form.getByText('办公').click();
  await form.getByRole('button', { name: flowForms.start }).click();
  await expect(page.getByText(flowForms.started)).toBeVisible();
  await expect(page).toHaveURL(/\/approvals\?tab=mine$/);
  await expect(page.getByText(name).first()).toBeVisible();
});
