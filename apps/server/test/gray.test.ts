import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createRepository } from '../src/db/repository';
import { createExtractPool, type ExtractPool } from '../src/extract/pool';
import { EXTRACT_LIMITS } from '../src/limits';
import { PNG_SIGNATURE, sealPhoto, sealPhotoJpeg, sealPhotoRgba } from './fixtures/images';
import { multipartBody, openDbForTest, pngSize, tempDir, testApp, testConfig } from './helpers';

let shared: ExtractPool | undefined;
afterAll(async () => shared?.close());

/** Apps of this file share one extract pool (the restart test uses the app's own). */
function sharedPool(): ExtractPool {
  shared ??= createExtractPool();
  return shared;
}

async function parse(app: FastifyInstance, gray = '0-1-0', upload?: Buffer) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/stamp/parse',
    ...multipartBody([
      { field: 'gray', data: gray },
      { field: 'stream', data: '1' },
      { field: 'file', filename: 'crop.png', data: upload ?? (await sealPhotoJpeg()) },
    ]),
  });
  expect(res.statusCode).toBe(200);
  return { pid: String(res.headers.pid), png: res.rawPayload };
}

function gray(app: FastifyInstance, pid: string | undefined, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/v1/stamp/gray',
    headers: pid === undefined ? {} : { pid },
    payload: body as object,
  });
}

function sha(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

describe('POST /v1/stamp/gray', () => {
  it('extracts the stored crop with another key: same frame, mid recorded', async () => {
    const config = testConfig();
    const app = await testApp(config, { extractPool: sharedPool() });
    const first = await parse(app, '0-1-0');

    const res = await gray(app, first.pid, { gray: '2-12-0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.mid).toBe(sha(res.rawPayload));
    expect(pngSize(res.rawPayload)).toEqual({ width: 512, height: 512 });
    expect(res.rawPayload.equals(first.png)).toBe(false);
    const { data } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[3]).toBe(0); // top-left corner transparent

    const marks = await openDbForTest(config.dataDir).execute(
      'SELECT mid, kind FROM marks ORDER BY created_at',
    );
    expect(marks.rows.map((r) => [r.mid, r.kind])).toEqual([
      [sha(first.png), 'extract'],
      [res.headers.mid, 'extract'],
    ]);
  });

  it('gives the same bytes for the key the upload used (the stored crop is lossless)', async () => {
    const app = await testApp(testConfig(), { extractPool: sharedPool() });
    const first = await parse(app, '0-2-0');
    const again = await gray(app, first.pid, { gray: '0-2-0' });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.png)).toBe(true);
  });

  it('serves the pid from a new app instance on the same DATA_DIR (restart, second instance)', async () => {
    const config = testConfig();
    const before = await testApp(config);
    const first = await parse(before, '0-1-0');
    const other = await gray(before, first.pid, { gray: '2-12-0' });
    await before.close();

    const after = await testApp(config);
    const same = await gray(after, first.pid, { gray: '0-1-0' });
    expect(same.statusCode).toBe(200);
    expect(same.rawPayload.equals(first.png)).toBe(true);
    const res = await gray(after, first.pid, { gray: '2-12-0' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(other.rawPayload)).toBe(true);
  });

  it.each([
    ['a 512x512 JPEG', () => sealPhotoJpeg(), true],
    [
      'a 300x200 JPEG turned by EXIF (metadata: never kept)',
      () => sealPhotoJpeg({ width: 300, height: 200, orientation: 6 }),
      false,
    ],
    [
      'a 300x200 PNG with EXIF (metadata: never kept)',
      async () =>
        sharp(await sealPhoto('png', { width: 300, height: 200 }))
          .withExifMerge({ IFD0: { Copyright: 'someone' } })
          .png()
          .toBuffer(),
      false,
    ],
    [
      'a 400x400 PNG with transparency',
      async () =>
        sharp(await sealPhoto('png', { width: 400, height: 400 }))
          .ensureAlpha(0.5)
          .png()
          .toBuffer(),
      true,
    ],
    ['an 800x600 WebP, scaled down', () => sealPhoto('webp', { width: 800, height: 600 }), false],
    [
      'a 512x512 PNG too large to keep (not compressed)',
      () => {
        const { data, width, height } = sealPhotoRgba();
        return sharp(data, { raw: { width, height, channels: 4 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
      },
      false,
    ],
  ])(
    'keeps %s as it came or as its crop; either gives the same seal again',
    async (_l, make, kept) => {
      const upload = await make();
      const config = testConfig();
      const before = await testApp(config, { extractPool: sharedPool() });
      const first = await parse(before, '0-2-0', upload);
      const rows = await openDbForTest(config.dataDir).execute({
        sql: 'SELECT image, width, height FROM parse_sessions WHERE pid = ?',
        args: [first.pid],
      });
      const stored = Buffer.from(rows.rows[0]?.image as ArrayBuffer);
      if (kept) {
        expect(stored.equals(upload)).toBe(true);
      } else {
        expect(stored.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(pngSize(stored)).toEqual({
          width: rows.rows[0]?.width,
          height: rows.rows[0]?.height,
        });
      }
      // A new instance has no result cache: the seal is extracted again from what was stored.
      const after = await testApp(config, { extractPool: sharedPool() });
      const again = await gray(after, first.pid, { gray: '0-2-0' });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.png)).toBe(true);
    },
  );

  it.each([
    ['an unknown pid', randomBytes(16).toString('hex')],
    ['a malformed pid', 'not-a-pid'],
  ])('answers 419 SESSION_EXPIRED for %s', async (_label, pid) => {
    const app = await testApp(testConfig(), { extractPool: sharedPool() });
    const res = await gray(app, pid, { gray: '0-1-0' });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({
      error: { code: 'SESSION_EXPIRED', message: expect.any(String) },
    });
  });

  it('answers 419 once the hour is over, even for a result still in the cache', async () => {
    let clock = 1_700_000_000_000;
    const app = await testApp(testConfig(), { extractPool: sharedPool(), now: () => clock });
    const { pid } = await parse(app, '0-1-0');
    expect((await gray(app, pid, { gray: '1-0-0' })).statusCode).toBe(200);

    clock += EXTRACT_LIMITS.sessionTtlMs - 1;
    expect((await gray(app, pid, { gray: '0-1-0' })).statusCode).toBe(200);
    clock += 1;
    for (const key of ['0-1-0', '1-0-0', '2-3-1']) {
      const res = await gray(app, pid, { gray: key });
      expect(res.statusCode, key).toBe(419);
      expect(res.json().error.code).toBe('SESSION_EXPIRED');
    }
  });

  it('answers 419 for a row the database says has expired', async () => {
    const config = testConfig();
    const app = await testApp(config, { extractPool: sharedPool() });
    const { pid } = await parse(app, '0-1-0');
    await openDbForTest(config.dataDir).execute({
      sql: 'UPDATE parse_sessions SET expires_at = ? WHERE pid = ?',
      args: [Date.now() - 1, pid],
    });
    // Both a key cached by the upload and a new one.
    expect((await gray(app, pid, { gray: '0-1-0' })).statusCode).toBe(419);
    expect((await gray(app, pid, { gray: '0-3-0' })).statusCode).toBe(419);
  });

  it('answers 400 without the pid header', async () => {
    const app = await testApp(testConfig(), { extractPool: sharedPool() });
    for (const pid of [undefined, '']) {
      const res = await gray(app, pid, { gray: '0-1-0' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MISSING_PID');
    }
  });

  it.each([['3-0-0'], ['0-9-0'], ['1-0-7'], ['x']])(
    'answers 400 for the bad gray %s',
    async (key) => {
      const app = await testApp(testConfig(), { extractPool: sharedPool() });
      const res = await gray(app, randomBytes(16).toString('hex'), { gray: key });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_INPUT');
    },
  );

  it.each([
    ['no gray', {}],
    ['a number', { gray: 1 }],
  ])('answers 400 for a body with %s', async (_label, body) => {
    const app = await testApp(testConfig(), { extractPool: sharedPool() });
    const res = await gray(app, randomBytes(16).toString('hex'), body);
    expect(res.statusCode).toBe(400);
  });

  it('answers 415 for a multipart body', async () => {
    const app = await testApp(testConfig(), { extractPool: sharedPool() });
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/gray',
      headers: { pid: randomBytes(16).toString('hex'), ...multipartBody([]).headers },
      payload: multipartBody([{ field: 'gray', data: '0-1-0' }]).payload,
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('parse sessions', () => {
  it('the repository ignores expired rows and the sweep deletes exactly those', async () => {
    let clock = 1_000_000;
    const db = await openDatabase(tempDir());
    try {
      const repo = createRepository(db, () => clock);
      const session = (pid: string, expiresAt: number) => ({
        pid,
        image: new Uint8Array([1, 2, 3]),
        width: 1,
        height: 1,
        createdAt: clock,
        expiresAt,
      });
      await repo.saveParseSession(session('a'.repeat(32), clock + 10), {
        mid: 'f'.repeat(32),
        kind: 'extract',
        bytes: 3,
      });
      // The crop and its first mark in one transaction, on the same FULL-synchronous connection.
      expect(await repo.getMark('f'.repeat(32))).toMatchObject({ kind: 'extract', hits: 1 });
      expect((await db.execute('PRAGMA synchronous')).rows[0]?.[0]).toBe(2);
      await repo.saveParseSession(session('b'.repeat(32), clock + 20));
      await repo.saveParseSession(session('c'.repeat(32), clock + 30));
      expect((await repo.getParseSession('a'.repeat(32)))?.image).toEqual(
        new Uint8Array([1, 2, 3]),
      );

      clock += 20;
      expect(await repo.getParseSession('a'.repeat(32))).toBeUndefined();
      expect(await repo.getParseSession('b'.repeat(32))).toBeUndefined();
      expect(await repo.isParseSessionLive('b'.repeat(32))).toBe(false);
      expect(await repo.isParseSessionLive('c'.repeat(32))).toBe(true);
      expect(await repo.deleteExpiredParseSessions()).toBe(2);
      const left = await db.execute('SELECT pid FROM parse_sessions');
      expect(left.rows.map((r) => r.pid)).toEqual(['c'.repeat(32)]);
    } finally {
      db.close();
    }
  });

  it('the app sweeps expired rows on its interval', async () => {
    const config = testConfig();
    const app = await testApp(config, { extractPool: sharedPool(), sessionSweepIntervalMs: 25 });
    const kept = await parse(app);
    const expired = await parse(app);
    const db = openDbForTest(config.dataDir);
    await db.execute({
      sql: 'UPDATE parse_sessions SET expires_at = 0 WHERE pid = ?',
      args: [expired.pid],
    });
    const deadline = Date.now() + 5_000;
    let pids: unknown[] = [];
    while (Date.now() < deadline) {
      pids = (await db.execute('SELECT pid FROM parse_sessions')).rows.map((r) => r.pid);
      if (pids.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(pids).toEqual([kept.pid]);
  });
});
