import type { EntityDef } from './define.ts';
import { datasource } from './develop/datasource.ts';
import { message } from './desk/message.ts';
import { client } from './system/client.ts';
import { param } from './system/param.ts';
import { apiScope, dataScope } from './system/scopes.ts';
import { tenantPackage } from './system/tenant-package.ts';
import { tenant } from './system/tenant.ts';
import { topMenu } from './system/top-menu.ts';
import { post } from './system/post.ts';
import { dept } from './system/dept.ts';
import { dict, dictBiz } from './system/dict.ts';
import { menu } from './system/menu.ts';
import { role } from './system/role.ts';
import { user } from './system/user.ts';
import { workCalendar } from './system/work-calendar.ts';

/** Every entity served by the entity engine. Adding one = its file + a migration + a line here. */
export const ENTITIES: EntityDef[] = [
  param, post, message, client, topMenu, tenantPackage, dataScope, apiScope, dept, role, menu, dict, dictBiz, user, tenant, datasource, workCalendar,
];
