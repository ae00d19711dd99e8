import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './test.ts';
import { callAs } from './api.ts';
import { desktopHome, expectToast, openScreen } from './desktop.ts';
import { newUser, type Person } from './flow.ts';
import { zh } from './i18n.ts';
import { SEED } from '../../../src/server/modules/system/install.ts';

const SYS = '/api/blade-system';
const E = zh.finance.expense;

const dropdown = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
/** A form item of `scope` by its label (the inner locator is matched inside each item). */
export const formItem = (page: Page, scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

/**
 * A draft expense claim of a company of its own (a child of the top department, coded `tag`) and its claimant, and an
 * administrator to approve it: what the claim journeys start from. `name` prefixes the company, claimant and approver.
 */
export async function draftClaim(
  request: APIRequestContext,
  tag: string,
  name: string,
  claim: { expenseType: string; amount: number; reason: string },
): Promise<{ expenseNo: string; approver: Person }> {
  const company = `${name}公司 ${tag}`;
  await callAs(request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: SEED.deptRoot, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });
  const claimant = await callAs<{ id: string }>(request, 'post', `${SYS}/employee/submit`, {
    data: {
      employeeNo: tag,
      name: `${name}人${tag.slice(-4)}`,
      sex: 1,
      orgId: tag,
      deptId: SEED.deptRoot,
      postId: SEED.postCeo,
      phone: '13912345678',
      employmentType: '1',
      entryDate: '2020-03-01',
    },
  });
  const { expenseNo } = await callAs<{ expenseNo: string }>(request, 'post', `${SYS}/expense/submit`, {
    data: {
      applicantId: claimant.id,
      expenseDate: new Date().toISOString().slice(0, 10),
      invoiceCount: 2,
      ...claim,
    },
  });
  const approver = await newUser(request, 'administrator', `${name}审批${tag.slice(-4)}`);
  return { expenseNo, approver };
}

/** 费用报销 on the desktop, searched for the claim: its one row. */
export async function claimRow(page: Page, expenseNo: string): Promise<Locator> {
  await desktopHome(page);
  await openScreen(page, '财务管理', '费用报销');
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入报销单号').fill(expenseNo);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.locator('.tenon-crud .ant-table-row').filter({ hasText: expenseNo });
  await expect(row).toHaveCount(1);
  return row;
}

/** 提交审批 from the claim's row, to `approver`. */
export async function sendClaim(page: Page, row: Locator, expenseNo: string, approver: Person) {
  await row.getByRole('button', { name: E.send }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: expenseNo });
  const taskUser = formItem(page, dialog, zh.flow.process.taskUser);
  await taskUser.locator('.ant-select').click();
  await taskUser.locator('input').fill(approver.username);
  await dropdown(page).locator('.ant-select-item-option').filter({ hasText: approver.username }).click();
  await dialog.getByRole('button', { name: zh.common.submit, exact: true }).click();
  await expectToast(page, E.sent);
}
