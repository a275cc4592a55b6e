/**
 * Where the stamp gallery lives between visits: IndexedDB in the browser (blobs and their
 * metadata), an in-memory map in tests and wherever IndexedDB is missing. The store only sees
 * `StampStorage`, so tests inject the in-memory one.
 */
import { lazyDatabase } from './idb';

/** `made`: by name; `extracted`: from a photo; `saved`: the localStorage stamp of an older visit. */
export type StampKind = 'made' | 'extracted' | 'saved' | 'signature' | 'image';

export interface StoredStamp {
  id: string;
  kind: StampKind;
  /** Seal name, photo name, local file name, or a hand signature's number. */
  name: string;
  /** Server-issued content id; empty for stamps the server never saw. */
  mid: string;
  /** Physical size of the stamp's longer side, when it has one (a seal made by name). */
  sizeMm?: number;
  /** Milliseconds since 1970; the gallery lists the newest first. */
  createdAt: number;
  blob: Blob;
}

export interface StampStorage {
  list(): Promise<StoredStamp[]>;
  /** Adds a stamp, or replaces the one with the same id. */
  put(stamp: StoredStamp): Promise<void>;
  remove(id: string): Promise<void>;
}

export function memoryStorage(initial: readonly StoredStamp[] = []): StampStorage {
  const items = new Map(initial.map((s) => [s.id, s]));
  return {
    list: async () => [...items.values()],
    put: async (stamp) => {
      items.set(stamp.id, stamp);
    },
    remove: async (id) => {
      items.delete(id);
    },
  };
}

const DB_NAME = 'yinzhang';
const DB_VERSION = 1;
const STORE = 'stamps';

/** The browser's IndexedDB; the database opens on first use and stays open. */
export function indexedDbStorage(factory: IDBFactory = indexedDB): StampStorage {
  const db = lazyDatabase(factory, DB_NAME, DB_VERSION, [{ name: STORE, keyPath: 'id' }]);
  return {
    list: async () => (await db.read(STORE, (s) => s.getAll())) as StoredStamp[],
    put: (stamp) => db.write(STORE, (s) => s.put(stamp)),
    remove: (id) => db.write(STORE, (s) => s.delete(id)),
  };
}

/** IndexedDB when the browser has it (private modes may not); otherwise the gallery lasts one visit. */
export function defaultStorage(): StampStorage {
  return typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage();
}
