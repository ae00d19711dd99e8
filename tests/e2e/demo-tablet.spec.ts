import { expect, test, type Page } from './support/test.ts';
import { ADMIN } from './support/api.ts';
import { desktopLogin, menuItem, openScreen, sidebar } from './support/desktop.ts';
import { zh } from './support/i18n.ts';
import { chooseOnMovementForm, scanUntil } from './support/phone.ts';
import { demoUser } from './support/roles.ts';
import { finishedPart, movementNumbered } from './support/warehouse.ts';
import { inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';

/** A movement field's label as the phone shows it: its definition's. */
const fieldLabel = (name: string) => inventoryLog.fields[name].label.zh;

/**
 * Issue 31, item 9: the demo on a tablet (820×1180, a finger). The desktop console shows there with its sidebar
 * collapsed; every row's 操作 is on screen without a sideways swipe, every control takes a fingertip (40 px), a
 * tapped leaf closes the sidebar's pop-up, and a long dialog keeps its 保存 on screen. A mouse keeps antd's sizes.
 */
const TABLET = { width: 820, height: 1180 };
const TOUCH_TARGET = 40;
const DEMO_PASSWORD = '123456';

type Screen = readonly [parent: string, leaf: string];
const SCREENS_BY_USER: ReadonlyArray<readonly [username: string, screens: readonly Screen[]]> = [
  [
    ADMIN.username,
    [
      ['基础资料', '客户管理'],
      ['基础资料', '产品管理'],
      ['仓储管理', '出入库记录'],
      ['生产管理', '生产计划'],
      ['预算管理', '预算执行情况'],
    ],
  ],
  ['zhaocw', [['财务管理', '费用报销']]],
  [
    'zhouht',
    [
      ['生产管理', '新品导入'],
      ['生产管理', '项目任务'],
    ],
  ],
];

/**
 * Screens whose add dialog is longer than a window, walked by one test per window after a single sign-in (a test per
 * screen signed in and booted the console three times for the same checks).
 */
const LONG_DIALOGS: readonly Screen[] = [
  ['生产管理', '生产计划'],
  ['预算管理', '预算执行情况'],
  ['预算管理', '人工预算执行'],
];

const passwordOf = (username: string) => (username === ADMIN.username ? ADMIN.password : DEMO_PASSWORD);
const shownScreen = (page: Page) => page.locator('.tenon-page:visible');
const activeTab = (page: Page) => page.locator('.tenon-tabbar [role=tab][aria-selected=true]');

/**
 * Opens a screen as a finger does on a tablet, where the sidebar is collapsed: a tap on the branch's icon opens its
 * pop-up (outside the sidebar), a tap on the leaf opens the screen; then waits for its table.
 */
async function tapScreen(page: Page, parent: string, leaf: string) {
  await menuItem(sidebar(page), parent).tap();
  // A finger taps the pop-up once it has settled: while it zooms in, its items are still moving under the tap.
  const popup = page.locator('.ant-menu-submenu-popup:visible');
  await expect(popup).not.toHaveClass(/-(appear|enter)(-active|-start)?(\s|$)/);
  await menuItem(popup, leaf).tap();
  await expect(activeTab(page)).toContainText(leaf);
  await expect(shownScreen(page).locator('.tenon-crud .ant-table')).toBeVisible();
}

/**
 * The controls a finger may tap on the shown screen and the tab bar, as each is hit: a checkbox by its label, a
 * select, picker or affixed input by its frame, a pagination item by its list item. Only what shows counts: the point
 * at its centre must hit it (not a copy antd keeps 0 px high to measure, nor a cell scrolled under a pinned column).
 */
async function tappableSizes(page: Page) {
  return page.evaluate(() => {
    const selector = [
      '.tenon-page button',
      '.tenon-page a[href]',
      '.tenon-page .ant-checkbox-wrapper',
      '.tenon-page .ant-pagination li',
      '.tenon-page .ant-select',
      '.tenon-page .ant-picker',
      '.tenon-page .ant-input-number',
      '.tenon-page .ant-input-affix-wrapper',
      '.tenon-page input.ant-input:not(.ant-input-affix-wrapper input)',
      '.tenon-tabbar .ant-tabs-tab-remove',
    ].join(', ');
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ element, box }) => {
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (box.width === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && element.contains(hit);
      })
      .map(({ element, box }) => ({
        what: `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 16)}"`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      }));
  });
}

test.describe('on a tablet (820×1180, touch)', () => {
  test.use({ viewport: TABLET, hasTouch: true });

  for (const [username, screens] of SCREENS_BY_USER) {
    test(`${username}'s list screens keep 操作 on screen and every control a fingertip wide`, async ({ page }) => {
      test.slow();
      await desktopLogin(page, { username, password: passwordOf(username) });
      for (const [parent, leaf] of screens) {
        await tapScreen(page, parent, leaf);
        const firstRow = shownScreen(page).locator('.ant-table-tbody .ant-table-row').first();
        await expect(firstRow, `${leaf} shows rows`).toBeVisible();

        const actions = firstRow.locator('.tenon-row-actions .ant-btn');
        expect(await actions.count(), `${leaf}'s first row has row actions`).toBeGreaterThan(0);
        for (const action of await actions.all()) {
          const box = (await action.boundingBox())!;
          expect(box.x, `${leaf}: ${await action.innerText()} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${leaf}: ${await action.innerText()} ends on screen`).toBeLessThanOrEqual(
            TABLET.width,
          );
        }
        // Nothing was swiped to get there: neither the window nor the table scrolled sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
        const tableScroll = await shownScreen(page)
          .locator('.ant-table-body, .ant-table-content')
          .first()
          .evaluate((body) => body.scrollLeft);
        expect(tableScroll).toBe(0);

        const controls = await tappableSizes(page);
        expect(controls.length, `${leaf} shows controls`).toBeGreaterThan(10);
        const small = controls.filter((c) => c.width < TOUCH_TARGET || c.height < TOUCH_TARGET);
        expect(small, `${leaf}: controls under ${TOUCH_TARGET} px`).toEqual([]);
      }
    });
  }

  test("the collapsed sidebar's pop-up toggles by a tap, a tapped leaf closes it and the next tap reaches the page", async ({
    page,
  }) => {
    await desktopLogin(page, ADMIN);
    const side = sidebar(page);
    const branch = menuItem(side, '基础资料');
    const popup = page.locator('.ant-menu-submenu-popup:visible');
    // A finger has no hover to take back: a second tap on the branch closes what the first opened.
    await branch.tap();
    await expect(popup).toBeVisible();
    await branch.tap();
    await expect(popup).toBeHidden();
    // Each visit of the pop-up ends with it closed, a visited one too.
    for (const leaf of ['客户管理', '供应商管理', '产品管理']) {
      await branch.tap();
      await expect(popup).toBeVisible();
      await menuItem(popup, leaf).tap();
      await expect(activeTab(page)).toContainText(leaf);
      await expect(popup).toBeHidden();
      // Where the pop-up was, the page answers: its first search field takes the tap.
      const search = shownScreen(page).locator('.tenon-crud-search input').first();
      await search.tap();
      await expect(search).toBeFocused();
    }
  });

  test('a hardware scanner on 出入库记录 opens 快速出入库 with the part looked up; 提交并过账 posts it', async ({
    page,
  }) => {
    test.slow();
    const W = zh.mobile.warehouse;
    const keeper = demoUser('sunck');
    const part = await finishedPart(page, keeper);
    await desktopLogin(page, keeper);
    await tapScreen(page, '仓储管理', '出入库记录');
    await expect(shownScreen(page).getByRole('button', { name: zh.warehouse.quickMovement })).toBeVisible();

    // On the list, nothing focused: the burst opens the quick form, the part found.
    const form = page.getByRole('dialog', { name: zh.warehouse.quickMovement });
    // A loaded machine may space the first keys and pass on the rest as a burst (a tail of the code): scanned again.
    await scanUntil(page, part.productNo, async () => {
      await expect(form).toBeVisible({ timeout: 2000 });
      await expect(form.getByRole('textbox', { name: fieldLabel('productNo') })).toHaveValue(part.productNo, {
        timeout: 2000,
      });
    });
    await expect(form.getByLabel(W.partFound)).toContainText(part.productName);
    // At 820 px the drawer takes the whole width.
    expect((await form.locator('.ant-drawer-body').boundingBox())?.width).toBe(TABLET.width);

    await form.getByRole('textbox', { name: fieldLabel('qty') }).fill('2');
    await chooseOnMovementForm(page, fieldLabel('bizType'), '生产入库', form);
    await chooseOnMovementForm(page, fieldLabel('warehouse'), '成品库', form);
    await chooseOnMovementForm(page, fieldLabel('orgId'), '常州布雷德', form);
    await form.getByRole('button', { name: W.submitAndPost }).tap();
    const last = form.getByRole('status');
    await expect(last).toContainText(W.posted);
    const logNo = /([A-Z]{2}\d{12})/.exec((await last.textContent()) ?? '')?.[1];
    expect(logNo, 'the posted movement shows its number').toBeTruthy();
    expect(await movementNumbered(page, keeper, logNo!)).toMatchObject({ handleStatus: '1', qty: 2, warehouse: 'FG' });

    // With the drawer open, the next burst fills the emptied part field of the next movement.
    const partInput = form.getByRole('textbox', { name: fieldLabel('productNo') });
    await expect(partInput).toHaveValue('');
    await scanUntil(page, part.productNo.toLowerCase(), () =>
      expect(partInput).toHaveValue(part.productNo.toLowerCase(), { timeout: 2000 }),
    );
    await expect(form.getByLabel(W.partFound)).toContainText(part.productName);

    // The list behind was refreshed: closed, the drawer shows it with the new movement.
    await form.getByRole('button', { name: zh.common.close }).tap();
    await expect(form).toBeHidden();
    await expect(shownScreen(page).getByRole('row').filter({ hasText: logNo! })).toBeVisible();
  });

  test(`${LONG_DIALOGS.map(([, leaf]) => leaf).join(', ')}: each add dialog keeps 保存 on screen`, async ({ page }) => {
    await desktopLogin(page, ADMIN);
    for (const [parent, leaf] of LONG_DIALOGS) {
      await tapScreen(page, parent, leaf);
      await expectSaveOnScreen(page, leaf, TABLET.height);
    }
  });
});

/**
 * Opens the shown screen's add dialog: its 保存 is inside the window, the fields scrolling above it; then closes it
 * (取消) for the next screen.
 */
async function expectSaveOnScreen(page: Page, leaf: string, windowHeight: number) {
  await shownScreen(page)
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: zh.common.save });
  await expect(save).toBeEnabled();
  const box = (await save.boundingBox())!;
  expect(box.y, `${leaf}: 保存 starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${leaf}: 保存 ends on screen`).toBeLessThanOrEqual(windowHeight);
  await expect(save).toBeInViewport();
  await dialog.getByRole('button', { name: zh.common.cancel }).click();
  await expect(dialog).toBeHidden();
}

test.describe('on a laptop (1280×800, mouse)', () => {
  const LAPTOP = { width: 1280, height: 800 };
  test.use({ viewport: LAPTOP, hasTouch: false });

  test("keeps antd's mouse sizes: the touch rules stay on touch screens", async ({ page }) => {
    await desktopLogin(page, ADMIN);
    await openScreen(page, '基础资料', '客户管理');
    const screen = shownScreen(page);
    const firstRow = screen.locator('.ant-table-tbody .ant-table-row').first();
    await expect(firstRow).toBeVisible();
    const heightOf = async (selector: string, scope = screen) =>
      (await scope.locator(selector).first().boundingBox())?.height ?? 0;
    expect(await heightOf('.ant-pagination .ant-pagination-item')).toBeLessThan(TOUCH_TARGET);
    expect(await heightOf('.tenon-row-actions .ant-btn', firstRow)).toBeLessThan(TOUCH_TARGET);
    expect(await heightOf('.ant-checkbox-wrapper', firstRow)).toBeLessThan(TOUCH_TARGET);
    expect(await heightOf('.tenon-crud-search .ant-select')).toBeLessThan(TOUCH_TARGET);
    // The 操作 column is pinned on a laptop too.
    const lastAction = firstRow.locator('.tenon-row-actions .ant-btn').last();
    const box = (await lastAction.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
  });

  test(`${LONG_DIALOGS.map(([, leaf]) => leaf).join(', ')}: each add dialog keeps 保存 on screen at 800 px high`, async ({
    page,
  }) => {
    await desktopLogin(page, ADMIN);
    for (const [parent, leaf] of LONG_DIALOGS) {
      await openScreen(page, parent, leaf);
      await expectSaveOnScreen(page, leaf, LAPTOP.height);
    }
  });
});
