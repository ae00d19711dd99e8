import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

const SYS = '/api/blade-system';
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });

/** Picks `text` in the searching select of a form item. */
async function pick(page: Page, item: Locator, text: string) {
  await item.locator('.ant-select').click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Adds a part on the product screen. */
async function addPart(page: Page, no: string, name: string, category: string) {
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = page.getByRole('dialog');
  await add.getByPlaceholder('请输入产品零件号').fill(no);
  await add.getByPlaceholder('请输入产品名称').fill(name);
  await formItem(add, '物料分类').locator('.ant-select').click();
  await page.keyboard.type(category);
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: category }).click();
  // The item type comes from the category's (总成), as a user sees it fill in before saving.
  await expect(formItem(add, '物料类型').locator('.ant-select-content')).not.toHaveText('');
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(add).toBeHidden();
}

/** Adds a BOM line on the BOM screen. */
async function addLine(page: Page, parent: string, component: string, lineNo: string, qty: string) {
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = page.getByRole('dialog');
  await pick(page, formItem(add, '父件零件号'), parent);
  await pick(page, formItem(add, '子件零件号'), component);
  await add.getByPlaceholder('请输入行号').fill(lineNo);
  await add.getByPlaceholder('请输入单位用量').fill(qty);
  await formItem(add, '来源类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '自制' }).click();
  // The unit comes from the component's.
  await expect(formItem(add, '单位').locator('.ant-select-content')).not.toHaveText('');
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(add).toBeHidden();
}

test('a three-level BOM made on the screens, its explosion, and its cost calculated from the BOM with the margin', async ({
  page,
}) => {
  // Five parts, two BOM lines, an explosion and a cost through the screens: over two minutes on a busy 2-core CI.
  test.slow();
  const tag = uniqueTag('BOM');
  const category = `总成 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/goodscategory/submit`, {
    data: { categoryCode: `${tag}-CAT`, categoryName: category, categoryType: '2' },
  });

  await loginByApi(page, '/wel/index');
  await desktopHome(page);
  await openScreen(page, '基础资料', '产品管理');
  await addPart(page, `${tag}-DOOR`, '前门总成', category);
  await addPart(page, `${tag}-INNER`, '前门内板', category);
  await addPart(page, `${tag}-BLANK`, '前门内板料片', category);

  await openScreen(page, '生产管理', '产品BOM');
  await addLine(page, `${tag}-DOOR`, `${tag}-INNER`, '10', '2');
  await addLine(page, `${tag}-INNER`, `${tag}-BLANK`, '10', '3');

  // The door's BOM: a group row, expanded to its line; its explosion goes down both levels.
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入父件零件号').fill(`${tag}-DOOR`);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  const group = page.locator('.tenon-crud .ant-table-row-level-0').filter({ hasText: `${tag}-DOOR` });
  await expect(group).toHaveCount(1);
  await group.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.ant-table-expanded-row')).toContainText(`${tag}-INNER`);
  await group.getByRole('button', { name: 'BOM展开' }).click();
  const explosion = page.getByRole('dialog');
  await expect(explosion.locator('.ant-table-row')).toHaveCount(2);
  await expect(explosion.locator('.ant-table-row').nth(1)).toContainText(`${tag}-BLANK`);
  await expect(explosion.locator('.ant-table-row').nth(1)).toContainText('6'); // 2 × 3
  await explosion.locator('.ant-modal-close').click();
  await expect(explosion).toBeHidden();

  // The inner panel's cost of 2026 (a total of 12), which the door's roll-up takes.
  const lookup = await callAs<{ records: Array<{ id: string }> }>(
    page.request,
    'get',
    `${SYS}/product/list?productNo=${tag}-INNER`,
  );
  await callAs(page.request, 'post', `${SYS}/bomcost/submit`, {
    data: { productId: lookup.records[0].id, bomVersion: 'V1.0', costYear: 2026, materialCost: 10, laborCost: 2 },
  });

  await openScreen(page, '生产管理', 'BOM成本');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = page.getByRole('dialog');
  await pick(page, formItem(add, '产品零件号'), `${tag}-DOOR`);
  await add.getByPlaceholder('请输入成本年度').fill('2026');
  await add.getByRole('button', { name: '按BOM计算' }).click();
  await expect(add.getByPlaceholder('请输入材料成本')).toHaveValue('24.00');
  await expect(add.locator('.ant-table-row')).toContainText([`${tag}-INNER`]);
  await add.getByPlaceholder('请输入销售单价(不含税)').fill('40');
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);

  const list = page.locator('.tenon-crud-search');
  await list.getByPlaceholder('请输入产品零件号').fill(`${tag}-DOOR`);
  await list.getByRole('button', { name: new RegExp(zh.common.search) }).click();
  const row = page.locator('.tenon-crud .ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('40.00%'); // (40 − 24) / 40

  // 重新核算 of 2026 says which parts had no buying price and that it counted them at 0: the blank has none.
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: '重新核算' }).click();
  const recalculate = page.getByRole('dialog', { name: '重新核算BOM成本' });
  await recalculate.getByLabel('成本年度').fill('2026');
  await recalculate.getByRole('button', { name: '开始核算' }).click();
  const unpriced = recalculate.getByRole('alert');
  await expect(unpriced).toContainText('按 0 计算');
  await expect(unpriced).toContainText(`${tag}-BLANK 前门内板料片`);
});
