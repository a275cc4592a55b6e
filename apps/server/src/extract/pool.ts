import { availableParallelism } from 'node:os';
import type { ExtractOptions } from '@yinzhang/seal/extract';
import { EXTRACT_LIMITS } from '../limits';
import { type PoolStats, WorkerPool } from '../workers/pool';
import type { DecodeHints } from './decode';
import type { ExtractJob, ExtractJobResult, GrayResult, ParseResult } from './jobs';
import { movableBuffer } from './transfer';

/**
 * All decoding work off the event loop, in one bounded pool (fixed slots, a fixed queue, a heap
 * ceiling per slot): the routes' only way to pixels, for /v1/stamp/parse, /v1/stamp/gray and
 * /v1/file/mark alike.
 */
export interface ExtractPool {
  /** Proves a PNG decodes (inflated as a stream within its header's budget); rejects otherwise. */
  checkPng(png: Uint8Array): Promise<void>;
  /**
   * Decodes and normalises an upload, extracts it, and gives what to store (ParseResult.crop).
   * `header` is what probeUpload read of the upload (size, metadata, plain pixels). With
   * `handOver` the caller gives the upload's bytes away: when they own their whole buffer it
   * moves to the worker instead of being copied, and the caller must not use them again (a kept
   * upload comes back as the result's crop).
   */
  parse(
    image: Uint8Array,
    header: DecodeHints,
    options: ExtractOptions,
    handOver?: { readonly handOver: boolean },
  ): Promise<ParseResult>;
  /** Extracts a stored crop with other options. */
  gray(crop: Uint8Array, options: ExtractOptions): Promise<GrayResult>;
  stats(): PoolStats;
  close(): Promise<void>;
}

export interface ExtractPoolOptions {
  readonly size?: number;
  readonly maxQueue?: number;
  readonly jobTimeoutMs?: number;
}

export const EXTRACT_WORKER_ENTRY = new URL('./extract-worker.ts', import.meta.url);

/** min(available parallelism, EXTRACT_LIMITS.workersMax) */
export function defaultExtractPoolSize(): number {
  return Math.max(1, Math.min(availableParallelism(), EXTRACT_LIMITS.workersMax));
}

/** A pool of extract workers; none starts before the first job. */
export function createExtractPool(options: ExtractPoolOptions = {}): ExtractPool {
  const pool = new WorkerPool<ExtractJob, ExtractJobResult>({
    entry: EXTRACT_WORKER_ENTRY,
    size: options.size ?? defaultExtractPoolSize(),
    maxQueue: options.maxQueue ?? EXTRACT_LIMITS.queueMax,
    jobTimeoutMs: options.jobTimeoutMs ?? EXTRACT_LIMITS.jobTimeoutMs,
    heapMaxMb: EXTRACT_LIMITS.workerHeapMaxMb,
    // Every job's decoder output (@napi-rs/image's pixels, sharp's buffers) is freed by a
    // finalizer on the worker's event loop. Handed its next job directly, a worker under a steady
    // queue never ran them: the server grew ~1.5 MB of resident memory a parse, to 12 GB after
    // 7,582 parses at 20 connections, and kept it. With a turn it stays at ~400 MB
    // (test/memory.test.ts), and a parse takes ~8 % less CPU (two servers side by side).
    turnBetweenJobs: true,
    name: 'extract',
  });
  return {
    checkPng: async (png) => {
      await pool.run({ kind: 'check-png', png });
    },
    parse: (image, { type, width, height, metadata, plain }, extract, move) => {
      const buffer = move?.handOver === true ? movableBuffer(image) : undefined;
      const job: ExtractJob = {
        kind: 'parse',
        image,
        type,
        width,
        height,
        metadata,
        plain,
        options: extract,
      };
      return pool.run(job, buffer === undefined ? [] : [buffer]) as Promise<ParseResult>;
    },
    gray: (crop, extract) =>
      pool.run({ kind: 'gray', crop, options: extract }) as Promise<GrayResult>,
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
