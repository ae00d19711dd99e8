import { lazyPage, type Screens } from '../screens.ts';

/** 短信配置 (modules/resource on the server): the shared list with its 启用 row button. */
export const smsScreens: Screens = {
  '/resource/sms': lazyPage(() => import('./SmsPage.tsx')),
};
