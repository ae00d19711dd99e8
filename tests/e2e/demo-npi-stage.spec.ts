import { expect, test, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { desktopLogin, expectToast, openScreen } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

/**
 * domain/production.md: a project manager's screen only lists NPI projects and submits stage updates. The demo's
 * 周海涛 (`zhouht`, role 项目经理) manages VW316 改款 and NT3 平台; GM-E2 纯电 is another manager's.
 */
test.skip(({ isMobile }) => isMobile, 'NPI records are a desktop console screen');

const row = (page: Page, text: string): Locator => page.locator('.tenon-crud .ant-table-row').filter({ hasText: text });

test("a project manager updates the stage of his own projects, and is not offered another manager's", async ({
  page,
}) => {
  await desktopLogin(page, { username: 'zhouht', password: '123456' });
  await openScreen(page, '生产管理', '新品导入');
  // Lists and submits: no add, no edit, no delete.
  await expect(row(page, 'VW316 改款')).toBeVisible();
  await expect(
    page.locator('.tenon-crud-toolbar').getByRole('button', { name: new RegExp(`${zh.common.add}$`) }),
  ).toHaveCount(0);
  await expect(row(page, 'VW316 改款').getByRole('button', { name: zh.common.edit })).toHaveCount(0);

  const remark = `PPAP 文件包 ${uniqueTag('npi')}`;
  await row(page, 'VW316 改款').getByRole('button', { name: '更新阶段' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('更新阶段')).toBeVisible();
  await expect(dialog.getByLabel('项目', { exact: true })).toBeDisabled();
  await dialog.getByPlaceholder('请输入备注').fill(remark);
  await dialog.getByRole('button', { name: zh.common.edit }).click();
  await expectToast(page, zh.common.updateSuccess);
  await expect(dialog).toBeHidden();

  // Another manager's project is listed without 更新阶段: the server would refuse it (只能修改本人负责的新品导入).
  await expect(row(page, 'GM-E2 纯电')).toBeVisible();
  await expect(row(page, 'GM-E2 纯电').getByRole('button', { name: '更新阶段' })).toHaveCount(0);
  await expect(row(page, 'NT3 平台').getByRole('button', { name: '更新阶段' })).toHaveCount(1);
});
