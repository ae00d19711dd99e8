import { ConfigError, loadConfig } from './config.ts';
import type { Db } from './db/connect.ts';
import { asSystem } from './db/tenant-context.ts';
import type { MoveStatus } from './modules/system/tenant-move.service.ts';
import { listProcesses } from './modules/log/monitor.queries.ts';
import { ApiError } from './platform/errors.ts';
import { isId } from './platform/ids.ts';

/**
 * `npm run tenant:move -- <tenantCode> <datasourceId|main>`: 迁移租户 from the command line, with the screen's code
 * (modules/system/tenant-move.service.ts). Run with the server's environment (DATABASE_URL, TENON_JWT_SECRET, which
 * unseals the data sources' passwords, and REDIS_URL if set): the app is built on the main database without
 * listening, the move runs in this process and each of its steps is printed. Stopped half-way, the move is taken up
 * by a server process sharing the database (or the next one started), as when a server stops during a move.
 * Exits 0 when the move is done, 1 when it was rolled back, 2 when it did not start.
 */
const USAGE = [
  'Usage: npm run tenant:move -- <tenantCode> <datasourceId|main>',
  '  tenantCode    the tenant to move (租户ID, e.g. 123456)',
  '  datasourceId  the id of the data source (数据源) to move it to, or main for the main database (DATABASE_URL)',
].join('\n');

/** How often the move's row is read for its progress. */
const POLL_MS = 250;

const STATES: Record<MoveStatus['state'], string> = {
  copying: 'copying its rows (复制中)',
  cutover: 'cutting over: its writes wait (切换中)',
  switched: 'switched: removing the rows left on the old database (清理旧数据)',
  rollback: 'rolling back (回滚中)',
  done: 'done (完成)',
  failed: 'rolled back (已回滚)',
};

/** A refusal before the move started: nothing changed. */
class NotStarted extends Error {}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 2 || args.some((arg) => arg.startsWith('-')))
    throw new NotStarted(`expected a tenant code and a data source\n${USAGE}`);
  const [tenantCode, to] = args;
  if (to !== 'main' && !isId(to)) throw new NotStarted(`${to} is neither a data source id nor main\n${USAGE}`);
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new NotStarted(
      'DATABASE_URL is not set: tenants are placed on data sources only when the main database is PostgreSQL ' +
        '(the embedded database holds every tenant itself). Run it with the environment of the server.',
    );
  // Loaded once the arguments are known: the server's code takes seconds to load.
  const { buildApp } = await import('./app.ts');
  const { app, services, close } = await buildApp(config, { logger: false });
  try {
    // As a server that does not listen: the data sources made ready, a move this process runs taken up again if a
    // step of it failed, the cutovers of other processes' moves heard.
    await app.ready();
    await refuseUnwarnedServers(services.database.platformDb, config.redisUrl, app.metrics.identity.instanceId);
    const started = await services.moves.move(tenantCode, to === 'main' ? null : to, null).catch((error: unknown) => {
      if (error instanceof ApiError) throw new NotStarted(`${error.textIn('zh')} (${error.textIn('en')})`);
      throw error;
    });
    const names = await sourceNames(services.database.platformDb);
    const where = (source: string | null) =>
      source === null ? 'the main database (主库)' : `data source ${source} (${names.get(source) ?? '?'})`;
    console.log(
      `Tenon tenant move ${started.id}: tenant ${tenantCode}, ${where(started.fromSource)} -> ${where(started.toSource)}`,
    );
    const ended = await follow(tenantCode, (id) => services.moves.status(id));
    return ended.state === 'done' ? 0 : 1;
  } finally {
    await close();
  }
}

/** Prints the move's steps, its pause and its errors as they are recorded, until it ends. */
async function follow(tenantCode: string, status: (tenant: string) => Promise<MoveStatus | undefined>) {
  let shown: Partial<MoveStatus> = {};
  for (;;) {
    const move = (await status(tenantCode))!;
    const at = new Date().toTimeString().slice(0, 8);
    // The pause is recorded at the switch: a state first seen with it comes after it (a short move may go from
    // copying to done between two reads).
    if (move.pausedMs !== null && shown.pausedMs == null)
      console.log(`  ${at} the tenant's writes were paused ${move.pausedMs} ms`);
    if (move.state !== shown.state) console.log(`  ${at} ${STATES[move.state]}`);
    if (move.error && move.error !== shown.error) console.error(`  ${at} error: ${move.error}`);
    shown = move;
    if (move.endedAt) return move;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Without Redis a process hears only its own notices: a server sharing the database would miss the cutover and keep
 * sending the tenant's requests to the database it left, for a minute (until it reads the placement again).
 */
async function refuseUnwarnedServers(platformDb: Db, redisUrl: string | undefined, self: string) {
  if (redisUrl) return;
  const others = (await asSystem(() => listProcesses(platformDb))).filter(
    (other) => other.online && other.instanceId !== self,
  );
  if (!others.length) return;
  throw new NotStarted(
    [
      `server processes use this database without REDIS_URL: ${others.map((p) => `${p.host} pid ${p.pid}`).join(', ')}.`,
      'They would not hear of the cutover. Move the tenant from the console (系统管理 → 租户管理 → 迁移租户),',
      'or run this command with the REDIS_URL the servers use.',
    ].join('\n'),
  );
}

async function sourceNames(platformDb: Db): Promise<Map<string, string>> {
  const rows = await asSystem(() => platformDb.selectFrom('blade_datasource').select(['id', 'name']).execute());
  return new Map(rows.map((row) => [String(row.id), row.name]));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof NotStarted || error instanceof ConfigError;
    console.error(`Tenon tenant move: ${known ? error.message : error instanceof Error ? error.stack : error}`);
    process.exit(known ? 2 : 1);
  },
);
