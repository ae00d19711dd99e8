/**
 * The entity engine as the server builds it for a list, without the server: the benches run a route's list on it to
 * capture the SQL it sends (the raw side of each measurement follows any change to the route's query).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type Dialect,
} from 'kysely';
import type { Schema } from '../src/server/db/schema.ts';
import { ENTITIES } from '../src/server/modules/index.ts';
import { Accounts } from '../src/server/platform/accounts.ts';
import { type AuthUser, SUPER_TENANT } from '../src/server/platform/auth-context.ts';
import { Dictionaries } from '../src/server/platform/dictionaries.ts';
import { EntityService, type EntityDeps } from '../src/server/platform/entity/service.ts';
import { openKeyValueStore } from '../src/server/platform/kv.ts';
import { Permissions } from '../src/server/platform/permissions.ts';
import { TenantTimeZones } from '../src/server/platform/tenant-time.ts';
import type { Services } from '../src/server/services.ts';
import { SEED } from '../src/server/modules/system/install.ts';

/** The platform's administrator, as a bench's list runs for him. */
export const BENCH_ADMIN: AuthUser = {
  userId: SEED.userAdmin,
  tenantId: SUPER_TENANT,
  account: 'admin',
  userName: 'admin',
  realName: '管理员',
  clientId: 'saber',
  roleIds: [],
  roleAliases: ['administrator'],
  deptIds: [SEED.deptRoot],
  postIds: [],
  sessionId: '',
  power: 0,
  isSuperAdmin: true,
  isAdmin: true,
  claims: {} as AuthUser['claims'],
};

/** A PostgreSQL dialect that compiles and answers nothing: the SQL of a query without a database. */
export const compilingDialect = (): Dialect => ({
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (inner) => new PostgresIntrospector(inner),
  createQueryCompiler: () => new PostgresQueryCompiler(),
});

export interface BenchEngine {
  db: Kysely<Schema>;
  entities: Map<string, EntityService>;
  /** What an entity's service is built on. */
  deps: EntityDeps;
  /** What the modules' hooks are built from (the parts of the server's services a list uses). */
  services: Services;
  /** The statements sent since the last `take()`, which it clears. */
  take(): CompiledQuery[];
  close(): Promise<void>;
}

/** An engine of every entity over `dialect`, recording the statements it sends. */
export async function benchEngine(dialect: Dialect): Promise<BenchEngine> {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Schema>({
    dialect,
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const kv = await openKeyValueStore({ db, prefix: 'bench:' });
  const entities = new Map<string, EntityService>();
  const deps: EntityDeps = {
    db,
    permissions: await Permissions.create(db, kv),
    dictionaries: await Dictionaries.create(db, kv),
    accounts: new Accounts(db, kv, await TenantTimeZones.create(db, kv)),
    entities,
  };
  for (const definition of ENTITIES) entities.set(definition.name, new EntityService(definition, deps));
  return {
    db,
    entities,
    deps,
    services: deps as unknown as Services,
    take: () => captured.splice(0),
    async close() {
      await kv.close();
      await db.destroy();
    },
  };
}
