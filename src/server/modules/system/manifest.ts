import { TenantRow } from '../../../shared/contract/api/system.schemas.ts';
import { client } from '../../../shared/entities/system/client.ts';
import { dept } from '../../../shared/entities/system/dept.ts';
import { dict, dictBiz } from '../../../shared/entities/system/dict.ts';
import { menu } from '../../../shared/entities/system/menu.ts';
import { param } from '../../../shared/entities/system/param.ts';
import { region } from '../../../shared/entities/system/region.ts';
import { post } from '../../../shared/entities/system/post.ts';
import { role } from '../../../shared/entities/system/role.ts';
import { apiScope, dataScope } from '../../../shared/entities/system/scopes.ts';
import { tenantPackage } from '../../../shared/entities/system/tenant-package.ts';
import { tenant } from '../../../shared/entities/system/tenant.ts';
import { topMenu } from '../../../shared/entities/system/top-menu.ts';
import { user } from '../../../shared/entities/system/user.ts';
import { workCalendar } from '../../../shared/entities/system/work-calendar.ts';
import { defineModule } from '../../platform/module.ts';
import { seedWorkCalendars } from './work-calendar-seed.ts';
import { seedDemo, seedDemoBusinessUnits, seedDemoCompanies, seedDemoSmsApprover } from './demo/organisation.ts';
import { installSystem } from './install.ts';
import { authorityMenu, baseMenu, systemMenu } from './menus.ts';
import { clientHooks } from './client.hooks.ts';
import { dataScopeHooks } from './data-scope.hooks.ts';
import { regionRoutes } from './region.routes.ts';
import { roleHooks } from './role-power.ts';
import { roleGrantRoutes } from './role-grant.routes.ts';
import { systemRoutes } from './system.routes.ts';
import { tenantRoutes } from './tenant.routes.ts';
import { userRoutes } from './user.routes.ts';
import { UserService } from './user.service.ts';
import { workCalendarRoutes } from './work-calendar.routes.ts';
import { workCalendarHooks } from './work-calendar.service.ts';

/** System administration: tenants, users, departments, roles and grants, menus, dictionaries, parameters, regions. */
export const systemModule = defineModule({
  name: 'system',
  entities: [
    param,
    post,
    client,
    topMenu,
    tenantPackage,
    dataScope,
    apiScope,
    dept,
    role,
    menu,
    dict,
    dictBiz,
    user,
    tenant,
    workCalendar,
    region,
  ],
  hooks: {
    [role.name]: roleHooks,
    [client.name]: clientHooks,
    [dataScope.name]: dataScopeHooks,
    [user.name]: (services) => new UserService(services, services.entities.get(user.name)!).hooks(),
    [workCalendar.name]: workCalendarHooks,
    // Its rows as the tenant screen's dialogs read them (the shared TenantRow).
    [tenant.name]: () => ({ row: TenantRow }),
  },
  routes: [systemRoutes, roleGrantRoutes, userRoutes, tenantRoutes, regionRoutes, workCalendarRoutes],
  menus: [baseMenu, authorityMenu, systemMenu],
  dictionaries: [
    [
      'sex',
      '性别',
      [
        ['1', '男'],
        ['2', '女'],
        ['3', '未知'],
      ],
    ],
    [
      'menu_category',
      '菜单类型',
      [
        ['1', '菜单'],
        ['2', '按钮'],
      ],
    ],
    [
      'button_func',
      '按钮功能',
      [
        ['1', '工具栏'],
        ['2', '操作栏'],
        ['3', '工具操作栏'],
      ],
    ],
    [
      'yes_no',
      '是否',
      [
        ['1', '否'],
        ['2', '是'],
      ],
    ],
    [
      'data_scope_type',
      '数据权限',
      [
        ['1', '全部可见'],
        ['2', '本人可见'],
        ['3', '所在机构可见'],
        ['4', '所在机构及子级可见'],
        ['5', '自定义'],
      ],
    ],
    [
      'api_scope_type',
      '接口权限',
      [
        ['1', '系统接口'],
        ['2', '业务接口'],
      ],
    ],
    [
      'post_category',
      '岗位类型',
      [
        ['1', '高层'],
        ['2', '中层'],
        ['3', '基层'],
        ['4', '其他'],
      ],
    ],
    [
      'region',
      '行政区划',
      [
        ['0', '国家'],
        ['1', '省份/直辖市'],
        ['2', '地市'],
        ['3', '区县'],
        ['4', '乡镇'],
        ['5', '村委'],
      ],
    ],
    [
      'org_category',
      '机构类型',
      [
        ['1', '公司'],
        ['2', '部门'],
        ['3', '小组'],
      ],
    ],
    [
      'user_type',
      '用户平台',
      [
        ['1', 'WEB'],
        ['2', 'APP'],
        ['3', 'OTHER'],
      ],
    ],
    [
      'client_type',
      '应用类型',
      [
        ['confidential', '机密客户端(有密钥)'],
        ['public', '公开客户端(无密钥,PKCE)'],
      ],
    ],
    [
      'work_day_type',
      '日期类型',
      [
        ['1', '工作日'],
        ['2', '休息日'],
        ['3', '节假日'],
      ],
    ],
  ],
  install: installSystem,
  // Each tenant's calendar of the current and the next year.
  tenantRows: (trx, tenantIds) => seedWorkCalendars(trx, undefined, [...tenantIds]),
  demo: async (db) => [
    ...(await seedDemo(db)),
    ...(await seedDemoSmsApprover(db)),
    ...(await seedDemoCompanies(db)),
    ...(await seedDemoBusinessUnits(db)),
  ],
});
