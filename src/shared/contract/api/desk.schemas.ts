import { Type, type Static } from 'typebox';
import { DateTime, Id, IdOrNull, OpenObject } from '../wire.ts';

/** What the desk module's routes answer inside the envelope (urls: desk.ts). */

/** How many rows a call changed or took (messages marked read, error logs kept). */
export const Counted = Type.Object({ count: Type.Integer() });
export type Counted = Static<typeof Counted>;

/** The caller's unread messages. */
export const UnreadCount = Type.Integer();

/**
 * A message of the drawer and the phone's messages tab (the message entity's rows, spec §3: status 0 unread). A
 * workflow message also says what it is about: the task it asks to handle, or the process and its business record.
 */
export const Message = OpenObject({
  id: Id,
  title: Type.String(),
  content: Type.String(),
  status: Type.Integer({ description: '0 未读 (unread), 1 已读 (read)' }),
  createTime: DateTime,
  category: Type.Integer(),
  taskId: IdOrNull,
  processInstanceId: IdOrNull,
  businessTable: Type.String(),
  businessId: IdOrNull,
});
export type Message = Static<typeof Message>;

/**
 * A notice (the notice entity's rows, contract resource-desk-log.md §5): its sanitised HTML, its audience (no
 * department and no role: the whole tenant), whether the caller has read it and how many people have.
 */
export const Notice = OpenObject({
  id: Id,
  title: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  releaseTime: DateTime,
  content: Type.String({ description: '通知内容 (HTML, sanitised by the server)' }),
  deptIds: Type.String({ description: '发布部门 (comma-joined ids)' }),
  roleIds: Type.String({ description: '发布角色 (comma-joined ids)' }),
  read: Type.Optional(Type.Boolean({ description: '调用者已读 (the caller has read it; lists and detail)' })),
  readCount: Type.Integer({ description: '已读人数 (people who have read it)' }),
  editable: Type.Optional(
    Type.Boolean({ description: '调用者可修改、删除并查看回执 (the caller wrote it or administers the tenant)' }),
  ),
});
export type Notice = Static<typeof Notice>;

/** One line of the caller's notice feed (top-bar popover, home page, phone). */
export const NoticeLine = Type.Object({
  id: Id,
  title: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  releaseTime: DateTime,
  read: Type.Boolean(),
});
export type NoticeLine = Static<typeof NoticeLine>;

/** The latest notices published to the caller and how many of all of them he has not read. */
export const NoticeFeed = Type.Object({
  records: Type.Array(NoticeLine),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type NoticeFeed = Static<typeof NoticeFeed>;

/** Who has read a notice, and when. */
export const NoticeReceipt = Type.Object({
  userId: Id,
  realName: Type.String(),
  account: Type.String(),
  readTime: DateTime,
});
export type NoticeReceipt = Static<typeof NoticeReceipt>;

/** Screens the console saw opened since its last report, by menu path (a batch: at most MAX_VISIT_PATHS paths). */
export const MAX_VISIT_PATHS = 50;
export const MenuVisits = Type.Object({
  visits: Type.Array(
    Type.Object({
      path: Type.String({ minLength: 2, maxLength: 255, pattern: '^/[A-Za-z0-9_\\-/]+$', description: '菜单路径' }),
      count: Type.Integer({ minimum: 1, maximum: 1000, description: '打开次数' }),
    }),
    { maxItems: MAX_VISIT_PATHS },
  ),
});
export type MenuVisits = Static<typeof MenuVisits>;

/** One of the caller's shortcuts: a menu path and how often he opened it. */
export const Shortcut = Type.Object({ path: Type.String(), visits: Type.Integer(), lastTime: DateTime });
export type Shortcut = Static<typeof Shortcut>;

/**
 * A chart of the home page: series over the same labels (months `yyyy-MM`, days or the Mondays of weeks
 * `yyyy-MM-dd`); the console names the chart and its series by their keys in the caller's language.
 */
export const HomeChart = Type.Object({
  key: Type.String({ description: 'finance-expense | warehouse-movements | flow-approvals' }),
  kind: Type.Union([Type.Literal('bar'), Type.Literal('line')]),
  labels: Type.Array(Type.String()),
  series: Type.Array(Type.Object({ key: Type.String(), values: Type.Array(Type.Number()) })),
});
export type HomeChart = Static<typeof HomeChart>;
