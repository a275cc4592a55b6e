import rateLimit from '@fastify/rate-limit';
import type { Client } from '@libsql/client';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import { boundedRepository, withinDeadline } from './db/bounded';
import { createRepository, type Repository } from './db/repository';
import { openStorage } from './db/storage';
import { createExtractPool, type ExtractPool } from './extract/pool';
import {
  clientErrorHandler,
  errorBody,
  frameworkError,
  HttpError,
  installErrorHandling,
} from './http/errors';
import { registerCors, registerSecurityHeaders, securityHeaderList } from './http/security';
import { registerWebApp } from './http/web';
import { EXTRACT_LIMITS, SERVER_LIMITS } from './limits';
import { createExtractCache, extractRoutes } from './routes/extract';
import { fileRoutes } from './routes/file';
import { reportRoutes } from './routes/report';
import { siteRoutes } from './routes/site';
import { createSealCache, type RenderSealPng, stampRoutes } from './routes/stamp';
import { type TsaRoutesOptions, tsaRoutes } from './routes/tsa';
import { createSealPool } from './seal/pool';

/** Replaceable parts, for tests. */
export interface AppDeps {
  /** Draws seals instead of the app's own seal worker pool (which then never starts). */
  readonly renderSealPng?: RenderSealPng;
  /** An already open database. The caller owns it: closing the app leaves it open. */
  readonly db?: Client;
  /**
   * Opens the SQLite database the app owns (and closes with itself) when `db` is not given and
   * the config names no PostgreSQL database.
   */
  readonly openDatabase?: (dataDir: string) => Promise<Client>;
  /**
   * The worker pool for seal extraction. The caller owns a given one (closing the app leaves it
   * open); otherwise the app makes its own (no worker starts before the first job) and closes it.
   */
  readonly extractPool?: ExtractPool;
  /** The clock (epoch ms) for stored crops' expiry. */
  readonly now?: () => number;
  /** How often expired crops are deleted (EXTRACT_LIMITS.sessionSweepIntervalMs by default). */
  readonly sessionSweepIntervalMs?: number;
  /** The timestamp relay's time limit and rate (TSA_LIMITS by default). */
  readonly tsa?: Omit<TsaRoutesOptions, 'urls'>;
}

/**
 * Builds the whole app: API under /v1, /healthz, and the built web app. It does not listen;
 * server.ts does, and tests use `app.inject`. Closing the app closes the database it opened.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const rawHeaders = securityHeaderList(config.corsOrigins);
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: SERVER_LIMITS.jsonBodyMaxBytes,
    // Fastify sets no time limits by default: stalled and trickling clients would hold sockets.
    requestTimeout: SERVER_LIMITS.requestTimeoutMs,
    connectionTimeout: SERVER_LIMITS.connectionTimeoutMs,
    trustProxy: config.trustProxy,
    // Fastify's own 503 while closing has its own body shape: ours answers instead (below).
    return503OnClosing: false,
    // Errors raised before routing (a malformed URL) skip the error handler and every hook:
    // same shape and same security headers here.
    frameworkErrors: (error, _request, reply) => {
      const mapped = frameworkError(error);
      // The option's type is generic over schemas we do not use; the plain reply type fits.
      (reply as FastifyReply)
        .code(mapped.status)
        .headers(rawHeaders)
        .type('application/json; charset=utf-8')
        .send(errorBody(mapped.code, mapped.message));
    },
    // And those Node's parser gives up on before Fastify sees a request (400, 408, 431).
    clientErrorHandler: clientErrorHandler(rawHeaders),
  });
  try {
    await composeApp(app, config, deps);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}

async function composeApp(app: FastifyInstance, config: Config, deps: AppDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const repo = await openRepository(app, config, deps, now);
  closeConnectionsOnShutdown(app);
  sweepExpiredSessions(app, repo, deps.sessionSweepIntervalMs);

  const extractPool = deps.extractPool ?? createExtractPool();
  if (deps.extractPool === undefined) {
    // After in-flight requests: their jobs finish first.
    app.addHook('onClose', async () => extractPool.close());
  }
  let render = deps.renderSealPng;
  if (render === undefined) {
    const sealPool = createSealPool();
    app.addHook('onClose', async () => sealPool.close());
    render = sealPool.render;
  }

  // Before any plugin: children inherit the handlers set on their parent at registration.
  installErrorHandling(app);
  // JSON is the only body type besides multipart (which /v1/file/mark registers for itself);
  // without this a text/plain body would reach the routes as a string.
  app.removeContentTypeParser('text/plain');

  await registerSecurityHeaders(app, config.corsOrigins);

  await app.register(
    async (v1) => {
      registerCors(v1, config.corsOrigins);
      await v1.register(rateLimit, {
        max: config.rateLimitMax,
        timeWindow: config.rateLimitWindowMs,
      });
      await v1.register(stampRoutes, {
        render,
        repo,
        cache: createSealCache(),
      });
      await v1.register(extractRoutes, {
        repo,
        pool: extractPool,
        cache: createExtractCache(),
        now,
      });
      await v1.register(fileRoutes, { repo, pool: extractPool });
      await v1.register(reportRoutes, { repo });
      await v1.register(siteRoutes, { contact: config.contact });
      await v1.register(tsaRoutes, { ...deps.tsa, urls: config.tsaUrls });
    },
    { prefix: '/v1' },
  );

  // Answers without touching the database or the disk: a liveness probe (restart me if not).
  app.get('/healthz', async () => ({ ok: true }));
  // Readiness (send me traffic or not): whether storage answers, within a short deadline.
  // 503 STORAGE_UNAVAILABLE otherwise; the process itself is fine and recovers on its own.
  app.get('/readyz', async (_request, reply) => {
    await withinDeadline('readiness', SERVER_LIMITS.readyTimeoutMs, () => repo.ping());
    return reply.header('cache-control', 'no-store').send({ ready: true });
  });

  await registerWebApp(app, config.webDist);
}

/**
 * The repository on the database given in `deps.db` (left open), else the one the config names
 * (PostgreSQL by DATABASE_URL, SQLite in DATA_DIR otherwise), closed with the app.
 */
async function openRepository(
  app: FastifyInstance,
  config: Config,
  deps: AppDeps,
  now: () => number,
): Promise<Repository> {
  if (deps.db !== undefined) {
    return boundedRepository(createRepository(deps.db, now), SERVER_LIMITS.storageTimeoutMs);
  }
  const storage = await openStorage(config, {
    now,
    openSqlite: deps.openDatabase,
    onIdleError: (err) => app.log.warn({ err }, 'idle PostgreSQL connection failed'),
  });
  // onClose runs after the server has stopped and in-flight requests have finished.
  app.addHook('onClose', async () => storage.close());
  return storage.repo;
}

/**
 * Deletes expired crops now and then. The timer does not keep the process alive and stops before
 * the app closes (so it never runs against a closed database); a failed sweep is retried next time.
 */
function sweepExpiredSessions(
  app: FastifyInstance,
  repo: Repository,
  intervalMs: number = EXTRACT_LIMITS.sessionSweepIntervalMs,
): void {
  const timer = setInterval(() => {
    repo.deleteExpiredParseSessions().then(
      (deleted) => {
        if (deleted > 0) app.log.debug({ deleted }, 'expired parse sessions deleted');
      },
      (err: unknown) => app.log.warn({ err }, 'sweeping expired parse sessions failed'),
    );
  }, intervalMs);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}

/**
 * server.close() waits for every open connection, and one kept alive after a request that was
 * in flight at shutdown would hold it until the client's idle timeout: ask those clients to hang up.
 */
function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // A request arriving on a kept-alive connection after shutdown began: the one error shape.
  app.addHook('onRequest', async () => {
    if (closing) {
      throw new HttpError(503, 'UNAVAILABLE', 'The server is shutting down; try again', {
        headers: { 'retry-after': String(EXTRACT_LIMITS.retryAfterS) },
      });
    }
  });
}
