import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TMP_DIR, copyTemplate, usingPostgres, type DatabaseCopy } from '../support/database.ts';
import { runCommand, startServer, tokenOf, userInfo, type RunningServer } from '../support/process.ts';
import { paramKeys, startWriteLoad, uniquePrefix } from '../support/write-load.ts';

/**
 * Issue 15 item 6: `npm run backup` / `npm run restore` of the embedded database (the built commands, run as their
 * npm scripts run them), while a server writes and with none; PostgreSQL is pointed to pg_dump/pg_restore.
 */
const PROCESS_TIMEOUT = 240_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshCopy() {
  const copy = await copyTemplate();
  cleanups.push(() => copy.drop());
  return copy;
}

async function start(dataDir: string, databaseUrl?: string): Promise<RunningServer> {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  cleanups.push(async () => void (await server.stop()));
  return server;
}

/** A folder of this test run that does not exist yet. */
function newFolder(name: string) {
  const dir = join(TMP_DIR, uniquePrefix(name));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.skipIf(usingPostgres())('backup and restore of the embedded database', () => {
  let copy: DatabaseCopy;

  it(
    'backs up a server while it writes; the backup restores into a new folder where a server starts with the rows',
    async () => {
      copy = await freshCopy();
      const server = await start(copy.dataDir);
      // The backup socket is the folder owner's only.
      expect(statSync(join(copy.dataDir, 'tenon.sock')).mode & 0o777).toBe(0o600);
      const { access_token: token } = await tokenOf(server.url);
      const prefix = uniquePrefix('backup');
      const load = startWriteLoad(server.url, token, prefix, 3);
      await load.reached(30);
      const before = [...load.acked];

      const files = newFolder('files');
      mkdirSync(files, { recursive: true });
      const file = join(files, 'tenon.tar.gz');
      const backup = await runCommand('backup', [file], { DATA_DIR: copy.dataDir });
      // Writes acknowledged once the command has ended were committed after the copy.
      const afterBackup = load.acked.length;
      await load.reached(afterBackup + 10);
      await load.stop();
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(backup.stdout).toMatch(new RegExp(`Tenon backup: ${file} \\(\\d+\\.\\d MB`));
      expect(backup.stdout).toContain(`taken by the running server (pid ${server.pid})`);
      expect(backup.stdout).toContain(`npm run restore -- ${file} --data-dir NEW_FOLDER`);
      expect(readdirSync(files)).toEqual(['tenon.tar.gz']); // no temporary file left beside it
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const restoredDir = newFolder('restored');
      const restore = await runCommand('restore', [file, '--data-dir', restoredDir], {});
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toMatch(/The database opens: \d+ users, schema at \d{4}_\w+\.sql/);

      const restored = await start(restoredDir);
      const admin = await tokenOf(restored.url);
      expect((await userInfo(restored.url, admin.access_token)).status).toBe(200);
      const found = await paramKeys(restored.url, admin.access_token, prefix);
      expect(before.filter((key) => !found.has(key))).toEqual([]);
      // A copy of one moment: every row in it was acknowledged, and the writes after it are not in it.
      expect([...found].filter((key) => !load.acked.includes(key))).toEqual([]);
      expect(load.acked.slice(afterBackup).filter((key) => found.has(key))).toEqual([]);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses to restore over a database, or into a folder a server holds, and backs up a stopped server itself',
    async () => {
      copy = await freshCopy();
      const server = await start(copy.dataDir);
      const file = join(newFolder('files'), 'tenon.tar.gz');
      mkdirSync(join(file, '..'), { recursive: true });
      expect((await runCommand('backup', [file], { DATA_DIR: copy.dataDir })).code).toBe(0);

      const held = await runCommand('restore', [file], { DATA_DIR: copy.dataDir });
      expect(held.code).toBe(1);
      expect(held.stderr).toContain(
        `Tenon restore failed: The embedded database in ${copy.dataDir} is already open by process ${server.pid}`,
      );

      await server.stop();
      const occupied = await runCommand('restore', [file, '--data-dir', copy.dataDir], {});
      expect(occupied.code).toBe(1);
      expect(occupied.stderr).toContain(`${copy.dataDir} already holds a database; a restore never overwrites one.`);
      expect(occupied.stderr).toContain(`npm run restore -- ${file} --data-dir NEW_FOLDER`);
      expect(existsSync(join(copy.dataDir, 'tenon.lock'))).toBe(false); // the refusal let go of the folder

      // No server: the command opens the folder itself.
      rmSync(file);
      const offline = await runCommand('backup', [file], { DATA_DIR: copy.dataDir });
      expect(offline, offline.stderr).toMatchObject({ code: 0 });
      expect(offline.stdout).toContain('no server was running: the folder was opened directly');
      const restore = await runCommand('restore', [file, '--data-dir', newFolder('restored')], {});
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toMatch(/The database opens: [1-9]\d* users/);

      // A cut file restores nothing, and leaves nothing that looks like a database.
      const cut = join(file, '..', 'cut.tar.gz');
      writeFileSync(cut, readFileSync(file).subarray(0, statSync(file).size >> 1));
      const cutDir = newFolder('cut');
      const broken = await runCommand('restore', [cut, '--data-dir', cutDir], {});
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`${cut} is not a whole backup of the embedded database`);
      expect(existsSync(join(cutDir, 'pgdata'))).toBe(false);

      // A folder without a database is not backed up (it would be an empty one).
      const empty = await runCommand('backup', [join(file, '..', 'empty.tar.gz')], { DATA_DIR: newFolder('empty') });
      expect(empty.code).toBe(1);
      expect(empty.stderr).toMatch(/holds no embedded database/);
    },
    PROCESS_TIMEOUT,
  );
});

describe('with DATABASE_URL', () => {
  const env = { DATABASE_URL: 'postgresql://tenon@db.example/tenon' };

  it('backup points to pg_dump and restore to pg_restore, and neither touches anything', async () => {
    const backup = await runCommand('backup', [join(TMP_DIR, 'never.tar.gz')], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('DATABASE_URL is set; this command backs up the embedded database only.');
    expect(backup.stderr).toContain('pg_dump --format=custom --file=tenon.dump "$DATABASE_URL"');
    expect(backup.stderr).toContain('pg_restore --no-owner');
    expect(existsSync(join(TMP_DIR, 'never.tar.gz'))).toBe(false);

    const restore = await runCommand('restore', [join(TMP_DIR, 'never.tar.gz')], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore --no-owner --exit-on-error --dbname="$NEW_DATABASE_URL" tenon.dump');
  });
});
