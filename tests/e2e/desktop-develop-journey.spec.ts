import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { expectToast } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { mariaTable } from './support/mariadb.ts';
import { loginByApi } from './support/session.ts';

/**
 * The developer journey of issue 38 through the screens: a MariaDB table becomes a data model (数据模型设计, two fields
 * changed in its grid), the model a code row (代码生成, template crud) whose preview shows the definition naming the
 * changed label and the migration, and whose zip holds those files.
 */
const M = zh.developModel;

test.use({ viewport: { width: 1280, height: 800 } });

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option:visible').filter({ hasText: text }).first();
const addButton = (page: Page) =>
  page.locator('.tenon-crud-toolbar').getByRole('button', { name: new RegExp(`${zh.common.add}$`) });

const maria = mariaTable(
  'desktop-develop-journey',
  'gear',
  `(
    id bigint primary key, gear_no varchar(30) not null comment '齿轮号', teeth int comment '齿数',
    weight decimal(10,3) comment '重量', active tinyint(1) not null default 1 comment '启用',
    spot point comment '位置') comment '齿轮'`,
);
const TAG = maria.tag;
const MODEL = `齿轮 ${TAG}`;
const CODE = `g${TAG}`;
const LABEL = `齿轮编号${TAG.slice(-4)}`;

test('a MariaDB table to a model, two fields changed, then its code previewed and downloaded', async ({ page }) => {
  test.skip(!maria.up, 'MariaDB does not answer at 127.0.0.1:3306');
  await maria.addSource(page.request);

  // 数据模型设计: a model over the table.
  await loginByApi(page, '/tool/model');
  await addButton(page).click();
  const add = page.getByRole('dialog');
  await expect(add).toBeVisible();
  await formItem(add, '数据源').locator('.ant-select').click();
  await option(page, maria.source).click();
  await formItem(add, '模型表名').locator('.ant-select').click();
  await page.keyboard.type(maria.table);
  await option(page, maria.table).click();
  await expect(formItem(add, '模型名称').locator('input')).toHaveValue('齿轮');
  await formItem(add, '模型名称').locator('input').fill(MODEL);
  await formItem(add, '模型编号').locator('input').fill(CODE);
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);

  // 设计 -> 从数据表载入, a label and a flag changed, 保存.
  await page.locator('.ant-table-row').filter({ hasText: MODEL }).getByRole('button', { name: M.design }).click();
  const design = page.getByRole('dialog').filter({ hasText: M.designTitle.replace('{{name}}', MODEL) });
  await expect(design.getByLabel(`${M.columns.comment} gear_no`)).toHaveValue('齿轮号');
  await design.getByRole('button', { name: M.load }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(confirm).toBeHidden();
  await expect(design.getByLabel(`${M.columns.comment} gear_no`)).toHaveValue('齿轮号');
  // A source type the catalog does not know carries its note as a warning on its row.
  const note = M.typeNote.replace('{{note}}', 'point → string');
  await design.getByLabel(`${note} spot`).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: note })).toBeVisible();
  await design.getByLabel(`${M.columns.comment} gear_no`).fill(LABEL);
  const required = design.getByLabel(`${M.columns.isRequired} teeth`);
  await expect(required).not.toBeChecked();
  await required.check();
  // 字典编号 picks one of the platform dictionaries.
  await design.getByLabel(`${M.columns.dictCode} active`).click();
  await page.keyboard.type('yes_no');
  await option(page, 'yes_no').click();
  await design.getByRole('button', { name: M.save }).click();
  await expectToast(page, M.saved);
  await design.locator('.ant-modal-close').click();
  await expect(design).toBeHidden();

  // 代码生成: a crud row for the model.
  await page.goto('/tool/code');
  await addButton(page).click();
  const codeForm = page.getByRole('dialog');
  await expect(codeForm).toBeVisible();
  await formItem(codeForm, '数据模型').locator('.ant-select').click();
  await page.keyboard.type(MODEL);
  await option(page, MODEL).click();
  await formItem(codeForm, '模块名称').locator('input').fill(MODEL);
  await codeForm.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);

  // 预览: the definition names the changed label, the migration is there.
  const row = page.locator('.ant-table-row').filter({ hasText: MODEL });
  await row.getByRole('button', { name: zh.crud.code.preview }).click();
  const preview = page.getByRole('dialog').filter({ hasText: zh.crud.code.previewTitle.replace('{{name}}', MODEL) });
  const items = preview.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const paths = (await items.allTextContents()).map((text) => text.trim());
  const definition = paths.find((path) => path.startsWith('src/shared/entities/') && path.endsWith('.ts'));
  const migration = paths.find((path) => path.startsWith('src/server/db/migrations/') && path.endsWith('.sql'));
  expect(definition, paths.join('\n')).toBeTruthy();
  expect(migration, paths.join('\n')).toBeTruthy();
  await items.filter({ hasText: definition! }).click();
  await expect(preview.getByLabel(definition!)).toContainText(LABEL);
  await expect(preview.getByLabel(definition!)).toContainText(/dict: 'yes_no'/);
  await items.filter({ hasText: migration! }).click();
  await expect(preview.getByLabel(migration!)).toContainText(/create table/i);
  await preview.locator('.ant-modal-close').click();
  await expect(preview).toBeHidden();

  // 下载: a zip holding those files.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: zh.crud.code.download }).click();
  const zip = unzipSync(new Uint8Array(await readFile((await (await download).path())!)));
  const names = Object.keys(zip);
  expect(
    names.some((name) => name.endsWith(definition!)),
    names.join('\n'),
  ).toBe(true);
  expect(
    names.some((name) => name.endsWith(migration!)),
    names.join('\n'),
  ).toBe(true);
  const entry = names.find((name) => name.endsWith(definition!))!;
  expect(strFromU8(zip[entry])).toContain(LABEL);
});
