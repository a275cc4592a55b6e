import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** The one helmet configuration: every answer carries the headers it makes. */
function helmetOptions(corsOrigins: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]),
      ),
    },
    // The default policy (same-origin) would stop a configured cross-origin front end.
    crossOriginResourcePolicy: { policy: corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  corsOrigins: readonly string[],
): Promise<void> {
  // The plugin declares helmet's option types through its CommonJS entry; they are the same.
  await app.register(fastifyHelmet, helmetOptions(corsOrigins) as FastifyHelmetOptions);
}

/**
 * The same headers as a plain list, for answers written before Fastify routes a request (a bad
 * URL, a malformed request line, headers too large, a timeout), where no hook runs. Made by
 * helmet itself on a stand-in response, so the two sets cannot drift apart.
 */
export function securityHeaderList(corsOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(corsOrigins))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => {},
  );
  return headers;
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
