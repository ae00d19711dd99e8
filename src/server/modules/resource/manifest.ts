import { attach } from '../../../shared/entities/resource/attach.ts';
import { oss } from '../../../shared/entities/resource/oss.ts';
import { defineModule } from '../../platform/module.ts';
import { attachRoutes } from './attach.routes.ts';
import { seedResourceDemo } from './demo.ts';
import { legacyFilesRoutes } from './legacy-files.routes.ts';
import { resourceMenu } from './menus.ts';
import { objectLinkRoutes } from './object-link.routes.ts';
import { ossEndpointRoutes } from './oss-endpoint.routes.ts';
import { ossHooks, ossRoutes } from './oss.routes.ts';

/** Resources: object storage (configs, the file endpoint, links to objects), attachments, SMS. */
export const resourceModule = defineModule({
  name: 'resource',
  entities: [oss, attach],
  hooks: { [oss.name]: ossHooks },
  routes: [ossRoutes, ossEndpointRoutes, attachRoutes, objectLinkRoutes, legacyFilesRoutes],
  menus: [resourceMenu],
  demo: seedResourceDemo,
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
      ],
    ],
  ],
});
