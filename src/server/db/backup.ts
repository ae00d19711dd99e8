import { PGlite } from '@electric-sql/pglite';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { PGLITE_EXTENSIONS, type Database } from './connect.ts';

/**
 * Backup and restore of the embedded database (the `backup` and `restore` commands, and the server's side of them).
 * A backup is PGlite's data folder as a gzipped tar, taken between two transactions. While a server holds the folder,
 * the command asks it over DATA_DIR/tenon.sock, a Unix socket only the folder's owner can open (mode 0600): the one
 * process that may touch the folder takes the copy.
 */

export const CONTROL_SOCKET = 'tenon.sock';
// sun_path holds 108 bytes with its terminating NUL on Linux (104 on macOS).
const MAX_SOCKET_PATH = 103;
const BACKUP_TIMEOUT_MS = 10 * 60_000;

/** The data folder holds a database (what a restore must not overwrite, what a backup needs). */
export const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * The server's end: answers `backup` with a header line (`{"ok":true,"size":n,"pid":p}`) and the dump's bytes.
 * Returns undefined (and says why) where no socket can be opened: the backup command then asks to stop the server.
 */
export async function openControlSocket(
  dataDir: string,
  database: Database,
  log: (line: string) => void = console.warn,
): Promise<ControlSocket | undefined> {
  const path = join(dataDir, CONTROL_SOCKET);
  if (!database.dump) return undefined;
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log(`Tenon: no backup socket (the path ${path} is too long for a Unix socket); stop the server to back it up`);
    return undefined;
  }
  const dump = database.dump;
  // Left by a server that was killed: this process holds the folder's lock, so no live server listens on it.
  rmSync(path, { force: true });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let request = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > 100) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      const command = request.slice(0, request.indexOf('\n')).trim();
      if (command !== 'backup') {
        socket.end(`${JSON.stringify({ ok: false, error: `unknown command ${command.slice(0, 20)}` })}\n`);
        return;
      }
      dump().then(
        (bytes) => {
          socket.write(`${JSON.stringify({ ok: true, size: bytes.length, pid: process.pid })}\n`);
          socket.end(bytes);
        },
        (error: unknown) => socket.end(`${JSON.stringify({ ok: false, error: String(error) })}\n`),
      );
    });
  });
  // Created with mode 0600 (no window in which another user could connect), checked again after.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return {
    path,
    // Stops taking requests; a backup being written finishes first.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
        for (const socket of sockets) if (!socket.writableLength && socket.readableLength === 0) socket.end();
      }),
  };
}

export interface ServerDump {
  bytes: Buffer;
  /** The server process that took it. */
  pid: number;
}

/** Asks the server holding `dataDir` for a dump; undefined when none listens there. */
export function requestDump(dataDir: string): Promise<ServerDump | undefined> {
  const path = join(dataDir, CONTROL_SOCKET);
  return new Promise((resolve, reject) => {
    if (!existsSync(path)) return resolve(undefined);
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    socket.setTimeout(BACKUP_TIMEOUT_MS, () =>
      socket.destroy(new Error(`the server sent no backup within ${BACKUP_TIMEOUT_MS / 60_000} minutes`)),
    );
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on: its server is gone (killed); the caller opens the folder itself.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('the server closed the backup connection without an answer'));
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as {
        ok: boolean;
        size?: number;
        pid?: number;
        error?: string;
      };
      if (!header.ok) return reject(new Error(`the server could not take the backup: ${header.error}`));
      const bytes = all.subarray(newline + 1);
      if (bytes.length !== header.size)
        return reject(new Error(`the backup was cut off (${bytes.length} of ${header.size} bytes)`));
      resolve({ bytes, pid: header.pid ?? 0 });
    });
  });
}

/** Written beside `file` and renamed into place: a failed or interrupted backup never leaves a partial file. */
export function writeFileAtomically(file: string, bytes: Uint8Array) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Creates the database of `dataDir` from a backup and checks that it opens and answers. The caller holds the folder's
 * lock (connect.ts lockDataDir) and has made sure the folder holds no database.
 */
export async function restoreInto(
  dataDir: string,
  backup: Uint8Array<ArrayBuffer>,
): Promise<{ users: number; migration: string }> {
  try {
    const pglite = await PGlite.create(join(dataDir, 'pgdata'), {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([backup]),
    });
    try {
      const users = await pglite.query<{ n: number }>('select count(*)::int as n from blade_user where is_deleted = 0');
      const migration = await pglite.query<{ name: string }>('select max(name) as name from tenon_migration');
      return { users: users.rows[0].n, migration: migration.rows[0].name };
    } finally {
      await pglite.close();
    }
  } catch (error) {
    // A half-written folder would be taken for a database by the next start or restore.
    rmSync(join(dataDir, 'pgdata'), { recursive: true, force: true });
    throw error;
  }
}
