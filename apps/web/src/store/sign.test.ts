import {
  type Box,
  type CssPx,
  fromPageFraction,
  type Size,
  visibleBox,
} from '@yinzhang/seal/placement';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './galleryStorage';
import { createSealStore } from './index';

const page = { width: 800, height: 600 } as Size<CssPx>;
const b = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<CssPx>;
const seal = { id: 'made:m1', url: 'blob:seal' };
const signature = { id: 'signature:s1', url: 'blob:sig' };

function setup() {
  const store = createSealStore({ renderLocal: vi.fn(), storage: memoryStorage() });
  store
    .getState()
    .chooseSignImage({ url: 'blob:img', name: 'photo.jpg', width: 1600, height: 1200 });
  return store;
}

/** A placement's box in CSS px of `page`. */
function px(store: ReturnType<typeof setup>, id: string, on: Size<CssPx> = page) {
  const p = store.getState().placements.find((q) => q.id === id);
  if (!p) throw new Error(`no placement ${id}`);
  return fromPageFraction(p.box, on);
}

function close(actual: Box, expected: Box) {
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(actual[k]).toBeCloseTo(expected[k], 6);
}

describe('placing stamps on an image', () => {
  beforeEach(() => localStorage.clear());

  it('places a stamp 20% of the displayed width wide in the middle, selected', () => {
    const store = setup();
    const id = store.getState().placeStamp(seal, 1, page);
    const s = store.getState();
    expect(s.selectedPlacement).toBe(id);
    expect(s.placements).toHaveLength(1);
    expect(s.placements[0]).toMatchObject({ stampId: seal.id, src: seal.url, rotate: 0 });
    close(px(store, id), b(320, 220, 160, 160));
    // Kept as fractions: the same place on the image at any displayed size.
    expect(s.placements[0]?.box).toEqual({ x: 0.4, y: 220 / 600, width: 0.2, height: 160 / 600 });
  });

  it('moves and resizes from boxes in CSS px of the displayed image', () => {
    const store = setup();
    const id = store.getState().placeStamp(seal, 2, page);
    store.getState().moveStamp(id, b(10, 20, 160, 80), page);
    close(px(store, id), b(10, 20, 160, 80));
    store.getState().resizeStamp(id, b(10, 20, 300, 150), page);
    close(px(store, id), b(10, 20, 300, 150));
    // The window got smaller: the stamp keeps its place on the image.
    const small = { width: 400, height: 300 } as Size<CssPx>;
    close(px(store, id, small), b(5, 10, 150, 75));
  });

  it('turns a quarter at a time, keeping the turned stamp inside the image', () => {
    const store = setup();
    const id = store.getState().placeStamp(signature, 4, page);
    store.getState().moveStamp(id, b(0, 0, 200, 50), page);
    const turns = [90, 180, 270, 0].map(() => {
      store.getState().rotateStamp(id, page);
      const p = store.getState().placements[0];
      const seen = visibleBox(px(store, id), p?.rotate ?? 0);
      expect(seen.x).toBeGreaterThanOrEqual(-1e-9);
      expect(seen.y).toBeGreaterThanOrEqual(-1e-9);
      return p?.rotate;
    });
    expect(turns).toEqual([90, 180, 270, 0]);
  });

  it('remembers the last size and rotation per stamp source', () => {
    const store = setup();
    const first = store.getState().placeStamp(seal, 1, page);
    store.getState().resizeStamp(first, b(100, 100, 240, 240), page);
    store.getState().rotateStamp(first, page);
    store.getState().placeStamp(signature, 4, page);

    const again = store.getState().placeStamp(seal, 1, page);
    const p = store.getState().placements.find((q) => q.id === again);
    expect(p?.rotate).toBe(90);
    expect(px(store, again).width).toBeCloseTo(240);
    // Another source is not affected.
    const sig = store.getState().placeStamp(signature, 4, page);
    expect(px(store, sig).width).toBeCloseTo(160);
    expect(store.getState().lastUse).toEqual({
      [seal.id]: { width: 240, rotate: 90 },
      [signature.id]: { width: 160, rotate: 0 },
    });
  });

  it('keeps a remembered size within 50 to 400 px', () => {
    const store = setup();
    const id = store.getState().placeStamp(seal, 1, page);
    store.getState().resizeStamp(id, b(0, 0, 400, 400), page);
    const again = store
      .getState()
      .placeStamp(seal, 1, { width: 3000, height: 2000 } as Size<CssPx>);
    expect(px(store, again, { width: 3000, height: 2000 } as Size<CssPx>).width).toBeCloseTo(400);
  });

  it('does not drop a new stamp exactly on top of another', () => {
    const store = setup();
    const a = store.getState().placeStamp(seal, 1, page);
    const c = store.getState().placeStamp(seal, 1, page);
    expect(px(store, c).x).toBeGreaterThan(px(store, a).x);
    expect(px(store, c).y).toBeGreaterThan(px(store, a).y);
  });

  it('selects, deselects and removes', () => {
    const store = setup();
    const a = store.getState().placeStamp(seal, 1, page);
    const c = store.getState().placeStamp(signature, 4, page);
    expect(store.getState().selectedPlacement).toBe(c);
    store.getState().selectStamp(a);
    expect(store.getState().selectedPlacement).toBe(a);
    store.getState().selectStamp(null);
    expect(store.getState().selectedPlacement).toBeNull();
    store.getState().selectStamp(c);
    store.getState().removeStamp(c);
    expect(store.getState().placements.map((p) => p.id)).toEqual([a]);
    expect(store.getState().selectedPlacement).toBeNull();
  });

  it('a new image starts with no stamps', () => {
    const store = setup();
    store.getState().placeStamp(seal, 1, page);
    store.getState().chooseSignImage({ url: 'blob:other', name: 'b.png', width: 10, height: 10 });
    expect(store.getState()).toMatchObject({ placements: [], selectedPlacement: null });
    expect(store.getState().signImage?.name).toBe('b.png');
  });
});

describe('a stamp never larger than the image (issue 18)', () => {
  it('caps the width used last on a smaller image', () => {
    const store = setup();
    const id = store.getState().placeStamp(seal, 1, page);
    store.getState().resizeStamp(id, b(0, 0, 400, 400), page);
    const small = { width: 300, height: 200 } as Size<CssPx>;
    const next = store.getState().placeStamp(seal, 1, small);
    const box = px(store, next, small);
    expect(box.width).toBeLessThanOrEqual(200 + 1e-9);
    expect(box.y).toBeGreaterThanOrEqual(-1e-9);
    expect(box.y + box.height).toBeLessThanOrEqual(200 + 1e-9);
  });
});
