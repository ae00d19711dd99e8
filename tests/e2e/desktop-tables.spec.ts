import { expect, test, type Locator, type Page } from './support/test.ts';
import { apiToken } from './support/api.ts';
import { zh } from './support/i18n.ts';
import { loginByApi, seedSession } from './support/session.ts';

/** The box of an element that must be on screen. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** A table's header cells and the one of its 操作 column. */
function headerOf(table: Locator) {
  const header = table.locator('.ant-table-thead').first();
  return {
    cells: header.locator('th:not(.ant-table-cell-scrollbar)'),
    actions: header.locator('th').filter({ hasText: new RegExp(`^${zh.crud.actions}$`) }),
  };
}

/** The element a table scrolls sideways in (with a fixed header it is the body). */
const scrollerOf = (table: Locator): Locator => table.locator('.ant-table-content, .ant-table-body').first();

test.describe('at 1440x900 (a common office screen), the sidebar open', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  /**
   * Every column ends before the fixed 操作 column starts, and nothing is left to scroll to, once the table has
   * settled: on a busy machine the columns are measured again while the sidebar and the fonts still move them.
   */
  async function expectNothingUnderActions(table: Locator) {
    const { cells, actions } = headerOf(table);
    await expect(actions).toBeVisible();
    await expect(async () => {
      const fixed = await box(actions);
      const count = await cells.count();
      expect(count).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) {
        const cell = cells.nth(i);
        const text = (await cell.textContent()) ?? '';
        if (text === zh.crud.actions) continue;
        const { x, width } = await box(cell);
        expect(x + width, `${text || 'the selection column'} ends before 操作 starts`).toBeLessThanOrEqual(fixed.x + 1);
      }
      const scroller = scrollerOf(table);
      expect(
        await scroller.evaluate((el) => el.scrollWidth - el.clientWidth),
        'the table has nothing to scroll sideways',
      ).toBeLessThanOrEqual(1);
    }).toPass({ timeout: 30_000 });
  }

  test('菜单管理: 菜单排序 and 菜单类型 stay clear of the 操作 column', async ({ page }) => {
    await loginByApi(page, '/system/menu/index');
    const table = page.locator('.tenon-crud');
    await expect(table.locator('.ant-table-row').first()).toBeVisible();
    await expectNothingUnderActions(table);
  });

  test("系统字典: the dictionaries' 封存 column stays clear of the 操作 column", async ({ page }) => {
    await loginByApi(page, '/system/dict/index');
    const list = page.locator('.tenon-crud').first();
    await expect(list.locator('.ant-table-row').first()).toBeVisible();
    await expect(headerOf(list).cells.filter({ hasText: /^封存$/ })).toBeVisible();
    await expectNothingUnderActions(list);
  });

  test('用户管理: beside the department tree, every column stays clear of the 操作 column', async ({ page }) => {
    await loginByApi(page, '/system/user/index');
    const table = page.locator('.tenon-crud');
    await expect(table.locator('.ant-table-row').first()).toBeVisible();
    await expectNothingUnderActions(table);
  });

  test('流程跟踪: 发起时间 stays clear of the 操作 column', async ({ page }) => {
    await loginByApi(page, '/flow/follow/index');
    const table = page.locator('.tenon-crud');
    await expect(headerOf(table).cells.filter({ hasText: /^发起时间$/ })).toBeVisible();
    await expectNothingUnderActions(table);
  });
});

test.describe('on a tablet (820x1180, touch, the desktop layout)', () => {
  /** A touch context of its own, logged in, on `path`. */
  async function tabletPage(
    browser: import('./support/test.ts').Browser,
    baseURL: string,
    path: string,
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    await seedSession(context, baseURL, await apiToken(page.request));
    await page.goto(path);
    return page;
  }

  test('row buttons and top-bar icons are at least 40 px; the table scrolls between fixed first columns and 操作', async ({
    browser,
    baseURL,
  }) => {
    const page = await tabletPage(browser, baseURL!, '/system/menu/index');
    const table = page.locator('.tenon-crud');
    const firstRow = table.locator('.ant-table-row').first();
    await expect(firstRow).toBeVisible();

    // A menu row's 新增子项, 查看, 修改, 删除 (the buttons follow the permissions, which may come after the rows).
    const rowButtons = firstRow.locator('.tenon-row-actions .ant-btn');
    await expect(rowButtons).toHaveCount(4);
    for (const button of await rowButtons.all()) {
      const { width, height } = await box(button);
      expect(Math.min(width, height), `${await button.textContent()} is a fingertip's target`).toBeGreaterThanOrEqual(
        40,
      );
    }
    // The colour picker replaces its plain swatch once the page is idle.
    await expect(page.locator('.tenon-topbar .tenon-color .ant-color-picker-trigger')).toBeVisible();
    const topItems = page.locator(
      '.tenon-topbar .tenon-top-item.ant-btn, .tenon-topbar .tenon-color .ant-color-picker-trigger',
    );
    await expect(topItems.first()).toBeVisible();
    expect(await topItems.count()).toBeGreaterThanOrEqual(8);
    for (const item of await topItems.all()) {
      const { width, height } = await box(item);
      expect(
        Math.min(width, height),
        `${(await item.getAttribute('aria-label')) ?? 'the colour picker'} is a fingertip's target`,
      ).toBeGreaterThanOrEqual(40);
    }

    // The columns do not fit: the table scrolls sideways under the first columns and the 操作 column, both held
    // where they are, so a row's buttons are in view without a swipe (issue 31).
    const scroller = scrollerOf(table);
    const view = await box(scroller);
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(100);
    const { cells, actions } = headerOf(table);
    const actionsBefore = await box(actions);
    expect(actionsBefore.x + actionsBefore.width, '操作 ends in view').toBeLessThanOrEqual(view.x + view.width + 1);
    expect(actionsBefore.x, '操作 starts in view').toBeGreaterThanOrEqual(view.x);
    const name = cells.filter({ hasText: /^菜单名称$/ });
    const nameBefore = await box(name);
    const indexBefore = await box(cells.filter({ hasText: new RegExp(`^${zh.crud.index}$`) }));

    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    // Scrolled to the end: 操作, the selection, index and name columns stayed where they were.
    expect((await box(actions)).x).toBeCloseTo(actionsBefore.x, 0);
    expect((await box(name)).x).toBeCloseTo(nameBefore.x, 0);
    expect((await box(cells.filter({ hasText: new RegExp(`^${zh.crud.index}$`) }))).x).toBeCloseTo(indexBefore.x, 0);
    // The held columns leave a third of the width to the scrolled ones.
    expect(
      actionsBefore.x - (nameBefore.x + nameBefore.width),
      'the scrolled columns keep a third of the table',
    ).toBeGreaterThan(view.width / 3);
    await page.context().close();
  });
});
