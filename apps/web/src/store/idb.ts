/** Promises over IndexedDB's request and transaction events, for the stores kept in the browser. */

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** An object store to create on first open; without keyPath, records are put under explicit keys. */
export interface StoreSpec {
  readonly name: string;
  readonly keyPath?: string;
}

/** A database that opens on first use and stays open; a failed open is tried again next time. */
export interface LazyDatabase {
  transaction(store: string, mode: IDBTransactionMode): Promise<IDBTransaction>;
  /** One request in a read-only transaction. */
  read<T>(store: string, get: (s: IDBObjectStore) => IDBRequest<T>): Promise<T>;
  /** Changes in one read-write transaction, resolved when it commits. */
  write(store: string, change: (s: IDBObjectStore) => void): Promise<void>;
}

export function lazyDatabase(
  factory: IDBFactory,
  name: string,
  version: number,
  stores: readonly StoreSpec[],
): LazyDatabase {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    const req = factory.open(name, version);
    req.onupgradeneeded = () => {
      for (const { name: store, keyPath } of stores) {
        if (!req.result.objectStoreNames.contains(store)) {
          req.result.createObjectStore(store, keyPath === undefined ? undefined : { keyPath });
        }
      }
    };
    return request(req);
  };
  const database = () => {
    db ??= open().catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  const transaction = async (store: string, mode: IDBTransactionMode) =>
    (await database()).transaction(store, mode);
  return {
    transaction,
    read: async (store, get) =>
      request(get((await transaction(store, 'readonly')).objectStore(store))),
    async write(store, change) {
      const tx = await transaction(store, 'readwrite');
      change(tx.objectStore(store));
      await done(tx);
    },
  };
}
