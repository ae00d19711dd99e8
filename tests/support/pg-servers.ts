import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { TMP_DIR } from './database.ts';
import { freePort } from './port.ts';

/**
 * Extra PostgreSQL servers of the machine's own installation (Debian's /usr/lib/postgresql/<version>/bin) for the
 * scale-out tests: a primary with logical and streaming replication on, and hot standbys of it, each on 127.0.0.1, a
 * free port and a data folder under the run's temporary folder. The machine's own server (port 5432) is never used.
 * initdb and pg_ctl refuse to run as root: as root they run as the postgres user, which then owns the data folders.
 * Every server started here is stopped when the process exits, so that a crashed run leaves no postgres behind.
 */

const execFileAsync = promisify(execFile);

/** The newest installed version's programs, or undefined where none is installed: tests skip then. */
export const PG_BIN = newestBinDir('/usr/lib/postgresql');

// A start, a base backup or a standby's catching up takes seconds here; a minute means something is broken.
const WAIT_MS = 60_000;
const POLL_MS = 50;
const AS_ROOT = process.getuid?.() === 0;

/** One server of this harness: what a test needs to point Tenon or a replication tool at it and to disturb it. */
export interface PgServer {
  readonly name: string;
  readonly port: number;
  readonly dataDir: string;
  /** For Tenon's DATABASE_URL (the servers trust every local connection: no password). */
  url(database?: string): string;
  /** For the Java tools of the scale-out setups (Debezium, JDBC sinks), which take only this form. */
  jdbcUrl(database?: string): string;
  /** Rows of one statement, on a connection of its own: a test needs no pool to set up or to close. */
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<Row[]>;
  /** Stops the server, keeping its data: 'immediate' is a crash (the next start recovers from the WAL). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again after a stop, on the same port and data. */
  start(): Promise<void>;
  /** A standby stops applying the primary's WAL (it still receives it): a replica lagging behind on demand. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops it at once if running and deletes its data folder. */
  remove(): Promise<void>;
}

const started = new Set<Server>();

// Synchronous, since an 'exit' listener cannot wait: pg_ctl's postmaster runs in a session of its own and would
// otherwise outlive a test worker that ended without stopAll (a failed hook, a crash).
process.on('exit', () => {
  for (const server of started) {
    if (!server.running) continue;
    const [file, args] = command('pg_ctl', ['stop', '-m', 'immediate', '-w', '-t', '20', '-D', server.dataDir]);
    try {
      execFileSync(file, args, { cwd: '/', env: pgEnv(), stdio: 'ignore', timeout: 30_000 });
    } catch {
      /* best effort: already stopped, or nothing more can be done while exiting */
    }
  }
});

/**
 * The server a scale-out test's application writes to and replicates from (logical decoding for subscribers,
 * streaming for standbys): initdb, the settings below, started, with an empty database `tenon`.
 */
export async function startPrimary(name: string): Promise<PgServer> {
  const dataDir = await newDataDir(name);
  await initdb(dataDir);
  await appendSettings(dataDir, {
    listen_addresses: '127.0.0.1',
    wal_level: 'logical',
    max_wal_senders: 20,
    max_replication_slots: 20,
    max_logical_replication_workers: 8,
    // A tenant move's first copy is one table after another per worker: ~80 tables.
    max_sync_workers_per_subscription: 4,
    max_worker_processes: 16,
    // A standby stopped or paused for a while catches up from the kept WAL: its base backup made no slot.
    wal_keep_size: '128MB',
    // For the standbys, which copy this file: their long reads keep the primary's vacuum off the rows they see.
    hot_standby_feedback: 'on',
    // The data is thrown away after the run: surviving a power loss only costs time. A commit still writes its WAL
    // (to the kernel, without fsync) before it answers, so that a crash (stop('immediate')) keeps what was committed:
    // with asynchronous commits a loaded machine lost the last seconds' rows (placement.test.ts, a row gone after the
    // restart: "invalid magic number 0000" where the WAL writer had not written yet).
    fsync: 'off',
    full_page_writes: 'off',
    shared_buffers: '32MB',
  });
  await appendFile(
    join(dataDir, 'pg_hba.conf'),
    '\n# Tenon tests\nhost replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n',
  );
  const server = new Server(name, dataDir, false);
  await server.firstStart();
  await server.query('create database tenon', [], 'postgres');
  return server;
}

/**
 * A fresh cluster in `dataDir` (empty): initdb once per process, into a folder of its own, then a copy of that for
 * every primary. initdb took 2.8 s at a load of 3.5 (bootstrap, the catalogs, a checkpoint), a copy of its 39 MB on
 * the tmpfs 0.25 s; a scale-out test file starts two primaries and the worker's next such file two more. The copies
 * share initdb's system identifier, which only a standby checks (against the primary it was backed up from).
 */
async function initdb(dataDir: string): Promise<void> {
  pristine ??= (async () => {
    const folder = await newDataDir(`initdb-${process.pid}`);
    process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
    await run('initdb', ['-D', folder, '-A', 'trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C', '--no-sync']);
    return folder;
  })();
  // A failed initdb is not kept: the next primary tries again, and reports its own failure.
  const folder = await pristine.catch((error) => {
    pristine = undefined;
    throw error;
  });
  // cp -a keeps the modes and (as root) the postgres user's ownership PostgreSQL checks.
  await execFileAsync('cp', ['-a', `${folder}/.`, dataDir]);
}
let pristine: Promise<string> | undefined;

/** A read replica for the tests of reads off the primary and of replication lag: a hot standby of `primary`. */
export async function startStandby(primary: PgServer, name: string): Promise<PgServer> {
  const dataDir = await newDataDir(name);
  await run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    // The default spread checkpoint paces its writes over the checkpoint interval: 93 s to a standby, not 0.3 s.
    '--checkpoint=fast',
    '--no-sync',
  ]);
  // The backup copied the primary's log and its socket lock file: the standby's log and sockets start empty.
  await rm(logOf(dataDir), { force: true });
  await rm(socketDirOf(dataDir), { recursive: true, force: true });
  const server = new Server(name, dataDir, true);
  await server.firstStart();
  await waitFor(
    `${name} in recovery`,
    async () => (await server.query('select pg_is_in_recovery() as r', [], 'postgres'))[0].r,
  );
  return server;
}

/** Stops and removes every server this process started: for afterAll. */
export async function stopAll(): Promise<void> {
  const results = await Promise.allSettled([...started].map((server) => server.remove()));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length) throw new AggregateError(failures, 'some PostgreSQL servers could not be removed');
}

class Server implements PgServer {
  port = 0;
  running = false;

  constructor(
    readonly name: string,
    readonly dataDir: string,
    private readonly standby: boolean,
  ) {
    started.add(this);
  }

  url(database = 'tenon') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  jdbcUrl(database = 'tenon') {
    return `jdbc:postgresql://127.0.0.1:${this.port}/${database}`;
  }

  async query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    database = 'tenon',
  ): Promise<Row[]> {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: this.port,
      user: 'postgres',
      database,
      connectionTimeoutMillis: 5_000,
    });
    // A server stopped during the statement also emits 'error', which would crash the worker without a listener;
    // the statement's own rejection reports it.
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<Row>(sql, params)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** The first start, on a free port: once more on another one if that port was taken since it was found. */
  async firstStart() {
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      await appendSettings(this.dataDir, { port: this.port, unix_socket_directories: socketDirOf(this.dataDir) });
      try {
        await this.start();
        return;
      } catch (error) {
        if (attempt < 2 && /could not bind|address already in use/i.test(String(error))) continue;
        throw error;
      }
    }
  }

  async start() {
    if (this.running) return;
    // PostgreSQL does not make its socket folder; a standby's was removed after the backup.
    await mkdir(socketDirOf(this.dataDir), { recursive: true });
    await ownByPostgres(this.dataDir);
    try {
      await run('pg_ctl', ['start', '-w', '-t', String(WAIT_MS / 1000), '-D', this.dataDir, '-l', logOf(this.dataDir)]);
    } catch (error) {
      // pg_ctl may give up while the postmaster still runs: stop it, or it would outlive the run unseen.
      await run('pg_ctl', ['stop', '-m', 'immediate', '-D', this.dataDir]).catch(() => undefined);
      throw new Error(`${this.name}: PostgreSQL did not start\n--- log ---\n${this.logTail()}`, { cause: error });
    }
    this.running = true;
    await waitFor(`${this.name} accepting connections`, async () =>
      Boolean(await this.query('select 1', [], 'postgres')),
    );
  }

  async stop(mode: 'fast' | 'immediate' = 'fast') {
    if (!this.running) return;
    try {
      await run('pg_ctl', ['stop', '-w', '-t', String(WAIT_MS / 1000), '-m', mode, '-D', this.dataDir]);
    } catch (error) {
      // A server that died on its own (a test's kill) has nothing left to stop.
      const stillRunning = await run('pg_ctl', ['status', '-D', this.dataDir]).then(
        () => true,
        () => false,
      );
      if (stillRunning) throw error;
    }
    this.running = false;
  }

  async pauseReplay() {
    this.mustBeStandby();
    await this.query('select pg_wal_replay_pause()');
    // The pause is only requested: until the startup process takes it, it may still apply a record or two.
    await waitFor(
      `${this.name} replay paused`,
      async () => (await this.query('select pg_get_wal_replay_pause_state() as s'))[0].s === 'paused',
    );
  }

  async resumeReplay() {
    this.mustBeStandby();
    await this.query('select pg_wal_replay_resume()');
  }

  async remove() {
    await this.stop('immediate');
    await rm(this.dataDir, { recursive: true, force: true });
    started.delete(this);
  }

  private mustBeStandby() {
    if (!this.standby) throw new Error(`${this.name} is a primary: it replays no WAL`);
  }

  private logTail(lines = 40) {
    try {
      return readFileSync(logOf(this.dataDir), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

function newestBinDir(root: string): string | undefined {
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return undefined;
  }
  return versions
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    .map((version) => join(root, version, 'bin'))[0];
}

// Inside the data folder, so that each server has its own and none needs /var/run/postgresql.
const socketDirOf = (dataDir: string) => join(dataDir, 'sockets');
const logOf = (dataDir: string) => join(dataDir, 'log');

async function newDataDir(name: string): Promise<string> {
  if (!PG_BIN) throw new Error('no PostgreSQL installation under /usr/lib/postgresql');
  await mkdir(TMP_DIR, { recursive: true });
  // mkdtemp makes it 0700, as PostgreSQL wants its data folder; the name only helps a reader of the folder.
  const dataDir = await mkdtemp(join(TMP_DIR, `pg-${name.replace(/[^\w-]/g, '_')}-`));
  await ownByPostgres(dataDir);
  return dataDir;
}

async function ownByPostgres(dir: string) {
  if (AS_ROOT) await execFileAsync('chown', ['-R', 'postgres:postgres', dir]);
}

/** Lines appended to postgresql.conf: a setting given again later (a standby's port) wins over the earlier one. */
async function appendSettings(dataDir: string, settings: Record<string, string | number>) {
  const lines = Object.entries(settings).map(([key, value]) => `${key} = '${String(value).replace(/'/g, "''")}'`);
  await appendFile(join(dataDir, 'postgresql.conf'), `\n# Tenon tests\n${lines.join('\n')}\n`);
}

function command(program: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN!, program);
  return AS_ROOT ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

// PGHOST, PGPORT, PGDATA... of the runner's environment would point the programs at another server.
function pgEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
}

async function run(program: string, args: string[]): Promise<string> {
  const [file, argv] = command(program, args);
  try {
    // The postgres user may not enter the runner's folder: the programs run in one everybody may enter.
    const { stdout } = await execFileAsync(file, argv, { cwd: '/', env: pgEnv(), timeout: 2 * WAIT_MS });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${program} ${args.join(' ')} failed:\n${stderr}${stdout}`, { cause: error });
  }
}

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      if (await done()) return;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms${failure ? ` (last: ${String(failure)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
