import { expect, test } from './support/test.ts';
import { ADMIN, uniqueTag } from './support/api.ts';
import { adminCall, newUser, startFundRequest } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { approveOnPhone, phoneLogin } from './support/phone.ts';

const DEV = '/api/blade-develop';
const A = zh.mobile.approvals;

/**
 * Issue 38 point 3 on the approver's phone: a row of a live model approved through the fund approval waits in his 待办
 * as a card drawn from the model's definition (its title and amount), opens on its task page, and is approved there;
 * the row's state follows. The server learned the model at run time: no code of its exists in the build.
 */
test('a live model’s row waits on the approver’s phone as a card, and is approved there', async ({ page }) => {
  test.slow();
  const tag = uniqueTag('LV');
  const code = `lv${tag.replace(/[^a-zA-Z0-9]/g, '').toLowerCase()}`.slice(0, 20);
  const model = await adminCall<{ id: string }>(page.request, 'post', `${DEV}/model/submit`, {
    data: { modelName: '采购申请', modelCode: code, modelTable: `live_${code}`, approvalKind: 'finance' },
  });
  const field = (jdbcName: string, comment: string, fieldType: string, sort: number) =>
    adminCall(page.request, 'post', `${DEV}/model-prototype/submit`, {
      data: { modelId: model.id, jdbcName, propertyName: jdbcName, comment, fieldType, isList: 1, isForm: 1, sort },
    });
  await field('title', '事由', 'string', 1);
  await field('amount', '金额', 'money', 2);
  await adminCall(page.request, 'post', `${DEV}/model/publish`, { params: { id: model.id } });

  const row = await adminCall<{ id: string }>(page.request, 'post', `/api/blade-live/${code}/submit`, {
    data: { title: `工装夹具 ${tag}`, amount: 2680 },
  });
  const approver = await newUser(page.request, 'administrator', `在线审批${tag.slice(-4)}`);
  await startFundRequest(page.request, ADMIN, approver, { businessId: row.id });

  await phoneLogin(page, approver);
  await expect(page).toHaveURL(/\/approvals$/);
  const card = page.locator('main .m-flow-card').filter({ hasText: tag });
  await expect(card).toContainText(`工装夹具 ${tag}`);
  await expect(card).toContainText('2,680.00');

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/approvals/${code}/handle/`));
  await expect(page.getByRole('region', { name: A.record })).toContainText(`工装夹具 ${tag}`);
  await approveOnPhone(page);

  await expect
    .poll(
      async () =>
        (
          await adminCall<{ approvalStatus: number }>(page.request, 'get', `/api/blade-live/${code}/detail`, {
            params: { id: row.id },
          })
        ).approvalStatus,
    )
    .toBe(2);
});
