import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

const SYS = '/api/blade-system';
/** The seeded 常州 department, given the company code 1010 (domain/README.md §3.4) as `npm run demo` does. */
const CHANGZHOU = '1123598813738675202';
const dialog = (page: Page): Locator => page.getByRole('dialog');
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
const rows = (page: Page): Locator => page.locator('.tenon-crud .ant-table-row');

/** Picks `option` in the select of the form item `label`, typing `search` first when given (a reference picker). */
async function pick(scope: Locator, label: string, option: string, search?: string) {
  await formItem(scope, label).locator('.ant-select').click();
  if (search) await scope.page().keyboard.type(search);
  const dropdown = scope.page().locator('.ant-select-dropdown:visible');
  await dropdown
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

/** The cell of `row` under the column headed `header`. */
async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await page.locator('.tenon-crud .ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  return row.locator('td').nth(index);
}

/** Searches the screen's list by the text field whose hint is `placeholder`. */
async function searchBy(page: Page, placeholder: string, text: string) {
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder(placeholder).fill(text);
  await search.getByRole('button', { name: new RegExp(zh.common.search) }).click();
}

test.beforeEach(async ({ page }) => {
  await callAs(page.request, 'post', `${SYS}/dept/submit`, { data: { id: CHANGZHOU, remark: '1010' } });
});

test("a line and a station on it, made on the screens: the line's station count becomes 1", async ({ page }) => {
  const tag = uniqueTag('SF');
  const lineName = `冲压线 ${tag}`;
  await desktopHome(page);
  await openScreen(page, '生产管理', '产线管理');
  const toolbarAdd = page.locator('.tenon-crud-toolbar').getByRole('button', { name: new RegExp(`${zh.common.add}$`) });
  await toolbarAdd.click();
  const addLine = dialog(page);
  await expect(addLine).toBeVisible();
  await addLine.getByPlaceholder('请输入产线编码').fill(`${tag}-L`);
  await addLine.getByPlaceholder('请输入产线名称').fill(lineName);
  await pick(addLine, '所属工厂', '常州布雷德');
  await pick(addLine, '所属车间', '冲压车间');
  await pick(addLine, '产线类型', '自动线');
  await addLine.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(addLine).toBeHidden();
  await searchBy(page, '请输入产线编码', `${tag}-L`);
  await expect(rows(page)).toHaveCount(1);
  await expect(await cellOf(page, rows(page), '工位数')).toHaveText('0');

  await openScreen(page, '生产管理', '工位管理');
  await toolbarAdd.click();
  const addStation = dialog(page);
  await expect(addStation).toBeVisible();
  await addStation.getByPlaceholder('请输入工位编码').fill('OP10');
  await addStation.getByPlaceholder('请输入工位名称').fill('落料');
  await pick(addStation, '所属产线', lineName, tag);
  await pick(addStation, '工位类型', '加工');
  await formItem(addStation, '顺序').locator('input').fill('1');
  await addStation.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);
  await expect(addStation).toBeHidden();
  await searchBy(page, '请输入工位编码', 'OP10');
  const station = rows(page).filter({ hasText: lineName });
  await expect(station).toHaveCount(1);
  await expect(await cellOf(page, station, '所属工厂')).toHaveText('常州布雷德');
  await expect(await cellOf(page, station, '所属车间')).toHaveText('冲压车间');

  await openScreen(page, '生产管理', '产线管理');
  await searchBy(page, '请输入产线编码', `${tag}-L`);
  await expect(rows(page)).toHaveCount(1);
  await expect(await cellOf(page, rows(page), '工位数')).toHaveText('1');
});

test('a device overdue for maintenance is listed in red, one not due is not', async ({ page }) => {
  const tag = uniqueTag('EQ');
  const device = { deviceName: '闭式双点压力机', deviceType: '1', orgId: '1010' };
  // Last maintained long ago on a 30-day cycle: overdue whatever today is.
  await callAs(page.request, 'post', `${SYS}/device/submit`, {
    data: { ...device, deviceCode: `${tag}-1`, lastMaintainDate: '2020-01-01', maintainCycleDays: 30 },
  });
  await callAs(page.request, 'post', `${SYS}/device/submit`, { data: { ...device, deviceCode: `${tag}-2` } });

  await loginByApi(page, '/production/device/index');
  await expect(page.locator('.tenon-crud .ant-table')).toBeVisible();
  await searchBy(page, '请输入设备编号', tag);
  await expect(rows(page)).toHaveCount(2);
  const overdue = rows(page).filter({ hasText: `${tag}-1` });
  const fine = rows(page).filter({ hasText: `${tag}-2` });
  await expect(overdue).toHaveClass(/tenon-crud-row-danger/);
  await expect(await cellOf(page, overdue, '设备名称')).toHaveCSS('color', 'rgb(255, 77, 79)');
  await expect(await cellOf(page, overdue, '下次保养日期')).toHaveText('2020-01-31');
  await expect(fine).not.toHaveClass(/tenon-crud-row-danger/);
  await expect(await cellOf(page, fine, '设备名称')).not.toHaveCSS('color', 'rgb(255, 77, 79)');
});
