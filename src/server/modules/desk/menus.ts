import { DESK, SYS, menu, screen } from '../../platform/menus.ts';
import { message } from '../../../shared/entities/desk/message.ts';
import { notice } from '../../../shared/entities/desk/notice.ts';

export const deskMenu = menu('desk', '工作台', 'Desk', '/desk', 1, 'iconfont iconicon_airplay', [
  screen('notice', '通知公告', 'Notices', '/desk/notice', 1, 'iconfont iconicon_sms', `${DESK}/notice`),
  screen('message', '消息通知', 'Messages', '/desk/message', 2, 'iconfont iconicon_message', `${SYS}/message`),
]);

/**
 * What the seeded `user` role holds here: the desk, reading the notices published to him, reading and removing his
 * own messages. Unlike seed.md §6 (Saber's notices had no audience) publishing is the notice managers' (NOTICE_MANAGE).
 */
export const DESK_USER_MENUS = [
  'desk',
  'notice',
  `${notice.code}_view`,
  'message',
  `${message.code}_view`,
  `${message.code}_delete`,
];
