import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDirOf } from './config.ts';
import { holdsDatabase, restoreInto } from './db/backup.ts';
import { DatabaseLockedError, lockDataDir } from './db/connect.ts';

/**
 * `npm run restore -- FILE [--data-dir DIR]`: creates the embedded database of DIR (default DATA_DIR, else ./data)
 * from a file of `npm run backup`. Never overwrites: a folder that holds a database, or that a server holds, is
 * refused. PostgreSQL deployments use pg_restore (docs/operations.md).
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--data-dir');
  const dataDir = at >= 0 ? resolve(args[at + 1] ?? '') : dataDirOf();
  const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
  if (process.env.DATABASE_URL?.trim() && at < 0) {
    console.error(
      [
        'Tenon restore: DATABASE_URL is set; this command restores the embedded database only.',
        'Restore PostgreSQL with its own tools (docs/operations.md, "Backup and restore"):',
        '  pg_restore --no-owner --exit-on-error --dbname="$NEW_DATABASE_URL" tenon.dump',
        'To restore an embedded backup anyway, name the folder: npm run restore -- FILE --data-dir DIR',
      ].join('\n'),
    );
    process.exit(1);
  }
  if (at >= 0 && !args[at + 1]) throw new UsageError('--data-dir needs a folder');
  if (files.length !== 1) throw new UsageError('name one backup file: npm run restore -- FILE [--data-dir DIR]');
  const file = resolve(files[0]);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`${file} is not a file`);

  // A live server first (its own message says which process), then a database left in the folder.
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    if (holdsDatabase(dataDir)) throw new UsageError(occupied(dataDir, file));
    const started = Date.now();
    const { users, migration } = await restoreInto(dataDir, readFileSync(file)).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UsageError(`${file} is not a whole backup of the embedded database (${reason}); nothing was restored`);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `Tenon restore: ${file} -> ${dataDir} (${seconds} s)`,
        `  The database opens: ${users} users, schema at ${migration}.`,
        `  Start the server on it: DATA_DIR=${dataDir} npm start (a newer server applies its migrations at start).`,
        '  Copy the uploaded files (the old DATA_DIR/files) beside it if the backup came with them.',
      ].join('\n'),
    );
  } finally {
    release();
  }
}

const occupied = (dataDir: string, file: string) =>
  [
    `${dataDir} already holds a database; a restore never overwrites one.`,
    '  Restore into a new folder and point the server at it:',
    `    npm run restore -- ${file} --data-dir NEW_FOLDER`,
    '    DATA_DIR=NEW_FOLDER npm start',
    `  or stop the server and move ${resolve(dataDir, 'pgdata')} away first.`,
  ].join('\n');

class UsageError extends Error {}

main().catch((error) => {
  const known = error instanceof UsageError || error instanceof DatabaseLockedError;
  console.error(`Tenon restore failed: ${known ? error.message : error instanceof Error ? error.stack : error}`);
  if (error instanceof DatabaseLockedError)
    console.error(
      '  A restore never replaces the database of a running server: restore into a new folder (--data-dir).',
    );
  process.exit(1);
});
