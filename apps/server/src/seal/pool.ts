import { availableParallelism } from 'node:os';
import type { TCreateSeal } from '@yinzhang/seal';
import { HttpError } from '../http/errors';
import { SEAL_LIMITS } from '../limits';
import {
  JobTimeoutError,
  PoolBusyError,
  PoolClosedError,
  type PoolStats,
  WorkerPool,
} from '../workers/pool';

/**
 * Seal drawing off the event loop (issue 16, and issue 20's /healthz p99): a draw costs ~7 ms of
 * CPU (Skia rasterising, reading the pixels back, deflate), which on the main thread made every
 * other request wait behind up to 100 of them. Its own pool rather than the extraction pool's
 * slots: a draw takes milliseconds and an extraction up to seconds, so sharing slots would queue
 * seals behind photos (and a burst of seals would fill the extraction queue with 503s for photos).
 * Workers run at a lower priority than the event loop (see workers/pool.ts).
 */
export interface SealPool {
  /** The PNG of the seal, byte for byte what renderSealPng gives on the main thread. */
  render(spec: TCreateSeal): Promise<Buffer>;
  stats(): PoolStats;
  close(): Promise<void>;
}

export interface SealPoolOptions {
  readonly size?: number;
  readonly maxQueue?: number;
  readonly jobTimeoutMs?: number;
}

export const SEAL_WORKER_ENTRY = new URL('./seal-worker.ts', import.meta.url);

/** min(available parallelism, SEAL_LIMITS.workersMax) */
export function defaultSealPoolSize(): number {
  return Math.max(1, Math.min(availableParallelism(), SEAL_LIMITS.workersMax));
}

/** A pool of seal-drawing workers; none starts before the first job. */
export function createSealPool(options: SealPoolOptions = {}): SealPool {
  const pool = new WorkerPool<TCreateSeal, Uint8Array>({
    entry: SEAL_WORKER_ENTRY,
    size: options.size ?? defaultSealPoolSize(),
    maxQueue: options.maxQueue ?? SEAL_LIMITS.queueMax,
    jobTimeoutMs: options.jobTimeoutMs ?? SEAL_LIMITS.jobTimeoutMs,
    heapMaxMb: SEAL_LIMITS.workerHeapMaxMb,
    // A seal is bounded work: past the deadline the request gets its 503, but the draw finishes
    // and the worker (its outlines read, its fonts parsed) stays; see stopOnTimeout.
    stopOnTimeout: false,
    // Idle workers exit after the pool's 4 s, as extraction workers do: issue 20 wants memory back
    // within 5 s of a burst (a worker that drew with the canvas holds Skia's fonts and caches).
    // piscina hands a busy worker its next job directly (measured ~0.5 ms of CPU a seal less than
    // a turn of its event loop between jobs); the one job that needs a turn, a seal drawn with
    // the canvas, takes it itself (seal-worker.ts).
    turnBetweenJobs: false,
    name: 'seal',
  });
  return {
    render: async (spec) => {
      try {
        // The worker moves its PNG here (no copy); a Buffer view of it, not a copy either.
        const png = await pool.run(spec);
        return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      } catch (err) {
        throw asAnswer(err);
      }
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** Load is 503 with Retry-After; a drawing that failed stays an error (a generic 500). */
function asAnswer(err: unknown): unknown {
  const options = { headers: { 'retry-after': String(SEAL_LIMITS.retryAfterS) }, cause: err };
  if (err instanceof PoolBusyError) {
    return new HttpError(503, 'BUSY', 'Too many seals are being drawn; try again shortly', options);
  }
  if (err instanceof JobTimeoutError) {
    return new HttpError(503, 'BUSY', 'Drawing the seal took too long; try again', options);
  }
  if (err instanceof PoolClosedError) {
    return new HttpError(503, 'UNAVAILABLE', 'The server is shutting down', options);
  }
  return err;
}
