import { expect, test } from './support/test.ts';
import { ADMIN, uniqueTag } from './support/api.ts';
import { adminCall, newUser, startFundRequest } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { approveOnPhone, phoneLogin } from './support/phone.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { tenantToday } from '../support/tenant-today.ts';

const A = zh.mobile.approvals;
const SYS = '/api/blade-system';

/**
 * Budget control (issue 35, docs/budget-control.md) on the approver's phone: a claim sent over its department's
 * expense budget (warn, the installed mode) waits in his 待办 marked 超预算 and by how much; he opens it, sees the mark
 * on the request, and approves it.
 */
test('an expense claim sent over its budget shows 超预算 on the approver’s phone, who approves it', async ({
  page,
}) => {
  test.slow();
  const tag = uniqueTag('YS');
  const year = tenantToday().year;
  // A company of its own, its claimant, and the year's 制造费用 budget of 1,000.00 for its department.
  const company = `预算公司 ${tag}`;
  await adminCall(page.request, 'post', `${SYS}/dept/submit`, {
    data: { parentId: SEED.deptRoot, deptName: company, fullName: company, deptCategory: 1, sort: 99, remark: tag },
  });
  const claimant = await adminCall<{ id: string }>(page.request, 'post', `${SYS}/employee/submit`, {
    data: {
      employeeNo: tag,
      name: `预算人${tag.slice(-4)}`,
      sex: 1,
      orgId: tag,
      deptId: SEED.deptRoot,
      postId: SEED.postCeo,
      phone: '13912345679',
      employmentType: '1',
      entryDate: '2020-03-01',
    },
  });
  await adminCall(page.request, 'post', `${SYS}/expensesituation/submit`, {
    data: { year, orgId: tag, deptId: SEED.deptRoot, subject: '5101', title: `维修预算 ${tag}`, amount1: 1000 },
  });
  const claim = await adminCall<{ id: string; expenseNo: string }>(page.request, 'post', `${SYS}/expense/submit`, {
    data: {
      applicantId: claimant.id,
      expenseType: '7',
      subjectCode: '5101',
      expenseDate: `${year}-01-02`,
      amount: 1500,
      invoiceCount: 1,
      reason: `冲压线维修 ${tag}`,
    },
  });
  const approver = await newUser(page.request, 'administrator', `预算审批${tag.slice(-4)}`);
  await startFundRequest(page.request, ADMIN, approver, { businessId: claim.id });

  // The approver's phone: the claim waits in 待办, marked 超预算 by 500.00.
  await phoneLogin(page, approver);
  await expect(page).toHaveURL(/\/approvals$/);
  const card = page.locator('main .m-flow-card').filter({ hasText: tag });
  await expect(card).toBeVisible();
  await expect(card.locator('.m-card-alert')).toHaveText('超预算 ¥500.00');
  await expect(card).toContainText('¥1,500.00');

  await card.click();
  await expect(page).toHaveURL(/\/approvals\/expense\/handle\//);
  const record = page.getByRole('region', { name: A.record });
  await expect(record.locator('.m-card-alert')).toHaveText('超预算 ¥500.00');
  await approveOnPhone(page);

  // Approved, the claim keeps its mark for the list.
  await expect
    .poll(async () => {
      const saved = await adminCall<{ expenseStatus: string; overBudget: number | null }>(
        page.request,
        'get',
        `${SYS}/expense/detail`,
        { params: { id: claim.id } },
      );
      return [saved.expenseStatus, saved.overBudget];
    })
    .toEqual(['2', 500]);
});
