/**
 * Where the signing key made by 生成证书 and the user's trust anchors are kept between visits:
 * IndexedDB (its own database, so the gallery's schema is left alone). The key is stored as a
 * non-extractable CryptoKey — IndexedDB keeps CryptoKeys by structured clone, and the page can sign
 * with it but never read it. Tests and browsers without IndexedDB use the in-memory storage.
 */
import { lazyDatabase } from './idb';

/** The certificate made in this browser, with the key that signs for it. */
export interface StoredKey {
  id: 'generated';
  privateKey: CryptoKey;
  /** DER; the certificate alone (self-signed). */
  chain: Uint8Array[];
  commonName: string;
  keyType: 'RSA' | 'EC';
  /** Milliseconds since 1970. */
  notAfter: number;
  createdAt: number;
}

/** A CA or self-signed certificate the user trusts (verification panel). */
export interface TrustAnchor {
  id: string;
  /** The certificate's subject CN (or the whole subject when it has none). */
  name: string;
  /** DER. */
  der: Uint8Array;
  addedAt: number;
}

export interface SigningStorage {
  loadKey(): Promise<StoredKey | null>;
  saveKey(key: StoredKey): Promise<void>;
  removeKey(): Promise<void>;
  listTrust(): Promise<TrustAnchor[]>;
  putTrust(anchor: TrustAnchor): Promise<void>;
  removeTrust(id: string): Promise<void>;
}

export function memorySigningStorage(): SigningStorage {
  let key: StoredKey | null = null;
  const trust = new Map<string, TrustAnchor>();
  return {
    loadKey: async () => key,
    saveKey: async (k) => {
      key = k;
    },
    removeKey: async () => {
      key = null;
    },
    listTrust: async () => [...trust.values()],
    putTrust: async (a) => {
      trust.set(a.id, a);
    },
    removeTrust: async (id) => {
      trust.delete(id);
    },
  };
}

const DB_NAME = 'yinzhang-signing';
const DB_VERSION = 1;
const KEYS = 'keys';
const TRUST = 'trust';

export function indexedDbSigningStorage(factory: IDBFactory = indexedDB): SigningStorage {
  const db = lazyDatabase(factory, DB_NAME, DB_VERSION, [
    { name: KEYS, keyPath: 'id' },
    { name: TRUST, keyPath: 'id' },
  ]);
  return {
    loadKey: async () => ((await db.read(KEYS, (s) => s.get('generated'))) as StoredKey) ?? null,
    saveKey: (key) => db.write(KEYS, (s) => s.put(key)),
    removeKey: () => db.write(KEYS, (s) => s.delete('generated')),
    listTrust: async () => (await db.read(TRUST, (s) => s.getAll())) as TrustAnchor[],
    putTrust: (anchor) => db.write(TRUST, (s) => s.put(anchor)),
    removeTrust: (id) => db.write(TRUST, (s) => s.delete(id)),
  };
}

export function defaultSigningStorage(): SigningStorage {
  return typeof indexedDB === 'undefined' ? memorySigningStorage() : indexedDbSigningStorage();
}
