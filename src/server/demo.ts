import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError, openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './modules/system/demo.ts';
import { seed } from './db/seed/seed.ts';
import { MODULES } from './modules/index.ts';

/** `npm run demo`: the demo people on the configured database (with the server stopped when it is PGlite). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
    // Each module adds its own demo rows; what they add is listed (the people, for now).
    const added: string[] = [];
    for (const module of MODULES) added.push(...((await module.demo?.(database.db)) ?? []));
    console.log(
      added.length
        ? `Demo users added (tenant 000000, password ${DEMO_PASSWORD}):`
        : 'Demo users already present (tenant 000000):',
    );
    for (const user of DEMO_USERS) console.log(`  ${user.account.padEnd(10)} ${user.realName}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(
    `Tenon demo data: ${error instanceof ConfigError || error instanceof DatabaseLockedError ? error.message : error}`,
  );
  process.exit(1);
});
