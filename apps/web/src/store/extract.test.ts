import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch, stubObjectUrls } from '../test/helpers';
import { isBlankImage } from './blank';
import { createSealStore, selectClarityKey } from './index';

// jsdom cannot decode PNGs; each test says whether the answer is blank (default: a stamp).
vi.mock('./blank', () => ({ isBlankImage: vi.fn(async () => false) }));

/** A PNG answer as parse and gray send it. */
function stampResponse(mid: string, pid?: string): Response {
  return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { 'content-type': 'image/png', mid, ...(pid ? { pid } : {}) },
  });
}

const crop = new Blob(['crop png'], { type: 'image/png' });
const photo = new Blob(['photo'], { type: 'image/jpeg' });

function grayOf(init?: RequestInit): string {
  return JSON.parse(String(init?.body)).gray;
}
function pidOf(init?: RequestInit): string | null {
  return new Headers(init?.headers).get('pid');
}

/** A store whose server answers parse with pid `p1` and gray with mid `gray:<key>`. */
async function parsed() {
  const fetch = mockFetch((url, init) =>
    url === '/v1/stamp/parse'
      ? stampResponse(`parse:${(init?.body as FormData | undefined)?.get('gray')}`, 'p1')
      : stampResponse(`gray:${grayOf(init)}`),
  );
  const store = createSealStore({ renderLocal: vi.fn() });
  store.getState().choosePhoto(photo, 'contract-scan.jpg');
  await store.getState().parseCrop(crop);
  fetch.mockClear();
  return { store, fetch };
}

describe('seal extraction in the store', () => {
  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts in seal mode with the kernel ranges and defaults', () => {
    const s = createSealStore().getState();
    expect(s.mode).toBe(0);
    expect(s.clarity[0]).toMatchObject({ min: 0, max: 3, step: 1, red: 0, auto: true });
    expect(s.clarity[1]).toMatchObject({ min: 0, max: 0, val: 0, step: 1, red: 0, auto: false });
    expect(s.clarity[2]).toEqual({
      min: 0,
      max: 19,
      val: 12,
      step: 1,
      red: 0,
      auto: false,
      offset: 1,
    });
    // Seal mode starts with the automatic clarity (issue 17).
    expect(selectClarityKey(s)).toBe('0-auto-0');
    expect(s.pid).toBeNull();
  });

  it('uploads the crop as gray + stream + file and shows the answer as the current stamp', async () => {
    const fetch = mockFetch(() => stampResponse('m1', 'p1'));
    const store = createSealStore();
    store.getState().choosePhoto(photo, 'contract-scan.jpg');
    store.getState().setMode(2);
    await store.getState().parseCrop(crop);

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v1/stamp/parse');
    const form = init?.body as FormData;
    expect([...form.keys()]).toEqual(['gray', 'stream', 'file']);
    expect(form.get('gray')).toBe('2-12-0');
    expect(form.get('stream')).toBe('1');
    expect(form.get('file')).toBeInstanceOf(Blob);

    const s = store.getState();
    expect(s).toMatchObject({ pid: 'p1', parsing: false, extractError: null, stampKey: '2-12-0' });
    expect(s.canvasUrl).toMatch(/^blob:/);
    expect(s.stampUrl).toBe(s.grayCache['2-12-0']?.url);
    expect(s.currentStamp).toMatchObject({ url: s.stampUrl, mid: 'm1', kind: 'extracted' });
    expect(s.stamps[0]).toMatchObject({
      id: 'extracted:p1',
      url: s.stampUrl,
      mid: 'm1',
      kind: 'extracted',
      name: 'contract-scan',
    });
    expect(s.stamps[0]?.blob?.size).toBeGreaterThan(0);
    await vi.waitFor(() => expect(localStorage.getItem('stamp')).toMatch(/^data:image\/png/));
  });

  it('is busy while uploading', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const store = createSealStore();
    const pending = store.getState().parseCrop(crop);
    expect(store.getState().parsing).toBe(true);
    answer.resolve(stampResponse('m', 'p'));
    await pending;
    expect(store.getState().parsing).toBe(false);
  });

  it.each([
    [413, 'file is larger than 5 MB'],
    [415, 'not a PNG, JPEG or WebP image'],
    [422, 'image cannot be decoded'],
    [500, 'boom'],
  ])('a %i clears the busy state and keeps the message', async (status, message) => {
    mockFetch(() => jsonResponse(status, { error: { code: 'x', message } }));
    const store = createSealStore();
    await store.getState().parseCrop(crop);
    expect(store.getState()).toMatchObject({
      parsing: false,
      pid: null,
      stampUrl: null,
      extractError: { step: 'parse', status, message },
    });
  });

  it('a crop that could not be drawn is an error too, without a request', async () => {
    const fetch = mockFetch(() => stampResponse('m', 'p'));
    const store = createSealStore();
    await store.getState().parseCrop(Promise.reject(new Error('Could not encode the crop')));
    expect(fetch).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      parsing: false,
      extractError: { status: 0, message: 'Could not encode the crop' },
    });
  });

  it('asks for another key with the pid, and takes a key seen before from the cache', async () => {
    const { store, fetch } = await parsed();
    const first = store.getState().stampUrl;
    const firstKey = store.getState().stampKey;

    store.getState().stepClarity(1);
    const next = selectClarityKey(store.getState());
    expect(next).not.toBe(firstKey);
    expect(store.getState().graying).toBe(true);
    await vi.waitFor(() => expect(store.getState().stampKey).toBe(next));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v1/stamp/gray');
    expect(pidOf(init)).toBe('p1');
    expect(grayOf(init)).toBe(next);
    expect(store.getState().currentStamp?.mid).toBe(`gray:${next}`);
    expect(store.getState().graying).toBe(false);

    // Back to the automatic clarity: the first answer, from the cache.
    store.getState().setAutoClarity(true);
    expect(store.getState().stampUrl).toBe(first);
    expect(store.getState().stampKey).toBe(firstKey);
    expect(fetch).toHaveBeenCalledTimes(1);
    // One entry per upload, updated as the clarity changes.
    expect(store.getState().stamps.filter((e) => e.kind === 'extracted')).toHaveLength(1);
  });

  it('mode and red changes change the key', async () => {
    const { store, fetch } = await parsed();
    store.getState().setRed(2);
    expect(fetch).not.toHaveBeenCalled(); // mode 0 has no red radios; 纯色 is its switch
    store.getState().setFlat(true);
    await vi.waitFor(() => expect(store.getState().stampKey).toBe('0-auto-2'));
    store.getState().setMode(2);
    store.getState().setRed(1);
    store.getState().setMode(1);
    store.getState().setRed(2);
    await vi.waitFor(() => expect(store.getState().stampKey).toBe('1-0-2'));
    expect(fetch.mock.calls.map(([, init]) => grayOf(init))).toEqual([
      '0-auto-2',
      '2-12-0',
      '2-12-1',
      '1-0-0',
      '1-0-2',
    ]);
    // Red is kept per mode.
    store.getState().setMode(2);
    expect(store.getState().stampKey).toBe('2-12-1');
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('shows only the answer for the newest key, whatever order the answers come in', async () => {
    const { store, fetch } = await parsed();
    const answers = new Map<string, ReturnType<typeof deferred<Response>>>();
    fetch.mockImplementation((_url, init) => {
      const key = grayOf(init);
      const d = deferred<Response>();
      answers.set(key, d);
      return d.promise;
    });
    store.getState().setMode(2);
    store.getState().setClarity(15);
    store.getState().setClarity(3);
    expect([...answers.keys()]).toEqual(['2-12-0', '2-15-0', '2-3-0']);

    answers.get('2-3-0')?.resolve(stampResponse('newest'));
    await vi.waitFor(() => expect(store.getState().currentStamp?.mid).toBe('newest'));
    answers.get('2-15-0')?.resolve(stampResponse('older'));
    answers.get('2-12-0')?.resolve(stampResponse('oldest'));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState()).toMatchObject({ stampKey: '2-3-0', graying: false });
    expect(store.getState().currentStamp?.mid).toBe('newest');
    // Late answers still fill the cache: going back costs no request.
    expect(Object.keys(store.getState().grayCache).sort()).toEqual(
      ['0-auto-0', '2-12-0', '2-15-0', '2-3-0'].sort(),
    );
    store.getState().setClarity(15);
    expect(store.getState().currentStamp?.mid).toBe('older');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a late answer does not replace a cached stamp shown meanwhile', async () => {
    const { store, fetch } = await parsed();
    const slow = deferred<Response>();
    fetch.mockImplementation(() => slow.promise);
    const cachedKey = store.getState().stampKey;
    store.getState().stepClarity(1);
    store.getState().setAutoClarity(true);
    expect(store.getState()).toMatchObject({ stampKey: cachedKey, graying: false });
    slow.resolve(stampResponse('late'));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().stampKey).toBe(cachedKey);
  });

  it('a gray failure for the current key shows its message; for an older key it is ignored', async () => {
    const { store, fetch } = await parsed();
    fetch.mockImplementation(() =>
      Promise.resolve(jsonResponse(500, { error: { code: 'x', message: 'gray failed' } })),
    );
    store.getState().stepClarity(1);
    await vi.waitFor(() => expect(store.getState().extractError?.message).toBe('gray failed'));
    expect(store.getState()).toMatchObject({ graying: false, extractError: { step: 'gray' } });
  });

  it('a 419 on gray reloads the page and shows no error', async () => {
    const reload = vi.fn();
    const realLocation = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...realLocation, reload },
    });
    try {
      const { store, fetch } = await parsed();
      fetch.mockImplementation(() =>
        Promise.resolve(jsonResponse(419, { error: { code: 'expired', message: 'gone' } })),
      );
      store.getState().stepClarity(1);
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(store.getState().extractError).toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
    }
  });

  it('a new photo forgets the upload; an answer for the old one is dropped', async () => {
    const { store, fetch } = await parsed();
    const slow = deferred<Response>();
    fetch.mockImplementation(() => slow.promise);
    store.getState().stepClarity(1);
    store.getState().choosePhoto(photo, 'other.png');
    expect(store.getState()).toMatchObject({ pid: null, stampUrl: null, grayCache: {} });
    slow.resolve(stampResponse('old upload'));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState()).toMatchObject({ stampUrl: null, grayCache: {}, graying: false });
    // Before an upload, changing the key sends nothing.
    store.getState().stepClarity(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a key changed while the upload was on its way is fetched once the pid is known', async () => {
    const parse = deferred<Response>();
    const fetch = mockFetch((url, init) =>
      url === '/v1/stamp/parse' ? parse.promise : stampResponse(`gray:${grayOf(init)}`),
    );
    const store = createSealStore();
    const pending = store.getState().parseCrop(crop);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    store.getState().setMode(2);
    parse.resolve(stampResponse('parsed', 'p9'));
    await pending;
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/v1/stamp/parse', '/v1/stamp/gray']);
    expect(store.getState()).toMatchObject({ stampKey: '2-12-0' });
    expect(store.getState().currentStamp?.mid).toBe('gray:2-12-0');
  });

  it('lists made and extracted stamps side by side', async () => {
    const { store, fetch } = await parsed();
    fetch.mockImplementation(() => Promise.resolve(stampResponse('made-mid')));
    await store.getState().makeSeal('server', { name: '北京某某', title: '', code: '' });
    expect(store.getState().stamps.map((e) => [e.id, e.kind, e.mid])).toEqual([
      ['made:made-mid', 'made', 'made-mid'],
      ['extracted:p1', 'extracted', 'parse:0-auto-0'],
    ]);
  });

  it('an empty answer (no seal found) is shown as such and never becomes the current stamp', async () => {
    vi.mocked(isBlankImage).mockResolvedValueOnce(true);
    const fetch = mockFetch(() => stampResponse('empty', 'p9'));
    const store = createSealStore({ renderLocal: vi.fn() });
    store.getState().choosePhoto(photo, 'blank.jpg');
    await store.getState().parseCrop(crop);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ stampEmpty: true, stampKey: '0-auto-0', pid: 'p9' });
    expect(store.getState().currentStamp).toBeNull();
    expect(store.getState().stamps.filter((e) => e.kind === 'extracted')).toHaveLength(0);
    // Another key that finds the seal clears the message.
    store.getState().setClarity(0);
    await vi.waitFor(() => expect(store.getState().stampKey).toBe('0-0-0'));
    expect(store.getState().stampEmpty).toBe(false);
    expect(store.getState().currentStamp?.mid).toBe('empty');
  });
});
