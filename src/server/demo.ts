import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError, openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { recordDemoAccounts } from './modules/system/demo/login-accounts.ts';
import { seed } from './db/seed/seed.ts';
import { MODULES } from './modules/index.ts';

/**
 * `npm run demo`: every module's demo data on the configured database (with the server stopped when it is PGlite),
 * idempotent: what exists stays.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
    // Each module adds its own demo rows and says what it added; a second run adds nothing.
    console.log('Tenon demo data (tenant 000000):');
    for (const module of MODULES) {
      if (!module.demo) continue;
      const added = (await module.demo(database.db)).filter((line) => !/^0 /.test(line));
      console.log(`  ${module.name.padEnd(11)} ${added.length ? added.join(', ') : 'already present'}`);
    }
    // Every module's people are in now: the login page hints those still signing in with a known password.
    console.log(
      `Demo accounts (tenant 000000), hinted on the login page: ${(await recordDemoAccounts(database.db)).join(', ')}`,
    );
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
