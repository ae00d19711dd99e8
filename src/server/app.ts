import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed/seed.ts';
import { Sessions } from './platform/auth-context.ts';
import { Dictionaries } from './platform/dictionaries.ts';
import { registerAccessHooks, registerErrorHandlers } from './platform/http.ts';
import { openKeyValueStore } from './platform/kv.ts';
import { Permissions } from './platform/permissions.ts';
import { registerTenantTime, TenantTimeZones } from './platform/tenant-time.ts';
import { TokenSigner } from './platform/token.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { roleGrantRoutes } from './modules/system/role-grant.routes.ts';
import { userRoutes } from './modules/system/user.routes.ts';
import { tenantRoutes } from './modules/system/tenant.routes.ts';
import { regionRoutes } from './modules/system/region.routes.ts';
import { workCalendarRoutes } from './modules/system/work-calendar.routes.ts';
import { deskRoutes } from './modules/desk/desk.routes.ts';
import { resourceRoutes } from './modules/resource/resource.routes.ts';
import { flowRoutes } from './modules/flow/flow.routes.ts';
import { datasourceRoutes } from './modules/develop/datasource.routes.ts';
import { ENTITIES } from '../shared/entities/index.ts';
import { registerEntityRoutes } from './platform/entity-routes.ts';
import { EntityService } from './platform/entity-service.ts';
import type { Services } from './services.ts';

export interface App {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/**
 * The server, in order: data (database, migrations, seed, key-value store), platform (errors, access hooks),
 * entity CRUD routes from the definitions, modules (one plugin per domain), then the web app on the same port.
 */
export async function buildApp(config: Config, options: { database?: Database; logger?: boolean } = {}): Promise<App> {
  const database = options.database ?? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    await seed(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const kv = await openKeyValueStore({ redisUrl: config.redisUrl, prefix: config.kvPrefix, db: database.db });
  const signer = new TokenSigner(config.jwtSecret);
  const permissions = await Permissions.create(database.db, kv);
  const dictionaries = await Dictionaries.create(database.db, kv);
  const timeZones = await TenantTimeZones.create(database.db, kv);
  const services: Services = {
    config,
    database,
    db: database.db,
    kv,
    signer,
    sessions: new Sessions(signer, kv),
    permissions,
    dictionaries,
    timeZones,
    entities: new Map(ENTITIES.map((entity) => [entity.name, new EntityService(entity, { db: database.db, permissions, dictionaries })])),
  };

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  await app.register(formbody);

  registerErrorHandlers(app);
  registerAccessHooks(app, services.sessions, services.permissions);
  registerTenantTime(app, timeZones);

  for (const entity of services.entities.values()) registerEntityRoutes(app, entity);
  await app.register(authRoutes, { services });
  await app.register(systemRoutes, { services });
  await app.register(roleGrantRoutes, { services });
  await app.register(userRoutes, { services });
  await app.register(tenantRoutes, { services });
  await app.register(regionRoutes, { services });
  await app.register(workCalendarRoutes, { services });
  await app.register(deskRoutes, { services });
  await app.register(resourceRoutes, { services });
  await app.register(flowRoutes, { services });
  await app.register(datasourceRoutes, { services });

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
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  return {
    app,
    services,
    close: async () => {
      await app.close();
      await kv.close();
      await database.close();
    },
  };
}
