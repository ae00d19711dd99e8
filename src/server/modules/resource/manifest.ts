import { defineModule } from '../../platform/module.ts';
import { resourceMenu } from './menus.ts';
import { resourceRoutes } from './resource.routes.ts';
import { sms } from '../../../shared/entities/resource/sms.ts';
import { smsHooks } from './sms-config.ts';
import { smsRoutes } from './sms.routes.ts';
import { taskSmsSender } from './task-sms.ts';

/** Resources: object storage, SMS, attachments. */
export const resourceModule = defineModule({
  name: 'resource',
  routes: [resourceRoutes, smsRoutes],
  entities: [sms],
  hooks: { [sms.name]: smsHooks },
  taskSms: taskSmsSender,
  menus: [resourceMenu],
  dictionaries: [
    [
      'oss',
      '对象存储',
      [
        ['1', 'minio'],
        ['2', 'qiniu'],
        ['3', 'ali'],
        ['4', 'tencent'],
      ],
    ],
    [
      'sms',
      '短信服务',
      [
        ['1', 'yunpian'],
        ['2', 'qiniu'],
        ['3', 'ali'],
        ['4', 'tencent'],
        ['5', '仅记录日志', 'log only: the message lands in the usual log, nothing is sent'],
      ],
    ],
  ],
});
