import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../src/config';
import { HttpError, mapError } from '../src/http/errors';
import { testApp, testConfig } from './helpers';

describe('GET /healthz and /v1/site', () => {
  it('healthz answers {ok:true}', async () => {
    const app = await testApp();
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('site answers the default contact, or the configured one', async () => {
    const byDefault = await (await testApp()).inject('/v1/site');
    expect(byDefault.json()).toEqual({ contact: DEFAULTS.contact });
    const configured = await (await testApp(testConfig({ CONTACT: 'help@example.org' }))).inject(
      '/v1/site',
    );
    expect(configured.json()).toEqual({ contact: 'help@example.org' });
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/v1/nope'],
    ['POST', '/v1/stamp/nope'],
    ['GET', '/v1/stamp/create'],
    ['DELETE', '/v1/report'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const app = await testApp();
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it.each(['/%E0%A4%A', '/v1/%E0%A4%A'])('a malformed URL %s is a JSON 400', async (url) => {
    const app = await testApp();
    const res = await app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
  });

  it('an unknown page path is a 404 too', async () => {
    const app = await testApp();
    expect((await app.inject('/no/such/page')).statusCode).toBe(404);
  });
});

describe('rate limit on /v1', () => {
  it('answers 429 with Retry-After past the limit, and leaves /healthz alone', async () => {
    const app = await testApp(testConfig({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' }));
    expect((await app.inject('/v1/site')).statusCode).toBe(200);
    expect((await app.inject('/v1/site')).statusCode).toBe(200);

    const limited = await app.inject('/v1/site');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.any(String) },
    });

    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('counts per client address', async () => {
    const app = await testApp(testConfig({ RATE_LIMIT_MAX: '1' }));
    expect((await app.inject({ url: '/v1/site', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/v1/site', remoteAddress: '10.0.0.1' })).statusCode).toBe(429);
    expect((await app.inject({ url: '/v1/site', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a same-origin CSP without inline script', async () => {
    const app = await testApp();
    const csp = String((await app.inject('/healthz')).headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp).not.toContain('https:');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('CORS', () => {
  const origin = 'https://front.example';

  it('sends no CORS headers when no origin is configured', async () => {
    const app = await testApp();
    const res = await app.inject({ url: '/v1/site', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the configured origin and exposes pid and mid', async () => {
    const app = await testApp(testConfig({ CORS_ORIGIN: origin }));
    const res = await app.inject({ url: '/v1/site', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-expose-headers']).toBe('pid, mid');

    const other = await app.inject({
      url: '/v1/site',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/stamp/create',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
  });
});

describe('mapError', () => {
  it.each([
    [new HttpError(415, 'X', 'm'), 415, 'X', 'm'],
    [
      Object.assign(new Error('Body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }),
      413,
      'PAYLOAD_TOO_LARGE',
      'Body is too large',
    ],
    [Object.assign(new Error('teapot'), { statusCode: 418 }), 418, 'BAD_REQUEST', 'teapot'],
    [new Error('db exploded at /srv/db.ts'), 500, 'INTERNAL', 'Internal server error'],
    [
      Object.assign(new Error('upstream'), { statusCode: 502 }),
      500,
      'INTERNAL',
      'Internal server error',
    ],
    ['a string', 500, 'INTERNAL', 'Internal server error'],
  ])('maps %s', (error, status, code, message) => {
    expect(mapError(error)).toEqual({ status, code, message });
  });
});
