import { lazyPage, withRows, type Screens } from '../screens.ts';

const notice = async () => (await import('../../../shared/entities/desk/notice.ts')).notice;
const message = async () => (await import('../../../shared/entities/desk/message.ts')).message;

/** The desk module's own desktop screens (工作台, menus of modules/desk on the server). */
export const deskScreens: Screens = {
  // The shared page with a rich-text editor, the audience pickers, read marks and a reading view with receipts.
  '/desk/notice': withRows(
    lazyPage(() => import('./NoticePage.tsx')),
    notice,
  ),
  // The shared page over the caller's own messages, with 标为已读 and each message opening what it is about.
  '/desk/message': withRows(
    lazyPage(() => import('./MessagePage.tsx')),
    message,
  ),
};
