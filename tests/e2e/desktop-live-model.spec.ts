import { expect, test, type Page } from './support/test.ts';
import { apiToken, call as callWithToken, uniqueTag } from './support/api.ts';
import { expectToast } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

/**
 * Issue 38 point 3: a data model published as a live entity opens under 在线表单 on the shared CRUD page; a field
 * added and published again shows after a reload, without restarting the server; a second live model's field picks
 * rows of the first.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const call = <T>(page: Page, token: string, url: string, data?: unknown) =>
  callWithToken<T>(page.request, 'post', url, token, { data: data ?? {} });

test('publish a model, add a row from its screen, add a field, see it after a reload', async ({ page }) => {
  const { access_token: token } = await apiToken(page.request);
  const code = `live${uniqueTag('').replace(/[^a-z0-9]/g, '')}`.slice(0, 18);
  const model = await call<{ id: string }>(page, token, '/api/blade-develop/model/submit', {
    modelName: '在线图书',
    modelCode: code,
    modelTable: `live_${code}`,
  });
  const field = (jdbcName: string, comment: string, sort: number, more: Record<string, unknown> = {}, of = model) =>
    call(page, token, '/api/blade-develop/model-prototype/submit', {
      modelId: of.id,
      jdbcName,
      propertyName: jdbcName,
      comment,
      fieldType: 'string',
      isList: 1,
      isForm: 1,
      sort,
      ...more,
    });
  await field('title', '书名', 1);
  await call(page, token, `/api/blade-develop/model/publish?id=${model.id}`);

  await loginByApi(page, `/live/${code}`);
  const crud = page.locator('.tenon-crud');
  await expect(crud.getByRole('columnheader', { name: '书名' })).toBeVisible();
  await crud
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('请输入书名').fill('活的书');
  await dialog.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(crud.locator('.ant-table-row').filter({ hasText: '活的书' })).toBeVisible();

  await field('author', '作者', 2);
  await call(page, token, `/api/blade-develop/model/publish?id=${model.id}`);
  await page.reload();
  await expect(crud.getByRole('columnheader', { name: '作者' })).toBeVisible();
  await expect(crud.locator('.ant-table-row').filter({ hasText: '活的书' })).toBeVisible();

  // A second model whose 所借书 picks the first model's rows by their title.
  const loans = await call<{ id: string }>(page, token, '/api/blade-develop/model/submit', {
    modelName: '借阅',
    modelCode: `${code}l`,
    modelTable: `live_${code}l`,
  });
  await field('borrower', '借阅人', 1, {}, loans);
  await field('book_id', '所借书', 2, { propertyName: 'bookId', fieldType: 'id', refEntity: code }, loans);
  await call(page, token, `/api/blade-develop/model/publish?id=${loans.id}`);
  await page.goto(`/live/${code}l`);
  await expect(crud.getByRole('columnheader', { name: '所借书' })).toBeVisible();
  await crud
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  await dialog.getByPlaceholder('请输入借阅人').fill('王五');
  await dialog.locator('.ant-form-item').filter({ hasText: '所借书' }).locator('.ant-select').click();
  await page.keyboard.type('活的');
  await page.locator('.ant-select-item-option').filter({ hasText: '活的书' }).click();
  await dialog.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(crud.locator('.ant-table-row').filter({ hasText: '王五' })).toContainText('活的书');
});
