import { actions, btn, LOG, menu, screen } from '../../platform/menus.ts';
import {
  ONLINE_USER_FORCE_LOGOUT,
  ONLINE_USER_LOGOUT_URL,
  ONLINE_USER_MENU,
} from '../../../shared/contract/api/online-user.ts';
import { defineModule } from '../../platform/module.ts';
import { apiDocRoutes } from './api-doc.routes.ts';
import { monitorRoutes } from './monitor.routes.ts';
import { retentionJob } from './retention.ts';
import { errorLog } from '../../../shared/entities/log/error-log.ts';
import { apiLog } from '../../../shared/entities/log/api-log.ts';
import { usualLog } from '../../../shared/entities/log/usual-log.ts';
import { changeLogRoutes } from './change-log.routes.ts';

const monitorMenu = menu('monitor', '系统监控', 'Monitoring', '/monitor', 3, 'iconfont iconicon_whole', [
  // In the console, same origin (BladeX opened Swagger and Spring Boot Admin as other sites): migration 0037.
  menu('doc', '接口文档', 'API docs', '/monitor/doc', 1, 'iconfont iconicon_study'),
  menu('admin', '服务治理', 'Service governance', '/monitor/admin', 2, 'iconfont iconicon_task_done'),
  menu('log', '日志管理', 'Logs', '/monitor/log', 3, 'iconfont iconicon_doc', [
    screen('log_usual', '通用日志', 'Usual logs', '/monitor/log/usual', 1, 'iconfont iconicon_doc', `${LOG}/usual`, {
      only: ['view'],
    }),
    screen('log_api', '接口日志', 'API logs', '/monitor/log/api', 2, 'iconfont iconicon_work', `${LOG}/api`, {
      only: ['view'],
    }),
    screen(
      'log_error',
      '错误日志',
      'Error logs',
      '/monitor/log/error',
      3,
      'iconfont iconicon_interspace',
      `${LOG}/error`,
      { only: ['view'] },
    ),
  ]),
  // The live logins (modules/auth online.routes.ts): who, from where, since when; 强制退出 ends one at once.
  actions(ONLINE_USER_MENU, '在线用户', 'Online users', '/monitor/online', 4, 'iconfont iconicon_group', [
    btn(ONLINE_USER_FORCE_LOGOUT, '强制退出', 'Force logout', 'logout', 'logout', 2, ONLINE_USER_LOGOUT_URL),
  ]),
]);

/** 系统监控: logs, the API document (OpenAPI) and service governance (health and metrics of the server processes). */
export const logModule = defineModule({
  name: 'log',
  entities: [errorLog, apiLog, usualLog],
  menus: [monitorMenu],
  routes: [apiDocRoutes, monitorRoutes, retentionJob, changeLogRoutes],
});
