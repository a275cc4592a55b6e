import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { describeDatabase, loadConfig } from './config';

/** Exit status when a second signal cuts a graceful shutdown short. */
const FORCED_EXIT_CODE = 1;

/**
 * How far each thread's V8 heap may grow past what survived its last full collection before the
 * next one starts, in percent: 300 lets it reach four times that, the factor V8 itself uses for
 * heaps with a ceiling of 2 GB or more (it chose ~1.3-1.9 for these threads). Why: every request
 * makes ~100 KB of buffers on the main thread and ~1 MB in an extract worker, which V8 counts
 * against that headroom, so under load the main thread (25 MB live) collected in full every ~65
 * parses and each extract worker (12 MB live) every 12-17. With this, a few times a minute:
 * /v1/stamp/parse takes ~14 % less CPU a request and answers ~14 % more a second (two servers
 * side by side), for ~150 MB more resident memory at 20 connections (~600 MB in all). The
 * ceilings (the workers' resourceLimits, the main thread's default) are unchanged, and V8 still
 * collects when a heap nears one. A V8 flag is per process, so it is set here, where the server
 * process starts, not in buildApp (tests that build the app in their own process keep V8's
 * default).
 */
const HEAP_GROWING_PERCENT = 300;

async function main(): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
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
