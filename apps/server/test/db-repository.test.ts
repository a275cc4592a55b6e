import { afterEach, describe, expect, it } from 'vitest';
import type { ParseSession } from '../src/db/repository';
import { openStorage, type Storage } from '../src/db/storage';
import { testConfig } from './helpers';
import { createTestDatabase } from './pg-helpers';

const open: Storage[] = [];

afterEach(async () => {
  for (const storage of open.splice(0)) await storage.close();
});

/** Both backends, opened the way the app opens them: by the config. */
const BACKENDS = [
  { backend: 'sqlite', env: async (): Promise<Record<string, string>> => ({}) },
  { backend: 'postgres', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
] as const;

/** Times in epoch ms well past 2^31, as real ones are: they must come back exact. */
const T0 = 1_763_800_000_123;

describe.each(BACKENDS)('repository on $backend', ({ backend, env }) => {
  async function openRepo() {
    let clock = T0;
    const storage = await openStorage(testConfig(await env()), { now: () => clock });
    open.push(storage);
    expect(storage.backend).toBe(backend);
    return {
      repo: storage.repo,
      tick: (ms: number) => {
        clock += ms;
        return clock;
      },
      now: () => clock,
    };
  }

  function session(pid: string, createdAt: number, expiresAt: number, image?: Uint8Array) {
    return {
      pid,
      image: image ?? new Uint8Array([0x89, 0x50, 0x00, 0xff, 0x00]),
      width: 3,
      height: 2,
      createdAt,
      expiresAt,
    } satisfies ParseSession;
  }

  it('records a mark once, then counts sightings and moves last_seen_at', async () => {
    const { repo, tick } = await openRepo();
    expect(await repo.getMark('a'.repeat(32))).toBeUndefined();
    await repo.recordMark({ mid: 'a'.repeat(32), kind: 'create', bytes: 1234 });
    const later = tick(5_000);
    // A second sighting keeps the first kind and size.
    await repo.recordMark({ mid: 'a'.repeat(32), kind: 'local', bytes: 1 });
    expect(await repo.getMark('a'.repeat(32))).toEqual({
      mid: 'a'.repeat(32),
      kind: 'create',
      bytes: 1234,
      createdAt: T0,
      lastSeenAt: later,
      hits: 2,
    });
  });

  it('loses no sighting when the same mark is recorded concurrently', async () => {
    const { repo } = await openRepo();
    const mark = { mid: 'b'.repeat(32), kind: 'extract', bytes: 9 } as const;
    await Promise.all(Array.from({ length: 25 }, () => repo.recordMark(mark)));
    expect((await repo.getMark(mark.mid))?.hits).toBe(25);
  });

  it('keeps reports in order with their text exactly as given', async () => {
    const { repo, tick } = await openRepo();
    const texts = ['二维码不清楚', 'emoji 🧧 ok', "quote ' and \\ backslash", 'x'];
    const times: number[] = [];
    for (const text of texts) {
      await repo.addReport(text);
      times.push(tick(1));
    }
    const rows = await repo.listReports();
    expect(rows.map((r) => r.text)).toEqual(texts);
    expect(rows.map((r) => r.createdAt)).toEqual(times.map((t) => t - 1));
    const ids = rows.map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stores a crop byte for byte and serves it until it expires', async () => {
    const { repo, tick } = await openRepo();
    const image = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    const s = session('c'.repeat(32), T0, T0 + 1_000, image);
    await repo.saveParseSession(s);
    const got = await repo.getParseSession(s.pid);
    expect(got).toMatchObject({
      pid: s.pid,
      width: 3,
      height: 2,
      createdAt: T0,
      expiresAt: T0 + 1_000,
    });
    expect(got?.image).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(got?.image ?? []).equals(Buffer.from(image))).toBe(true);
    expect(await repo.isParseSessionLive(s.pid)).toBe(true);

    tick(999);
    expect(await repo.isParseSessionLive(s.pid)).toBe(true);
    tick(1);
    // At expires_at it is gone, before any sweep.
    expect(await repo.isParseSessionLive(s.pid)).toBe(false);
    expect(await repo.getParseSession(s.pid)).toBeUndefined();
    expect(await repo.getParseSession('d'.repeat(32))).toBeUndefined();
  });

  it('saves a crop and its first mark together, or neither', async () => {
    const { repo } = await openRepo();
    const mark = { mid: 'e'.repeat(32), kind: 'extract', bytes: 5 } as const;
    await repo.saveParseSession(session('f'.repeat(32), T0, T0 + 10), mark);
    expect(await repo.getMark(mark.mid)).toMatchObject({ kind: 'extract', hits: 1 });
    expect(await repo.isParseSessionLive('f'.repeat(32))).toBe(true);

    // Same pid again: the insert fails, so the mark in the same transaction is not counted.
    await expect(
      repo.saveParseSession(session('f'.repeat(32), T0, T0 + 10), mark),
    ).rejects.toThrow();
    expect((await repo.getMark(mark.mid))?.hits).toBe(1);
    // Same pid without a mark fails too, and the repository still works afterwards.
    await expect(repo.saveParseSession(session('f'.repeat(32), T0, T0 + 10))).rejects.toThrow();
    await repo.saveParseSession(session('0'.repeat(32), T0, T0 + 10), mark);
    expect((await repo.getMark(mark.mid))?.hits).toBe(2);
  });

  it('concurrent saves: a duplicate pid fails only its own, the others keep crop and mark', async () => {
    const { repo } = await openRepo();
    const mark = { mid: '9'.repeat(32), kind: 'extract', bytes: 5 } as const;
    await repo.saveParseSession(session('1'.repeat(32), T0, T0 + 10));
    // Made in one turn, so the SQLite repository commits them as one batch first.
    const settled = await Promise.allSettled(
      ['2', '1', '3'].map((c) => repo.saveParseSession(session(c.repeat(32), T0, T0 + 10), mark)),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await repo.isParseSessionLive('2'.repeat(32))).toBe(true);
    expect(await repo.isParseSessionLive('3'.repeat(32))).toBe(true);
    expect((await repo.getMark(mark.mid))?.hits).toBe(2);
  });

  it('the sweep deletes exactly the expired crops', async () => {
    const { repo, now } = await openRepo();
    const t = now();
    const cases = [
      { pid: '1'.repeat(32), expiresAt: t - 1, kept: false },
      { pid: '2'.repeat(32), expiresAt: t, kept: false },
      { pid: '3'.repeat(32), expiresAt: t + 1, kept: true },
      { pid: '4'.repeat(32), expiresAt: t + 3_600_000, kept: true },
    ];
    for (const c of cases) await repo.saveParseSession(session(c.pid, t - 10, c.expiresAt));
    expect(await repo.deleteExpiredParseSessions()).toBe(2);
    expect(await repo.deleteExpiredParseSessions()).toBe(0);
    for (const c of cases) expect(await repo.isParseSessionLive(c.pid)).toBe(c.kept);
  });
});
