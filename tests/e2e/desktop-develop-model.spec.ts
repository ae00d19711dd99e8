import { expect, test, type Locator, type Page } from './support/test.ts';
import { expectToast } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { mariaTable } from './support/mariadb.ts';
import { loginByApi } from './support/session.ts';

const M = zh.developModel;

const dialog = (page: Page): Locator => page.getByRole('dialog');
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option:visible').filter({ hasText: text }).first();

const maria = mariaTable(
  'desktop-develop-model',
  'part',
  `(
    id bigint primary key, part_no varchar(30) not null comment '零件号', price decimal(10,2) comment '单价',
    active tinyint(1) not null default 1 comment '启用', note text comment '备注') comment '零件'`,
);
const TAG = maria.tag;

test('数据模型设计: a model over a MariaDB table, two fields changed in the grid, kept after a reload', async ({
  page,
}) => {
  test.skip(!maria.up, 'MariaDB does not answer at 127.0.0.1:3306');
  await maria.addSource(page.request);
  await loginByApi(page, '/tool/model');

  // New model: the source, then its table, which names and codes the model.
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = dialog(page);
  await expect(add).toBeVisible();
  await formItem(add, '数据源').locator('.ant-select').click();
  await option(page, maria.source).click();
  await formItem(add, '模型表名').locator('.ant-select').click();
  await page.keyboard.type(maria.table);
  await option(page, maria.table).click();
  await expect(formItem(add, '模型名称').locator('input')).toHaveValue('零件');
  await expect(formItem(add, '模型编号').locator('input')).not.toHaveValue('');
  await formItem(add, '模型名称').locator('input').fill(`零件 ${TAG}`);
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);

  // 设计: the fields come from the table; change a label and a flag, save.
  const row = page.locator('.ant-table-row').filter({ hasText: `零件 ${TAG}` });
  await row.getByRole('button', { name: M.design }).click();
  const design = page.getByRole('dialog').filter({ hasText: M.designTitle.replace('{{name}}', `零件 ${TAG}`) });
  const label = design.getByLabel(`${M.columns.comment} part_no`);
  await expect(label).toHaveValue('零件号');
  await expect(design.getByLabel(`${M.columns.jdbcType} price`)).toHaveCount(0);
  await expect(design.getByText('decimal(10,2)')).toBeVisible();
  const searched = design.getByLabel(`${M.columns.isQuery} price`);
  await expect(searched).not.toBeChecked();
  await label.fill('零件编号');
  await searched.check();
  await design.getByRole('button', { name: M.save }).click();
  await expectToast(page, M.saved);
  await design.locator('.ant-modal-close').click();
  await expect(design).toBeHidden();

  // Reload the page: the saved fields come back as changed.
  await page.reload();
  await page
    .locator('.ant-table-row')
    .filter({ hasText: `零件 ${TAG}` })
    .getByRole('button', { name: M.design })
    .click();
  await expect(design.getByLabel(`${M.columns.comment} part_no`)).toHaveValue('零件编号');
  await expect(design.getByLabel(`${M.columns.isQuery} price`)).toBeChecked();
  await expect(design.getByLabel(`${M.columns.comment} price`)).toHaveValue('单价');
});
