/**
 * The hostile suite (issue 20): hundreds of generated hostile requests across every route, each
 * with its expected status, and every error answer in the one shape with the same security
 * headers and nothing of the request echoed. Framing tricks go over a raw socket, since they
 * never become a request Fastify could inject.
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createExtractPool } from '../src/extract/pool';
import { clientErrorHandler } from '../src/http/errors';
import { securityHeaderList } from '../src/http/security';
import { pngBomb } from './fixtures/bombs';
import { duplicateCases, type HostileCase, imageCases, textCases, URLS } from './fixtures/hostile';
import { testConfig } from './helpers';

const pool = createExtractPool();
let app: FastifyInstance;
let images: HostileCase[];
const texts = textCases();
const duplicates = duplicateCases(pngBomb({ width: 300, height: 200 }));

beforeAll(async () => {
  images = await imageCases();
  // Built here and closed after all: testApp closes after each test.
  app = await buildApp(testConfig({ RATE_LIMIT_MAX: '1000000' }), { extractPool: pool });
}, 60_000);

afterAll(async () => {
  await app.close();
  await pool.close();
});

/** Headers every answer carries, errors included. */
const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];

function expectOneShape(status: number, headers: Record<string, unknown>, body: string): void {
  for (const name of SECURITY) expect(headers[name], name).toBeDefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  if (status < 400) return;
  expect(String(headers['content-type'])).toMatch(/^application\/json/);
  const parsed = JSON.parse(body) as { error: { code: unknown; message: unknown } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message']);
  expect(parsed.error.code).toMatch(/^[A-Z_]+$/);
  expect(typeof parsed.error.message).toBe('string');
  // Only 503 may be a 5xx, and then with Retry-After.
  if (status >= 500) {
    expect(status).toBe(503);
    expect(headers['retry-after']).toMatch(/^\d+$/);
  }
}

async function run(c: HostileCase): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: URLS[c.route],
    payload: c.payload,
    headers: c.headers,
  });
  expect(res.statusCode, `${c.name}: ${res.body.slice(0, 200)}`).toBe(c.status);
  expectOneShape(res.statusCode, res.headers, res.body);
  if (c.code !== undefined) expect(res.json().error.code).toBe(c.code);
  if (c.mentions !== undefined) expect(res.json().error.message).toContain(c.mentions);
}

interface RawCase {
  readonly name: string;
  readonly request: string;
  readonly status: number;
  /** Must not appear in the answer (the request is never echoed). */
  readonly marker?: string;
}

const MARK = 'zq<script>alert(7)</script>';

const RAW: readonly RawCase[] = [
  {
    name: 'bad percent-encoding in the path',
    request: `GET /v1/%zz${encodeURIComponent(MARK)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    status: 400,
    marker: 'alert(7)',
  },
  {
    name: 'bad percent-encoding at the root',
    request: 'GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n',
    status: 400,
  },
  {
    name: 'a 20 KB header',
    request: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    status: 431,
  },
  {
    name: 'many headers, 20 KB in all',
    request: `GET /healthz HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'b'.repeat(48)}\r\n`).join('')}\r\n`,
    status: 431,
  },
  {
    name: 'garbage request line',
    request: `HELLO ${MARK}\r\n\r\n`,
    status: 400,
    marker: 'alert(7)',
  },
  {
    name: 'invalid method characters',
    request: 'G@T /healthz HTTP/1.1\r\nHost: x\r\n\r\n',
    status: 400,
  },
  {
    name: 'unknown HTTP version',
    request: 'GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n',
    status: 400,
  },
  {
    name: 'Content-Length and Transfer-Encoding',
    request:
      'POST /v1/report HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    status: 400,
  },
  {
    name: 'two different Content-Lengths',
    request:
      'POST /v1/report HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcde',
    status: 400,
  },
  {
    name: 'negative Content-Length',
    request: 'POST /v1/report HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    status: 400,
  },
  {
    name: 'non-hex chunk size',
    request:
      'POST /v1/report HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
    status: 400,
  },
  {
    name: 'space before the header colon',
    request: 'GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n',
    status: 400,
  },
  {
    name: 'NUL in a header value',
    request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n',
    status: 400,
  },
  {
    name: 'obsolete line folding',
    request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n',
    status: 400,
  },
  {
    name: 'header line without a colon',
    request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n',
    status: 400,
  },
  {
    name: 'unknown API path with markup',
    request: `GET /v1/${encodeURIComponent(MARK)} HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n`,
    status: 404,
    marker: 'alert(7)',
  },
  {
    name: 'unknown page with markup',
    request: `GET /${encodeURIComponent(MARK)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    status: 404,
    marker: 'alert(7)',
  },
  {
    name: 'a JSON body over the size limit',
    request: `POST /v1/report HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40000\r\n\r\n${'{'.repeat(40_000)}`,
    status: 413,
  },
  {
    name: 'a declared 10 MB JSON body, refused before it is sent',
    request:
      'POST /v1/stamp/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n{',
    status: 413,
  },
];

/** Sends raw bytes, reads until the server closes or answers once. */
function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const finish = () => {
      const split = data.indexOf('\r\n\r\n');
      const head = data.slice(0, split).split('\r\n');
      const status = Number(head[0]?.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? -1);
      resolve({
        status,
        headers,
        body: data.slice(split + 4, length >= 0 ? split + 4 + length : undefined),
      });
    };
    socket.setTimeout(10_000, () => {
      socket.destroy();
      finish();
    });
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const split = data.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(data.slice(0, split))?.[1];
      if (split >= 0 && length !== undefined && data.length >= split + 4 + Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.write(request, 'latin1');
  });
}

describe('hostile requests', () => {
  it('has at least 500 distinct ones', () => {
    const all = [...images, ...texts, ...duplicates];
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
    expect(all.length + RAW.length).toBeGreaterThanOrEqual(500);
  });

  it('images: every PNG colour type, depth and interlacing; JPEG and WebP liars', async () => {
    for (const c of images) await run(c);
  }, 300_000);

  it('text: every field with every control, bidi and zero-width character', async () => {
    for (const c of texts) await run(c);
  }, 120_000);

  it('duplicate fields and misplaced files', async () => {
    for (const c of duplicates) await run(c);
  });

  describe('framing tricks over a raw socket', () => {
    let port = 0;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    });

    it.each(RAW.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const res = await rawRequest(port, c.request);
      expect(res.status, res.body).toBe(c.status);
      expectOneShape(res.status, res.headers, res.body);
      if (c.marker !== undefined) expect(res.body).not.toContain(c.marker);
    });
  });

  it('408: a request that timed out gets the same shape and headers', () => {
    let written = '';
    const socket = {
      destroyed: false,
      writable: true,
      write(data: string) {
        written += data;
        return true;
      },
      destroy() {},
    };
    const handler = clientErrorHandler(securityHeaderList([]));
    handler(
      Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      socket as never,
    );
    const [head = '', body = ''] = written.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
    expectOneShape(408, headers, body);
    expect(JSON.parse(body).error.code).toBe('REQUEST_TIMEOUT');
  });
});
