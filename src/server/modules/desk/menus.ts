import { DESK, SYS, menu, screen } from '../../platform/menus.ts';
import { message } from '../../../shared/entities/desk/message.ts';
import { notice } from '../../../shared/entities/desk/notice.ts';

export const deskMenu = menu('desk', '工作台', 'Desk', '/desk', 1, 'iconfont iconicon_airplay', [
  screen('notice', '通知公告', 'Notices', '/desk/notice', 1, 'iconfont iconicon_sms', `${DESK}/notice`),
  screen('message', '消息通知', 'Messages', '/desk/message', 2, 'iconfont iconicon_message', `${SYS}/message`),
]);

/**
 * What the seeded `user` role holds here (seed.md §6): the desk, 通知公告 with its four buttons (he changes and removes
 * only the notices he published: notice.hooks.ts), reading and removing his own messages.
 */
export const DESK_USER_MENUS = [
  'desk',
  'notice',
  `${notice.code}_add`,
  `${notice.code}_edit`,
  `${notice.code}_delete`,
  `${notice.code}_view`,
  'message',
  `${message.code}_view`,
  `${message.code}_delete`,
];
