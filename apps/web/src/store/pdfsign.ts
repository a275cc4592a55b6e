/**
 * The PDF-signing part of the one store (PDF签章): the opened PDF (its pages' sizes in points),
 * the stamps placed on it, the mode (正常签章 / 批量签章) and the paging-seal option.
 * A placement is kept on the page its top-left corner is on, as fractions of that page; its box
 * may run past the page's bottom (a stamp across the gap to the next page). Actions take boxes in
 * CSS px of the page column (see model/column.ts), as gestures produce them.
 */
import type { PageSelection } from '@yinzhang/pdf';
import { sealImageMm } from '@yinzhang/seal';
import {
  type Box,
  type CssPx,
  initialBox,
  moveBox,
  nextRotation,
  type PageFraction,
  type Rotation,
  toPageFraction,
} from '@yinzhang/seal/placement';
import {
  type ColumnLayout,
  columnToPage,
  type PageSizePt,
  pageSizePx,
  pageToColumn,
  physicalWidthFraction,
} from '../model/column';
import { emptyHistory, endRun, type History, redo, undo } from '../model/history';
import type { SealState } from './index';
import { undoableList } from './undoable';

export interface PdfDoc {
  /** The file's name as picked. */
  name: string;
  file: Blob;
  /** The password it opened with, for the export. */
  password?: string | undefined;
  /** Each page as displayed, in points. */
  pages: readonly PageSizePt[];
}

export interface PdfPlacement {
  id: string;
  stampId: string;
  src: string;
  /** 0-based page its top-left corner is on. */
  page: number;
  /** Unturned box, fractions of that page (y + height may pass 1: it continues below). */
  box: Box<PageFraction>;
  rotate: Rotation;
  /** 批量签章: the same stamp on every page. */
  batch: boolean;
}

export type PdfSignMode = 'normal' | 'batch';

export interface PagingSealOption {
  enabled: boolean;
  edge: 'left' | 'right';
  /** Height of the seal's centre, as a fraction of the page height. */
  y: number;
  /** Printed width; null: the seal's own size (42 mm for a seal made here). */
  widthMm: number | null;
}

export interface PdfSignState {
  pdfDoc: PdfDoc | null;
  pdfPlacements: readonly PdfPlacement[];
  pdfSelected: string | null;
  pdfMode: PdfSignMode;
  pagingSealOption: PagingSealOption;
  /** The pages a batch stamp goes on. */
  pdfBatchPages: PageSelection;
  /** Undo/redo of the placements on this PDF (place, move, resize, rotate, delete, clear). */
  pdfHistory: History<readonly PdfPlacement[]>;

  /** A new PDF: the stamps placed on the previous one go. */
  openPdfDoc(doc: PdfDoc): void;
  setPdfMode(mode: PdfSignMode): void;
  setPagingSeal(option: Partial<PagingSealOption>): void;
  setPdfBatchPages(pages: PageSelection): void;
  /**
   * Puts a stamp centred on `at` (px of `page`; default its middle) and selects it, batch when the
   * mode is 批量签章. Size: the width used last for this source, else its printed size, else 20 %
   * of the page.
   */
  placePdfStamp(
    stamp: { id: string; url: string; sizeMm?: number | undefined },
    aspect: number,
    page: number,
    layout: ColumnLayout,
    at?: { x: number; y: number },
  ): string;
  /**
   * 关键字签章: the stamp centred on each target (a point in fractions of its displayed page), sized
   * as placePdfStamp sizes it; the last one is selected. Returns the new placements' ids.
   */
  placePdfStampsAt(
    stamp: { id: string; url: string; sizeMm?: number | undefined },
    aspect: number,
    targets: readonly { page: number; x: number; y: number }[],
    layout: ColumnLayout,
  ): string[];
  movePdfStamp(id: string, box: Box<CssPx>, layout: ColumnLayout): void;
  resizePdfStamp(id: string, box: Box<CssPx>, layout: ColumnLayout): void;
  rotatePdfStamp(id: string, layout: ColumnLayout): void;
  removePdfStamp(id: string): void;
  selectPdfStamp(id: string | null): void;
  /** Removes every stamp from the PDF (one undo step). */
  clearPdfStamps(): void;
  /** A new pointer gesture starts: its moves make a new undo step. */
  endPdfStampRun(): void;
  undoPdfStamps(): void;
  redoPdfStamps(): void;
}

type Set = (partial: Partial<SealState> | ((s: SealState) => Partial<SealState>)) => void;
type Get = () => SealState;

function columnSize(layout: ColumnLayout) {
  return { width: layout.width as CssPx, height: layout.height as CssPx };
}

export function createPdfSignSlice(set: Set, get: Get): PdfSignState {
  let serial = 0;

  const { commit, update, travel } = undoableList<PdfPlacement>(set, get, {
    read: (s) => ({ list: s.pdfPlacements, history: s.pdfHistory, selected: s.pdfSelected }),
    write: (pdfPlacements, pdfHistory, pdfSelected) => ({ pdfPlacements, pdfHistory, pdfSelected }),
  });

  function remember(stampId: string, use: { width?: number; rotate?: Rotation }): void {
    set((s) => {
      const before = s.lastUse[stampId] ?? { width: 0, rotate: 0 };
      return { lastUse: { ...s.lastUse, [stampId]: { ...before, ...use } } };
    });
  }

  /** Moves to the box in column px, re-homed on the page its top-left is on. */
  function rehome(p: PdfPlacement, box: Box<CssPx>, layout: ColumnLayout): PdfPlacement {
    const at = columnToPage(layout, box);
    // A batch stamp is the same on every page: it stays on its own page's fractions.
    return p.batch ? { ...p, box: at.box, page: at.page } : { ...p, ...at };
  }

  /** New placements of one stamp, centred on each target (the page's middle without x, y). */
  function placeAll(
    stamp: { id: string; url: string; sizeMm?: number | undefined },
    aspect: number,
    // x, y: page fractions (关键字签章, the stamp belongs to those words); px: a point in px of the
    // page (the visible part of the page in view).
    targets: readonly { page: number; x?: number; y?: number; px?: { x: number; y: number } }[],
    layout: ColumnLayout,
  ): string[] {
    const last = get().lastUse[stamp.id];
    const rotate = last?.rotate ?? 0;
    // A made seal's mm is the seal's own width; its image is wider by the transparent margin.
    const imageMm = stamp.sizeMm ? sealImageMm(stamp.sizeMm) : undefined;
    const batch = get().pdfMode === 'batch';
    const placed: PdfPlacement[] = [];
    let width = 0;
    for (const target of targets) {
      const size = pageSizePx(layout, target.page);
      const pt = get().pdfDoc?.pages[target.page];
      const physical = pt ? physicalWidthFraction(imageMm, pt.width) : undefined;
      const wanted = last?.width ? last.width : physical ? physical * size.width : undefined;
      const words =
        target.x === undefined || target.y === undefined
          ? undefined
          : { x: target.x * size.width, y: target.y * size.height };
      const at = words ?? target.px;
      let box = initialBox(size, aspect, {
        ...(wanted ? { width: wanted } : {}),
        ...(at ? { at } : {}),
      });
      box = moveBox(box, 0, 0, size, rotate);
      width = box.width;
      // Ids restored from the last visit are taken already.
      let id = `d${++serial}`;
      while (get().pdfPlacements.some((p) => p.id === id)) id = `d${++serial}`;
      placed.push({
        id,
        stampId: stamp.id,
        src: stamp.url,
        page: target.page,
        box: toPageFraction(box, size),
        rotate,
        // A stamp at found words belongs to those words, not to every page.
        batch: batch && words === undefined,
      });
    }
    // One undo step for all of them.
    if (placed.length > 0) {
      commit([...get().pdfPlacements, ...placed], null, placed.at(-1)?.id ?? null);
    }
    if (placed.length > 0) remember(stamp.id, { width, rotate });
    return placed.map((p) => p.id);
  }

  return {
    pdfDoc: null,
    pdfPlacements: [],
    pdfSelected: null,
    pdfMode: 'normal',
    pagingSealOption: { enabled: false, edge: 'right', y: 0.5, widthMm: null },
    pdfBatchPages: 'all',
    pdfHistory: emptyHistory(),

    openPdfDoc(doc) {
      set({ pdfDoc: doc, pdfPlacements: [], pdfSelected: null, pdfHistory: emptyHistory() });
    },

    setPdfMode(mode) {
      set({ pdfMode: mode });
    },

    setPagingSeal(option) {
      set((s) => ({ pagingSealOption: { ...s.pagingSealOption, ...option } }));
    },

    setPdfBatchPages(pages) {
      set({ pdfBatchPages: pages });
    },

    placePdfStamp(stamp, aspect, page, layout, at) {
      const [id] = placeAll(stamp, aspect, [{ page, ...(at ? { px: at } : {}) }], layout);
      return id as string;
    },

    placePdfStampsAt(stamp, aspect, targets, layout) {
      return placeAll(stamp, aspect, targets, layout);
    },

    movePdfStamp(id, box, layout) {
      update(id, (p) => rehome(p, box, layout), `change:${id}`);
    },

    resizePdfStamp(id, box, layout) {
      const changed = update(id, (p) => rehome(p, box, layout), `change:${id}`);
      if (changed) remember(changed.stampId, { width: box.width });
    },

    rotatePdfStamp(id, layout) {
      const changed = update(id, (p) => {
        const rotate = nextRotation(p.rotate);
        const inside = moveBox(
          pageToColumn(layout, p.page, p.box),
          0,
          0,
          columnSize(layout),
          rotate,
        );
        return { ...rehome(p, inside, layout), rotate };
      });
      if (changed) remember(changed.stampId, { rotate: changed.rotate });
    },

    removePdfStamp(id) {
      const s = get();
      commit(
        s.pdfPlacements.filter((p) => p.id !== id),
        null,
        s.pdfSelected === id ? null : s.pdfSelected,
      );
    },

    selectPdfStamp(id) {
      if (get().pdfSelected !== id) set({ pdfSelected: id });
    },

    clearPdfStamps() {
      commit([], null, null);
    },

    endPdfStampRun() {
      const history = endRun(get().pdfHistory);
      if (history !== get().pdfHistory) set({ pdfHistory: history });
    },

    undoPdfStamps() {
      travel(undo);
    },

    redoPdfStamps() {
      travel(redo);
    },
  };
}
