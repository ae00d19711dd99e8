import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './api.ts';
import { zh } from './i18n.ts';
import { loginByApi } from './session.ts';

const L = zh.shell;

/** The desktop login form, filled and sent the way a user does. */
export async function desktopLogin(page: Page, user: { username: string; password: string } = ADMIN) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel(L.login.username).fill(user.username);
  await page.getByLabel(L.login.password).fill(user.password);
  await page.getByRole('button', { name: L.login.submit }).click();
}

/** Logs in through the API (tests about something else than the login form) and waits for the home tab. */
export async function desktopHome(page: Page) {
  await loginByApi(page, '/wel/index');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
}

/**
 * Waits for a new message toast saying `text`, then marks it seen. A toast stays on screen for 3 s, so the one of the
 * previous save may still show when the next one comes: only a toast no earlier check has seen proves this action.
 */
export async function expectToast(page: Page, text: string) {
  const fresh = page.locator('.ant-message-notice:not([data-seen])').filter({ hasText: text });
  await expect(fresh).toBeVisible();
  await fresh.evaluate((notice) => notice.setAttribute('data-seen', ''));
}

export const sidebar = (page: Page): Locator => page.locator('aside.tenon-sider');
export const tabBar = (page: Page): Locator => page.locator('.tenon-tabbar');
export const topBar = (page: Page): Locator => page.locator('.tenon-topbar');
/** The tabs of the tab bar (antd renders each as role=tab). */
export const tabs = (page: Page): Locator => tabBar(page).getByRole('tab');

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A menu item by its label; top-level items start with their icon's name ("setting 系统管理"). */
export const menuItem = (scope: Locator, name: string): Locator =>
  scope.getByRole('menuitem', { name: new RegExp(`(^|\\s)${escapeRegex(name)}$`) });

/** Opens a leaf menu of the sidebar: its parent first when it is folded. */
export async function openMenu(page: Page, parent: string, leaf: string) {
  const side = sidebar(page);
  const item = menuItem(side, leaf);
  // Whether the parent is open can only be told once the menus show (clicking an open parent folds it).
  await expect(side.getByRole('menuitem').first()).toBeVisible();
  if (!(await item.isVisible())) {
    await menuItem(side, parent).click();
    // Clicked once the branch has unfolded: while it slides open, its items are still moving under the pointer.
    await expect(side.locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
  }
  await item.click();
}

/**
 * Opens a CRUD screen from the sidebar, as a user does (a `page.goto` would boot the whole app again), and waits for
 * its table. A route change keeps the previous screen on show until the next one has loaded, so the previous one is
 * waited out first: its table must not pass for the new one.
 */
export async function openScreen(page: Page, parent: string, leaf: string) {
  const current = page.locator('.tenon-page');
  const previous = (await current.count()) > 0 ? await current.elementHandle() : null;
  await openMenu(page, parent, leaf);
  await previous?.waitForElementState('hidden');
  await expect(page.locator('.tenon-crud .ant-table')).toBeVisible();
}

/** The sidebar's top-level entries, in order. */
export const topLevelItems = (page: Page): Locator =>
  sidebar(page).getByRole('menu').first().locator(':scope > li > [role=menuitem]');

/** The entries of the `index`-th top-level menu once it is open. */
export const subMenuItems = (page: Page, index: number): Locator =>
  sidebar(page).getByRole('menu').first().locator(':scope > li').nth(index).getByRole('menu').getByRole('menuitem');
