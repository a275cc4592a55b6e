/**
 * The open work kept between reloads (issue 18, item 9): the image or PDF being signed, its file,
 * and the stamps placed on it, in their own IndexedDB database (`yinzhang-work`, one record), so
 * the gallery's database and its versions are untouched. Tests inject `memoryWorkStorage`.
 * A PDF opened with a password is not kept: the password would have to be kept with it. The
 * files sit under their own keys and are written only when they change.
 */
import type { TabId } from '../model/tabs';
import { lazyDatabase, request } from './idb';
import type { PdfPlacement, PdfSignMode } from './pdfsign';
import type { Placement } from './sign';

export interface SavedImage {
  file: Blob;
  name: string;
  width: number;
  height: number;
  /** `src` is not kept: object URLs die with the page; it is found again by `stampId`. */
  placements: Omit<Placement, 'src'>[];
}

export interface SavedPdf {
  file: Blob;
  name: string;
  pages: { width: number; height: number }[];
  placements: Omit<PdfPlacement, 'src'>[];
  mode: PdfSignMode;
}

export interface SavedWork {
  activeTab: TabId;
  image: SavedImage | null;
  pdf: SavedPdf | null;
}

export interface WorkStorage {
  load(): Promise<SavedWork | null>;
  save(work: SavedWork): Promise<void>;
  clear(): Promise<void>;
}

export function memoryWorkStorage(initial: SavedWork | null = null): WorkStorage & {
  current(): SavedWork | null;
} {
  let kept = initial;
  return {
    load: async () => kept,
    save: async (work) => {
      kept = work;
    },
    clear: async () => {
      kept = null;
    },
    current: () => kept,
  };
}

const DB_NAME = 'yinzhang-work';
const STORE = 'work';
const KEY = 'current';

export function indexedDbWorkStorage(factory: IDBFactory = indexedDB): WorkStorage {
  const db = lazyDatabase(factory, DB_NAME, 1, [{ name: STORE }]);
  // The files last written: a PDF of 100 MB is written once, not at every move of a stamp.
  const written: { image?: Blob | undefined; pdf?: Blob | undefined } = {};
  const write = (change: (store: IDBObjectStore) => void) => db.write(STORE, change);
  return {
    async load() {
      const tx = await db.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      const [state, image, pdf] = await Promise.all([
        request(store.get(KEY)) as Promise<Stored | undefined>,
        request(store.get(`${KEY}:image`)) as Promise<Blob | undefined>,
        request(store.get(`${KEY}:pdf`)) as Promise<Blob | undefined>,
      ]);
      if (!state) return null;
      written.image = image;
      written.pdf = pdf;
      return {
        activeTab: state.activeTab,
        image: state.image && image ? { ...state.image, file: image } : null,
        pdf: state.pdf && pdf ? { ...state.pdf, file: pdf } : null,
      };
    },
    save: (work) => {
      const image = work.image?.file;
      const pdf = work.pdf?.file;
      const state: Stored = {
        activeTab: work.activeTab,
        image: work.image ? withoutFile(work.image) : null,
        pdf: work.pdf ? withoutFile(work.pdf) : null,
      };
      return write((store) => {
        store.put(state, KEY);
        if (image !== written.image) {
          if (image) store.put(image, `${KEY}:image`);
          else store.delete(`${KEY}:image`);
        }
        if (pdf !== written.pdf) {
          if (pdf) store.put(pdf, `${KEY}:pdf`);
          else store.delete(`${KEY}:pdf`);
        }
      }).then(() => {
        written.image = image;
        written.pdf = pdf;
      });
    },
    clear: () =>
      write((store) => store.clear()).then(() => {
        written.image = undefined;
        written.pdf = undefined;
      }),
  };
}

/** The record without its files, which are kept under their own keys. */
interface Stored {
  activeTab: TabId;
  image: Omit<SavedImage, 'file'> | null;
  pdf: Omit<SavedPdf, 'file'> | null;
}

function withoutFile<T extends { file: Blob }>({ file: _file, ...rest }: T): Omit<T, 'file'> {
  return rest;
}

/** IndexedDB when the browser has it; otherwise the work lasts one visit. */
export function defaultWorkStorage(): WorkStorage {
  return typeof indexedDB === 'undefined' ? memoryWorkStorage() : indexedDbWorkStorage();
}
