import { OSS_ENABLE } from '../../../shared/entities/resource/oss.ts';
import { SMS_ENABLE, SMS_TEST } from '../../../shared/entities/resource/sms.ts';
import { RES, btn, menu, screen } from '../../platform/menus.ts';

export const resourceMenu = menu(
  'resource',
  '资源管理',
  'Resources',
  '/resource',
  6,
  'iconfont iconicon_coinpurse_line',
  [
    screen('oss', '对象存储', 'Object storage', '/resource/oss', 1, 'iconfont iconicon_folder', `${RES}/oss`, {
      extra: [btn(OSS_ENABLE, '启用', 'Enable', 'enable', 'check', 2, `${RES}/oss/enable`)],
    }),
    screen('sms', '短信配置', 'SMS', '/resource/sms', 2, 'iconfont iconicon_message', `${RES}/sms`, {
      extra: [
        btn(SMS_ENABLE, '启用', 'Enable', 'enable', 'check', 2, `${RES}/sms/enable`),
        btn(SMS_TEST, '测试发送', 'Test send', 'test', 'send', 2, `${RES}/sms/test-send`),
      ],
    }),
    screen('attach', '附件管理', 'Attachments', '/resource/attach', 3, 'iconfont iconicon_ding', `${RES}/attach`),
  ],
);
