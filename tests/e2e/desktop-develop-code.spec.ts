import { readFileSync } from 'node:fs';
import { expect, test } from './support/test.ts';
import { callAs } from './support/api.ts';
import { expectToast } from './support/desktop.ts';
import { formItem } from './support/expense.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';
import { zipEntries } from '../support/zip.ts';

/**
 * 代码生成 (issue 38 point 2): a model made over the API, a code row added from the screen, its generated files
 * previewed (the definition and the migration, highlighted) and downloaded as a zip holding the same paths.
 */
const DEV = '/api/blade-develop';

test('代码生成: add a row for a model, preview its files, download them as a zip', async ({ page }) => {
  const modelCode = `e2e${Date.now().toString(36)}`;
  const modelName = `E2E物品${modelCode.slice(-4)}`;
  const { id: modelId } = await callAs<{ id: string }>(page.request, 'post', `${DEV}/model/submit`, {
    data: { modelName, modelCode, modelTable: `e2e_${modelCode}` },
  });
  for (const [sort, column] of [
    { jdbcName: 'id', jdbcType: 'bigint', propertyName: 'id', fieldType: 'id' },
    { jdbcName: 'item_no', jdbcType: 'varchar(32)', propertyName: 'itemNo', fieldType: 'string', comment: '物品编号' },
    { jdbcName: 'price', jdbcType: 'numeric(12,2)', propertyName: 'price', fieldType: 'money', comment: '单价' },
  ].entries())
    await callAs(page.request, 'post', `${DEV}/model-prototype/submit`, { data: { modelId, sort, ...column } });

  await loginByApi(page, '/tool/code');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = page.getByRole('dialog');
  await add.getByPlaceholder('请输入模块名称').fill(modelName);
  await formItem(page, add, '数据模型').locator('.ant-select').click();
  await page.keyboard.type(modelName);
  await page.locator('.ant-select-item-option').filter({ hasText: modelName }).click();
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(add).toBeHidden();

  const row = page.locator('.tenon-crud .ant-table-row').filter({ hasText: modelName });
  await row.getByRole('button', { name: zh.crud.code.preview }).click();
  const preview = page.getByRole('dialog');
  const definition = `src/shared/entities/masterdata/${modelCode}.ts`;
  await expect(preview.getByRole('menuitem', { name: definition })).toBeVisible();
  const code = preview.locator('pre');
  await expect(code).toContainText(`export const ${modelCode} = defineEntity({`);
  await expect(code).toContainText("label: { zh: '单价', en: 'Price' }");
  // Highlighted: the keywords are marked.
  await expect(code.locator('.hljs-keyword').first()).toBeVisible();
  await preview.getByRole('menuitem', { name: /\.sql$/ }).click();
  await expect(code).toContainText(`create table "e2e_${modelCode}"`);
  const paths = await preview.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: zh.crud.code.download }).click();
  const file = await (await downloading).path();
  const entries = zipEntries(readFileSync(file));
  expect([...entries.keys()].sort()).toEqual([...paths].sort());
  expect(entries.get(definition)).toContain('defineEntity');
});
