import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';

/**
 * `node dist-server/pgdata-template.js FOLDER` (scripts/build.mjs, at a build whose PGlite or migrations changed):
 * writes FOLDER/pgdata, an embedded database initialised and migrated by this build, which a first start copies
 * (db/connect.ts PGDATA_TEMPLATE). No seed: its rows depend on the install (ids, times, tenants), the schema does not.
 */
async function main() {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: node dist-server/pgdata-template.js FOLDER');
  rmSync(folder, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: folder });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  // Only the database: the folder's lock and anything else a server keeps beside it stay out of the template.
  console.log(`embedded database template in ${join(folder, 'pgdata')}`);
}

main().catch((error) => {
  console.error('pgdata-template:', error);
  process.exit(1);
});
