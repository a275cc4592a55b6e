/**
 * The open work kept between reloads (issue 18, item 9): the image or PDF being signed, its file,
 * and the stamps placed on it, in their own IndexedDB database (`yinzhang-work`, one record), so
 * the gallery's database and its versions are untouched. Tests inject `memoryWorkStorage`.
 * A PDF opened with a password is not kept: the password would have to be kept with it.
 */
import type { TabId } from '../model/tabs';
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

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function indexedDbWorkStorage(factory: IDBFactory = indexedDB): WorkStorage {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= (() => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
      };
      return request(req);
    })().catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  async function write(change: (store: IDBObjectStore) => void): Promise<void> {
    const tx = (await database()).transaction(STORE, 'readwrite');
    change(tx.objectStore(STORE));
    await done(tx);
  }
  return {
    async load() {
      const tx = (await database()).transaction(STORE, 'readonly');
      const work = (await request(tx.objectStore(STORE).get(KEY))) as SavedWork | undefined;
      return work ?? null;
    },
    save: (work) => write((store) => store.put(work, KEY)),
    clear: () => write((store) => store.delete(KEY)),
  };
}

/** IndexedDB when the browser has it; otherwise the work lasts one visit. */
export function defaultWorkStorage(): WorkStorage {
  return typeof indexedDB === 'undefined' ? memoryWorkStorage() : indexedDbWorkStorage();
}
