import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { existsSync } from 'node:fs';
import type { Config } from './config.ts';
import { openConfiguredDatabase, type Database, type Db } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { grantSourceMenus, seedAtStart, seedSource, setUpTenants, type TenantSeeding } from './db/seed/seed.ts';
import { buildInfo } from './server-files.ts';
import { Sessions } from './platform/auth-context.ts';
import { Accounts } from './platform/accounts.ts';
import { Dictionaries } from './platform/dictionaries.ts';
import { registerApiDoc } from './platform/api-doc.ts';
import { isApiPath, withApiPrefix } from './platform/api-prefix.ts';
import { registerAccessHooks, registerErrorHandlers, registerStandbyReads } from './platform/http.ts';
import { ApiError, clientErrorHandler } from './platform/errors.ts';
import { MESSAGES } from '../shared/i18n/server-messages.ts';
import { collectWhenIdle } from './platform/idle-gc.ts';
import { countRequests } from './platform/yield-to-requests.ts';
import { openKeyValueStore } from './platform/kv.ts';
import { prepareSourcesAtStart, sourceLogins, TenantPlacing } from './modules/system/tenant-placement.ts';
import { TenantMoves } from './modules/system/tenant-move.service.ts';
import { background, registerDrainGate, settleBackground } from './platform/lifecycle.ts';
import { registerMetrics } from './platform/metrics.ts';
import { Permissions } from './platform/permissions.ts';
import { registerTenantTime, TenantTimeZones } from './platform/tenant-time.ts';
import { TokenSigner } from './platform/token.ts';
import { recordServerError } from './modules/log/error-log.queries.ts';
import { AuditLog } from './platform/audit/audit-log.ts';
import { registerApiLog } from './platform/audit/api-log.ts';
import { MODULES } from './modules/index.ts';
import type { ModuleManifest } from './platform/module.ts';
import type { EntityDef } from '../shared/entities/define.ts';
import { registerEntityRoutes } from './platform/entity/routes.ts';
import multipart from '@fastify/multipart';
import { IMPORT_MULTIPART_LIMITS } from './platform/entity/excel.ts';
import { EntityService } from './platform/entity/service.ts';
import { uniqueViolation } from './platform/entity/unique.ts';
import { loadNumericColumns } from './platform/entity/fields.ts';
import { mergeTallies } from './platform/entity/tally.ts';

/** How often the tallies' delta rows are folded (each list reads a key's unfolded rows meanwhile). */
const TALLY_MERGE_MS = 30_000;
import type { Services } from './services.ts';
import { AJV_OPTIONS, schemaController } from './platform/validators.ts';

export interface App {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/**
 * The server, in order: data (database, migrations, seed, key-value store), platform (errors, access hooks),
 * entity CRUD routes from the modules' definitions, the modules' own routes (modules/index.ts), then the web app on
 * the same port.
 */
export async function buildApp(
  config: Config,
  options: {
    database?: Database;
    logger?: boolean;
    entities?: EntityDef[];
    /**
     * Tests only: modules beside the product's (an architecture test's fixture), installed after them through the
     * same steps, with their migrations' folders.
     */
    extraModules?: readonly ModuleManifest[];
    extraMigrations?: readonly string[];
  } = {},
): Promise<App> {
  const modules = [...MODULES, ...(options.extraModules ?? [])];
  const database = options.database ?? (await openConfiguredDatabase(config));
  let seeding: TenantSeeding | undefined;
  try {
    await migrate(database.db, options.extraMigrations);
    seeding = await seedAtStart(database.db, modules, buildInfo()?.id);
  } catch (error) {
    await database.close();
    throw error;
  }
  const kv = await openKeyValueStore({ redisUrl: config.redisUrl, prefix: config.kvPrefix, db: database.platformDb });
  const sourceSeed = {
    grantMenus: (db: Db) => grantSourceMenus(db, modules),
    seedTenants: (id: string, tenants: string[]) => seedSource(database.db, id, modules, tenants, buildInfo()?.id),
  };
  const placing = await TenantPlacing.start(database, kv, config.jwtSecret, sourceSeed, config.mainConninfo);
  // The data sources tenants are placed on, migrated and subscribed to the platform tables before the server listens
  // as the main database is, their tenants' share of the seed begun (the rest once it listens).
  const sources = await prepareSourcesAtStart(database, config.mainConninfo, sourceSeed);
  // Its log is the app's, made below (a move logs only once the app runs).
  const moves = new TenantMoves(
    database,
    kv,
    placing,
    config.mainConninfo,
    sourceLogins(database.platformDb, config.jwtSecret),
    {
      info: (object, message) => app.log.info(object, message),
      warn: (object, message) => app.log.warn(object, message),
    },
    { failpoint: config.moveFailpoint, orphanedSeconds: config.moveOrphanedSeconds },
  );
  const signer = new TokenSigner(config.jwtSecret);
  const permissions = await Permissions.create(database.db, kv);
  const dictionaries = await Dictionaries.create(database.db, kv);
  const timeZones = await TenantTimeZones.create(database.db, kv);
  await loadNumericColumns(database.db);
  const accounts = new Accounts(database.db, kv, timeZones);
  const services: Services = {
    config,
    database,
    db: database.db,
    kv,
    placing,
    moves,
    signer,
    sessions: new Sessions(signer, kv, accounts, permissions),
    accounts,
    permissions,
    dictionaries,
    timeZones,
    audit: new AuditLog(database.db, {
      apiLog: config.apiLog,
      // A lost batch is counted (AuditLog.stats, /metrics); the server's log says why.
      onError: (table, error, rows) => app.log.warn({ err: error, table, rows }, 'audit rows not written'),
      sourceOf: database.placement && ((tenantId) => database.placement!.sourceOf(tenantId)),
    }),
    entities: new Map(),
    flowHooks: new Map(),
    approvalEffects: new Map(),
    setUpTenant: (trx, tenantId) => setUpTenants(trx, modules, [tenantId]),
    userMenuCodes: modules.flatMap((module) => module.userMenus ?? []),
    homeCharts: modules.flatMap((module) => (module.homeChart ? [module.homeChart] : [])),
  };
  const served = modules.flatMap((module) => module.entities ?? []);
  const definitions = [...served, ...(options.entities ?? [])];
  for (const entity of definitions) {
    services.entities.set(
      entity.name,
      new EntityService(entity, {
        db: database.db,
        permissions,
        dictionaries,
        accounts,
        entities: services.entities,
        attachmentFiles: () => services.attachmentFiles,
        entitiesAtRunTime: async () => (await services.entitiesAtRunTime?.()) ?? [],
        ...(database.placement ? { databases: () => database.placement!.databases() } : {}),
      }),
    );
  }
  installEntityHooks(services, modules);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: AJV_OPTIONS,
    schemaController,
    // While stopping, the drain gate answers with the contract's envelope (platform/lifecycle.ts).
    return503OnClosing: false,
    // So do the refusals Node makes before a request exists (431 headers too large, 400 unparsable).
    clientErrorHandler,
    // Saber 4.x calls `/blade-*` without the `/api` prefix: the same routes (platform/api-prefix.ts).
    rewriteUrl: (request) => withApiPrefix(request.url ?? '/'),
  });
  collectWhenIdle(app);
  countRequests(app);
  // Every answer over 1 KiB compressed as the client accepts (brotli at the plugin's quality 4, cheap enough per
  // request); before the static files, whose prebuilt .br/.gz are sent as they are. Request bodies are never inflated
  // here: nothing the clients send is compressed, and an inflated body would escape the body limit's meaning.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(formbody);
  await registerApiDoc(app); // before any route: it describes each as it is added

  registerErrorHandlers(
    app,
    (request, error, errorId) => {
      void background(recordServerError(database.db, config, request, error, errorId)).catch((failure: unknown) =>
        request.log.warn({ err: failure, errorId }, 'the error log did not take the error'),
      );
    },
    // A key a concurrent write took between a handler's check and its write: the rule's refusal, whatever the route.
    // A write of a tenant whose move is cutting over, which the fence refused (db/tenant-move.ts): nothing was written.
    (error) =>
      uniqueViolation(error, definitions) ??
      ((error as { code?: string }).code === 'TNM01' ? new ApiError(503, MESSAGES.tenantMoving) : undefined),
  );
  registerDrainGate(app);
  registerAccessHooks(app, services.sessions, services.permissions);
  if (database.standbyReads) registerStandbyReads(app, database.standbyReads, kv);
  registerApiLog(app, services.audit, config.production);
  registerTenantTime(app, timeZones);
  registerMetrics(app, services); // before any route: every answer is counted by its route pattern

  // In a scope of their own that takes multipart bodies: the engine's Excel imports (the rest of the app does not).
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: IMPORT_MULTIPART_LIMITS });
    for (const entity of services.entities.values()) registerEntityRoutes(scope, entity);
  });
  for (const routes of modules.flatMap((module) => module.routes ?? [])) await app.register(routes, { services });

  if (existsSync(config.webDir)) {
    // Built files carry content hashes (cached for a year); the shell, its service worker and manifest must revalidate.
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routes (/wel, /login, ...) get the app shell; unknown /api paths keep the JSON 404.
    app.get('/*', (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  // Tallies take their writers' deltas as rows of their own; folding them keeps counting a few rows per key.
  const tallied = served.filter((entity) => entity.tally);
  const merging = setInterval(() => {
    void background(
      mergeTallies(database.db, tallied).catch((error: unknown) => app.log.warn({ error }, 'merging tallies failed')),
    );
  }, TALLY_MERGE_MS).unref();

  // The tenant moves a stopped process left are taken up; the data sources' seed goes on in the background.
  app.addHook('onReady', async () => {
    for (const { datasource, error } of sources.failed)
      app.log.error({ err: error, datasource }, 'a tenant data source could not be made ready');
    for (const seeding of sources.seedings) seeding.start(app.log);
    await moves.start();
  });
  app.addHook('onClose', async () => {
    await moves.stop();
    await Promise.all(sources.seedings.map((seeding) => seeding.stop()));
  });

  // The tenants a seed did not reach before listening (an upgrade of thousands), once the server serves.
  if (seeding) {
    const rest = seeding;
    app.addHook('onReady', async () => rest.start(app.log));
    app.addHook('onClose', () => rest.stop());
  }

  return {
    app,
    services,
    // Requests in progress and background work finish before Redis and the database close under them.
    close: async () => {
      clearInterval(merging);
      await Promise.all([app.close(), settleBackground()]);
      // The last requests' audit rows, before the database closes under them.
      await services.audit.close();
      await kv.close();
      await database.close();
    },
  };
}

/** Each module's behaviour of its own entities (a module cannot change another's rules), and its workflow actions. */
function installEntityHooks(services: Services, modules: readonly ModuleManifest[]) {
  for (const module of modules) if (module.taskSms) services.taskSms = module.taskSms(services);
  for (const module of modules) if (module.attachmentFiles) services.attachmentFiles = module.attachmentFiles(services);
  for (const module of modules)
    for (const [name, hook] of Object.entries(module.flowHooks ?? {})) {
      if (services.flowHooks.has(name))
        throw new Error(`module ${module.name}: the workflow hook ${name} exists twice`);
      services.flowHooks.set(name, hook(services));
    }
  for (const module of modules)
    for (const [name, effect] of Object.entries(module.approvalEffects ?? {})) {
      if (!module.entities?.some((entity) => entity.name === name && entity.approval))
        throw new Error(`module ${module.name}: an approval effect for ${name}, which is not one of its approvables`);
      services.approvalEffects.set(name, effect(services));
    }
  for (const module of modules) {
    for (const [name, hooks] of Object.entries(module.hooks ?? {})) {
      const service = services.entities.get(name);
      if (!service || !module.entities?.some((entity) => entity.name === name)) {
        throw new Error(`module ${module.name}: hooks for ${name}, which is not one of its entities`);
      }
      service.use(hooks(services));
    }
  }
  for (const module of modules)
    for (const [name, reaction] of Object.entries(module.reactions ?? {})) {
      const service = services.entities.get(name);
      // A reaction to an entity nobody serves would never run: a misspelt name is a bug found at start.
      if (!service) throw new Error(`module ${module.name}: a reaction to ${name}, which no module serves`);
      service.react(reaction(services));
    }
}
