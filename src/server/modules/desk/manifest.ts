import { message } from '../../../shared/entities/desk/message.ts';
import { notice } from '../../../shared/entities/desk/notice.ts';
import { Message } from '../../../shared/contract/api/desk.schemas.ts';
import { defineModule } from '../../platform/module.ts';
import { seedNoticeDemo } from './demo.ts';
import { deskRoutes } from './desk.routes.ts';
import { noticeHooks } from './notice.hooks.ts';
import { noticeRoutes } from './notice.routes.ts';
import { DESK_USER_MENUS, deskMenu } from './menus.ts';

/** The work desk: notices and messages. */
export const deskModule = defineModule({
  name: 'desk',
  entities: [message, notice],
  hooks: { [message.name]: () => ({ row: Message }), [notice.name]: noticeHooks },
  routes: [deskRoutes, noticeRoutes],
  menus: [deskMenu],
  userMenus: DESK_USER_MENUS,
  demo: (db) => seedNoticeDemo(db),
  dictionaries: [
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
