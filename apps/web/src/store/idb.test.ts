// @vitest-environment node
/**
 * The gallery's and the signing keys' IndexedDB stores, both on idb.ts's lazyDatabase
 * (fake-indexeddb stands in for the browser's): what is written is read back by a new page, and a
 * database that fails to open is tried again instead of failing forever.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbStorage } from './galleryStorage';
import { lazyDatabase } from './idb';
import { indexedDbSigningStorage } from './signingStorage';

describe('lazyDatabase', () => {
  it('creates its stores on first open and reads back what a write committed', async () => {
    const factory = new IDBFactory();
    const db = lazyDatabase(factory, 't', 1, [{ name: 'keyed', keyPath: 'id' }, { name: 'plain' }]);
    await db.write('keyed', (s) => s.put({ id: 'a', v: 1 }));
    await db.write('plain', (s) => s.put('x', 'k'));
    const again = lazyDatabase(factory, 't', 1, []);
    expect(await again.read('keyed', (s) => s.get('a'))).toEqual({ id: 'a', v: 1 });
    expect(await again.read('plain', (s) => s.get('k'))).toBe('x');
  });

  it('tries to open again after a failed open', async () => {
    const factory = new IDBFactory();
    let fail = true;
    const flaky = {
      open: (name: string, version?: number) => {
        if (fail) throw new Error('blocked');
        return factory.open(name, version);
      },
    } as unknown as IDBFactory;
    const db = lazyDatabase(flaky, 'f', 1, [{ name: 's', keyPath: 'id' }]);
    await expect(db.read('s', (s) => s.getAll())).rejects.toThrow('blocked');
    fail = false;
    await db.write('s', (s) => s.put({ id: 1 }));
    expect(await db.read('s', (s) => s.getAll())).toEqual([{ id: 1 }]);
  });
});

describe('the stores built on it', () => {
  it('keeps gallery stamps across pages', async () => {
    const factory = new IDBFactory();
    const stamp = { id: 's1', name: '公章', createdAt: 1 } as unknown as Parameters<
      ReturnType<typeof indexedDbStorage>['put']
    >[0];
    await indexedDbStorage(factory).put(stamp);
    expect(await indexedDbStorage(factory).list()).toEqual([stamp]);
    await indexedDbStorage(factory).remove('s1');
    expect(await indexedDbStorage(factory).list()).toEqual([]);
  });

  it('keeps the signing key and trust anchors in their own stores', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSigningStorage(factory);
    expect(await storage.loadKey()).toBeNull();
    const anchor = { id: 'ca', name: 'Test CA', der: new Uint8Array([48, 0]), addedAt: 2 };
    await storage.putTrust(anchor);
    const again = indexedDbSigningStorage(factory);
    expect(await again.listTrust()).toEqual([anchor]);
    expect(await again.loadKey()).toBeNull();
    await again.removeTrust('ca');
    expect(await storage.listTrust()).toEqual([]);
  });
});
