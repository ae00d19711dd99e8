import { expect, test, type Locator, type Page } from './support/test.ts';
import { callAs, uniqueTag } from './support/api.ts';
import { callAs as callAsUser, newUser } from './support/flow.ts';
import { zh } from './support/i18n.ts';
import { phoneLogin, phoneTab } from './support/phone.ts';

const NOTICE = '/api/blade-desk/notice';

/** The notice segment of the messages tab, its unread count beside its title. */
const noticeSegment = (page: Page): Locator =>
  page.locator('main').getByRole('tab', { name: new RegExp(`^${zh.shell.notice.notices}`) });

test('a second user sees a new notice on the phone with an unread badge, opens it, and the badge clears', async ({
  page,
}) => {
  test.slow();
  const tag = uniqueTag('notice');
  const title = `手机通知 ${tag}`;
  const reader = await newUser(page.request, 'user', `读者${tag.slice(-4)}`);
  // What other tests published is read first: the badge then counts only this test's notice.
  const feed = await callAsUser<{ records: Array<{ id: string }> }>(page.request, reader, 'get', `${NOTICE}/feed`, {
    params: { size: '50' },
  });
  for (const { id } of feed.records)
    await callAsUser(page.request, reader, 'get', `${NOTICE}/detail`, { params: { id } });
  const author = await newUser(page.request, 'user', `作者${tag.slice(-4)}`);
  await callAs(page.request, 'post', `${NOTICE}/submit`, {
    user: author,
    data: {
      title,
      category: 1,
      releaseTime: '2026-01-05 09:00:00',
      content: `<p><strong>重要</strong>:${tag}</p><ol><li>甲</li><li>乙</li></ol>`,
    },
  });

  await phoneLogin(page, reader);
  await expect(page).toHaveURL(/\/approvals$/);
  // The messages tab counts the unread notice.
  const messagesTab = phoneTab(page, zh.mobile.tabs.messages);
  await expect(messagesTab.locator('.adm-badge')).toHaveText('1');
  await messagesTab.click();
  await expect(noticeSegment(page).locator('.adm-badge')).toHaveText('1');
  await noticeSegment(page).click();
  const line = page.locator('main .adm-list-item').filter({ hasText: title });
  await expect(line).toContainText(zh.desk.notice.unread);

  await line.click();
  const article = page.getByRole('article', { name: title });
  await expect(article.locator('strong')).toHaveText('重要');
  await expect(article.locator('li')).toHaveText(['甲', '乙']);
  await page.locator('.adm-nav-bar-back').last().click();

  // Read: the mark, the segment's badge and the tab's badge are gone.
  await expect(line).not.toContainText(zh.desk.notice.unread);
  await expect(noticeSegment(page).locator('.adm-badge')).toHaveCount(0);
  await expect(messagesTab.locator('.adm-badge')).toHaveCount(0);
});
