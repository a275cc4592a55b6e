import { access } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite puts content-hashed files under assets/: their URL changes whenever their bytes do. */
export const ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, public/ files) is revalidated so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';
/** Client-side routes of the single-page app; each answers index.html. */
export const SPA_ROUTES = ['/', '/pdf'] as const;
const INDEX_HTML = 'index.html';
const NOT_BUILT_MESSAGE =
  'The web app is not built yet.\n' +
  'Run `npm run build` in the repository (or set WEB_DIST), then reload this page.\n';

/**
 * Serves the built web app from `webDist`. The directory may be missing or filled later
 * (`npm run build` while the server runs): index.html is looked up per request.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const assetsPrefix = path.join(webDist, ASSETS_DIR) + path.sep;

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    suppressWarning: true,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsPrefix) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      );
    },
  });

  const indexFile = path.join(webDist, INDEX_HTML);
  const sendIndex = async (reply: FastifyReply) => {
    try {
      await access(indexFile);
    } catch {
      reply.log.warn({ indexFile }, 'web app not built');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(NOT_BUILT_MESSAGE);
    }
    return reply.sendFile(INDEX_HTML);
  };

  for (const route of SPA_ROUTES) {
    app.get(route, (_request, reply) => sendIndex(reply));
    // `/pdf/` is the same screen: send the browser to the one address (relative links resolve
    // against it, so serving the page there would break them).
    if (route !== '/') app.get(`${route}/`, (_request, reply) => reply.redirect(route, 301));
  }
}
