import { external, menu, screen } from '../../db/seed/menus.ts';
import { defineModule } from '../../platform/module.ts';

const reportMenu = menu('report', '报表管理', 'Reports', '/report', 5, 'iconfont iconicon_dispose', [
  external(
    'report_setting',
    '报表配置',
    'Report designer',
    'http://localhost:8108/ureport/designer?blade-auth=bearer ${token}',
    1,
    'iconfont iconicon_compile',
  ),
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
