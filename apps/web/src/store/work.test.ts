/** Work kept across reloads (issue 18, item 9): what is written, what comes back, what 关闭 forgets. */
import type { Box, CssPx, PageFraction, Size } from '@yinzhang/seal/placement';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { columnLayout } from '../model/column';
import { stubObjectUrls } from '../test/helpers';
import { memoryStorage, type StoredStamp } from './galleryStorage';
import { createSealStore } from './index';
import { KEEP_DELAY_MS, savedWorkOf } from './work';
import { memoryWorkStorage, type SavedImage, type SavedWork } from './workStorage';

const page = { width: 800, height: 600 } as Size<CssPx>;
const A4 = { width: 595.28, height: 841.89 };
const f = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<PageFraction>;
const sealRecord: StoredStamp = {
  id: 'made:1',
  kind: 'made',
  name: '某某公司',
  mid: 'm1',
  createdAt: 1,
  blob: new Blob(['seal'], { type: 'image/png' }),
};
const imageFile = new Blob(['img'], { type: 'image/png' });
const pdfFile = new Blob(['%PDF-'], { type: 'application/pdf' });

function start(saved: SavedWork | null = null, stamps: StoredStamp[] = [sealRecord]) {
  const work = memoryWorkStorage(saved);
  const store = createSealStore({
    renderLocal: vi.fn(),
    storage: memoryStorage(stamps),
    workStorage: work,
  });
  return { store, work };
}

/** Waits for the store's restore and then for the delayed write. */
async function settle(store: ReturnType<typeof start>['store']) {
  await vi.waitFor(() => expect(store.getState().workRestored).toBe(true));
  await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS + 10);
}

describe('work kept across reloads', () => {
  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('writes the image, the PDF and their placements, without object URLs or passwords', async () => {
    const { store, work } = start();
    await settle(store);
    const s = store.getState();
    s.chooseSignImage({ url: 'blob:i', file: imageFile, name: 'a.png', width: 800, height: 600 });
    s.placeStamp({ id: 'made:1', url: 'blob:seal' }, 1, page);
    s.openPdfDoc({ name: 'c.pdf', file: pdfFile, pages: [A4, A4] });
    s.placePdfStamp({ id: 'made:1', url: 'blob:seal' }, 1, 1, columnLayout([A4, A4], 600));
    s.setActiveTab('pdfsign');
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS + 10);
    const kept = work.current();
    expect(kept?.activeTab).toBe('pdfsign');
    expect(kept?.image).toMatchObject({ file: imageFile, name: 'a.png', width: 800, height: 600 });
    expect(kept?.image?.placements).toHaveLength(1);
    expect(kept?.image?.placements[0]).not.toHaveProperty('src');
    expect(kept?.pdf).toMatchObject({ file: pdfFile, name: 'c.pdf', mode: 'normal' });
    expect(kept?.pdf?.placements[0]).toMatchObject({ page: 1, stampId: 'made:1' });

    s.openPdfDoc({ name: 'secret.pdf', file: pdfFile, password: 'pw', pages: [A4] });
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS + 10);
    expect(work.current()?.pdf).toBeNull();
  });

  it('puts the work back with the gallery entries as sources, and drops orphans', async () => {
    const saved: SavedWork = {
      activeTab: 'sign',
      image: {
        file: imageFile,
        name: 'a.png',
        width: 800,
        height: 600,
        placements: [
          {
            id: 'p1',
            stampId: 'made:1',
            box: f(0.1, 0.1, 0.2, 0.2),
            rotate: 90,
          },
          {
            id: 'p2',
            stampId: 'gone',
            box: f(0.5, 0.5, 0.2, 0.2),
            rotate: 0,
          },
        ] satisfies SavedImage['placements'],
      },
      pdf: {
        file: pdfFile,
        name: 'c.pdf',
        pages: [A4],
        mode: 'batch',
        placements: [],
      },
    };
    const { store } = start(saved);
    await settle(store);
    const s = store.getState();
    expect(s.activeTab).toBe('sign');
    expect(s.signImage).toMatchObject({ name: 'a.png', width: 800, file: imageFile });
    expect(s.signImage?.url).toMatch(/^blob:/);
    const entry = s.stamps.find((e) => e.id === 'made:1');
    expect(s.placements).toEqual([
      {
        id: 'p1',
        stampId: 'made:1',
        src: entry?.url,
        box: saved.image?.placements[0]?.box,
        rotate: 90,
      },
    ]);
    expect(s.pdfDoc).toMatchObject({ name: 'c.pdf', pages: [A4] });
    expect(s.pdfMode).toBe('batch');
    // A new stamp gets a fresh id next to the restored p1.
    const id = s.placeStamp({ id: 'made:1', url: entry?.url ?? '' }, 1, page);
    expect(id).not.toBe('p1');
  });

  it('关闭 forgets the document; with both closed nothing is kept', async () => {
    const { store, work } = start();
    await settle(store);
    const s = store.getState();
    s.chooseSignImage({ url: 'blob:i', file: imageFile, name: 'a.png', width: 800, height: 600 });
    s.openPdfDoc({ name: 'c.pdf', file: pdfFile, pages: [A4] });
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS + 10);
    s.closeSignImage();
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS + 10);
    expect(work.current()?.image).toBeNull();
    expect(work.current()?.pdf).not.toBeNull();
    s.closePdfDoc();
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS + 10);
    expect(work.current()).toBeNull();
    expect(store.getState().pdfDoc).toBeNull();
    expect(savedWorkOf(store.getState())).toBeNull();
  });

  it('does not overwrite what the user opened before the restore finished', async () => {
    const saved: SavedWork = {
      activeTab: 'sign',
      image: { file: imageFile, name: 'old.png', width: 10, height: 10, placements: [] },
      pdf: null,
    };
    const { store } = start(saved);
    store
      .getState()
      .chooseSignImage({ url: 'blob:n', file: imageFile, name: 'new.png', width: 8, height: 8 });
    await settle(store);
    expect(store.getState().signImage?.name).toBe('new.png');
  });
});
