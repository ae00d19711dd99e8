import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError, openConfiguredDatabase } from './db/connect.ts';

/**
 * Process entry: config -> database -> migrations/seed -> listen; on SIGTERM/SIGINT drains and closes cleanly
 * (platform/lifecycle.ts). The embedded database also answers the backup command on DATA_DIR/tenon.sock.
 */
async function main() {
  const config = loadConfig();
  // The database opens (a first start's initdb in a child process, PGlite compiling) while the server's code loads.
  const [database, { buildApp }, { openControlSocket }, { stopOnSignals }] = await Promise.all([
    openConfiguredDatabase(config),
    import('./app.ts'),
    import('./db/backup.ts'),
    import('./platform/lifecycle.ts'),
  ]);
  const { app, services, close } = await buildApp(config, { database });
  const control = await openControlSocket(config.dataDir, services.database);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Tenon listening on http://localhost:${port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${config.redisUrl ? ' + Redis' : ''})`,
  );
  stopOnSignals({
    close: async () => {
      await Promise.all([control?.close(), close()]);
    },
    deadlineMs: config.shutdownTimeoutMs,
  });
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(`Tenon cannot start: ${error.message}`);
  } else {
    console.error('Tenon cannot start:', error);
  }
  process.exit(1);
});
