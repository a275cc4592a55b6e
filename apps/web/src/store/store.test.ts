import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch, pngResponse, stubObjectUrls } from '../test/helpers';
import { createSealStore, sealCacheKey } from './index';

const input = { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' };

function setup() {
  const renderLocal = vi.fn(async () => new Blob(['local png'], { type: 'image/png' }));
  const fetch = mockFetch((url) =>
    url === '/v1/file/mark'
      ? jsonResponse(200, { mid: 'local-mid' }, { mid: 'local-mid' })
      : pngResponse('server-mid'),
  );
  const store = createSealStore({ renderLocal });
  return { store, fetch, renderLocal };
}

describe('seal store', () => {
  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes the same seal once: the second time comes from the cache', async () => {
    const { store, fetch } = setup();
    await store.getState().makeSeal('server', input);
    const first = store.getState().currentStamp;
    await store.getState().makeSeal('server', { ...input, name: `  ${input.name} ` });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getState().currentStamp).toEqual(first);
    expect(first).toMatchObject({ mid: 'server-mid', method: 'server', name: input.name });
    expect(Object.keys(store.getState().createCache)).toEqual([sealCacheKey('server', input)]);
  });

  it('caches each method separately', async () => {
    const { store, fetch, renderLocal } = setup();
    await store.getState().makeSeal('server', input);
    await store.getState().makeSeal('local', input);
    await store.getState().makeSeal('local', input);
    await store.getState().makeSeal('server', input);
    expect(renderLocal).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/v1/stamp/create', '/v1/file/mark']);
    const cache = store.getState().createCache;
    expect(Object.keys(cache)).toHaveLength(2);
    expect(cache[sealCacheKey('local', input)]).toMatchObject({
      method: 'local',
      mid: 'local-mid',
    });
    expect(cache[sealCacheKey('server', input)]).toMatchObject({
      method: 'server',
      mid: 'server-mid',
    });
    expect(store.getState().currentStamp?.method).toBe('server');
  });

  it('caches per (name, title, code)', async () => {
    const { store, fetch } = setup();
    await store.getState().makeSeal('server', input);
    await store.getState().makeSeal('server', { ...input, title: '' });
    await store.getState().makeSeal('server', { ...input, code: '' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shares one request between two calls made while it is in flight', async () => {
    const { store, fetch } = setup();
    await Promise.all([
      store.getState().makeSeal('server', input),
      store.getState().makeSeal('server', input),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ignores an answer that arrives after a newer one', async () => {
    const slow = deferred<Response>();
    mockFetch((_url, init) =>
      JSON.parse(String(init?.body)).name === '北京某某' ? slow.promise : pngResponse('newer'),
    );
    const store = createSealStore({ renderLocal: vi.fn() });
    const older = store.getState().makeSeal('server', { name: '北京某某', title: '', code: '' });
    await store.getState().makeSeal('server', input);
    expect(store.getState().currentStamp?.mid).toBe('newer');
    slow.resolve(pngResponse('older'));
    await older;
    expect(store.getState().currentStamp?.mid).toBe('newer');
    expect(store.getState().making).toBe(false);
    // The late answer is still good for the cache.
    expect(Object.keys(store.getState().createCache)).toHaveLength(2);
  });

  it('drops an answer still on its way once the input is abandoned', async () => {
    const slow = deferred<Response>();
    mockFetch(() => slow.promise);
    const store = createSealStore({ renderLocal: vi.fn() });
    const pending = store.getState().makeSeal('server', input);
    expect(store.getState().making).toBe(true);
    store.getState().abandonSeal();
    expect(store.getState().making).toBe(false);
    slow.resolve(pngResponse('late'));
    await pending;
    expect(store.getState().currentStamp).toBeNull();
  });

  it('shows the error of the latest request and clears it on the next one', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(400, { error: { code: 'invalid', message: 'bad name' } })
        : pngResponse('ok'),
    );
    const store = createSealStore({ renderLocal: vi.fn() });
    await store.getState().makeSeal('server', input);
    expect(store.getState()).toMatchObject({
      making: false,
      makeError: { reason: 'failed', status: 400, message: 'bad name' },
      createCache: {},
    });
    fail = false;
    await store.getState().makeSeal('server', input);
    expect(store.getState().makeError).toBeNull();
    expect(store.getState().currentStamp?.mid).toBe('ok');
  });

  it('asks for a name instead of making a seal without one', async () => {
    const { store, fetch } = setup();
    await store.getState().makeSeal('local', { name: '   ', title: 'x', code: '' });
    expect(store.getState().makeError).toEqual({ reason: 'nameRequired' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['name', '北京\u202e某某'],
    ['title', '合同\u200b专用章'],
    ['code', 'A1\u0085'],
  ] as const)(
    'says before sending that the %s holds a character that is not text',
    async (field, value) => {
      const { store, fetch } = setup();
      await store.getState().makeSeal('server', { ...input, [field]: value });
      expect(fetch).not.toHaveBeenCalled();
      expect(store.getState().makeError).toEqual({ reason: 'notText', field });
    },
  );

  it('keeps the current stamp in localStorage as a data URL', async () => {
    const { store } = setup();
    await store.getState().makeSeal('server', input);
    await vi.waitFor(() =>
      expect(localStorage.getItem('stamp')).toMatch(/^data:image\/png;base64,/),
    );
    expect(createSealStore().getState().currentStamp?.url).toBe(localStorage.getItem('stamp'));
  });

  it('switches the active tab by name', () => {
    const { store } = setup();
    store.getState().setActiveTab('make');
    expect(store.getState().activeTab).toBe('make');
  });
});
