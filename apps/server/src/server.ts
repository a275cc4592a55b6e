import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { describeDatabase, loadConfig } from './config';

/** Exit status when a second signal cuts a graceful shutdown short. */
const FORCED_EXIT_CODE = 1;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(FORCED_EXIT_CODE);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // app.close() stops accepting connections, waits for requests in flight, then its onClose
    // hooks close the database (SQLite file, or the PostgreSQL pool).
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(FORCED_EXIT_CODE);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(
    { url: `http://${host}:${port}`, database: describeDatabase(config) },
    'Yinzhang is ready',
  );
  if (process.env.YINZHANG_ANNOUNCE) {
    const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : host;
    process.stdout.write(`open http://${shown}:${port}\n`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.cause !== undefined) console.error(err.cause);
  process.exit(1);
});
