import { sealImageMm } from '@yinzhang/seal';
import type { Box, CssPx } from '@yinzhang/seal/placement';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnLayout, PAGE_GAP_PX, pageToColumn } from '../model/column';
import { memoryStorage } from './galleryStorage';
import { createSealStore } from './index';

const A4 = { width: 595.28, height: 841.89 };
const b = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<CssPx>;
const seal = { id: 'made:m1', url: 'blob:seal', sizeMm: 42 };
const image = { id: 'image:1', url: 'blob:img' };

function setup(pages = 3) {
  const store = createSealStore({ renderLocal: vi.fn(), storage: memoryStorage() });
  store.getState().openPdfDoc({
    name: 'contract.pdf',
    file: new Blob([]),
    pages: Array.from({ length: pages }, () => A4),
  });
  // 600 px wide: each A4 page is 848.5 px tall.
  const layout = columnLayout(store.getState().pdfDoc?.pages ?? [], 600);
  return { store, layout };
}

function only(store: ReturnType<typeof setup>['store']) {
  const [p] = store.getState().pdfPlacements;
  if (!p) throw new Error('no placement');
  return p;
}

describe('PDF placements in the store', () => {
  beforeEach(() => localStorage.clear());

  it('places a seal at its printed size in the middle of the given page', () => {
    const { store, layout } = setup();
    store.getState().placePdfStamp(seal, 1, 1, layout);
    const p = only(store);
    expect(p.page).toBe(1);
    expect(p.batch).toBe(false);
    // The seal's 42 mm (119.06 pt) plus the image's transparent margin, on a 595.28 pt wide page.
    expect(p.box.width).toBeCloseTo((sealImageMm(42) * 72) / 25.4 / 595.28, 6);
    expect(p.box.x + p.box.width / 2).toBeCloseTo(0.5, 6);
    expect(p.box.y + p.box.height / 2).toBeCloseTo(0.5, 6);
    expect(store.getState().pdfSelected).toBe(p.id);
  });

  it.each([
    { name: 'one hit', targets: [{ page: 2, x: 0.3, y: 0.16 }] },
    {
      name: 'hits on two pages, in batch mode too (a found stamp is not a batch stamp)',
      targets: [
        { page: 0, x: 0.3, y: 0.16 },
        { page: 1, x: 0.6, y: 0.5 },
      ],
      batch: true,
    },
  ])('placePdfStampsAt centres the seal on each target: $name', ({ targets, batch }) => {
    const { store, layout } = setup();
    if (batch) store.getState().setPdfMode('batch');
    const ids = store.getState().placePdfStampsAt(seal, 1, targets, layout);
    const placed = store.getState().pdfPlacements;
    expect(placed.map((p) => p.id)).toEqual(ids);
    for (const [i, t] of targets.entries()) {
      const p = placed[i];
      expect(p?.page).toBe(t.page);
      expect(p?.batch).toBe(false);
      expect((p?.box.x ?? 0) + (p?.box.width ?? 0) / 2).toBeCloseTo(t.x, 6);
      expect((p?.box.y ?? 0) + (p?.box.height ?? 0) / 2).toBeCloseTo(t.y, 6);
      expect(p?.box.width).toBeCloseTo((sealImageMm(42) * 72) / 25.4 / 595.28, 6);
    }
    expect(store.getState().pdfSelected).toBe(ids.at(-1));
  });

  it('uses 20 % of the page width for a stamp without a printed size, then the last size', () => {
    const { store, layout } = setup();
    store.getState().placePdfStamp(image, 2, 0, layout);
    expect(only(store).box.width).toBeCloseTo(0.2, 6);
    const id = only(store).id;
    store.getState().resizePdfStamp(id, b(100, 100, 180, 90), layout);
    store.getState().rotatePdfStamp(id, layout);
    store.getState().placePdfStamp(image, 2, 2, layout);
    const second = store.getState().pdfPlacements[1];
    expect(second?.box.width).toBeCloseTo(180 / 600, 6);
    expect(second?.rotate).toBe(90);
  });

  it('keeps a stamp dragged over the gap on the page its top-left corner is on', () => {
    const { store, layout } = setup();
    store.getState().placePdfStamp(seal, 1, 0, layout);
    const id = only(store).id;
    // Top-left 40 px above the bottom of page 1: it runs over the gap onto page 2.
    const top = (layout.heights[0] ?? 0) - 40;
    store.getState().movePdfStamp(id, b(200, top, 120, 120), layout);
    let p = only(store);
    expect(p.page).toBe(0);
    expect(p.box.y).toBeCloseTo(top / (layout.heights[0] ?? 1), 6);
    expect(p.box.y + p.box.height).toBeGreaterThan(1);
    // Moved on down: now its top-left is on page 2.
    const onSecond = (layout.tops[1] ?? 0) + 10;
    store.getState().movePdfStamp(id, b(200, onSecond, 120, 120), layout);
    p = only(store);
    expect(p.page).toBe(1);
    expect(p.box.y).toBeCloseTo(10 / (layout.heights[1] ?? 1), 6);
    const back = pageToColumn(layout, p.page, p.box);
    expect(back.y).toBeCloseTo(onSecond, 6);
    expect(layout.tops[1]).toBeCloseTo((layout.heights[0] ?? 0) + PAGE_GAP_PX, 6);
  });

  it('marks stamps placed in 批量签章 mode as batch', () => {
    const { store, layout } = setup();
    store.getState().setPdfMode('batch');
    store.getState().placePdfStamp(seal, 1, 2, layout);
    expect(only(store).batch).toBe(true);
    store.getState().setPdfMode('normal');
    store.getState().placePdfStamp(seal, 1, 0, layout);
    expect(store.getState().pdfPlacements.map((p) => p.batch)).toEqual([true, false]);
  });

  it('removes, deselects, and forgets the stamps when another PDF is opened', () => {
    const { store, layout } = setup();
    const id = store.getState().placePdfStamp(seal, 1, 0, layout);
    store.getState().placePdfStamp(seal, 1, 0, layout);
    store.getState().removePdfStamp(store.getState().pdfSelected ?? '');
    expect(store.getState().pdfPlacements.map((p) => p.id)).toEqual([id]);
    expect(store.getState().pdfSelected).toBeNull();
    store.getState().setPagingSeal({ enabled: true, edge: 'left' });
    expect(store.getState().pagingSealOption).toEqual({
      enabled: true,
      edge: 'left',
      y: 0.5,
      widthMm: null,
    });
    store.getState().openPdfDoc({ name: 'b.pdf', file: new Blob([]), pages: [A4] });
    expect(store.getState().pdfPlacements).toEqual([]);
  });
});

describe('placing where the user is looking', () => {
  it('centres the stamp on the given point of the page, kept inside it', () => {
    const { store, layout } = setup();
    store.getState().placePdfStamp(image, 1, 1, layout, { x: 300, y: 100 });
    const box = pageToColumn(layout, 1, only(store).box);
    expect(box.x + box.width / 2).toBeCloseTo(300, 6);
    expect(box.y + box.height / 2 - (layout.tops[1] ?? 0)).toBeCloseTo(100, 6);
    store.getState().removePdfStamp(only(store).id);
    // Near the page's top edge: the whole stamp stays on the page.
    store.getState().placePdfStamp(image, 1, 1, layout, { x: 300, y: 5 });
    expect(only(store).box.y).toBeCloseTo(0, 6);
  });
});
