/**
 * The stamp gallery part of the one store (SPEC §3: hand signatures, local images, seals): every
 * stamp the visitor has, newest first, kept in `StampStorage` (IndexedDB) so that a reload keeps
 * them. Plain functions over the store's set/get; only store/index.ts builds the store.
 */
import { SEAL_SIZE_MM } from '@yinzhang/seal';
import type { StampKind, StampStorage, StoredStamp } from './galleryStorage';
import type { SealState, Stamp } from './index';
import { clearSavedStamp, dataUrlToBlob, saveStamp } from './stampStorage';

/**
 * One of the stamps the visitor has. Ids: `made:<mid>`, `extracted:<pid>` (one per upload: a new
 * clarity updates it), `signature:<n>`, `image:<n>`, and `saved` for the localStorage stamp of a
 * visit from before the gallery was kept.
 */
export interface StampEntry {
  id: string;
  /** Object URL (or, for `saved`, the data URL) of the image. */
  url: string;
  mid: string;
  kind: StampKind;
  /** Seal name, photo name, file name, or a hand signature's number. */
  name: string;
  sizeMm?: number;
  createdAt: number;
  /** The image itself; only an entry with a blob is kept between visits. */
  blob?: Blob;
}

export interface GalleryState {
  /** The stamps the visitor has, newest first. */
  stamps: readonly StampEntry[];
  /** The stamps of earlier visits have been read (or could not be). */
  galleryLoaded: boolean;

  /** Reads the stamps of earlier visits into the list; runs once, later calls share it. */
  loadGallery(): Promise<void>;
  /**
   * Adds a stamp, or updates the entry with the same id, as the newest (front of the list);
   * the entry `replaces` names goes.
   */
  keepStamp(entry: Omit<StampEntry, 'createdAt'>, replaces?: string): StampEntry;
  /** A seal made by name: replaces the one made just before while the same name is being typed. */
  keepMadeSeal(stamp: Stamp, blob: Blob): void;
  addSignature(png: Blob): StampEntry;
  addLocalImage(image: Blob, fileName: string): StampEntry;
  removeFromGallery(id: string): void;
}

type Set = (partial: Partial<SealState> | ((s: SealState) => Partial<SealState>)) => void;
type Get = () => SealState;

/**
 * Typing a name makes a seal at every pause ('北京某某', '北京某某科技', ...): those are one seal
 * being written, not several. A name that is not a continuation of the previous one is a new seal.
 */
export function continuesDraft(previous: string, next: string): boolean {
  return previous.startsWith(next) || next.startsWith(previous);
}

/** The number the next hand signature gets: one more than the highest so far. */
export function nextSignatureNumber(stamps: readonly StampEntry[]): number {
  let max = 0;
  for (const e of stamps) if (e.kind === 'signature') max = Math.max(max, Number(e.name) || 0);
  return max + 1;
}

function toStored(e: StampEntry & { blob: Blob }): StoredStamp {
  const { url: _url, ...stored } = e;
  return stored;
}

const newestFirst = (a: StampEntry, b: StampEntry) => b.createdAt - a.createdAt;

export function createGallerySlice(
  set: Set,
  get: Get,
  storage: StampStorage,
  restored: StampEntry | null,
): GalleryState {
  let loading: Promise<void> | null = null;
  // The seal made by name most recently in this visit, which the next one may replace.
  let draftId: string | null = null;
  let serial = 0;
  let lastTime = 0;
  // Strictly increasing, so that two stamps kept in the same millisecond still sort.
  const tick = () => {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return lastTime;
  };
  const uid = (kind: StampKind) => `${kind}:${Date.now().toString(36)}-${++serial}`;
  const ignore = () => {};

  function persist(entry: StampEntry): void {
    if (entry.blob) storage.put(toStored({ ...entry, blob: entry.blob })).catch(ignore);
  }

  function add(kind: 'signature' | 'image', blob: Blob, name: string): StampEntry {
    const entry = get().keepStamp({
      id: uid(kind),
      url: URL.createObjectURL(blob),
      mid: '',
      kind,
      name,
      blob,
    });
    get().setCurrentStamp({ url: entry.url, mid: '', name, kind }, blob);
    return entry;
  }

  return {
    stamps: restored ? [restored] : [],
    galleryLoaded: false,

    loadGallery() {
      loading ??= storage.list().then(
        (records) => {
          set((s) => {
            // With a gallery, the localStorage stamp is one of its entries already.
            const kept = records.length > 0 ? s.stamps.filter((e) => e.id !== 'saved') : s.stamps;
            const have = new Set(kept.map((e) => e.id));
            const read = records
              .filter((r) => !have.has(r.id))
              .map((r): StampEntry => ({ ...r, url: URL.createObjectURL(r.blob) }));
            lastTime = Math.max(lastTime, ...read.map((e) => e.createdAt));
            return { stamps: [...kept, ...read].sort(newestFirst), galleryLoaded: true };
          });
          const saved = get().stamps.find((e) => e.id === 'saved');
          if (records.length === 0 && saved?.url.startsWith('data:')) {
            persist({ ...saved, blob: dataUrlToBlob(saved.url) });
          }
        },
        () => set({ galleryLoaded: true }),
      );
      return loading;
    },

    keepStamp(fields, replaces) {
      const entry: StampEntry = { ...fields, createdAt: tick() };
      set((s) => ({
        stamps: [entry, ...s.stamps.filter((e) => e.id !== entry.id && e.id !== replaces)],
      }));
      persist(entry);
      if (replaces && replaces !== entry.id) storage.remove(replaces).catch(ignore);
      return entry;
    },

    keepMadeSeal(stamp, blob) {
      const id = `made:${stamp.mid || uid('made')}`;
      const draft = get().stamps.find((e) => e.id === draftId);
      const replaces = draft && continuesDraft(draft.name, stamp.name) ? draft.id : undefined;
      draftId = id;
      get().keepStamp(
        {
          id,
          url: stamp.url,
          mid: stamp.mid,
          kind: 'made',
          name: stamp.name,
          sizeMm: stamp.sizeMm ?? SEAL_SIZE_MM,
          blob,
        },
        replaces,
      );
    },

    addSignature(png) {
      return add('signature', png, String(nextSignatureNumber(get().stamps)));
    },

    addLocalImage(image, fileName) {
      return add('image', image, fileName);
    },

    removeFromGallery(id) {
      const entry = get().stamps.find((e) => e.id === id);
      if (!entry) return;
      // The object URL stays valid: the same image may still be on show, cached or placed.
      set((s) => ({ stamps: s.stamps.filter((e) => e.id !== id) }));
      storage.remove(id).catch(ignore);
      if (id === draftId) draftId = null;
      if (get().currentStamp?.url !== entry.url) return;
      // The stamp kept in localStorage must not outlive its removal.
      const next = get().stamps[0];
      if (!next) {
        set({ currentStamp: null });
        clearSavedStamp();
        return;
      }
      get().setCurrentStamp(
        { url: next.url, mid: next.mid, name: next.name, kind: next.kind },
        next.blob,
      );
      if (!next.blob && next.url.startsWith('data:')) saveStamp(next.url);
    },
  };
}
