import { expect, test, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { callAs } from './support/flow.ts';
import { desktopLogin, expectToast } from './support/desktop.ts';
import { exclusive } from './support/exclusive.ts';
import { zh } from './support/i18n.ts';
import { chooseOnMovementForm as choose, newPhone, phoneLogin, phoneTab, phoneTabBar } from './support/phone.ts';
import { waitForAssetsCached, waitForServiceWorker } from './support/session.ts';
import { finishedPart as finishedPartOf } from './support/warehouse.ts';
import { inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';

/** This spec is about what the service worker does: it is allowed here (blocked elsewhere, playwright.config.ts). */
test.use({ serviceWorkers: 'allow' });

/** A movement field's label as the phone shows it: its definition's. */
const fieldLabel = (name: string) => inventoryLog.fields[name].label.zh;

/**
 * The demo's warehouse keeper and approvers on their devices (issue 31): 孙仓库 (`sunck`, 仓管员) enters and posts
 * movements on the phone and on a tablet and queues one offline after a reload; 李四 and 王人事 approve a leave from
 * their lists in two taps, 撤销 standing in for the confirmation.
 */
const W = zh.mobile.warehouse;
const A = zh.mobile.approvals;
const SYS = '/api/blade-system';
const KEEPER = { username: 'sunck', password: '123456' };
const APPLICANT = { username: 'zhangsan', password: '123456' };
/** 李四's id is the demo's (system/demo/organisation.ts DEMO_USERS). */
const LISI = { username: 'lisi', password: '123456', id: '1123598821738675203' };
const HR = { username: 'wangrs', password: '123456' };

const main = (page: Page): Locator => page.locator('main');
const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text);
const movementCard = (page: Page, text: string): Locator =>
  main(page).locator('.m-movement-card').filter({ hasText: text });
const flowCard = (page: Page, text: string): Locator => main(page).locator('.m-flow-card').filter({ hasText: text });
const undoBar = (page: Page): Locator => page.locator('.m-undo-bar');

const finishedPart = (page: Page) => finishedPartOf(page, KEEPER);

test('the 仓管员 enters and posts a movement on the phone, and queues one offline after a reload', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const phone = await newPhone(browser, baseURL);
  const part = await finishedPart(phone);
  const tag = uniqueTag('KEEP');

  await phoneLogin(phone, KEEPER);
  await expect(phone).toHaveURL(/\/approvals$/);
  await phoneTab(phone, zh.mobile.tabs.inventoryLogs).click();
  await expect(phone).toHaveURL(/\/inventory-logs$/);
  await expect(main(phone).getByRole('tab', { name: W.pending })).toBeVisible();

  // Online: a production receipt of 6 into 成品库, saved and posted in one step (he holds the posting right).
  await main(phone).getByRole('button', { name: W.add }).click();
  const partInput = main(phone).getByRole('textbox', { name: fieldLabel('productNo') });
  await expect(partInput).toBeFocused();
  await partInput.fill(part.productNo);
  await partInput.press('Enter');
  await expect(main(phone).getByLabel(W.partFound)).toContainText(part.productNo);
  await main(phone)
    .getByRole('textbox', { name: fieldLabel('qty') })
    .fill('6');
  await choose(phone, fieldLabel('bizType'), '生产入库');
  await choose(phone, fieldLabel('orgId'), '常州布雷德');
  await choose(phone, fieldLabel('warehouse'), '成品库');
  await main(phone).getByRole('button', { name: W.more }).click();
  await main(phone)
    .getByRole('textbox', { name: fieldLabel('sourceNo') })
    .fill(`${tag}-ON`);
  await main(phone).getByRole('button', { name: W.submitAndPost }).click();
  await expect(toast(phone, W.posted)).toBeVisible();
  await expect(main(phone).getByRole('status')).toContainText(W.posted);
  // The form waits for the next one: the part and quantity empty, the choices kept.
  await expect(partInput).toHaveValue('');
  await expect(main(phone).getByRole('textbox', { name: fieldLabel('qty') })).toHaveValue('');
  await expect(main(phone).getByRole('radio', { name: '生产入库' })).toHaveAttribute('aria-checked', 'true');
  const posted = await callAs<{ records: { handleStatus: string; qty: number; logNo: string }[] }>(
    phone.request,
    KEEPER,
    'get',
    `${SYS}/inventorylog/list`,
    { params: { sourceNo: `${tag}-ON` } },
  );
  expect(posted.records).toMatchObject([{ handleStatus: '1', qty: 6 }]);
  await expect(main(phone).getByRole('status')).toContainText(posted.records[0]!.logNo);

  // In the list it is handled.
  await phone.getByRole('banner').locator('.adm-nav-bar-back').click();
  await expect(phone).toHaveURL(/\/inventory-logs$/);
  await main(phone).getByRole('tab', { name: W.handled }).click();
  await expect(movementCard(phone, posted.records[0]!.logNo)).toContainText(W.handled);
  await main(phone).getByRole('tab', { name: W.pending }).click();
  await expect(phone).toHaveURL(/\/inventory-logs$/);

  // Offline after a reload: the form offers what it chose from online, and the part looked up before.
  await exclusive('dist-sw', async () => {
    await waitForServiceWorker(phone);
    await phone.reload();
    await expect(phoneTab(phone, zh.mobile.tabs.inventoryLogs)).toBeVisible();
    await waitForAssetsCached(phone);
    await phone.context().setOffline(true);
    await phone.reload();
    await expect(phone.getByText(zh.common.offline)).toBeVisible();
    await expect(phoneTab(phone, zh.mobile.tabs.inventoryLogs)).toBeVisible();

    await main(phone).getByRole('button', { name: W.add }).click();
    await expect(phone).toHaveURL(/\/inventory-logs\/form$/);
    // The type, company and warehouse he used last, kept on the phone for him.
    await expect(main(phone).getByRole('radio', { name: '生产入库' })).toHaveAttribute('aria-checked', 'true');
    await expect(main(phone).getByRole('radio', { name: '常州布雷德' })).toHaveAttribute('aria-checked', 'true');
    await expect(main(phone).getByRole('button', { name: fieldLabel('warehouse'), exact: true })).toHaveText('成品库');
    // A part never looked up needs the network; the one looked up before is offered.
    await partInput.fill(`${tag}-NEVER`);
    await partInput.press('Enter');
    await expect(main(phone).getByText(W.partNeedsNetwork)).toBeVisible();
    await partInput.fill('');
    const recent = main(phone).getByRole('group', { name: W.recentParts });
    await recent.getByRole('button', { name: new RegExp(part.productNo) }).click();
    await expect(main(phone).getByLabel(W.partFound)).toContainText(part.productNo);
    await main(phone)
      .getByRole('textbox', { name: fieldLabel('qty') })
      .fill('3');
    await main(phone).getByRole('button', { name: W.more }).click();
    await main(phone)
      .getByRole('textbox', { name: fieldLabel('sourceNo') })
      .fill(`${tag}-OFF`);
    await main(phone).getByRole('button', { name: W.submit, exact: true }).click();
    await expect(toast(phone, W.keptForSync)).toBeVisible();
    await phone.getByRole('banner').locator('.adm-nav-bar-back').click();
    await expect(phone).toHaveURL(/\/inventory-logs$/);

    // The waiting row says its type and warehouse by name, as the stored ones do.
    const waiting = movementCard(phone, W.queued);
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText('生产入库');
    await expect(waiting).toContainText('成品库');
    await expect(waiting).toContainText('+3');
    await expect(waiting).not.toContainText('102');
    await expect(waiting.locator('.m-card-time')).not.toContainText('FG');

    // Back online it is sent by itself.
    await phone.context().setOffline(false);
    await expect(toast(phone, W.synced.replace('{{count}}', '1'))).toBeVisible();
    await expect(movementCard(phone, W.queued)).toHaveCount(0);
  });
  const synced = await callAs<{ records: { handleStatus: string; qty: number; warehouse: string }[] }>(
    phone.request,
    KEEPER,
    'get',
    `${SYS}/inventorylog/list`,
    { params: { sourceNo: `${tag}-OFF` } },
  );
  expect(synced.records).toMatchObject([{ handleStatus: '0', qty: 3, warehouse: 'FG' }]);
  await phone.context().close();
});

test('the 仓管员 posts a movement by touch on a tablet', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 820, height: 1180 },
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const part = await finishedPart(page);
  const tag = uniqueTag('TAB');
  const entered = await callAs<{ logNo: string }>(page.request, KEEPER, 'post', `${SYS}/inventorylog/submit`, {
    data: {
      bizType: '102',
      bizDate: new Date().toISOString().slice(0, 10),
      orgId: '1010',
      warehouse: 'FG',
      productId: part.productId,
      qty: 2,
      sourceNo: tag,
    },
  });

  await desktopLogin(page, KEEPER);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/warehouse/inventorylog');
  const search = page.locator('.tenon-crud-search');
  await search.getByPlaceholder('请输入单据编号').fill(entered.logNo);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.locator('.tenon-crud .ant-table-row').filter({ hasText: entered.logNo });
  await expect(page.locator('.tenon-crud .ant-table-row')).toHaveCount(1);
  await row.locator('.ant-table-selection-column .ant-checkbox-wrapper').tap();
  const post = page.locator('.tenon-crud-toolbar').getByRole('button', { name: /过\s*账/ });
  await expect(post).toBeEnabled();
  await post.tap();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .tap();
  await expectToast(page, '已过账 1 条');
  await expect(row).toContainText('已处理');
  await context.close();
});

/** A leave of five days from 张三 with 李四 as approver (over three days, 王人事's group signs next). */
async function leaveFromZhangsan(page: Page, reason: string) {
  const definitions = await callAs<{ records: { id: string; key: string }[] }>(
    page.request,
    APPLICANT,
    'get',
    '/api/blade-flow/work/start-list',
    { params: { current: '1', size: '50' } },
  );
  await callAs(page.request, APPLICANT, 'post', '/api/blade-desk/process/leave/start-process', {
    data: {
      processDefinitionId: definitions.records.find((d) => d.key === 'Leave')!.id,
      startTime: '2031-03-03 09:00:00',
      endTime: '2031-03-07 18:00:00',
      reason,
      taskUser: LISI.id,
    },
  });
}

/** The state of 张三's leave with `reason` (3 approved), read as he would. */
async function leaveStatus(page: Page, reason: string): Promise<number | undefined> {
  const sent = await callAs<{ records: { businessId: string }[] }>(
    page.request,
    APPLICANT,
    'get',
    '/api/blade-flow/work/send-list',
    { params: { current: '1', size: '20' } },
  );
  for (const { businessId } of sent.records) {
    const leave = await callAs<{ reason: string; status: number } | null>(
      page.request,
      APPLICANT,
      'get',
      '/api/blade-desk/process/leave/detail',
      { params: { businessId } },
    );
    if (leave?.reason === reason) return leave.status;
  }
  return undefined;
}

test('approvers approve from their phone lists in two taps, a group task claimed on the way, with 撤销', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const phone = await newPhone(browser, baseURL);
  const reason = `年假 ${uniqueTag('leave')}`;
  await leaveFromZhangsan(phone, reason);
  let completions = 0;
  phone.on('request', (request) => {
    if (request.url().includes('/complete-task')) completions += 1;
  });

  // 李四: the leave in 待办; 同意 on its card, then 撤销: it is back and nothing was sent.
  await phoneLogin(phone, LISI);
  await expect(phone).toHaveURL(/\/approvals$/);
  const card = flowCard(phone, reason);
  await expect(card).toContainText('5 天');
  await card.getByRole('button', { name: A.approve, exact: true }).click();
  await expect(undoBar(phone)).toContainText(A.approved);
  await expect(card).toHaveCount(0);
  await undoBar(phone).getByRole('button', { name: A.undo }).click();
  await expect(undoBar(phone)).toHaveCount(0);
  await expect(card).toBeVisible();
  expect(completions).toBe(0);

  // 同意 again, left alone: sent when the bar goes, and the task is gone from the list for good.
  const completed = phone.waitForResponse((response) => response.url().includes('/complete-task'));
  await card.getByRole('button', { name: A.approve, exact: true }).click();
  await expect(card).toHaveCount(0);
  await expect(undoBar(phone)).toHaveCount(0);
  expect((await completed).ok()).toBe(true);
  expect(completions).toBe(1);
  await phone.reload();
  await expect(main(phone).getByRole('tab', { name: new RegExp(`^${A.todo}`) })).toBeVisible();
  await expect(card).toHaveCount(0);

  await phone.context().close();

  // 王人事 on his phone: the leave waits among his group's tasks (待签); 同意 on the card claims and approves it.
  const hr = await newPhone(browser, baseURL);
  await phoneLogin(hr, HR);
  await expect(phoneTabBar(hr)).toBeVisible();
  // Not a 仓管员: no 出入库 tab.
  await expect(phoneTab(hr, zh.mobile.tabs.approvals)).toBeVisible();
  await expect(phoneTab(hr, zh.mobile.tabs.inventoryLogs)).toHaveCount(0);
  await main(hr)
    .getByRole('tab', { name: new RegExp(`^${A.claim}`) })
    .click();
  const claimable = flowCard(hr, reason);
  await expect(claimable).toContainText(A.claimable);
  await claimable.getByRole('button', { name: A.approve, exact: true }).click();
  await expect(undoBar(hr)).toContainText(A.approved);
  await expect(claimable).toHaveCount(0);
  await expect(undoBar(hr)).toHaveCount(0);
  await expect.poll(() => leaveStatus(hr, reason)).toBe(3);
  await hr.context().close();
});
