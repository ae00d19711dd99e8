import { expect, test, type Locator } from './support/test.ts';
import { uniqueTag } from './support/api.ts';
import { zh } from './support/i18n.ts';
import { loginByApi } from './support/session.ts';

/** A PDF's first bytes, then `size` bytes of padding: the server sniffs the content, not the name. */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'), Buffer.alloc(size, 0x20), Buffer.from('\n%%EOF\n')]);

test('附件管理: two files uploaded with progress, listed, one downloaded, one deleted', async ({ page }) => {
  await loginByApi(page, '/resource/attach');
  const tag = uniqueTag('att');
  const files = [`${tag}-a.pdf`, `${tag}-b.pdf`];
  const rowOf = (name: string): Locator => page.locator('.ant-table-row').filter({ hasText: name });

  // The first upload's answer is held until its progress shows.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route('**/api/blade-resource/oss/endpoint/put-file-attach', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  await page
    .locator('.tenon-file-uploader input[type=file]')
    .setInputFiles(files.map((name) => ({ name, mimeType: 'application/pdf', buffer: pdf(256 * 1024) })));
  await expect(page.locator('.ant-upload-list-item-progress').first()).toBeVisible();
  release();
  for (const name of files) await expect(rowOf(name)).toBeVisible();
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(2);

  // 下载 opens the file through its short-lived link.
  const popup = page.waitForEvent('popup');
  await rowOf(files[0]).getByRole('button', { name: zh.resource.download }).click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toMatch(/\/oss\/000000\/\d+\/upload\/\d{8}\/[0-9a-f]{32}\.pdf\?expires=/);
  await opened.close();

  await rowOf(files[1]).getByRole('button', { name: zh.common.delete }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: zh.common.ok }).click();
  await expect(rowOf(files[1])).toHaveCount(0);
  await expect(rowOf(files[0])).toBeVisible();
});
