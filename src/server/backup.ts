import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDirOf } from './config.ts';
import { holdsDatabase, requestDump, writeFileAtomically } from './db/backup.ts';
import { DatabaseLockedError, openDatabase } from './db/connect.ts';

/**
 * `npm run backup -- [FILE]`: the embedded database (DATA_DIR, default ./data) as one file, consistent while the server
 * runs (the server takes the copy, asked over DATA_DIR/tenon.sock) or with no server (the command opens the folder).
 * PostgreSQL deployments use pg_dump (docs/operations.md).
 */
async function main() {
  const dataDir = dataDirOf();
  if (process.env.DATABASE_URL?.trim()) {
    console.error(
      [
        'Tenon backup: DATABASE_URL is set; this command backs up the embedded database only.',
        'Back up PostgreSQL with its own tools (docs/operations.md, "Backup and restore"):',
        '  pg_dump --format=custom --file=tenon.dump "$DATABASE_URL"',
        'and restore into an empty database with:',
        '  pg_restore --no-owner --exit-on-error --dbname="$NEW_DATABASE_URL" tenon.dump',
      ].join('\n'),
    );
    process.exit(1);
  }
  const file = resolve(process.argv[2] ?? `tenon-backup-${stamp()}.tar.gz`);
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`${file} is a folder: name a file`);

  const started = Date.now();
  let source: string;
  let bytes: Uint8Array;
  const fromServer = await requestDump(dataDir);
  if (fromServer) {
    source = `taken by the running server (pid ${fromServer.pid})`;
    bytes = fromServer.bytes;
  } else {
    if (!holdsDatabase(dataDir)) throw new UsageError(`${dataDir} holds no embedded database (set DATA_DIR?)`);
    // No server: this command holds the folder's lock while it copies (a server started meanwhile waits for nothing:
    // it refuses to start and says so).
    const database = await openDatabase({ dataDir });
    try {
      bytes = await database.dump!();
    } finally {
      await database.close();
    }
    source = 'no server was running: the folder was opened directly';
  }
  writeFileAtomically(file, bytes);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    [
      `Tenon backup: ${file} (${megabytes(bytes.length)}, ${seconds} s)`,
      `  of the embedded database in ${dataDir}, ${source}.`,
      '  Keep it somewhere else than this machine. To restore it into a new folder:',
      `    npm run restore -- ${file} --data-dir NEW_FOLDER`,
      '  then start the server with DATA_DIR=NEW_FOLDER. Uploaded files (DATA_DIR/files) are not in it: copy them too.',
    ].join('\n'),
  );
}

class UsageError extends Error {}

const megabytes = (size: number) => `${(size / 1024 / 1024).toFixed(1)} MB`;
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

main().catch((error) => {
  const known = error instanceof UsageError || error instanceof DatabaseLockedError;
  console.error(`Tenon backup failed: ${known ? error.message : error instanceof Error ? error.stack : error}`);
  if (error instanceof DatabaseLockedError)
    console.error(
      '  The server holds the folder but did not answer on its backup socket: stop it, then run the backup again.',
    );
  process.exit(1);
});
