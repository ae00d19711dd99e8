import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './api.ts';
import { zh } from './i18n.ts';

const M = zh.mobile;

/** The phone login form, filled and sent the way a user does. */
export async function phoneLogin(page: Page, user: { username: string; password: string } = ADMIN) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByRole('textbox', { name: M.login.accountPlaceholder }).fill(user.username);
  await page.getByRole('textbox', { name: M.login.passwordPlaceholder }).fill(user.password);
  await page.getByRole('button', { name: M.login.submit, exact: true }).click();
}

export const phoneTabBar = (page: Page): Locator => page.locator('.m-tab-bar');
/** A tab of the tab bar by its title (antd-mobile renders the items without a role). */
export const phoneTab = (page: Page, title: string): Locator =>
  phoneTabBar(page)
    .locator('.adm-tab-bar-item')
    .filter({ has: page.getByText(title, { exact: true }) });
/** The titles of the tab bar's items (without their badges). */
export const phoneTabTitles = (page: Page): Locator => phoneTabBar(page).locator('.adm-tab-bar-item-title');
/** The whole-page state of a list (empty, not available, failed). */
export const listState = (page: Page): Locator => page.locator('main').getByRole('status');

export async function phoneLoginToTabs(page: Page) {
  await phoneLogin(page);
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(phoneTabBar(page)).toBeVisible();
}

/** A phone of its own (its own storage and session) beside the test's page: a second user's device. */
export async function newPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  return context.newPage();
}

/**
 * Chooses `option` for the movement form's field `label`: a tap on its segment, or (a long list) a tap on the field
 * and one on the option in the searchable list it opens; then sees it chosen. Answers the taps it made. The form is
 * the phone's page (in `main`) unless `form` says where it is (the desktop's 快速出入库 drawer).
 */
export async function chooseOnMovementForm(
  page: Page,
  label: string,
  option: string,
  form: Locator = page.locator('main'),
): Promise<number> {
  const segment = form.getByRole('radiogroup', { name: label }).getByRole('radio', { name: option, exact: true });
  const field = form.getByRole('button', { name: label, exact: true });
  // The choices load with the form: a segment or the field, whichever the list's length makes it.
  await expect(segment.or(field)).toBeVisible();
  if (await segment.isVisible()) {
    await segment.click();
    await expect(segment).toHaveAttribute('aria-checked', 'true');
    return 1;
  }
  await field.click();
  await page.getByRole('dialog', { name: label }).getByText(option, { exact: true }).click();
  await expect(field).toHaveText(option);
  return 2;
}

/**
 * A scanner's burst with the focus on the page: the code typed 5 ms a key, then Enter, until `seen` holds. On a loaded
 * machine the keys a test types can reach the page over 50 ms apart (a person's pace, rightly ignored): the keeper
 * would scan again, and so does the test.
 */
export async function scanUntil(page: Page, code: string, seen: () => Promise<void>) {
  await expect(async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
    await seen();
  }).toPass({ timeout: 30_000 });
}

/**
 * 同意 on a task's page, as an approver does: no confirmation, 撤销 stands for a few seconds in the undo bar, then the
 * approval is sent; resolves once the server accepted it.
 */
export async function approveOnPhone(page: Page) {
  const completed = page.waitForResponse((response) => response.url().includes('/complete-task'));
  await page.getByRole('button', { name: M.approvals.approve, exact: true }).click();
  await expect(page.locator('.m-undo-bar')).toContainText(M.approvals.approved);
  expect((await completed).ok()).toBe(true);
}
