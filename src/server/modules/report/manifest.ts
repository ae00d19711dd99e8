import { menu, screen } from '../../platform/menus.ts';
import { defineModule } from '../../platform/module.ts';

const reportMenu = menu('report', '报表管理', 'Reports', '/report', 5, 'iconfont iconicon_dispose', [
  // Saber opens UReport2's designer, a report service of its own, with the token in the address: no part of Tenon
  // serves it, and no token goes into a URL, so it is a console screen that says it is not available.
  menu('report_setting', '报表配置', 'Report designer', '/report/reportsetting', 1, 'iconfont iconicon_compile'),
  screen(
    'report_list',
    '报表列表',
    'Reports',
    '/report/reportlist',
    2,
    'iconfont iconicon_doc',
    '/api/blade-report/report/rest',
    {
      only: ['delete', 'view'],
    },
  ),
]);

/** 报表管理: its menus so far; the screens behind them are planned (desktop/pages/planned.ts). */
export const reportModule = defineModule({ name: 'report', menus: [reportMenu] });
