import { afterEach, describe, expect, it, vi } from 'vitest';
import { postTimestamp, timestampRelayUrl } from './tsa';

afterEach(() => vi.unstubAllGlobals());

describe('the timestamp relay', () => {
  it('posts the DER request as application/timestamp-query and returns the DER answer', async () => {
    const fetch = vi.fn(async () => new Response(Uint8Array.of(0x30, 3, 2, 1, 0)));
    vi.stubGlobal('fetch', fetch);
    const url = timestampRelayUrl('https://yinzhang.test');
    expect(url).toBe('https://yinzhang.test/v1/tsa');
    const answer = await postTimestamp(url, Uint8Array.of(0x30, 0));
    expect([...answer]).toEqual([0x30, 3, 2, 1, 0]);
    const [calledUrl, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(calledUrl).toBe(url);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/timestamp-query');
    expect([...new Uint8Array(init.body as ArrayBuffer)]).toEqual([0x30, 0]);
  });

  it.each([
    [
      new Response(
        JSON.stringify({ error: { code: 'TSA_NOT_ALLOWED', message: 'host not allowed' } }),
        { status: 403 },
      ),
      /403: host not allowed/,
    ],
    [new Response('bad gateway', { status: 502 }), /HTTP 502$/],
  ])('fails with TSA_FAILED and the server’s reason', async (response, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    const error = await postTimestamp('/v1/tsa', Uint8Array.of(1)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TSA_FAILED' });
    expect((error as Error).message).toMatch(message);
  });
});
