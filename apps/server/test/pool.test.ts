import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { threadId as mainThreadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createExtractPool, defaultExtractPoolSize } from '../src/extract/pool';
import { EXTRACT_LIMITS } from '../src/limits';
import {
  JobTimeoutError,
  PoolBusyError,
  PoolClosedError,
  STUCK_FACTOR,
  WorkerJobError,
  WorkerPool,
  type WorkerPoolOptions,
} from '../src/workers/pool';
import { sealPhotoJpeg } from './fixtures/images';
import type { TestJob, TestResult } from './fixtures/test-worker';

const TEST_WORKER = new URL('./fixtures/test-worker.ts', import.meta.url);

// A full garbage collection on demand (V8's gc(), exposed for a fresh context).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const pools: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function testPool(options: Partial<WorkerPoolOptions> = {}) {
  const pool = new WorkerPool<TestJob, TestResult>({
    entry: TEST_WORKER,
    size: 1,
    maxQueue: 0,
    jobTimeoutMs: 10_000,
    ...options,
  });
  pools.push(pool);
  return pool;
}

describe('WorkerPool', () => {
  it('starts no worker before the first job, then runs jobs off the main thread', async () => {
    const pool = testPool();
    expect(pool.stats()).toMatchObject({ workers: 0, queued: 0, completed: 0 });
    const result = await pool.run({ kind: 'echo', value: 42 });
    expect(result.value).toBe(42);
    expect(mainThreadId).toBe(0);
    expect(result.threadId).not.toBe(mainThreadId);
    expect(pool.stats()).toMatchObject({ workers: 1, completed: 1 });
  });

  it('never runs more workers than its size, and queues the rest', async () => {
    const pool = testPool({ size: 2, maxQueue: 4 });
    const jobs = Array.from({ length: 6 }, () => pool.run({ kind: 'sleep', ms: 50 }));
    const results = await Promise.all(jobs);
    expect(new Set(results.map((r) => r.threadId)).size).toBeLessThanOrEqual(2);
    expect(pool.stats()).toMatchObject({ queued: 0, completed: 6 });
    expect(pool.stats().workers).toBeLessThanOrEqual(2);
  });

  it('refuses at once with PoolBusyError when every worker is busy and the queue is full', async () => {
    const pool = testPool({ size: 1, maxQueue: 1 });
    const running = pool.run({ kind: 'sleep', ms: 200 });
    const queued = pool.run({ kind: 'sleep', ms: 10 });
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(PoolBusyError);
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
  });

  it("passes the handler's error back with its code, and keeps the worker", async () => {
    const pool = testPool();
    const error = await pool.run({ kind: 'fail', code: 'E_TEST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect(error).toMatchObject({ code: 'E_TEST', message: 'failed with E_TEST' });
    const first = await pool.run({ kind: 'echo', value: 1 });
    const second = await pool.run({ kind: 'echo', value: 2 });
    expect(second.threadId).toBe(first.threadId);
  });

  it('times a stuck job out, terminates its worker, and runs the next job on a new one', async () => {
    const pool = testPool({ size: 1, maxQueue: 1, jobTimeoutMs: 3_000 });
    const before = await pool.run({ kind: 'echo', value: 0 });
    const stuck = pool.run({ kind: 'spin', ms: 60_000 });
    await expect(stuck).rejects.toBeInstanceOf(JobTimeoutError);
    const after = await pool.run({ kind: 'echo', value: 7 });
    expect(after.value).toBe(7);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('counts the wait in the queue against the time limit: no job waits longer', async () => {
    const pool = testPool({ size: 1, maxQueue: 1, jobTimeoutMs: 3_000 });
    await pool.run({ kind: 'echo', value: 0 });
    const running = pool.run({ kind: 'sleep', ms: 5_000 }).catch((e: unknown) => e);
    const queued = pool.run({ kind: 'echo', value: 1 }).catch((e: unknown) => e);
    expect(await queued).toBeInstanceOf(JobTimeoutError);
    expect(await running).toBeInstanceOf(JobTimeoutError);
  });

  it('with stopOnTimeout false answers at the deadline but lets the job finish on the same worker', async () => {
    const pool = testPool({ size: 1, maxQueue: 0, jobTimeoutMs: 1_000, stopOnTimeout: false });
    const before = await pool.run({ kind: 'echo', value: 0 });
    const slow = pool.run({ kind: 'sleep', ms: 2_500 }).catch((e: unknown) => e);
    expect(await slow).toBeInstanceOf(JobTimeoutError);
    // Still running: it keeps its place, so the pool (one slot, no queue) is full.
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(PoolBusyError);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await pool.run({ kind: 'echo', value: 2 });
    expect(after.threadId).toBe(before.threadId);
    expect(pool.stats().completed).toBe(3);
  });

  it('with stopOnTimeout false still stops a job that runs STUCK_FACTOR times its deadline', {
    timeout: 40_000,
  }, async () => {
    const pool = testPool({ size: 1, maxQueue: 0, jobTimeoutMs: 1_000, stopOnTimeout: false });
    const before = await pool.run({ kind: 'echo', value: 0 });
    const stuck = pool.run({ kind: 'sleep', ms: 60_000 }).catch((e: unknown) => e);
    expect(await stuck).toBeInstanceOf(JobTimeoutError);
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(PoolBusyError);
    // Past STUCK_FACTOR x 1 s the worker is terminated and its slot freed; a new worker answers.
    // Asked again until it does (terminating and starting a worker takes a while on a loaded
    // machine), but well before the stuck job's own 60 s would have freed the slot.
    // Garbage collected all the while: the stuck timer must survive it (AbortSignal.any holds
    // its sources only weakly; before the pool held them, this wait never ended).
    const collecting = setInterval(collectGarbage, 100);
    await new Promise((resolve) => setTimeout(resolve, 1_000 * STUCK_FACTOR));
    clearInterval(collecting);
    const giveUp = Date.now() + 20_000;
    let after = await pool.run({ kind: 'echo', value: 2 }).catch((e: unknown) => e);
    while (after instanceof PoolBusyError && Date.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await pool.run({ kind: 'echo', value: 2 }).catch((e: unknown) => e);
    }
    expect(after).toMatchObject({ value: 2 });
    expect((after as { threadId: number }).threadId).not.toBe(before.threadId);
  });

  it('kills a worker over its heap ceiling without harming the process, then carries on', async () => {
    const pool = testPool({ heapMaxMb: 32 });
    await expect(pool.run({ kind: 'allocate', mb: 256 })).rejects.toThrow(/worker/);
    await expect(pool.run({ kind: 'echo', value: 9 })).resolves.toMatchObject({ value: 9 });
  });

  it('fails the job of a worker that dies, and replaces the worker', async () => {
    const pool = testPool();
    await expect(pool.run({ kind: 'exit' })).rejects.toThrow(/worker/);
    await expect(pool.run({ kind: 'echo', value: 5 })).resolves.toMatchObject({ value: 5 });
  });

  it('close() refuses running and queued jobs, then every later one', async () => {
    const pool = testPool({ size: 1, maxQueue: 1 });
    const running = pool.run({ kind: 'sleep', ms: 5_000 }).catch((e: unknown) => e);
    const queued = pool.run({ kind: 'sleep', ms: 5_000 }).catch((e: unknown) => e);
    await pool.close();
    expect(await running).toBeInstanceOf(PoolClosedError);
    expect(await queued).toBeInstanceOf(PoolClosedError);
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(PoolClosedError);
    expect(pool.stats().workers).toBe(0);
  });
});

describe('extract pool', () => {
  it('sizes itself min(available parallelism, workersMax)', () => {
    const size = defaultExtractPoolSize();
    expect(size).toBeGreaterThanOrEqual(1);
    expect(size).toBeLessThanOrEqual(EXTRACT_LIMITS.workersMax);
  });

  it('decodes, extracts and encodes in a worker thread, not on the main thread', async () => {
    const pool = createExtractPool({ size: 1 });
    pools.push(pool);
    const result = await pool.parse(
      await sealPhotoJpeg(),
      { type: 'jpeg', width: 512, height: 512, metadata: false, plain: true },
      { mode: 0, clarity: 1, red: 0 },
    );
    expect(result.threadId).not.toBe(mainThreadId);
    expect([result.width, result.height]).toEqual([512, 512]);
    const again = await pool.gray(result.crop, { mode: 2, clarity: 12, red: 0 });
    expect(again.threadId).toBe(result.threadId);
    expect(pool.stats()).toMatchObject({ workers: 1, completed: 2 });
  });

  it.each([
    ['handed over: the bytes move, and come back as the kept crop', true],
    ['not handed over: the caller keeps its bytes', false],
  ])('parse with the upload %s', async (_label, handOver) => {
    const pool = createExtractPool({ size: 1 });
    pools.push(pool);
    const jpeg = await sealPhotoJpeg();
    // A buffer of its own, as the multipart parser gives (not a slice of a larger one).
    const upload = new Uint8Array(new ArrayBuffer(jpeg.length));
    upload.set(jpeg);
    const result = await pool.parse(
      upload,
      { type: 'jpeg', width: 512, height: 512, metadata: false, plain: true },
      { mode: 0, clarity: 1, red: 0 },
      { handOver },
    );
    expect(upload.byteLength).toBe(handOver ? 0 : jpeg.length);
    expect(Buffer.from(result.crop).equals(jpeg)).toBe(true);
  });
});
