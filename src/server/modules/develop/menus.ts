import { DEV, menu, screen } from '../../platform/menus.ts';

export const toolMenu = menu('tool', '研发工具', 'Dev tools', '/tool', 4, 'iconfont iconicon_tool', [
  screen('code', '代码生成', 'Code generator', '/tool/code', 1, 'iconfont iconicon_savememo', `${DEV}/code`),
  screen(
    'datasource',
    '数据源管理',
    'Data sources',
    '/tool/datasource',
    2,
    'iconfont iconicon_ding',
    `${DEV}/datasource`,
  ),
  screen('model', '数据模型设计', 'Data model design', '/tool/model', 3, 'iconfont iconicon_compile', `${DEV}/model`),
]);
