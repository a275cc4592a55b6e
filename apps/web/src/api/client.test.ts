import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/helpers';
import { ApiError, apiFetch, postJson } from './client';
import { grayStamp, parseStamp } from './extract';
import { createStamp, markFile } from './seal';
import { getSite, sendReport } from './site';

describe('api client', () => {
  const reload = vi.fn();
  const realLocation = window.location;

  beforeEach(() => {
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...realLocation, reload },
    });
  });

  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
    reload.mockReset();
    vi.unstubAllGlobals();
  });

  it.each([
    ['apiFetch', () => apiFetch('/v1/site')],
    ['postJson', () => postJson('/v1/stamp/gray', { gray: '0-1-0' })],
    ['createStamp', () => createStamp({ name: '北京某某', title: '', code: '' })],
    ['markFile', () => markFile(new Blob(['x']))],
    ['sendReport', () => sendReport('hi')],
    ['getSite', () => getSite()],
    ['parseStamp', () => parseStamp(new Blob(['png']), '0-1-0')],
    ['grayStamp', () => grayStamp('pid1', '0-2-0')],
  ])('%s: a 419 answer reloads the page', async (_name, call) => {
    mockFetch(() => jsonResponse(419, { error: { code: 'expired', message: 'upload expired' } }));
    await expect(call()).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('turns a JSON error into an Error with its message and code', async () => {
    mockFetch(() => jsonResponse(400, { error: { code: 'invalid', message: 'name is required' } }));
    const error = await apiFetch('/v1/stamp/create').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'name is required', code: 'invalid', status: 400 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the status line when the error body is not JSON', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/v1/site')).rejects.toMatchObject({ message: 'HTTP 502', status: 502 });
  });

  it('sends JSON bodies and reads the mid header', async () => {
    const fetch = mockFetch(() => new Response('png', { status: 200, headers: { mid: 'abc123' } }));
    const made = await createStamp({ name: '北京某某', title: '合同专用章', code: '12' });
    expect(made.mid).toBe('abc123');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v1/stamp/create');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: '北京某某',
      title: '合同专用章',
      code: '12',
    });
  });

  it('uploads a drawn seal as the multipart field "file"', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { mid: 'fromBody' }));
    expect(await markFile(new Blob(['png'], { type: 'image/png' }))).toBe('fromBody');
    const body = fetch.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it('uploads a crop for extraction and reads pid and mid', async () => {
    const fetch = mockFetch(
      () => new Response('png', { status: 200, headers: { pid: 'p1', mid: 'm1' } }),
    );
    const parsed = await parseStamp(new Blob(['crop'], { type: 'image/png' }), '2-12-1');
    expect(parsed).toMatchObject({ pid: 'p1', mid: 'm1' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v1/stamp/parse');
    const form = init?.body as FormData;
    expect(form.get('gray')).toBe('2-12-1');
    expect(form.get('stream')).toBe('1');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('treats a parse answer without pid as an error (no later gray call could work)', async () => {
    mockFetch(() => new Response('png', { status: 200, headers: { mid: 'm1' } }));
    await expect(parseStamp(new Blob(['crop']), '0-1-0')).rejects.toMatchObject({
      code: 'no_pid',
    });
  });

  it('asks for another clarity key with the pid header', async () => {
    const fetch = mockFetch(() => new Response('png', { status: 200, headers: { mid: 'm2' } }));
    expect((await grayStamp('p1', '0-3-0')).mid).toBe('m2');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v1/stamp/gray');
    const headers = new Headers(init?.headers);
    expect(headers.get('pid')).toBe('p1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ gray: '0-3-0' });
  });
});
