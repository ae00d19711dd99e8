/**
 * bench/scale's raw side: the server's own services in this process, over a Kysely that records every statement it
 * sends, so the SQL replayed beside an endpoint is what the server runs for it and follows any change to its queries.
 */
import pg from 'pg';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type { Db } from '../src/server/db/connect.ts';
import type { Schema } from '../src/server/db/schema.ts';
import { ENTITIES, MODULES } from '../src/server/modules/index.ts';
import { TotpService } from '../src/server/modules/auth/totp.service.ts';
import { TokenService } from '../src/server/modules/auth/token.service.ts';
import { Sessions } from '../src/server/platform/auth-context.ts';
import { Dictionaries } from '../src/server/platform/dictionaries.ts';
import { EntityService } from '../src/server/platform/entity/service.ts';
import { openKeyValueStore } from '../src/server/platform/kv.ts';
import { Permissions } from '../src/server/platform/permissions.ts';
import { TenantTimeZones } from '../src/server/platform/tenant-time.ts';
import { Accounts } from '../src/server/platform/accounts.ts';
import { TokenSigner } from '../src/server/platform/token.ts';
import type { Services } from '../src/server/services.ts';
import { JWT_SECRET } from './support.ts';

/** The server's services the measured routes use, in this process. */
export interface Engine {
  db: Db;
  entities: Map<string, EntityService>;
  tokens: TokenService;
  /** Grants as a process has them before anyone asked: nothing cached. */
  freshPermissions(): Promise<Permissions>;
}

export interface Recorder {
  /** The statements `run` sends; `warm`: those of a second run, the first having filled the caches a server keeps. */
  record(run: (engine: Engine) => Promise<unknown>, warm: boolean): Promise<CompiledQuery[]>;
  close(): Promise<void>;
}

/** Entities whose module hooks take part in the measured lists' SQL (the user list's `deptId`, its names). */
const HOOKED = ['user'];
/** As db/connect.ts reads them: int8, numeric, dates and timestamps stay text. */
const TEXT_TYPES = new Set([20, 1700, 1082, 1114, 1184]);

export async function openRecorder(databaseUrl: string): Promise<Recorder> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        TEXT_TYPES.has(oid)
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  // The key-value store on the same database: a login's lockout counter is SQL the server sends too.
  const kv = await openKeyValueStore({ db, prefix: 'bench:' });
  const entities = new Map<string, EntityService>();
  const permissions = await Permissions.create(db, kv);
  const dictionaries = await Dictionaries.create(db, kv);
  const timeZones = await TenantTimeZones.create(db, kv);
  const signer = new TokenSigner(new TextEncoder().encode(JWT_SECRET));
  const accounts = new Accounts(db, kv, timeZones);
  const deps = { db, permissions, dictionaries, accounts, entities };
  for (const entity of ENTITIES) entities.set(entity.name, new EntityService(entity, deps));
  const services = { ...deps, kv, timeZones, signer } as unknown as Services;
  for (const module of MODULES)
    for (const [name, hooks] of Object.entries(module.hooks ?? {}))
      if (HOOKED.includes(name)) entities.get(name)!.use(hooks(services));
  const engine: Engine = {
    db,
    entities,
    tokens: new TokenService(
      db,
      kv,
      signer,
      new Sessions(signer, kv, accounts, permissions),
      timeZones,
      accounts,
      new TotpService(db, kv, new TextEncoder().encode(JWT_SECRET), accounts),
    ),
    freshPermissions: () => Permissions.create(db, kv),
  };
  return {
    async record(run, warm) {
      if (warm) await run(engine);
      captured.length = 0;
      await run(engine);
      return [...captured];
    },
    async close() {
      await kv.close();
      await db.destroy();
    },
  };
}
