/**
 * The security items of issue 7 not covered elsewhere (app.test.ts has the 429 + Retry-After and
 * per-address counting, the CSP basics and CORS): the whole CSP, trust-proxy, body and time
 * limits, and what the log at info level may carry.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '../src/limits';
import { paddedPng } from './fixtures/bad-inputs';
import { multipartBody, tempDir, testApp, testConfig } from './helpers';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values] as const;
      }),
  );
}

describe('Content-Security-Policy', () => {
  it('allows our origin only, plus what pdf.js needs (worker, blob:, wasm); no inline script', async () => {
    const app = await testApp();
    const res = await app.inject('/healthz');
    const csp = directives(String(res.headers['content-security-policy']));
    // Every source in every directive is one of these; nothing names another host or scheme.
    const allowed = new Set([
      "'self'",
      "'none'",
      'blob:',
      'data:',
      "'wasm-unsafe-eval'",
      "'unsafe-inline'",
    ]);
    for (const [name, sources] of csp) {
      for (const source of sources) expect(allowed, `${name} ${source}`).toContain(source);
    }
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Script: our files and WebAssembly compilation; never inline, never eval, no attributes.
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    // pdf.js runs its worker from our origin or a blob: URL it makes.
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // 'unsafe-inline' is for <style> only (UI libraries inject style elements).
    for (const [name, sources] of csp) {
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
    }
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('TRUST_PROXY', () => {
  const from = (forwardedFor: string) => ({
    url: '/v1/site',
    remoteAddress: '10.0.0.9',
    headers: { 'x-forwarded-for': forwardedFor },
  });

  it('off (the default): X-Forwarded-For is ignored, the rate limit counts the peer', async () => {
    const app = await testApp(testConfig({ RATE_LIMIT_MAX: '1' }));
    expect((await app.inject(from('203.0.113.1'))).statusCode).toBe(200);
    // A client cannot escape the limit by inventing a forwarded address.
    const second = await app.inject(from('203.0.113.2'));
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('on: each forwarded client has its own limit behind one proxy', async () => {
    const app = await testApp(testConfig({ RATE_LIMIT_MAX: '1', TRUST_PROXY: 'true' }));
    expect((await app.inject(from('203.0.113.1'))).statusCode).toBe(200);
    expect((await app.inject(from('203.0.113.2'))).statusCode).toBe(200);
    expect((await app.inject(from('203.0.113.1'))).statusCode).toBe(429);
  });

  it('the upload routes are limited too, with Retry-After', async () => {
    const app = await testApp(testConfig({ RATE_LIMIT_MAX: '1' }));
    const png = paddedPng(await tinyPng(), 200);
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/v1/file/mark',
        ...multipartBody([{ field: 'file', filename: 'a.png', data: png }]),
      });
    expect((await upload()).statusCode).toBe(200);
    const limited = await upload();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('body and time limits', () => {
  it('refuses a JSON body over the limit with 413 before any route reads it', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/report',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(SERVER_LIMITS.jsonBodyMaxBytes) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('sets request and idle-connection time limits on the listening server', async () => {
    const app = await testApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(SERVER_LIMITS.requestTimeoutMs).toBeGreaterThan(0);
      expect(SERVER_LIMITS.connectionTimeoutMs).toBeGreaterThan(0);
      // Node's own fields: what it enforces (408 for a request not received in time).
      expect(app.server.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs);
      expect(app.server.timeout).toBe(SERVER_LIMITS.connectionTimeoutMs);
    } finally {
      await app.close();
    }
  });
});

/** An 8x8 PNG, made here so this file needs no image library. */
async function tinyPng(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
}

/** A valid PNG carrying `text` in a tEXt chunk (the bytes an upload must not leak). */
async function pngWithText(text: string): Promise<Buffer> {
  const png = await tinyPng();
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('tEXt', 4, 'latin1');
  const { crc32 } = await import('node:zlib');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  const at = png.length - 12;
  return Buffer.concat([png.subarray(0, at), head, data, crc, png.subarray(at)]);
}

describe('logs at info level', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The real server (pino to stdout, as deployed) at LOG_LEVEL=info; all its output kept. */
  async function start(): Promise<{ url: string; output: () => string }> {
    const dataDir = tempDir('yinzhang-logs-');
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('latin1');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('latin1');
    });
    for (;;) {
      const url = /"url":"(http:[^"]+)"/.exec(output)?.[1];
      if (url) return { url, output: () => output };
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('carry neither feedback text nor uploaded bytes', async () => {
    const { url, output } = await start();
    const text = 'ZQX-feedback-秘密-7731';
    const secret = 'ZQXuploadbytes9931';
    const post = (route: string, init: RequestInit) =>
      fetch(`${url}${route}`, { method: 'POST', ...init });
    const json = (body: unknown) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const form = (bytes: Buffer, extra: Record<string, string> = {}) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(extra)) data.append(k, v);
      data.append(
        'file',
        new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
        `${secret}.png`,
      );
      return { body: data };
    };
    const png = await pngWithText(secret);
    // A body that fails (too long, a bad upload) must not be logged either.
    const broken = Buffer.concat([
      png.subarray(0, 33),
      deflateSync(Buffer.from(secret.repeat(50))),
    ]);

    const statuses = [
      (await post('/v1/report', json({ text }))).status,
      (await post('/v1/report', json({ text: text.repeat(10) }))).status,
      (await post('/v1/file/mark', form(png))).status,
      (await post('/v1/file/mark', form(broken))).status,
      (await post('/v1/stamp/parse', form(png, { gray: '0-1-0' }))).status,
      (await post('/v1/stamp/parse', form(broken, { gray: '0-1-0' }))).status,
    ];
    expect(statuses).toEqual([204, 400, 200, 415, 200, 422]);
    // Give pino a moment to flush the last lines.
    await new Promise((r) => setTimeout(r, 300));
    const log = output();
    // The capture works: every request was logged at info.
    expect(log.match(/"msg":"request completed"/g)?.length).toBeGreaterThanOrEqual(6);
    expect(log).toContain('"url":"/v1/report"');
    for (const needle of [
      text,
      Buffer.from(text).toString('latin1'),
      'ZQX-feedback',
      secret,
      Buffer.from(secret).toString('base64').slice(0, 16),
      Buffer.from(secret).toString('hex').slice(0, 16),
      png.subarray(0, 24).toString('base64'),
    ]) {
      expect(log).not.toContain(needle);
    }
  });
});
