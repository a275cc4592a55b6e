/**
 * Work that survives a reload (issue 18, item 9): the image and the PDF being signed and their
 * placements are written to `WorkStorage` shortly after each change, and put back when the app
 * starts (after the gallery, whose entries the placements show). 关闭 on either screen closes the
 * document and forgets it.
 */
import type { StoreApi } from 'zustand/vanilla';
import { emptyHistory } from '../model/history';
import type { SealState } from './index';
import type { SavedWork, WorkStorage } from './workStorage';

export interface WorkState {
  /** False until the work kept from the last visit is back (or there was none). */
  workRestored: boolean;
  /** Puts back the work kept from the last visit, unless the user has opened something since. */
  restoreWork(): Promise<void>;
  /** 图片签章's 关闭: the image and its stamps go, here and in what is kept. */
  closeSignImage(): void;
  /** PDF签章's 关闭: the PDF and its stamps go, here and in what is kept. */
  closePdfDoc(): void;
}

type Set = (partial: Partial<SealState> | ((s: SealState) => Partial<SealState>)) => void;
type Get = () => SealState;

const dropSrc = <T extends { src: string }>({ src: _src, ...rest }: T): Omit<T, 'src'> => rest;

/** What is kept of the state; null when nothing is open. */
export function savedWorkOf(s: SealState): SavedWork | null {
  const image =
    s.signImage?.file !== undefined
      ? {
          file: s.signImage.file,
          name: s.signImage.name,
          width: s.signImage.width,
          height: s.signImage.height,
          placements: s.placements.map(dropSrc),
        }
      : null;
  // A password-protected PDF is not kept (its password would have to be kept with it).
  const pdf =
    s.pdfDoc && !s.pdfDoc.password
      ? {
          file: s.pdfDoc.file,
          name: s.pdfDoc.name,
          pages: s.pdfDoc.pages.map((p) => ({ width: p.width, height: p.height })),
          placements: s.pdfPlacements.map(dropSrc),
          mode: s.pdfMode,
        }
      : null;
  return image || pdf ? { activeTab: s.activeTab, image, pdf } : null;
}

export function createWorkSlice(set: Set, get: Get, storage: WorkStorage): WorkState {
  return {
    workRestored: false,

    async restoreWork() {
      const work = await storage.load().catch(() => null);
      await get().loadGallery();
      const s = get();
      const patch: Partial<SealState> = { workRestored: true };
      if (work) {
        // A placement shows its gallery entry; one whose entry is gone is dropped.
        const withSrc = <T extends { stampId: string }>(list: readonly T[]) =>
          list.flatMap((p) => {
            const src = s.stamps.find((e) => e.id === p.stampId)?.url;
            return src ? [{ ...p, src }] : [];
          });
        if (work.image && !s.signImage) {
          const { file, name, width, height } = work.image;
          patch.signImage = { url: URL.createObjectURL(file), file, name, width, height };
          patch.placements = withSrc(work.image.placements);
        }
        if (work.pdf && !s.pdfDoc) {
          const { file, name, pages } = work.pdf;
          patch.pdfDoc = { file, name, pages };
          patch.pdfPlacements = withSrc(work.pdf.placements);
          patch.pdfMode = work.pdf.mode;
        }
        // The tab the user was on, unless they have left the first one meanwhile.
        if (s.activeTab === 'make') patch.activeTab = work.activeTab;
      }
      set(patch);
    },

    closeSignImage() {
      const image = get().signImage;
      if (image && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(image.url);
      set({
        signImage: null,
        placements: [],
        selectedPlacement: null,
        signHistory: emptyHistory(),
      });
    },

    closePdfDoc() {
      set({ pdfDoc: null, pdfPlacements: [], pdfSelected: null, pdfHistory: emptyHistory() });
    },
  };
}

/** How long after the last change the work is written (a drag changes it at every move). */
export const KEEP_DELAY_MS = 300;

/**
 * Writes the work to `storage` after each change (once restored, so the empty state at start
 * never overwrites what was kept); forgets it when nothing is open. Returns the unsubscribe.
 */
export function keepWork(store: StoreApi<SealState>, storage: WorkStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fields = (s: SealState) =>
    [s.signImage, s.placements, s.pdfDoc, s.pdfPlacements, s.pdfMode, s.activeTab] as const;
  let last = fields(store.getState());
  const unsubscribe = store.subscribe((s) => {
    const now = fields(s);
    if (now.every((v, i) => v === last[i])) return;
    last = now;
    if (!s.workRestored) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const work = savedWorkOf(store.getState());
      void (work ? storage.save(work) : storage.clear()).catch(() => {});
    }, KEEP_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
