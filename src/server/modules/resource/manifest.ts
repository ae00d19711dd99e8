import { attach } from '../../../shared/entities/resource/attach.ts';
import { oss } from '../../../shared/entities/resource/oss.ts';
import { defineModule } from '../../platform/module.ts';
import { attachRoutes } from './attach.routes.ts';
import { attachmentFiles } from './attachment-files.ts';
import { seedResourceDemo, seedSmsDemo } from './demo.ts';
import { legacyFilesRoutes } from './legacy-files.routes.ts';
import { resourceMenu } from './menus.ts';
import { objectLinkRoutes } from './object-link.routes.ts';
import { ossEndpointRoutes } from './oss-endpoint.routes.ts';
import { ossHooks, ossRoutes } from './oss.routes.ts';
import { sms } from '../../../shared/entities/resource/sms.ts';
import { smsHooks } from './sms-config.ts';
import { smsRoutes } from './sms.routes.ts';
import { taskSmsSender } from './task-sms.ts';

/** Resources: object storage (configs, the file endpoint, links to objects), attachments, SMS. */
export const resourceModule = defineModule({
  name: 'resource',
  entities: [oss, attach, sms],
  hooks: { [oss.name]: ossHooks, [sms.name]: smsHooks },
  routes: [ossRoutes, ossEndpointRoutes, attachRoutes, objectLinkRoutes, legacyFilesRoutes, smsRoutes],
  taskSms: taskSmsSender,
  attachmentFiles,
  menus: [resourceMenu],
  demo: async (db) => [...(await seedResourceDemo(db)), ...(await seedSmsDemo(db))],
  dictionaries: [
    [
      'oss',
      '对象存储',
      [
        ['1', 'minio'],
        ['2', 'qiniu'],
        ['3', 'ali'],
        ['4', 'tencent'],
        ['5', 'local'],
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
