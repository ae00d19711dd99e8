import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { displayField, startsElsewhere, type EngineRoute, type EntityDef } from '../../../shared/entities/define.ts';
import type { AuthUser } from '../auth-context.ts';
import { fail, ok, okOrEmpty } from '../errors.ts';
import { allRecords, sendExport, sendTemplate } from './excel.ts';
import { importWorkbook, readUpload } from './excel-import.ts';
import type { EntityService } from './service.ts';
import {
  IdQuery,
  isRecord,
  type MapQuery,
  multipartBody,
  NO_INPUT,
  Param,
  paramsOf,
  queryOrBody,
  queryParams,
  UploadFile,
} from '../route-schemas.ts';
import { listQuery, PARENT_ID, pickerQuery, recordBody, summaryOf, TENANT_ID } from './schemas.ts';
import { Type } from 'typebox';
import { serveTenant } from '../../db/tenant-context.ts';
import { answers, ANSWERS_NO_DATA, Page, pageOf, PickerOption, TreeNodes, treeRowOf } from '../response-schemas.ts';

/** A submit with an id edits a row (`_edit`), without one adds (`_add`). */
export const hasId = (request: FastifyRequest) => {
  const id = isRecord(request.body) ? request.body.id : undefined;
  return id !== undefined && id !== null && id !== '' && id !== 0 && id !== '0';
};

/**
 * The caller, or for the super administrator the tenant named by `tenantId` (role and dept `tree?tenantId=`,
 * contract system.md: "super admin may pass any tenant"); the parameter is taken out of the filters either way.
 */
export function forTenantParam(request: FastifyRequest): { user: AuthUser; query: Record<string, unknown> } {
  const { tenantId, ...query } = isRecord(request.query) ? request.query : {};
  return { user: asTenant(request.user, tenantId), query };
}

/**
 * The super administrator acting on the named tenant's rows; anyone else stays in his own tenant. The rest of the
 * request then reads and writes the database that tenant is placed on (db/placement.ts).
 */
export function asTenant(user: AuthUser, tenantId: unknown): AuthUser {
  if (!user.isSuperAdmin || typeof tenantId !== 'string' || tenantId === '') return user;
  serveTenant(tenantId);
  return { ...user, tenantId };
}

/**
 * Where the super administrator lists every tenant's rows (`platformReadsAll`), the rows of the one he names with the
 * filter `tenantId=` are read on the database that tenant is placed on (db/placement.ts). A pre-handler: after the
 * access checks, which read his own grants on the main database.
 */
async function servedByFilter(request: FastifyRequest) {
  const tenantId = isRecord(request.query) ? request.query.tenantId : undefined;
  if (request.user?.isSuperAdmin && typeof tenantId === 'string' && /^\w+$/.test(tenantId)) serveTenant(tenantId);
}

/**
 * The routes the engine serves for `entity` (its module serves the rest): none for an approvable entity, whose rows
 * are written by starting their process and read through it (flow/approval.routes.ts), unless its module or another
 * kind starts the process (startsElsewhere); only the lists and the picker
 * of a keyed entity, whose rows its module finds and writes by key; never those its definition leaves to its module.
 */
export function engineActions(entity: EntityDef): EngineAction[] {
  if (entity.approval && !startsElsewhere(entity.approval)) return [];
  const left = new Set<string>(entity.moduleRoutes ?? []);
  if (entity.key) for (const route of ['detail', 'submit', 'save', 'update', 'remove']) left.add(route);
  const actions: EngineAction[] = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'];
  if (entity.tree) actions.push('lazy-list', 'tree');
  if (displayField(entity)) actions.push('picker');
  actions.push(...Object.keys(entity.edits ?? {}));
  if (entity.excel && !left.has('excel')) {
    if (!left.has('export')) actions.push(`export-${entity.name}`);
    if (entity.excel.import) actions.push('export-template', `import-${entity.name}`);
  }
  return actions.filter((action) => !left.has(action));
}

export type EngineAction =
  | EngineRoute
  | 'lazy-list'
  | 'tree'
  | `export-${string}`
  | 'export-template'
  | `import-${string}`
  /** A declared partial edit (`edits`), by its name. */
  | (string & {});

/**
 * The contract's CRUD routes of an entity: GET list|page|detail, POST submit|save|update|remove; a tree entity's
 * `list` is the unpaged tree, plus `lazy-list` and the picker `tree`. Reading needs the menu code, writing
 * `<code>_add|_edit|_delete`; the picker needs the menu code of the entity or of
 * a screen whose forms point at it (refs.ts `pickerReach`); a tree's picker `tree`, a signed-in caller only.
 */
export function registerEntityRoutes(fastify: FastifyInstance, service: EntityService) {
  const { entity } = service;
  const typed = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // `app` registers the routes the engine serves (engineActions), and leaves the others to the module.
  const actions = new Set<string>(engineActions(entity));
  const served = (url: string) => actions.has(url.slice(url.lastIndexOf('/') + 1));
  const only = (method: 'get' | 'post') =>
    ((url: string, ...rest: unknown[]) => {
      if (served(url)) (typed[method] as (...args: unknown[]) => unknown).call(typed, url, ...rest);
    }) as unknown as typeof typed.get;
  const app = { get: only('get'), post: only('post') };
  const base = `/api/${entity.service}/${entity.name}`;
  const config = { permission: entity.code, platform: entity.platformOnly };
  // The API document's summary of each action (platform/api-doc.ts).
  const about = (action: string) => ({ summary: summaryOf(entity, action) });
  // Any query key passes (the document alone names them: schemas.ts listQuery).
  const extra = service.listParams;
  const paged = listQuery(entity, { paged: true, extra });
  const all = listQuery(entity, { paged: false, extra });
  // What each route answers inside the envelope (response-schemas.ts).
  const row = service.wireRow;
  const page = answers(pageOf(entity, row));
  const treeRows = answers(Type.Array(treeRowOf(entity, row)));
  const platform = entity.platformOnly || !entity.tenant;
  // Lists, pickers and exports may read from a standby (db/standbys.ts); a detail opened to edit reads the primary.
  const reading = { ...config, standby: true };
  const read = (action: string, query: MapQuery = paged, answer: object = page) => ({
    config: reading,
    schema: { ...query, ...answer, ...about(action) },
    ...(entity.platformReadsAll ? { preHandler: servedByFilter } : {}),
  });
  // Platform rows that define rights (menus, scopes, packages) are written by administrators only: a role editor
  // who could widen a data scope or drop an API scope that narrows him would gain what nobody granted him.
  const admin = platform && entity.affectsGrants;

  const { tree } = service;
  if (tree) {
    app.get(`${base}/list`, read('list', all, treeRows), async (request) =>
      ok(request, await tree.list(request.user, request.query)),
    );
    const lazy = listQuery(entity, { paged: false, extra: { ...extra, parentId: PARENT_ID } });
    app.get(`${base}/lazy-list`, read('lazy-list', lazy, treeRows), async (request) =>
      ok(request, await tree.lazyList(request.user, request.query)),
    );
    const nodes = listQuery(entity, { paged: false, extra: { ...extra, tenantId: TENANT_ID } });
    const picker = {
      config: { platform: entity.platformOnly, standby: true },
      schema: { ...nodes, ...answers(TreeNodes), ...about('tree') },
    };
    app.get(`${base}/tree`, picker, async (request) => {
      const { user, query } = forTenantParam(request);
      for (const [name, every] of Object.entries(entity.tree?.pickerEvery ?? {}))
        if (query[name] === every) delete query[name];
      return ok(request, await tree.picker(user, query));
    });
  } else {
    app.get(`${base}/list`, read('list'), async (request) =>
      ok(request, await service.page(request.user, request.query)),
    );
  }
  app.get(`${base}/page`, read('page'), async (request) =>
    ok(request, await service.page(request.user, request.query)),
  );
  // The picker serves the screens whose forms point at the entity too (their menu code is enough: refs.ts).
  const picking = { config: { ...reading, permission: [entity.code, ...service.pickerReach.codes] } };
  if (displayField(entity))
    app.get(
      `${base}/picker`,
      { ...picking, schema: { ...pickerQuery(), ...answers(Page(PickerOption)), ...about('picker') } },
      async (request) => ok(request, await service.picker(request.user, request.query)),
    );
  app.get(
    `${base}/detail`,
    { config, schema: { querystring: IdQuery, ...answers(Type.Union([row, Type.Null()])), ...about('detail') } },
    async (request) => okOrEmpty(request, await service.detail(request.user, request.query.id)),
  );

  const body = (action: string) => ({ ...recordBody(entity), ...answers(row), ...about(action) });
  app.post(
    `${base}/submit`,
    {
      config: { permission: (r) => `${entity.code}_${hasId(r) ? 'edit' : 'add'}`, platform, admin },
      schema: body('submit'),
    },
    async (request) => ok(request, await service.submit(request.user, request.body, 'submit')),
  );
  app.post(
    `${base}/save`,
    { config: { permission: `${entity.code}_add`, platform, admin }, schema: body('save') },
    async (request) => ok(request, await service.submit(request.user, request.body, 'save')),
  );
  app.post(
    `${base}/update`,
    { config: { permission: `${entity.code}_edit`, platform, admin }, schema: body('update') },
    async (request) => ok(request, await service.submit(request.user, request.body, 'update')),
  );
  for (const [name, edit] of Object.entries(entity.edits ?? {}))
    app.post(
      `${base}/${name}`,
      {
        config: { permission: edit.button, platform, admin },
        schema: { ...recordBody(entity, edit.fields), ...answers(row), ...about(name) },
      },
      async (request) => ok(request, await service.edit(request.user, name, request.body)),
    );
  const remove = {
    config: { permission: `${entity.code}_delete`, platform, admin },
    schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA, ...about('remove') },
  };
  app.post(`${base}/remove`, remove, async (request) => {
    await service.remove(request.user, paramsOf(request).ids);
    return ok(request, null);
  });

  const { excel } = entity;
  if (!excel) return;
  // Excel: the list's filters; a browser link may carry the token as `blade-auth` (download).
  app.get(
    `${base}/export-${entity.name}`,
    {
      config: { permission: `${entity.code}_export`, download: true, standby: true },
      schema: { ...all, ...about(`export-${entity.name}`) },
    },
    async (request, reply) =>
      sendExport(request, reply, entity, allRecords(service, request.user, request.query), excel.file),
  );
  const importing = { permission: `${entity.code}_import` };
  const template = { config: { ...importing, download: true }, schema: { ...NO_INPUT, ...about('export-template') } };
  app.get(`${base}/export-template`, template, async (request, reply) =>
    sendTemplate(request, reply, entity, excel.template ?? excel.file),
  );
  // Multipart: the upload's own fields are read from the stream; the query string may carry the option instead.
  app.post(
    `${base}/import-${entity.name}`,
    {
      config: importing,
      schema: {
        ...queryParams({ isCovered: Param }),
        ...multipartBody({ file: UploadFile, isCovered: Param }),
        // How many rows were saved.
        ...answers(Type.Integer()),
        ...about(`import-${entity.name}`),
      },
    },
    async (request) => {
      const { file, fields } = await readUpload(request);
      const covered = String(fields.isCovered ?? request.query.isCovered ?? '0').trim();
      if (covered !== '0' && covered !== '1') throw fail('paramType', { name: 'isCovered' });
      const user = request.user;
      const saved = await importWorkbook(service, service.dictionaries, user, file, {
        toBody: covered === '1' ? (values) => service.withIdOfSaved(user, values) : undefined,
      });
      return ok(request, saved);
    },
  );
}
