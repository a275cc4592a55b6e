/**
 * POST /v1/tsa relays RFC 3161 requests to allow-listed authorities only: tested with app.inject
 * and a local openssl TSA on loopback (answering, answering garbage, failing, silent).
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalTsa, startTsa } from '../../../test-support/tsa';
import { isTimestampRequest } from '../src/routes/tsa';
import { testApp, testConfig } from './helpers';

const QUERY = 'application/timestamp-query';

/** A DER TimeStampReq for a SHA-256 digest (of `length` bytes, to test wrong lengths). */
function request(length = 32): Buffer {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(length).fill(7) }),
    }),
    nonce: new asn1js.Integer({ value: 123456 }),
    certReq: true,
  });
  return Buffer.from(req.toSchema().toBER(false));
}

let tsa: LocalTsa;
beforeAll(async () => {
  tsa = await startTsa('ok');
});
afterAll(() => tsa.close());

const app = (urls: string[], deps = {}) =>
  testApp(testConfig({ TSA_URLS: urls.join(',') }), { tsa: deps });

describe('POST /v1/tsa', () => {
  it('relays a timestamp request and returns a granted response', async () => {
    const server = await app([tsa.url]);
    const res = await server.inject({
      method: 'POST',
      url: '/v1/tsa',
      headers: { 'content-type': QUERY },
      payload: request(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/timestamp-reply');
    expect(res.headers['cache-control']).toBe('no-store');
    const resp = new pkijs.TimeStampResp({ schema: asn1js.fromBER(res.rawPayload).result });
    expect(resp.status.status).toBe(0);
    expect(resp.timeStampToken).toBeDefined();
  });

  it('relays to the authority chosen by ?url= when it is on the list', async () => {
    const server = await app(['http://127.0.0.1:9/elsewhere', tsa.url]);
    const before = tsa.requests();
    const res = await server.inject({
      method: 'POST',
      url: `/v1/tsa?url=${encodeURIComponent(tsa.url)}`,
      headers: { 'content-type': QUERY },
      payload: request(),
    });
    expect(res.statusCode).toBe(200);
    expect(tsa.requests()).toBe(before + 1);
  });

  const refusals = [
    {
      name: 'no authority configured',
      urls: [],
      url: '/v1/tsa',
      type: QUERY,
      body: () => request(),
      status: 404,
      code: 'TSA_NOT_CONFIGURED',
    },
    {
      name: 'an authority not on the list',
      urls: ['URL'],
      url: '/v1/tsa?url=http%3A%2F%2Fevil.example%2F',
      type: QUERY,
      body: () => request(),
      status: 403,
      code: 'TSA_NOT_ALLOWED',
    },
    {
      name: 'a body that is not a timestamp request',
      urls: ['URL'],
      url: '/v1/tsa',
      type: QUERY,
      body: () => Buffer.from('hello'),
      status: 400,
      code: 'NOT_A_TIMESTAMP_REQUEST',
    },
    {
      name: 'a digest of the wrong length',
      urls: ['URL'],
      url: '/v1/tsa',
      type: QUERY,
      body: () => request(20),
      status: 400,
      code: 'NOT_A_TIMESTAMP_REQUEST',
    },
    {
      name: 'a request with bytes after it',
      urls: ['URL'],
      url: '/v1/tsa',
      type: QUERY,
      body: () => Buffer.concat([request(), Buffer.from([0])]),
      status: 400,
      code: 'NOT_A_TIMESTAMP_REQUEST',
    },
    {
      name: 'a body over 1 KB',
      urls: ['URL'],
      url: '/v1/tsa',
      type: QUERY,
      body: () => Buffer.alloc(1025, 0x30),
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      name: 'another content type',
      urls: ['URL'],
      url: '/v1/tsa',
      type: 'application/octet-stream',
      body: () => request(),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
  ];
  it.each(refusals)('$name → $status $code', async ({ urls, url, type, body, status, code }) => {
    const server = await app(urls.map((u) => (u === 'URL' ? tsa.url : u)));
    const before = tsa.requests();
    const res = await server.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type },
      payload: body(),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
    expect(tsa.requests()).toBe(before);
  });

  const upstream = [
    { mode: 'garbage', status: 502, code: 'TSA_FAILED' },
    { mode: 'http-error', status: 502, code: 'TSA_FAILED' },
    { mode: 'silent', status: 504, code: 'TSA_TIMEOUT' },
  ] as const;
  it.each(upstream)(
    'an authority that answers $mode → $status $code',
    async ({ mode, status, code }) => {
      const bad = await startTsa(mode);
      try {
        const server = await app([bad.url], { timeoutMs: 500 });
        const res = await server.inject({
          method: 'POST',
          url: '/v1/tsa',
          headers: { 'content-type': QUERY },
          payload: request(),
        });
        expect(res.statusCode).toBe(status);
        expect(res.json().error.code).toBe(code);
      } finally {
        await bad.close();
      }
    },
  );

  it('an authority that cannot be reached → 502', async () => {
    const server = await app(['http://127.0.0.1:9/tsr']);
    const res = await server.inject({
      method: 'POST',
      url: '/v1/tsa',
      headers: { 'content-type': QUERY },
      payload: request(),
    });
    expect(res.statusCode).toBe(502);
  });

  it('is rate limited per client', async () => {
    const server = await app([tsa.url], { perMinute: 2 });
    const send = () =>
      server.inject({
        method: 'POST',
        url: '/v1/tsa',
        headers: { 'content-type': QUERY },
        payload: request(),
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
  });

  it('GET /v1/tsa lists the authorities', async () => {
    const server = await app([tsa.url]);
    expect((await server.inject({ method: 'GET', url: '/v1/tsa' })).json()).toEqual({
      urls: [tsa.url],
    });
  });
});

describe('isTimestampRequest', () => {
  it.each([
    { name: 'a SHA-256 request', body: () => request(), ok: true },
    { name: 'a short digest', body: () => request(31), ok: false },
    { name: 'empty', body: () => Buffer.alloc(0), ok: false },
    { name: 'an INTEGER', body: () => Buffer.from([2, 1, 5]), ok: false },
  ])('$name → $ok', ({ body, ok }) => {
    expect(isTimestampRequest(body())).toBe(ok);
  });
});
