/**
 * The image-signing part of the one store (SPEC §2-3, image signing): the chosen image, the stamps
 * placed on it, the selected one, and per stamp source the size and rotation used last.
 * Placements are kept as fractions of the image (STYLE #4), so a resized window shows them in the
 * same place and the full-resolution export reads them as they are. Actions take CSS pixels of
 * the image as displayed (what gestures produce) together with its displayed size.
 */
import {
  type Box,
  type CssPx,
  fromPageFraction,
  initialBox,
  moveBox,
  nextRotation,
  type PageFraction,
  type Rotation,
  type Size,
  toPageFraction,
} from '@yinzhang/seal/placement';
import { emptyHistory, endRun, type History, redo, undo } from '../model/history';
import type { SealState } from './index';
import { undoableList } from './undoable';

export interface SignImage {
  /** Object URL of the picked file. */
  url: string;
  /** The file's name as picked. */
  name: string;
  /** Natural size in image pixels. */
  width: number;
  height: number;
  /** The picked file, kept across reloads (store/work.ts); absent: not kept. */
  file?: Blob | undefined;
}

/** A stamp on the image (SPEC §3: id, src, position, size, rotate). */
export interface Placement {
  id: string;
  /** The gallery entry it came from. */
  stampId: string;
  src: string;
  /** The unrotated box; the stamp turns about its centre. */
  box: Box<PageFraction>;
  rotate: Rotation;
}

/** The last size (CSS px, before turning) and rotation used for a stamp source. */
export interface LastUse {
  width: number;
  rotate: Rotation;
}

export interface SignState {
  signImage: SignImage | null;
  placements: readonly Placement[];
  selectedPlacement: string | null;
  /** By gallery entry id. */
  lastUse: Readonly<Record<string, LastUse>>;
  /** Undo/redo of the placements on this image (place, move, resize, rotate, delete, clear). */
  signHistory: History<readonly Placement[]>;

  /** A new image to sign: the stamps placed on the previous one go. */
  chooseSignImage(image: SignImage): void;
  /** Puts a stamp in the middle of the image and selects it; returns the placement's id. */
  placeStamp(stamp: { id: string; url: string }, aspect: number, page: Size<CssPx>): string;
  moveStamp(id: string, box: Box<CssPx>, page: Size<CssPx>): void;
  resizeStamp(id: string, box: Box<CssPx>, page: Size<CssPx>): void;
  /** A quarter turn clockwise about the centre, kept inside the image. */
  rotateStamp(id: string, page: Size<CssPx>): void;
  removeStamp(id: string): void;
  selectStamp(id: string | null): void;
  /** Removes every stamp from the image (one undo step). */
  clearStamps(): void;
  /** A new pointer gesture starts: its moves make a new undo step. */
  endStampRun(): void;
  undoStamps(): void;
  redoStamps(): void;
}

type Set = (partial: Partial<SealState> | ((s: SealState) => Partial<SealState>)) => void;
type Get = () => SealState;

/** A new stamp centred where another one is moves this far down and right. */
const STAGGER_PX = 24;

const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

export function createSignSlice(set: Set, get: Get): SignState {
  let serial = 0;

  const { commit, update, travel } = undoableList<Placement>(set, get, {
    read: (s) => ({ list: s.placements, history: s.signHistory, selected: s.selectedPlacement }),
    write: (placements, signHistory, selectedPlacement) => ({
      placements,
      signHistory,
      selectedPlacement,
    }),
  });

  function remember(stampId: string, use: Partial<LastUse>): void {
    set((s) => {
      const before = s.lastUse[stampId] ?? { width: 0, rotate: 0 };
      return { lastUse: { ...s.lastUse, [stampId]: { ...before, ...use } } };
    });
  }

  return {
    signImage: null,
    placements: [],
    selectedPlacement: null,
    lastUse: {},
    signHistory: emptyHistory(),

    chooseSignImage(image) {
      const before = get().signImage;
      if (before && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(before.url);
      set({
        signImage: image,
        placements: [],
        selectedPlacement: null,
        signHistory: emptyHistory(),
      });
    },

    placeStamp(stamp, aspect, page) {
      const last = get().lastUse[stamp.id];
      const rotate = last?.rotate ?? 0;
      // The width used last, but never wider or taller than this image (issue 18).
      const fits = Math.min(page.width, page.height * aspect);
      const width = last?.width ? Math.min(last.width, fits) : undefined;
      let box: Box<CssPx> = initialBox(page, aspect, width ? { width } : {});
      const centres = get().placements.map((p) => centre(fromPageFraction(p.box, page)));
      const covered = (b: Box<CssPx>) => {
        const c = centre(b);
        return centres.some((t) => near(t.x, c.x) && near(t.y, c.y));
      };
      for (let i = 0; i < 20 && covered(box); i++) box = moveBox(box, STAGGER_PX, STAGGER_PX);
      box = moveBox(box, 0, 0, page, rotate);
      // Ids restored from the last visit are taken already.
      let id = `p${++serial}`;
      while (get().placements.some((p) => p.id === id)) id = `p${++serial}`;
      const placement: Placement = {
        id,
        stampId: stamp.id,
        src: stamp.url,
        box: toPageFraction(box, page),
        rotate,
      };
      commit([...get().placements, placement], null, id);
      remember(stamp.id, { width: box.width, rotate });
      return id;
    },

    moveStamp(id, box, page) {
      update(id, (p) => ({ ...p, box: toPageFraction(box, page) }), `change:${id}`);
    },

    resizeStamp(id, box, page) {
      const changed = update(id, (p) => ({ ...p, box: toPageFraction(box, page) }), `change:${id}`);
      if (changed) remember(changed.stampId, { width: box.width });
    },

    rotateStamp(id, page) {
      const changed = update(id, (p) => {
        const rotate = nextRotation(p.rotate);
        const inside = moveBox(fromPageFraction(p.box, page), 0, 0, page, rotate);
        return { ...p, rotate, box: toPageFraction(inside, page) };
      });
      if (changed) remember(changed.stampId, { rotate: changed.rotate });
    },

    removeStamp(id) {
      const s = get();
      commit(
        s.placements.filter((p) => p.id !== id),
        null,
        s.selectedPlacement === id ? null : s.selectedPlacement,
      );
    },

    selectStamp(id) {
      if (get().selectedPlacement !== id) set({ selectedPlacement: id });
    },

    clearStamps() {
      commit([], null, null);
    },

    endStampRun() {
      const history = endRun(get().signHistory);
      if (history !== get().signHistory) set({ signHistory: history });
    },

    undoStamps() {
      travel(undo);
    },

    redoStamps() {
      travel(redo);
    },
  };
}
