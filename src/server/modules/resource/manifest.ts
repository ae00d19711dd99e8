import { defineModule } from '../../platform/module.ts';
import { resourceMenu } from './menus.ts';
import { resourceRoutes } from './resource.routes.ts';

/** Resources: object storage, SMS, attachments. */
export const resourceModule = defineModule({
  name: 'resource',
  routes: [resourceRoutes],
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
      ],
    ],
  ],
});
