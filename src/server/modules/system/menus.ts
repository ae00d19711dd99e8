import { SYS, btn, exportBtn, importBtn, menu, screen } from '../../platform/menus.ts';
import { TENANT_DATASOURCE, TENANT_PACKAGE, TENANT_SETTING } from '../../../shared/entities/system/tenant.ts';
import { TOPMENU_SETTING } from '../../../shared/entities/system/top-menu.ts';
import { USER_RESET, USER_ROLE, USER_UNLOCK } from '../../../shared/entities/system/user.ts';

export const baseMenu = menu('base', '基础配置', 'Basic settings', '/base', 97, 'iconfont iconicon_cspace', [
  screen('region', '行政区划', 'Regions', '/base/region', 1, 'iconfont iconicon_map', `${SYS}/region`, {
    only: ['add', 'delete'],
    label: { add: ['新增下级', 'Add child'] },
    extra: [importBtn('region'), exportBtn('region'), btn('region_debug', '调试', 'Debug', 'debug', 'bug', 1)],
  }),
  screen(
    'workcalendar',
    '工作日历',
    'Work calendar',
    '/base/workcalendar',
    2,
    'iconfont iconicon_dynamic',
    `${SYS}/work-calendar`,
  ),
]);

export const authorityMenu = menu('authority', '权限管理', 'Authority', '/authority', 98, 'iconfont iconicon_safety', [
  screen('role', '角色管理', 'Roles', '/authority/role', 1, 'iconfont iconicon_boss', `${SYS}/role`),
  screen(
    'data_scope',
    '数据权限',
    'Data scopes',
    '/authority/datascope',
    2,
    'iconfont iconicon_glass',
    `${SYS}/data-scope`,
    {
      extra: [btn('data_scope_setting', '权限配置', 'Scope settings', 'setting', 'setting', 2)],
    },
  ),
  screen(
    'api_scope',
    '接口权限',
    'API scopes',
    '/authority/apiscope',
    3,
    'iconfont iconicon_link',
    `${SYS}/api-scope`,
    {
      extra: [btn('api_scope_setting', '权限配置', 'Scope settings', 'setting', 'setting', 2)],
    },
  ),
]);

export const systemMenu = menu('system', '系统管理', 'System', '/system', 99, 'iconfont iconicon_setting', [
  screen('user', '用户管理', 'Users', '/system/user', 1, 'iconfont iconicon_principal', `${SYS}/user`, {
    extra: [
      btn(USER_ROLE, '角色配置', 'Assign roles', 'role', 'user', 1, `${SYS}/user/grant`),
      btn(USER_RESET, '密码重置', 'Reset password', 'reset-password', 'retweet', 1, `${SYS}/user/reset-password`),
      btn(USER_UNLOCK, '账号解封', 'Unlock account', 'unlock', 'unlock', 1, `${SYS}/user/unlock`),
      importBtn('user', `${SYS}/user/import-user`),
      exportBtn('user', `${SYS}/user/export-user`),
    ],
  }),
  screen('dept', '机构管理', 'Departments', '/system/dept', 2, 'iconfont iconicon_group', `${SYS}/dept`),
  screen(
    'socialprovider',
    '第三方登录',
    'Social login',
    '/system/socialprovider',
    9,
    'iconfont iconicon_link',
    `${SYS}/social-provider`,
  ),
  screen('post', '岗位管理', 'Posts', '/system/post', 2, 'iconfont iconicon_shakehands', `${SYS}/post`),
  screen('dict', '系统字典', 'System dictionary', '/system/dict', 3, 'iconfont iconicon_addresslist', `${SYS}/dict`),
  screen('menu', '菜单管理', 'Menus', '/system/menu', 4, 'iconfont iconicon_subordinate', `${SYS}/menu`),
  screen(
    'dictbiz',
    '业务字典',
    'Business dictionary',
    '/system/dictbiz',
    5,
    'iconfont iconicon_addresslist',
    `${SYS}/dict-biz`,
  ),
  screen('param', '参数管理', 'Parameters', '/system/param', 6, 'iconfont iconicon_community_line', `${SYS}/param`),
  screen('topmenu', '顶部菜单', 'Top menus', '/system/topmenu', 7, 'iconfont iconicon_exchange', `${SYS}/topmenu`, {
    extra: [btn(TOPMENU_SETTING, '菜单配置', 'Menu settings', 'setting', 'setting', 2, `${SYS}/topmenu/grant`)],
  }),
  screen('tenant', '租户管理', 'Tenants', '/system/tenant', 7, 'iconfont iconicon_study', `${SYS}/tenant`, {
    extra: [
      btn(TENANT_SETTING, '授权配置', 'License settings', 'setting', 'setting', 1, `${SYS}/tenant/setting`),
      btn(TENANT_DATASOURCE, '迁移租户', 'Move tenant', 'datasource', 'database', 1, `${SYS}/tenant/move`),
      btn(TENANT_PACKAGE, '产品包', 'Product package', 'package', 'appstore', 1, `${SYS}/tenant/package-setting`),
    ],
  }),
  screen('client', '应用管理', 'Clients', '/system/client', 8, 'iconfont iconicon_mobilephone', `${SYS}/client`),
  screen(
    'tenantpackage',
    '租户产品包',
    'Tenant packages',
    '/system/tenantpackage',
    9,
    'iconfont iconicon_gift',
    `${SYS}/tenant-package`,
  ),
]);
