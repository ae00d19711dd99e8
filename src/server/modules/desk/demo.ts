import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGE_CATEGORY, MESSAGE_STATUS } from '../../../shared/entities/desk/message.ts';
import { nextId } from '../../platform/ids.ts';
import { DEMO_USERS } from '../system/demo/organisation.ts';
import { SEED } from '../system/install.ts';

const TENANT = '000000';
const ZONE = 'Asia/Shanghai';

/** Two notices to the whole tenant: what 通知公告, the top bar and the home page show a new user. */
const NOTICES = [
  {
    title: '关于年度预算编制工作的通知',
    category: 1,
    content: '<p>请各部门于本月底前在<strong>预算管理</strong>中完成下一年度预算的填报并提交审批。</p>',
  },
  {
    title: '费用报销须附发票原件',
    category: 6,
    content: '<p>自下月起,费用报销须在附件中上传发票,财务审核后付款。</p>',
  },
];

/** Each demo person's messages: plain ones read and unread, and one about the first notice (opened in its reader). */
const MESSAGES: ReadonlyArray<{ title: string; content: string; read: boolean; aboutNotice?: true }> = [
  { title: '欢迎使用 Tenon', content: '左侧菜单打开各功能,常用的功能会出现在首页。', read: true },
  { title: '系统维护提醒', content: '本周六 22:00 至 24:00 系统维护,期间可能无法登录。', read: false },
  { title: '密码安全提醒', content: '您的密码已使用较长时间,请在个人信息中修改密码。', read: false },
  { title: '新通知', content: `${NOTICES[0].title},请及时阅读。`, read: false, aboutNotice: true },
];

/**
 * `npm run demo` for the desk: the notices above, and for the administrator and every demo person of tenant 000000
 * the messages above (workflow messages come from the requests people send). Once: a person who has the welcome
 * message, and a notice whose title exists, are left as they are.
 */
export async function seedDeskDemo(db: Db): Promise<string[]> {
  const now = formatDateTime(new Date(), ZONE);
  const noticeIds: string[] = [];
  let noticesAdded = 0;
  for (const notice of NOTICES) {
    const found = await db
      .selectFrom('blade_notice')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('title', '=', notice.title)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (found) {
      noticeIds.push(String(found.id));
      continue;
    }
    const id = nextId();
    await db
      .insertInto('blade_notice')
      .values({ id, tenant_id: TENANT, ...notice, release_time: now, create_user: SEED.userAdmin, create_time: now })
      .execute();
    noticeIds.push(id);
    noticesAdded += 1;
  }
  let people = 0;
  for (const userId of [SEED.userAdmin, ...DEMO_USERS.map((user) => user.id)]) {
    const welcomed = await db
      .selectFrom('blade_message')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('user_id', '=', userId)
      .where('title', '=', MESSAGES[0].title)
      .executeTakeFirst();
    if (welcomed) continue;
    await db
      .insertInto('blade_message')
      .values(
        MESSAGES.map((message) => ({
          id: nextId(),
          tenant_id: TENANT,
          user_id: userId,
          title: message.title,
          content: message.content,
          category: message.aboutNotice ? MESSAGE_CATEGORY.notice : MESSAGE_CATEGORY.plain,
          status: message.read ? MESSAGE_STATUS.read : MESSAGE_STATUS.unread,
          business_table: message.aboutNotice ? 'blade_notice' : '',
          business_id: message.aboutNotice ? noticeIds[0] : null,
          create_time: now,
          is_deleted: 0,
        })),
      )
      .execute();
    people += 1;
  }
  return [`${noticesAdded} notices`, `${people * MESSAGES.length} messages`];
}
