import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { dept } from '../../../shared/entities/system/dept.ts';
import { dict, dictBiz } from '../../../shared/entities/system/dict.ts';
import { menu } from '../../../shared/entities/system/menu.ts';
import { role } from '../../../shared/entities/system/role.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { businessUnitOptions, companyOptions } from '../../platform/entity/company.ts';
import { forTenantParam } from '../../platform/entity/routes.ts';
import type { EntityTree } from '../../platform/entity/tree.ts';
import { parentParam } from '../../platform/entity/tree.ts';
import { ok } from '../../platform/errors.ts';
import { listQuery, PARENT_ID, TENANT_ID } from '../../platform/entity/schemas.ts';
import { mapQuery, type MapQuery, NO_INPUT, Param, queryParams } from '../../platform/route-schemas.ts';
import { isId } from '../../platform/ids.ts';
import * as urls from '../../../shared/contract/api/system.ts';
import type { Services } from '../../services.ts';

import { answers, pageOf, rowOf, TreeNodes, treeRowOf } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';

const SYS = '/api/blade-system';
/** A select's option (`{value, label}`: the company code or business unit id, its name). */
const SelectOption = Type.Object({ value: Type.String(), label: Type.String() });
const MENUS_ONLY = { category: 1 };

/**
 * The tree entities' routes beyond list / lazy-list / tree (contract system.md §3, §4, §6, §8). Pickers used by
 * other screens' forms (lazy-tree, listNoPage, listChildNoPage, tree-by-id) need a signed-in caller only.
 */
export function treeRoutes(fastify: FastifyInstance, services: Services) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const serviceOf = (entity: EntityDef) => services.entities.get(entity.name)!;
  const treeOf = (entity: EntityDef): EntityTree => serviceOf(entity).tree!;
  const read = (entity: EntityDef, query: MapQuery, answer: object) => ({
    config: { permission: entity.code },
    schema: { ...query, ...answer },
  });
  const treeRows = (entity: EntityDef) => answers(Type.Array(treeRowOf(entity)));
  const rows = (entity: EntityDef) => answers(Type.Array(rowOf(entity)));
  const nodes = answers(TreeNodes);
  const options = { schema: { ...NO_INPUT, ...answers(Type.Array(SelectOption)) } };
  const all = (entity: EntityDef, extra?: Record<string, TSchema>) => listQuery(entity, { paged: false, extra });

  const lazyTree = mapQuery({ tenantId: TENANT_ID, parentId: PARENT_ID });
  app.get(urls.DEPT_LAZY_TREE_URL, { schema: { ...lazyTree, ...nodes } }, async (request) => {
    const { user, query } = forTenantParam(request);
    return ok(request, await treeOf(dept).lazyPicker(user, parentParam(query.parentId)));
  });
  app.get(`${SYS}/dept/listNoPage`, { schema: { ...all(dept), ...rows(dept) } }, async (request) =>
    ok(request, await serviceOf(dept).list(request.user, request.query)),
  );
  app.get(
    `${SYS}/dept/listChildNoPage`,
    { schema: { ...queryParams({ parentId: Param }), ...rows(dept) } },
    async (request) => ok(request, await treeOf(dept).children(request.user, parentParam(request.query.parentId))),
  );

  // The company select of every form with an `orgId` (domain/README.md §3.4): `{value: code, label: name}`.
  app.get(urls.DEPT_COMPANY_SELECT_URL, options, async (request) =>
    ok(request, await companyOptions(services.db, request.user.tenantId)),
  );
  // The business-unit select of forms with a business unit (§3.4): `{value: id, label: name}`.
  app.get(urls.DEPT_BUSINESS_UNIT_SELECT_URL, options, async (request) =>
    ok(request, await businessUnitOptions(services.db, request.user.tenantId)),
  );

  app.get(`${SYS}/role/tree-by-id`, { schema: { ...queryParams({ roleId: Param }), ...nodes } }, async (request) => {
    const { roleId } = request.query;
    return ok(request, isId(roleId) ? await treeOf(role).picker(request.user, {}, { under: String(roleId) }) : []);
  });

  app.get(
    `${SYS}/menu/lazy-menu-list`,
    read(menu, all(menu, { parentId: PARENT_ID }), treeRows(menu)),
    async (request) => ok(request, await treeOf(menu).lazyList(request.user, request.query, MENUS_ONLY)),
  );
  app.get(`${SYS}/menu/menu-list`, read(menu, all(menu), treeRows(menu)), async (request) =>
    ok(request, await treeOf(menu).list(request.user, request.query, { where: MENUS_ONLY })),
  );

  for (const entity of [dict, dictBiz]) {
    const base = `${SYS}/${entity.name}`;
    app.get(
      `${base}/parent-list`,
      read(entity, listQuery(entity, { paged: true }), answers(pageOf(entity))),
      async (request) => ok(request, await serviceOf(entity).page(request.user, request.query, { parentId: 0 })),
    );
    // The console's child table: the entries below one dictionary, as a tree.
    app.get(
      `${base}/child-list`,
      read(entity, all(entity, { parentId: PARENT_ID }), treeRows(entity)),
      async (request) => {
        const { parentId, ...query } = request.query;
        return ok(
          request,
          isId(parentId) ? await treeOf(entity).list(request.user, query, { under: String(parentId) }) : [],
        );
      },
    );
  }
}
