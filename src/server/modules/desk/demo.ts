import { Readable } from 'node:stream';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGE_CATEGORY, MESSAGE_STATUS } from '../../../shared/entities/desk/message.ts';
import { nextId } from '../../platform/ids.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { StorageService } from '../resource/storage/storage.service.ts';
import { newObjectKey } from '../resource/storage/object-names.ts';
import { SEED, insertSeedRows } from '../system/install.ts';
import { DEMO_USERS } from '../system/demo/organisation.ts';
import { demoAudit } from '../system/demo/figures.ts';
import { sanitizeNoticeHtml } from './notice-html.ts';

const TENANT = '000000';
/** Fixed ids: the demo adds each notice once, whatever runs it again. */
const ID = {
  holiday: '1123598831738675201',
  safety: '1123598831738675202',
  expense: '1123598831738675203',
  draft: '1123598831738675204',
};
/** A 240×80 PNG: a title bar and three lines, what the flow chart of the image notice stands for. */
const FLOW_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAABQCAIAAACoK28rAAAA2klEQVR42u3awQ0AEBBFwa1Cq5rQrkhcaEABrPmZCuSdNqLUBWmEJ0DQIGgQNAgaQYOgQdAgaBA0ggZBg6BB0CBovgq6jwlpCBpBg6BB0CBoBA2CBkGDoEHQCBoEDXmC9r2LI0EjaEEjaEEjaEEjaAQtaATtDg2CRtAgaBA0CBoEjaBB0PBA0M3unqAFLWhBm6AFbYIWtAnalQNBg6BB0CBoEDSCBndoc8MWtAla0CZoQZugBS1oVw4QNAgaBI2gQdAgaBA0CBpBg6BB0CBoBA2CBkGDoEHQ/GgDHY43FLLD3vUAAAAASUVORK5CYII=',
  'base64',
);

/** The image notice's picture, uploaded into the tenant's store; undefined where no store may take it. */
async function uploadFlowChart(db: Db, { files, jwtSecret }: Config): Promise<string | undefined> {
  if (files.severalProcesses && !files.sharedDir && !files.s3) return undefined;
  const storage = new StorageService(db, files, jwtSecret);
  const key = newObjectKey('png');
  try {
    const target = await storage.enabled(TENANT);
    await target.store.put(key, Readable.from([FLOW_PNG]), 'image/png');
    return storage.linkOf(TENANT, target.ossId, key);
  } catch {
    // A store the tenant configured but this machine cannot reach: the demo goes on without the picture's notice.
    return undefined;
  }
}

/**
 * `npm run demo`: 通知公告 of the demo tenant — one to everybody, one to 常州分公司 (its sub-departments too), one with
 * a picture from the object store, and 张三's unreleased draft (only he and the administrators see it). `config`: the
 * server's (its store and the secret its links are signed with), read from the environment like the server does.
 */
export async function seedNoticeDemo(db: Db, config: Config = loadConfig()): Promise<string[]> {
  const existing = await db.selectFrom('blade_notice').select('id').where('id', 'in', Object.values(ID)).execute();
  if (existing.length) return ['0 notices'];
  const days = (n: number) => formatDateTime(new Date(Date.now() + n * 86_400_000), 'Asia/Shanghai');
  const picture = await uploadFlowChart(db, config);
  const zhangsan = DEMO_USERS[0].id;
  const notice = (id: string, fields: Record<string, unknown>) => ({
    ...demoAudit(),
    id,
    tenant_id: TENANT,
    dept_ids: '',
    role_ids: '',
    ...fields,
    content: sanitizeNoticeHtml(String(fields.content), TENANT),
  });
  const rows = [
    notice(ID.holiday, {
      title: '关于元旦放假安排的通知',
      category: 1,
      release_time: days(-3),
      content:
        '<h2>放假时间</h2><p>1 月 1 日至 1 月 3 日放假,共 <strong>3 天</strong>。</p>' +
        '<ul><li>放假前请关闭办公区电源</li><li>值班安排见 <a href="https://www.gov.cn">国务院办公厅通知</a></li></ul>',
    }),
    notice(ID.safety, {
      title: '常州分公司安全生产检查',
      category: 4,
      release_time: days(-1),
      dept_ids: SEED.deptChangzhou,
      content: '<p>本周五下午开展车间<strong>安全生产检查</strong>,请各班组长提前自查消防通道与设备接地。</p>',
    }),
    ...(picture
      ? [
          notice(ID.expense, {
            title: '新版费用报销流程',
            category: 6,
            release_time: days(-2),
            content: `<p>费用报销改为线上审批,流程如下图:</p><img src="${picture}" alt="报销流程" /><ol><li>填写报销单并上传发票</li><li>部门经理审批</li><li>财务审核付款</li></ol>`,
          }),
        ]
      : []),
    notice(ID.draft, {
      title: '年度表彰大会筹备(草稿)',
      category: 1,
      release_time: days(30),
      create_user: zhangsan,
      update_user: zhangsan,
      content: '<p>表彰名单与议程待定,定稿后发布。</p>',
    }),
  ];
  await insertSeedRows(db, 'blade_notice', rows);
  return [`${rows.length} notices`];
}

/** Each demo person's messages: plain ones read and unread, and one about the first notice (opened in its reader). */
const MESSAGES: ReadonlyArray<{ title: string; content: string; read: boolean; aboutNotice?: true }> = [
  { title: '欢迎使用 Tenon', content: '左侧菜单打开各功能,常用的功能会出现在首页。', read: true },
  { title: '系统维护提醒', content: '本周六 22:00 至 24:00 系统维护,期间可能无法登录。', read: false },
  { title: '密码安全提醒', content: '您的密码已使用较长时间,请在个人信息中修改密码。', read: false },
  { title: '新通知', content: '关于元旦放假安排的通知,请及时阅读。', read: false, aboutNotice: true },
];

/**
 * `npm run demo` for the desk: for the administrator and every demo person of tenant 000000 the messages above
 * (workflow messages come from the requests people send). Once: a person who has the welcome message is left as is.
 */
export async function seedMessageDemo(db: Db): Promise<string[]> {
  const now = formatDateTime(new Date(), 'Asia/Shanghai');
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
          business_id: message.aboutNotice ? ID.holiday : null,
          create_time: now,
          is_deleted: 0,
        })),
      )
      .execute();
    people += 1;
  }
  return [`${people * MESSAGES.length} messages`];
}

/** The desk's demo: notices first (a message points at one). */
export async function seedDeskDemo(db: Db, config?: Config): Promise<string[]> {
  return [...(await seedNoticeDemo(db, config)), ...(await seedMessageDemo(db))];
}
