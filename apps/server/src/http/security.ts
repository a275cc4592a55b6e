import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Headers a cross-origin front end needs to read from /v1 answers. */
export const EXPOSED_HEADERS = ['pid', 'mid'] as const;
const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_REQUEST_HEADERS = 'content-type, pid';
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Everything the page loads comes from our own origin (DESIGN §4). Images and workers may also be
 * blob:/data: URLs the page made itself (seal previews, pdf.js); 'wasm-unsafe-eval' lets
 * WebAssembly decoders compile. No inline script anywhere.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  // UI libraries inject <style> elements (cropper, the pdf.js viewer); styles cannot run script.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'data:'],
  // Vite inlines very small font slices as data: URLs.
  'font-src': ["'self'", 'data:'],
  // fetch() of blob:/data: URLs the page created (stamp data URL -> Blob).
  'connect-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
} as const;

export async function registerSecurityHeaders(
  app: FastifyInstance,
  corsOrigins: readonly string[],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]),
      ),
    },
    // The default policy (same-origin) would stop a configured cross-origin front end.
    crossOriginResourcePolicy: { policy: corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
  });
}

/**
 * CORS for /v1, only when origins are configured (otherwise browsers keep the API same-origin).
 * Register inside the /v1 scope.
 */
export function registerCors(v1: FastifyInstance, corsOrigins: readonly string[]): void {
  if (corsOrigins.length === 0) return;
  const allowed = new Set(corsOrigins);

  v1.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
  });

  v1.options('/*', async (request, reply) => {
    if (request.headers.origin !== undefined && allowed.has(request.headers.origin)) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
    }
    return reply.code(204).send();
  });
}
