import { SEAL_SIZE_MM } from '@yinzhang/seal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, pngResponse, stubObjectUrls } from '../test/helpers';
import { continuesDraft, nextSignatureNumber, type StampEntry } from './gallery';
import { memoryStorage, type StampStorage } from './galleryStorage';
import { createSealStore } from './index';

const png = (text = 'png') => new Blob([text], { type: 'image/png' });
const noName = { title: '', code: '' };

function setup(storage: StampStorage = memoryStorage()) {
  let n = 0;
  mockFetch(() => pngResponse(`mid${++n}`));
  const store = createSealStore({ renderLocal: vi.fn(), storage });
  return { store, storage };
}

const ids = (stamps: readonly StampEntry[]) => stamps.map((e) => e.id);
const stored = async (storage: StampStorage) =>
  (await storage.list()).map((s) => [s.kind, s.name]).sort();

describe('the rules', () => {
  it.each([
    ['北京某某', '北京某某科技', true],
    ['北京某某科技', '北京某某', true],
    ['北京某某', '北京某某', true],
    ['北京某某科技', '上海某某科技', false],
    ['北京某某科技', '北京某某贸易', false],
  ])('%s then %s is one seal being typed: %s', (a, b, expected) => {
    expect(continuesDraft(a, b)).toBe(expected);
  });

  it.each([
    [[], 1],
    [[{ kind: 'signature', name: '1' }], 2],
    [
      [
        { kind: 'signature', name: '3' },
        { kind: 'signature', name: '1' },
      ],
      4,
    ],
    [[{ kind: 'image', name: '7' }], 1],
  ] as const)('after %o the next hand signature is number %i', (stamps, expected) => {
    expect(nextSignatureNumber(stamps as unknown as StampEntry[])).toBe(expected);
  });
});

describe('the stamp gallery', () => {
  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one entry for a name being typed, and a new one for another name', async () => {
    const { store, storage } = setup();
    await store.getState().loadGallery();
    await store.getState().makeSeal('server', { name: '北京某某', ...noName });
    await store.getState().makeSeal('server', { name: '北京某某科技', ...noName });
    expect(store.getState().stamps.map((e) => e.name)).toEqual(['北京某某科技']);
    await store.getState().makeSeal('server', { name: '上海某某', ...noName });
    const stamps = store.getState().stamps;
    expect(stamps.map((e) => [e.id, e.name])).toEqual([
      ['made:mid3', '上海某某'],
      ['made:mid2', '北京某某科技'],
    ]);
    expect(stamps[0]).toMatchObject({ kind: 'made', mid: 'mid3', sizeMm: SEAL_SIZE_MM });
    await vi.waitFor(async () =>
      expect(await stored(storage)).toEqual([
        ['made', '上海某某'],
        ['made', '北京某某科技'],
      ]),
    );
  });

  it('numbers hand signatures, names local images, and makes each the current stamp', async () => {
    const { store, storage } = setup();
    const first = store.getState().addSignature(png('sig1'));
    const second = store.getState().addSignature(png('sig2'));
    const logo = store.getState().addLocalImage(png('logo'), 'logo.png');
    expect([first.name, second.name]).toEqual(['1', '2']);
    expect(store.getState().stamps.map((e) => [e.kind, e.name])).toEqual([
      ['image', 'logo.png'],
      ['signature', '2'],
      ['signature', '1'],
    ]);
    expect(store.getState().currentStamp).toMatchObject({ url: logo.url, kind: 'image' });
    await vi.waitFor(() =>
      expect(localStorage.getItem('stamp')).toBe(`data:image/png;base64,${btoa('logo')}`),
    );
    await vi.waitFor(async () => expect(await storage.list()).toHaveLength(3));
    const record = (await storage.list()).find((s) => s.id === logo.id);
    expect(record).toMatchObject({ kind: 'image', name: 'logo.png', mid: '' });
    expect(record).not.toHaveProperty('url');
    expect(await record?.blob.text()).toBe('logo');
  });

  it('keeps the gallery across a reload, newest first, with fresh object URLs', async () => {
    const storage = memoryStorage();
    const before = setup(storage).store;
    await before.getState().makeSeal('server', { name: '北京某某', ...noName });
    before.getState().addSignature(png());
    await vi.waitFor(async () => expect(await storage.list()).toHaveLength(2));
    await vi.waitFor(() =>
      expect(localStorage.getItem('stamp')).toBe(`data:image/png;base64,${btoa('png')}`),
    );

    const after = setup(storage).store;
    expect(after.getState().galleryLoaded).toBe(false);
    await after.getState().loadGallery();
    const stamps = after.getState().stamps;
    expect(after.getState().galleryLoaded).toBe(true);
    expect(stamps.map((e) => [e.kind, e.name])).toEqual([
      ['signature', '1'],
      ['made', '北京某某'],
    ]);
    expect(stamps[1]).toMatchObject({ mid: 'mid1', sizeMm: SEAL_SIZE_MM });
    for (const e of stamps) expect(e.url).toMatch(/^blob:/);
    // The localStorage stamp is the signature, already in the gallery: no separate 'saved' entry.
    expect(ids(stamps)).not.toContain('saved');
    expect(after.getState().currentStamp?.url).toMatch(/^data:image\/png/);
  });

  it('keeps the stamp of a visit from before the gallery existed', async () => {
    localStorage.setItem('stamp', `data:image/png;base64,${btoa('old seal')}`);
    const { store, storage } = setup();
    await store.getState().loadGallery();
    expect(ids(store.getState().stamps)).toEqual(['saved']);
    await vi.waitFor(async () => expect(await stored(storage)).toEqual([['saved', '']]));
    expect(await (await storage.list())[0]?.blob.text()).toBe('old seal');
  });

  it('removes a stamp for good; the current one hands over to the next, or the key is cleared', async () => {
    const { store, storage } = setup();
    const sig = store.getState().addSignature(png('sig'));
    const logo = store.getState().addLocalImage(png('logo'), 'logo.png');
    await vi.waitFor(() => expect(localStorage.getItem('stamp')).toContain(btoa('logo')));

    store.getState().removeFromGallery(logo.id);
    expect(ids(store.getState().stamps)).toEqual([sig.id]);
    expect(store.getState().currentStamp?.url).toBe(sig.url);
    await vi.waitFor(() => expect(localStorage.getItem('stamp')).toContain(btoa('sig')));

    store.getState().removeFromGallery(sig.id);
    expect(store.getState().stamps).toEqual([]);
    expect(store.getState().currentStamp).toBeNull();
    expect(localStorage.getItem('stamp')).toBeNull();
    await vi.waitFor(async () => expect(await storage.list()).toEqual([]));

    const again = setup(storage).store;
    await again.getState().loadGallery();
    expect(again.getState().stamps).toEqual([]);
  });

  it('still works when the storage fails', async () => {
    const broken: StampStorage = {
      list: () => Promise.reject(new Error('blocked')),
      put: () => Promise.reject(new Error('quota')),
      remove: () => Promise.reject(new Error('blocked')),
    };
    const { store } = setup(broken);
    await store.getState().loadGallery();
    expect(store.getState().galleryLoaded).toBe(true);
    const sig = store.getState().addSignature(png());
    store.getState().removeFromGallery(sig.id);
    expect(store.getState().stamps).toEqual([]);
  });
});
