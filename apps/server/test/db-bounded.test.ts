/**
 * Bounded waits on storage (issue 20), without a database: a repository call that never answers
 * is cut off by the client-side deadline, and errors that mean "the database is not there" (for
 * SQLite as for PostgreSQL) become 503 STORAGE_UNAVAILABLE with Retry-After.
 */
import type { Client } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { StorageUnavailableError, withinDeadline } from '../src/db/bounded';
import { openDatabase } from '../src/db/client';
import { tempDir, testApp, testConfig } from './helpers';

const never = () => new Promise<never>(() => {});

describe('withinDeadline', () => {
  it('gives up on a call that never answers', async () => {
    const started = Date.now();
    const error = await withinDeadline('test', 100, never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect(error).toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE' });
    expect((error as StorageUnavailableError).headers['retry-after']).toMatch(/^\d+$/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ['SQLite busy', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['pg connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg query timeout', new Error('Query read timeout')],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating'), { code: '57P01' })],
    [
      'wrapped',
      new Error('outer', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    ],
  ])('%s is STORAGE_UNAVAILABLE', async (_name, err) => {
    await expect(withinDeadline('test', 1_000, () => Promise.reject(err))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });

  it('passes other errors (a bug, not an outage) through unchanged', async () => {
    const bug = new TypeError('no such column');
    await expect(withinDeadline('test', 1_000, () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('a route on storage that does not answer', () => {
  it('answers 503 STORAGE_UNAVAILABLE with Retry-After within the deadline, /healthz and /readyz too', async () => {
    const dir = tempDir();
    (await openDatabase(dir)).close();
    // A client whose every call hangs: what a frozen database looks like from here.
    const hanging = { execute: never, batch: never, close() {} } as unknown as Client;
    const app = await testApp(testConfig({ DATA_DIR: dir }), { db: hanging });
    const started = Date.now();
    const res = await app.inject({ method: 'POST', url: '/v1/report', payload: { text: 'hello' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'STORAGE_UNAVAILABLE', message: expect.any(String) },
    });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('STORAGE_UNAVAILABLE');
  }, 30_000);

  it('/readyz is 200 when storage answers', async () => {
    const app = await testApp(testConfig());
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
  });
});
