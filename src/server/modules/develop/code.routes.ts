import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { strToU8, zipSync } from 'fflate';
import {
  CODE_COPY_URL,
  CODE_DEV_MODE_URL,
  CODE_DOWNLOAD_URL,
  CODE_GEN_URL,
  CODE_PREVIEW_URL,
} from '../../../shared/contract/api/develop.ts';
import { allFields, camelToSnake, isStored, snakeToCamel, type EntityDef } from '../../../shared/entities/define.ts';
import { code } from '../../../shared/entities/develop/code.ts';
import type { ModelRow, PrototypeRow } from '../../../shared/develop/model-entity.ts';
import { fail, ok } from '../../platform/errors.ts';
import { idList, optionalId } from '../../platform/ids.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { answers } from '../../platform/response-schemas.ts';
import { IdQuery, Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import { serverFile } from '../../server-files.ts';
import type { Services } from '../../services.ts';
import { codeRow, tableColumns } from './code.queries.ts';
import { storedFieldRows, storedModel } from './model.queries.ts';
import { attachment } from '../../platform/entity/excel.ts';
import {
  checkInside,
  generateModule,
  domainOf,
  type GenSource,
  type GeneratedFile,
  type ServedFacts,
} from './gen/templates.ts';
import { approvalKinds } from './live-publish.ts';

/**
 * 代码生成 beyond the engine's CRUD of `code` (contract develop-report.md §2; issue 38 point 2): copy a row, preview
 * the module it generates file by file, download the files of some rows as a zip, and (a server in development mode
 * only: config.devWrite) write them into the working tree. Nothing is written unless every row generates.
 */
const GeneratedFileSchema = Type.Object({
  path: Type.String(),
  language: Type.Union([Type.Literal('typescript'), Type.Literal('sql')]),
  content: Type.String(),
});
const IdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 2000 }) });
// `system` (BladeX's target system) is accepted and not used: a Tenon module has one place, its domain's folder.
const GenParams = queryOrBody({ ids: Param, system: Param });

type Db = Services['db'];

const wireOf = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [snakeToCamel(key), value ?? undefined]));

function requiredId(value: unknown): string {
  const id = optionalId(value, 'id');
  if (id === undefined) throw fail('missingParam', { name: 'id' });
  return id;
}

function requiredIds(value: unknown): string[] {
  const ids = idList(value, 'ids');
  if (ids.length === 0) throw fail('missingParam', { name: 'ids' });
  return ids;
}

/** The highest migration number in a folder, plus one. */
export function nextMigrationNumber(folder: string): number {
  const numbers = readdirSync(folder)
    .map((name) => /^(\d+)_.*\.sql$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return Math.max(0, ...numbers) + 1;
}

async function modelSource(db: Db, id: unknown) {
  if (id === null || id === undefined || id === '') return undefined;
  const model = await storedModel(db, String(id));
  if (!model) throw fail('genNoModel', { name: String(id) });
  const rows = await storedFieldRows(db, String(id));
  return {
    model: wireOf(model) as unknown as ModelRow,
    rows: rows.map((row) => wireOf(row) as unknown as PrototypeRow),
  };
}

/** A code row with its models, as the templates read them. */
async function sourceOf(db: Db, id: string): Promise<GenSource> {
  const row = await codeRow(db, id);
  if (!row) throw fail('genNoCode', { name: id });
  const wire = wireOf(row) as unknown as GenSource['code'] & { modelId?: string; subModelId?: string };
  const main = await modelSource(db, wire.modelId);
  if (!main) throw fail('genNoModel', { name: '' });
  const sub = wire.templateType === 'sub' ? await modelSource(db, wire.subModelId) : undefined;
  return { code: wire, ...main, ...(sub ? { sub } : {}) };
}

/** The columns an entity's table has (what the migration creates). */
const columnsOf = (entity: EntityDef) =>
  Object.entries(allFields(entity))
    .filter(([, field]) => isStored(field))
    .map(([name]) => camelToSnake(name));

/**
 * A table the app's database has already: refused when it has other columns than the entity's, and refused outright
 * when the files are written into this server's tree, whose next start would run a migration creating it again.
 */
async function checkTables(db: Db, entities: readonly EntityDef[], writing: boolean) {
  for (const entity of entities) {
    const columns = await tableColumns(db, entity.table);
    if (columns.length === 0) continue;
    if (writing) throw fail('genTableExists', { name: entity.table });
    const have = new Set(columns);
    const want = new Set(columnsOf(entity));
    const differ = [...[...want].filter((c) => !have.has(c)), ...[...have].filter((c) => !want.has(c))];
    if (differ.length > 0) throw fail('genTableClash', { name: entity.table, label: differ.join(', ') });
  }
}

/**
 * The modules of some rows, in order, against one tree: each takes the next migration number and sees the manifest
 * edits of the ones before it.
 */
async function generateAll(
  db: Db,
  served: ServedFacts,
  ids: readonly string[],
  root: string | undefined,
): Promise<GeneratedFile[]> {
  const migrations = root ? join(root, 'src/server/db/migrations') : serverFile('db', 'migrations');
  let number = nextMigrationNumber(migrations);
  const manifests = new Map<string, string>();
  const manifestOf = (domain: string) => {
    const path = root
      ? join(root, 'src/server/modules', domain, 'manifest.ts')
      : serverFile('modules', domain, 'manifest.ts');
    if (!manifests.has(domain) && existsSync(path)) manifests.set(domain, readFileSync(path, 'utf8'));
    return manifests.get(domain);
  };
  const files: GeneratedFile[] = [];
  for (const id of ids) {
    const source = await sourceOf(db, id);
    if (root && manifestOf(domainOf(source.code)) === undefined)
      throw fail('genManifest', { name: `src/server/modules/${domainOf(source.code)}/manifest.ts` });
    const generated = await generateModule(source, { ...served, migrationNumber: number++, manifest: manifestOf });
    await checkTables(db, generated.entities, root !== undefined);
    for (const file of generated.files) {
      if (file.path.endsWith('/manifest.ts')) manifests.set(domainOf(source.code), file.content);
      const same = files.findIndex((f) => f.path === file.path);
      if (same >= 0) files.splice(same, 1);
      files.push(file);
    }
  }
  return files;
}

export async function codeRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = services;
  const rows = services.entities.get(code.name)!;
  const served = (): ServedFacts => ({
    services: new Set([...services.entities.values()].map((s) => s.entity.service)),
    kinds: approvalKinds(services.entities.values()),
  });
  const route = { platform: true, permission: code.code };

  app.post(
    CODE_COPY_URL,
    { config: route, schema: { ...queryOrBody({ id: Param }), ...answers(Type.Object({ id: Type.String() })) } },
    async (request) => {
      const user: AuthUser = request.user;
      const id = requiredId(paramsOf(request).id);
      const found = await rows.detail(user, id);
      if (!found) throw fail('genNoCode', { name: id });
      const body = Object.fromEntries(
        Object.keys(code.fields).map((name) => [name, (found as Record<string, unknown>)[name]]),
      );
      const saved = await rows.submit(user, { ...body, codeName: `${String(found.codeName)}-copy` }, 'save');
      return ok(request, { id: String(saved.id) });
    },
  );

  app.get(
    CODE_PREVIEW_URL,
    { config: route, schema: { querystring: IdQuery, ...answers(Type.Array(GeneratedFileSchema)) } },
    async (request) => ok(request, await generateAll(db, served(), [requiredId(request.query.id)], undefined)),
  );

  app.get(
    CODE_DEV_MODE_URL,
    { config: route, schema: answers(Type.Object({ write: Type.Boolean() })) },
    async (request) => ok(request, { write: config.devWrite !== undefined }),
  );

  app.get(
    CODE_DOWNLOAD_URL,
    { config: { ...route, download: true }, schema: { querystring: IdsQuery } },
    async (request, reply) => {
      const files = await generateAll(db, served(), requiredIds(request.query.ids), undefined);
      const zip = zipSync(Object.fromEntries(files.map((file) => [file.path, strToU8(file.content)])));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment('tenon-code.zip'))
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  app.post(
    CODE_GEN_URL,
    { config: route, schema: { ...GenParams, ...answers(Type.Array(Type.String())) } },
    async (request) => {
      const root = config.devWrite?.root;
      if (!root) throw fail('genDevOnly');
      const files = await generateAll(db, served(), requiredIds(paramsOf(request).ids), root);
      // All checked before anything is written: inside the root, and no file but a manifest overwritten.
      const targets = files.map((file) => {
        checkInside(file.path);
        const target = resolve(root, file.path);
        if (!target.startsWith(root + sep)) throw fail('genOutside', { name: file.path });
        if (!file.path.endsWith('/manifest.ts') && existsSync(target)) throw fail('genExists', { name: file.path });
        return target;
      });
      files.forEach((file, i) => {
        mkdirSync(dirname(targets[i]), { recursive: true });
        writeFileSync(targets[i], file.content);
      });
      return ok(
        request,
        targets.map((target) => relative(root, target)),
      );
    },
  );
}
