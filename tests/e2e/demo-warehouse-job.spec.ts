import { expect, test, type Locator, type Page } from './support/test.ts';
import { zh } from './support/i18n.ts';
import { chooseOnMovementForm, newPhone, phoneLogin, phoneTab, scanUntil } from './support/phone.ts';
import { finishedPart, movementNumbered } from './support/warehouse.ts';
import { inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';

/** A movement field's label as the phone shows it: its definition's. */
const fieldLabel = (name: string) => inventoryLog.fields[name].label.zh;

/**
 * Issue 32: the warehouse phone job built for someone doing it 200 times a day. 孙仓库 (`sunck`, who holds the posting
 * right) types a part, then needs at most 5 taps to save and post it; the next form starts from his last choices, also
 * after a reload; a keyboard-wedge scanner's burst fills the part field from the list or the form.
 */
const W = zh.mobile.warehouse;
const KEEPER = { username: 'sunck', password: '123456' };
const MAX_TAPS = 5;

const main = (page: Page): Locator => page.locator('main');
const toast = (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text);

/** Counts the taps a test makes: each `tap` and each choice's taps add to `count`. */
function tapCounter(page: Page) {
  const counter = {
    count: 0,
    async tap(target: Locator) {
      counter.count += 1;
      await target.click();
    },
    async choose(label: string, option: string) {
      counter.count += await chooseOnMovementForm(page, label, option);
    },
  };
  return counter;
}

/** The number the line 上一笔 shows, once it says the movement is posted. */
async function lastPosted(page: Page): Promise<string> {
  const line = main(page).getByRole('status');
  await expect(line).toContainText(W.posted);
  const logNo = /([A-Z]{2}\d{12})/.exec((await line.textContent()) ?? '')?.[1];
  expect(logNo, 'the posted movement shows its number').toBeTruthy();
  return logNo!;
}

test('the keeper types a part and posts it in at most 5 taps; the next one, after a reload too, starts from his choices', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const phone = await newPhone(browser, baseURL);
  const part = await finishedPart(phone, KEEPER);
  await phoneLogin(phone, KEEPER);
  await phoneTab(phone, zh.mobile.tabs.inventoryLogs).click();
  await main(phone).getByRole('button', { name: W.add }).click();
  const partInput = main(phone).getByRole('textbox', { name: fieldLabel('productNo') });
  await expect(partInput).toBeFocused();

  // The part typed (Enter looks it up), the quantity typed; then only taps, counted.
  await partInput.fill(part.productNo);
  await partInput.press('Enter');
  await expect(main(phone).getByLabel(W.partFound)).toContainText(part.productName);
  await expect(main(phone).getByRole('textbox', { name: fieldLabel('qty') })).toBeFocused();
  await phone.keyboard.type('2');
  const taps = tapCounter(phone);
  await taps.choose(fieldLabel('bizType'), '生产入库');
  await taps.choose(fieldLabel('warehouse'), '成品库');
  await taps.choose(fieldLabel('orgId'), '常州布雷德');
  await taps.tap(main(phone).getByRole('button', { name: W.submitAndPost }));
  await expect(toast(phone, W.posted)).toBeVisible();
  expect(taps.count).toBeLessThanOrEqual(MAX_TAPS);
  const first = await lastPosted(phone);
  expect(await movementNumbered(phone, KEEPER, first)).toMatchObject({ handleStatus: '1', qty: 2, warehouse: 'FG' });

  // Ready for the next one: the part field empty and focused, his choices kept, even after a reload.
  await expect(partInput).toHaveValue('');
  await expect(partInput).toBeFocused();
  await phone.reload();
  await expect(partInput).toBeFocused();
  await expect(main(phone).getByRole('radio', { name: '生产入库' })).toHaveAttribute('aria-checked', 'true');
  await expect(main(phone).getByRole('radio', { name: '常州布雷德' })).toHaveAttribute('aria-checked', 'true');
  await expect(main(phone).getByRole('button', { name: fieldLabel('warehouse'), exact: true })).toHaveText('成品库');

  // With the on-screen keyboard open (about 370 px of the 812 left), the main button stays in reach.
  await phone.setViewportSize({ width: 375, height: 440 });
  await expect(main(phone).getByRole('button', { name: W.submitAndPost })).toBeInViewport();

  // The next movement of the same kind: the part, the quantity and Enter (the main button's action), no tap.
  await partInput.fill(part.productNo);
  await partInput.press('Enter');
  await expect(main(phone).getByLabel(W.partFound)).toContainText(part.productName);
  await phone.keyboard.type('3');
  await phone.keyboard.press('Enter');
  await expect(toast(phone, W.posted)).toBeVisible();
  const second = await lastPosted(phone);
  expect(second).not.toBe(first);
  expect(await movementNumbered(phone, KEEPER, second)).toMatchObject({ handleStatus: '1', qty: 3, warehouse: 'FG' });
  await phone.context().close();
});

test('a keyboard-wedge scanner burst fills the part field from the list and from the form', async ({
  browser,
  baseURL,
}) => {
  const phone = await newPhone(browser, baseURL);
  const part = await finishedPart(phone, KEEPER);
  await phoneLogin(phone, KEEPER);
  await phoneTab(phone, zh.mobile.tabs.inventoryLogs).click();
  await expect(main(phone).getByRole('tab', { name: W.pending })).toBeVisible();

  // On the list, nothing focused: the burst opens the form with the part looked up.
  // A loaded machine may space the first keys and pass on the rest as a burst (a tail of the code): scanned again.
  const partInput = main(phone).getByRole('textbox', { name: fieldLabel('productNo') });
  await scanUntil(phone, part.productNo, async () => {
    await expect(phone).toHaveURL(/\/inventory-logs\/form$/, { timeout: 2000 });
    await expect(partInput).toHaveValue(part.productNo, { timeout: 2000 });
  });
  await expect(main(phone).getByLabel(W.partFound)).toContainText(part.productName);

  // On the form, the focus on the page: the next burst replaces the part.
  await partInput.fill('');
  await phone.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(main(phone).getByLabel(W.partFound)).toHaveCount(0);
  await scanUntil(phone, part.productNo.toLowerCase(), () =>
    expect(partInput).toHaveValue(part.productNo.toLowerCase(), { timeout: 2000 }),
  );
  await expect(main(phone).getByLabel(W.partFound)).toContainText(part.productName);

  // A person typing slowly on a hardware keyboard is not a scanner: nothing happens.
  await phone.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await phone.keyboard.type('ZZZZ', { delay: 120 });
  await phone.keyboard.press('Enter');
  await expect(partInput).toHaveValue(part.productNo.toLowerCase());
  await phone.context().close();
});
