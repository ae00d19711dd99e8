import { expect, test, type Locator, type Page } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { desktopLogin, expectToast, sidebar, topBar } from './support/desktop.ts';
import { newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';

/** A 1×1 PNG, inline as a screenshot pasted from another program comes: the editor uploads it. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });

/** Pastes `html` into the rich-text editor the way the browser hands a copied page over: a paste event with HTML. */
async function pasteHtml(editor: Locator, html: string) {
  await editor.click();
  await editor.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/html', text);
    data.setData('text/plain', element.textContent ?? '');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** What a reader sees of the notice: the formatting kept, the image from the object store, nothing that runs. */
async function expectCleanNotice(page: Page, scope: Locator, tag: string) {
  const content = scope.locator('.tenon-html');
  await expect(content.locator('strong')).toHaveText(`加粗${tag}`);
  await expect(content.locator('li')).toHaveText(['第一项', '第二项']);
  await expect(content.getByRole('link', { name: '制度链接' })).toHaveAttribute('href', 'https://example.com/rules');
  const image = content.locator('img');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute('src', /^\/oss\/000000\/\d+\/.+\?sign=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(await content.innerHTML()).not.toMatch(/onerror|<script|data:/);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
}

test('an author publishes a notice with pasted formatting; it shows on the home page and in the top bar', async ({
  page,
}) => {
  test.slow();
  const tag = uniqueTag('notice');
  const title = `通知 ${tag}`;
  // A plain user: the `user` role publishes notices (seed.md §6).
  const author = await newUser(page.request, 'user', `作者${tag.slice(-4)}`);
  await desktopLogin(page, author);
  await expect(sidebar(page).getByRole('menuitem').first()).toBeVisible();
  await page.goto('/desk/notice');
  await page
    .locator('.tenon-crud-toolbar')
    .getByRole('button', { name: new RegExp(`${zh.common.add}$`) })
    .click();
  const add = page.getByRole('dialog');
  await expect(add).toBeVisible();
  await add.getByPlaceholder('请输入通知标题').fill(title);
  await formItem(add, '通知类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '发布通知' }).click();
  const when = formItem(add, '通知时间').locator('input');
  await when.click();
  await when.fill('2026-01-05 09:00:00');
  await when.press('Enter');

  const editor = add.locator('.tenon-rich-text-body .ProseMirror');
  await pasteHtml(
    editor,
    `<p><strong>加粗${tag}</strong> 正文</p><ul><li>第一项</li><li>第二项</li></ul>` +
      '<p><a href="https://example.com/rules" onclick="window.pwned=3">制度链接</a></p>' +
      `<img src="x" onerror="window.pwned=1"><script>window.pwned=2</script><p><img src="${PIXEL}"></p>` +
      '<p><img src="https://cdn.example.com/banner.png"></p>',
  );
  // The inline image went to the object store first: the editor shows it by its link. Another site's images are
  // left out, and the author hears so.
  await expect(editor.locator('img[src^="/oss/"]')).toHaveCount(1);
  await expect(editor.locator('img')).toHaveCount(1);
  await expect(page.locator('.ant-message')).toContainText(zh.desk.richText.foreignImages.replace('{{count}}', '2'));
  await expect(editor.locator('strong')).toHaveText(`加粗${tag}`);
  await add.getByRole('button', { name: zh.common.save }).click();
  await expectToast(page, zh.common.addSuccess);

  // The home page's latest notices, opened to read.
  await page.goto('/wel/index');
  const latest = page.locator('.tenon-home-notices');
  await latest.getByRole('button', { name: new RegExp(title) }).click();
  const reader = page.getByRole('dialog');
  await expect(reader).toContainText(title);
  await expectCleanNotice(page, reader, tag);
  await reader.locator('.ant-modal-footer').getByRole('button', { name: zh.common.close }).click();

  // The top bar's popover lists it under 通知公告.
  await topBar(page).getByRole('button', { name: zh.shell.notice.title, exact: true }).click();
  const popover = page.locator('.tenon-notice');
  await popover.getByRole('tab', { name: new RegExp(zh.shell.notice.notices) }).click();
  await expect(popover.getByRole('tabpanel').getByText(title)).toBeVisible();
});
