import { createHash } from 'node:crypto';
import type { TCreateSeal } from '@yinzhang/seal';
import { describe, expect, it } from 'vitest';
import { renderSealPng } from '../src/seal/render';
import {
  multipartBody,
  openDbForTest,
  PNG_SIGNATURE,
  pngSize,
  testApp,
  testConfig,
} from './helpers';

/** The real renderer, counting its calls so a test can tell a cache hit from a draw. */
function countingRenderer() {
  const calls: TCreateSeal[] = [];
  const render = (spec: TCreateSeal) => {
    calls.push(spec);
    return renderSealPng(spec);
  };
  return { render, calls };
}

const SPEC = { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' };

function create(body: unknown) {
  return { method: 'POST' as const, url: '/v1/stamp/create', payload: body as object };
}

describe('POST /v1/stamp/create', () => {
  it('answers a 512x512 PNG with the mid header and records the mark', async () => {
    const config = testConfig();
    const app = await testApp(config);

    const res = await app.inject(create(SPEC));

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 512, height: 512 });
    const sha = createHash('sha256').update(png).digest('hex');
    expect(res.headers.mid).toBe(sha.slice(0, 32));

    const rows = await openDbForTest(config.dataDir).execute('SELECT * FROM marks');
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({
      mid: res.headers.mid,
      kind: 'create',
      bytes: png.length,
      hits: 1,
    });
  });

  it('gives byte-identical output for the same input, drawing it once', async () => {
    const { render, calls } = countingRenderer();
    const app = await testApp(testConfig(), { renderSealPng: render });

    const first = await app.inject(create(SPEC));
    // Same spec after trimming, plus an unknown key that is stripped: one cache entry.
    const second = await app.inject(create({ ...SPEC, name: ` ${SPEC.name} `, extra: 1 }));

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.mid).toBe(first.headers.mid);
    expect(calls).toHaveLength(1);
  });

  it('draws the same bytes again after the cache is gone (new app)', async () => {
    const config = testConfig();
    const a = await (await testApp(config)).inject(create(SPEC));
    const b = await (await testApp(config)).inject(create(SPEC));
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);

    const mark = await openDbForTest(config.dataDir).execute('SELECT hits FROM marks');
    expect(mark.rows[0]?.hits).toBe(2);
  });

  it('accepts the limits exactly: 30-char name, 8-char title, 18-char code', async () => {
    const app = await testApp();
    const res = await app.inject(
      create({ name: '印'.repeat(30), title: '章'.repeat(8), code: 'A1'.repeat(9) }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['empty name', { name: '' }],
    ['whitespace name', { name: '   ' }],
    ['missing name', { title: '合同专用章' }],
    ['31-char name', { name: '印'.repeat(31) }],
    ['9-char title', { name: '某某公司', title: '章'.repeat(9) }],
    ['19-char code', { name: '某某公司', code: '1'.repeat(19) }],
    ['code with a hyphen', { name: '某某公司', code: '1101-08' }],
    ['name of the wrong type', { name: 123 }],
    ['title of the wrong type', { name: '某某公司', title: ['x'] }],
    ['code null', { name: '某某公司', code: null }],
    ['an array body', ['某某公司']],
    ['a JSON string body', '某某公司'],
  ])('answers 400 for %s', async (_label, body) => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  });

  it('answers 400 for a missing body', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'POST', url: '/v1/stamp/create' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_INPUT');
  });

  it('answers 400 for an empty JSON body', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/create',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('answers 400 for broken JSON', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "某某',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
  });

  it('answers 415 for text/plain', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/create',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(SPEC),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 415 for a multipart body', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/create',
      ...multipartBody([{ field: 'name', data: '某某公司' }]),
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 413 for an oversized JSON body', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: '某某公司', padding: 'x'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a generic 500 without details when drawing fails', async () => {
    const app = await testApp(testConfig(), {
      renderSealPng: () => {
        throw new Error('secret internal detail at /srv/x.ts:12');
      },
    });
    const res = await app.inject(create(SPEC));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    expect(res.body).not.toContain('secret');
  });
});
