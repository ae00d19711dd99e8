import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/connect.ts';

/** Process entry: config -> database -> migrations/seed -> listen; closes cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const { app, close } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Tenon listening on http://localhost:${port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${config.redisUrl ? ' + Redis' : ''})`,
  );
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(`Tenon cannot start: ${error.message}`);
  } else {
    console.error('Tenon cannot start:', error);
  }
  process.exit(1);
});
