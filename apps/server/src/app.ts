import rateLimit from '@fastify/rate-limit';
import type { Client } from '@libsql/client';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { createRepository } from './db/repository';
import { errorBody, installErrorHandling, mapError } from './http/errors';
import { registerCors, registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web';
import { SERVER_LIMITS } from './limits';
import { fileRoutes } from './routes/file';
import { reportRoutes } from './routes/report';
import { siteRoutes } from './routes/site';
import { createSealCache, type RenderSealPng, stampRoutes } from './routes/stamp';
import { renderSealPng } from './seal/render';

/** Replaceable parts, for tests. */
export interface AppDeps {
  readonly renderSealPng?: RenderSealPng;
  /** An already open database. The caller owns it: closing the app leaves it open. */
  readonly db?: Client;
  /** Opens the database the app owns (and closes with itself) when `db` is not given. */
  readonly openDatabase?: (dataDir: string) => Promise<Client>;
}

/**
 * Builds the whole app: API under /v1, /healthz, and the built web app. It does not listen;
 * server.ts does, and tests use `app.inject`. Closing the app closes the database it opened.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: SERVER_LIMITS.jsonBodyMaxBytes,
    trustProxy: config.trustProxy,
    // Errors raised before routing (a malformed URL) skip the error handler: same shape here.
    frameworkErrors: (error, _request, reply) => {
      const mapped = mapError(error);
      // The option's type is generic over schemas we do not use; the plain reply type fits.
      (reply as FastifyReply).code(mapped.status).send(errorBody(mapped.code, mapped.message));
    },
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
  const db = deps.db ?? (await (deps.openDatabase ?? openDatabase)(config.dataDir));
  if (deps.db === undefined) {
    // onClose runs after the server has stopped and in-flight requests have finished.
    app.addHook('onClose', async () => db.close());
  }

  const repo = createRepository(db);
  closeConnectionsOnShutdown(app);

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
        render: deps.renderSealPng ?? renderSealPng,
        repo,
        cache: createSealCache(),
      });
      await v1.register(fileRoutes, { repo });
      await v1.register(reportRoutes, { repo });
      await v1.register(siteRoutes, { contact: config.contact });
    },
    { prefix: '/v1' },
  );

  // Answers without touching the database or the disk: a liveness probe.
  app.get('/healthz', async () => ({ ok: true }));

  await registerWebApp(app, config.webDist);
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
}
