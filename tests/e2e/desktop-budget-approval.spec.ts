import { expect, test } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { approveOnPhone, newPhone, phoneLogin } from './support/phone.ts';

const A = zh.mobile.approvals;
const SYS = '/api/blade-system';
/** The seeded top-level department: a company is a child of it with a code (domain/README.md §3.4). */
const ROOT_DEPT = '1123598813738675201';

// The budget is filled on the desktop console (the approver uses a phone of his own).

test('a budget line filled and sent on the desktop is approved on the phone, then locked and in the budget situation', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const tag = uniqueTag('BF');
  const company = `预算填报公司 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: ROOT_DEPT, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });
  const title = `办公费 ${tag}`;
  await callAs(page.request, 'post', `${SYS}/budgetfill/submit`, {
    data: { year: 2033, orgId: tag, deptId: ROOT_DEPT, budgetType: '1', subject: '6602', title },
  });
  // A finance approver of his own (the administrator role holds 审核), who uses his phone.
  const approver = await newUser(page.request, 'administrator', `预审${tag.slice(-4)}`);

  // The department's figures typed in the grid, then 提交.
  await desktopHome(page);
  await openScreen(page, '预算管理', '预算填报');
  const search = page.locator('.tenon-crud-search');
  // 科目代码 is found by its code as well as by its name, and shown with both (issue 31: typing 6602 found nothing).
  const subject = search.locator('.ant-form-item').filter({ hasText: '科目代码' }).getByRole('combobox');
  await subject.click();
  await subject.fill('6602');
  await expect(page.locator('.ant-select-dropdown .ant-select-tree-title').getByText('6602 管理费用')).toBeVisible();
  await page.keyboard.press('Escape');
  await search.getByPlaceholder('请输入科目名称').fill(tag);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.locator('.tenon-grid .ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('草稿');
  const january = row.locator('[data-cell="amount1"]');
  await january.click();
  const input = row.locator('.ant-input-number input');
  await input.fill('1500');
  await input.press('Enter');
  await expect(january).toHaveText('1,500.00');
  await row.locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: '提交' }).click();
  await expectToast(page, '提交成功');
  await expect(row).toContainText('已提交');

  // On the approver's phone: the line waits among the tasks his role may take (待签), 同意, with 撤销 for a few seconds.
  const phone = await newPhone(browser, baseURL);
  await phoneLogin(phone, approver);
  await phone
    .locator('main')
    .getByRole('tab', { name: new RegExp(`^${A.claim}`) })
    .click();
  const card = phone.locator('main .m-flow-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.click();
  await expect(phone).toHaveURL(/\/approvals\/budgetfill\/handle\//);
  await expect(phone.getByRole('region', { name: A.record })).toContainText('1,500');
  await approveOnPhone(phone);
  await phone.context().close();

  // Back on the desktop: approved and locked (no cell opens), and its budget in 预算执行情况.
  await page.getByRole('button', { name: zh.common.refresh }).click();
  await expect(row).toContainText('已审核');
  await january.click();
  await expect(row.locator('.ant-input-number')).toHaveCount(0);
  await openScreen(page, '预算管理', '预算执行情况');
  const situation = page.locator('.tenon-grid .ant-table-row').filter({ hasText: title });
  await expect(situation).toHaveCount(1);
  await expect(situation.locator('[data-cell="amount1"]')).toHaveText('1,500.00');
});
