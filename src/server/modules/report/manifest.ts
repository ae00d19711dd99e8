import {
  REPORT_API,
  REPORT_DESIGN,
  REPORT_EXPORT,
  REPORT_LIST,
  REPORT_RUN,
  REPORT_SETTING,
} from '../../../shared/entities/report/report.ts';
import { actions, btn, menu, screen } from '../../platform/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { seedReportDemo } from './demo.ts';
import { reportRoutes } from './report.routes.ts';

const reportMenu = menu('report', '报表管理', 'Reports', '/report', 5, 'iconfont iconicon_dispose', [
  // Saber opens UReport2's designer, a service of its own; here the designer is a console screen (report.routes.ts).
  actions(REPORT_SETTING, '报表配置', 'Report designer', '/report/reportsetting', 1, 'iconfont iconicon_compile', [
    btn(REPORT_DESIGN, '设计', 'Design', 'design', 'edit', 1, `${REPORT_API}/submit`),
  ]),
  screen(REPORT_LIST, '报表列表', 'Reports', '/report/reportlist', 2, 'iconfont iconicon_doc', REPORT_API, {
    only: ['delete', 'view'],
    extra: [
      btn(REPORT_RUN, '运行', 'Run', 'run', 'caret-right', 2, `${REPORT_API}/run`),
      btn(REPORT_EXPORT, '导出', 'Export', 'export', 'download', 1, `${REPORT_API}/export`),
    ],
  }),
]);

/** 报表管理: reports designed and run in the console over the report views of migration 0064. */
export const reportModule = defineModule({
  name: 'report',
  menus: [reportMenu],
  routes: [reportRoutes],
  demo: seedReportDemo,
});
