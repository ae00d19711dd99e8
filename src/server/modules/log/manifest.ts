import { LOG, external, menu, screen } from '../../db/seed/menus.ts';
import { defineModule } from '../../platform/module.ts';

const monitorMenu = menu('monitor', '系统监控', 'Monitoring', '/monitor', 3, 'iconfont iconicon_whole', [
  external('doc', '接口文档', 'API docs', 'http://localhost/swagger-ui.html', 1, 'iconfont iconicon_study'),
  external('admin', '服务治理', 'Service governance', 'http://localhost:7002', 2, 'iconfont iconicon_task_done'),
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
]);

/**
 * 系统监控: logs, API docs and service governance (built in issue 15): its menus so far; the screens behind them are
 * planned (desktop/pages/planned.ts).
 */
export const logModule = defineModule({ name: 'log', menus: [monitorMenu] });
