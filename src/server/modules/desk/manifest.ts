import { MESSAGE_CATEGORY, MESSAGE_STATUS, message } from '../../../shared/entities/desk/message.ts';
import { notice } from '../../../shared/entities/desk/notice.ts';
import { Message } from '../../../shared/contract/api/desk.schemas.ts';
import { defineModule } from '../../platform/module.ts';
import { seedDeskDemo } from './demo.ts';
import { deskRoutes } from './desk.routes.ts';
import { homeRoutes } from './home.routes.ts';
import { noticeHooks } from './notice.hooks.ts';
import { noticeRoutes } from './notice.routes.ts';
import { DESK_USER_MENUS, deskMenu } from './menus.ts';

/** The work desk: notices and messages. */
export const deskModule = defineModule({
  name: 'desk',
  entities: [message, notice],
  hooks: { [message.name]: () => ({ row: Message }), [notice.name]: noticeHooks },
  routes: [deskRoutes, noticeRoutes, homeRoutes],
  menus: [deskMenu],
  demo: seedDeskDemo,
  userMenus: DESK_USER_MENUS,
  dictionaries: [
    [
      'message_category',
      '消息类型',
      [
        [String(MESSAGE_CATEGORY.plain), '通知', 'en:Notification'],
        [String(MESSAGE_CATEGORY.flow), '流程', 'en:Workflow'],
        [String(MESSAGE_CATEGORY.notice), '公告', 'en:Notice'],
      ],
    ],
    [
      'message_status',
      '消息状态',
      [
        [String(MESSAGE_STATUS.unread), '未读', 'en:Unread'],
        [String(MESSAGE_STATUS.read), '已读', 'en:Read'],
      ],
    ],
    [
      'notice',
      '通知类型',
      [
        ['1', '发布通知'],
        ['2', '批转通知'],
        ['3', '转发通知'],
        ['4', '指示通知'],
        ['5', '任免通知'],
        ['6', '事务通知'],
      ],
    ],
  ],
});
