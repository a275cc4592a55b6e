/** Undo/redo of placements through the store's named actions, on both signing screens (issue 18). */
import type { Box, CssPx, Size } from '@yinzhang/seal/placement';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnLayout } from '../model/column';
import { memoryStorage } from './galleryStorage';
import { createSealStore, type SealState } from './index';

const page = { width: 800, height: 600 } as Size<CssPx>;
const A4 = { width: 595.28, height: 841.89 };
const b = (x: number, y: number) => ({ x, y, width: 100, height: 100 }) as Box<CssPx>;
const seal = { id: 'made:m1', url: 'blob:seal' };

/** The same script on each screen, through that screen's actions. */
interface Screen {
  name: string;
  setup(): { get(): SealState; list(): readonly { id: string; box: { x: number } }[] };
  place(s: SealState): string;
  move(s: SealState, id: string, x: number): void;
  resize(s: SealState, id: string): void;
  rotate(s: SealState, id: string): void;
  remove(s: SealState, id: string): void;
  clear(s: SealState): void;
  endRun(s: SealState): void;
  undo(s: SealState): void;
  redo(s: SealState): void;
}

const layout = columnLayout([A4, A4], 600);

const screens: Screen[] = [
  {
    name: '图片签章',
    setup() {
      const store = createSealStore({ renderLocal: vi.fn(), storage: memoryStorage() });
      store.getState().chooseSignImage({ url: 'blob:i', name: 'i.png', width: 800, height: 600 });
      return { get: store.getState, list: () => store.getState().placements };
    },
    place: (s) => s.placeStamp(seal, 1, page),
    move: (s, id, x) => s.moveStamp(id, b(x, 10), page),
    resize: (s, id) => s.resizeStamp(id, { ...b(10, 10), width: 150 as CssPx }, page),
    rotate: (s, id) => s.rotateStamp(id, page),
    remove: (s, id) => s.removeStamp(id),
    clear: (s) => s.clearStamps(),
    endRun: (s) => s.endStampRun(),
    undo: (s) => s.undoStamps(),
    redo: (s) => s.redoStamps(),
  },
  {
    name: 'PDF签章',
    setup() {
      const store = createSealStore({ renderLocal: vi.fn(), storage: memoryStorage() });
      store.getState().openPdfDoc({ name: 'a.pdf', file: new Blob([]), pages: [A4, A4] });
      return { get: store.getState, list: () => store.getState().pdfPlacements };
    },
    place: (s) => s.placePdfStamp(seal, 1, 0, layout),
    move: (s, id, x) => s.movePdfStamp(id, b(x, 10), layout),
    resize: (s, id) => s.resizePdfStamp(id, { ...b(10, 10), width: 150 as CssPx }, layout),
    rotate: (s, id) => s.rotatePdfStamp(id, layout),
    remove: (s, id) => s.removePdfStamp(id),
    clear: (s) => s.clearPdfStamps(),
    endRun: (s) => s.endPdfStampRun(),
    undo: (s) => s.undoPdfStamps(),
    redo: (s) => s.redoPdfStamps(),
  },
];

describe.each(screens)('undo/redo on $name', (screen) => {
  beforeEach(() => localStorage.clear());

  it('undoes and redoes a place', () => {
    const { get, list } = screen.setup();
    screen.place(get());
    screen.undo(get());
    expect(list()).toHaveLength(0);
    screen.redo(get());
    expect(list()).toHaveLength(1);
  });

  it('takes a drag (many moves) back in one step, and two drags in two', () => {
    const { get, list } = screen.setup();
    const id = screen.place(get());
    const start = list()[0]?.box.x;
    screen.endRun(get());
    for (const x of [20, 30, 40]) screen.move(get(), id, x);
    screen.endRun(get());
    for (const x of [50, 60]) screen.move(get(), id, x);
    const end = list()[0]?.box.x;
    screen.undo(get());
    const afterFirstUndo = list()[0]?.box.x;
    expect(afterFirstUndo).not.toBe(end);
    screen.undo(get());
    expect(list()[0]?.box.x).toBe(start);
    screen.redo(get());
    expect(list()[0]?.box.x).toBe(afterFirstUndo);
  });

  it.each([
    ['resize', (s: Screen, st: SealState, id: string) => s.resize(st, id)],
    ['rotate', (s: Screen, st: SealState, id: string) => s.rotate(st, id)],
    ['delete', (s: Screen, st: SealState, id: string) => s.remove(st, id)],
    ['clear', (s: Screen, st: SealState) => s.clear(st)],
  ] as const)('undoes a %s exactly', (_op, change) => {
    const { get, list } = screen.setup();
    const id = screen.place(get());
    screen.place(get());
    const before = JSON.stringify(list());
    change(screen, get(), id);
    expect(JSON.stringify(list())).not.toBe(before);
    const after = JSON.stringify(list());
    screen.undo(get());
    expect(JSON.stringify(list())).toBe(before);
    screen.redo(get());
    expect(JSON.stringify(list())).toBe(after);
  });

  it('a move to the same place (a click) adds no step', () => {
    const { get, list } = screen.setup();
    const id = screen.place(get());
    screen.move(get(), id, 20);
    screen.endRun(get());
    screen.move(get(), id, 20);
    screen.undo(get());
    expect(list()).toHaveLength(1);
    screen.undo(get());
    expect(list()).toHaveLength(0);
  });

  it('a new change after an undo drops the redo', () => {
    const { get, list } = screen.setup();
    screen.place(get());
    screen.undo(get());
    screen.place(get());
    screen.redo(get());
    expect(list()).toHaveLength(1);
  });
});
