import { availableParallelism } from 'node:os';
import type { ExtractOptions } from '@yinzhang/seal/extract';
import { EXTRACT_LIMITS } from '../limits';
import { type PoolStats, WorkerPool } from '../workers/pool';
import type { ExtractJob, ExtractJobResult, GrayResult, ParseResult } from './jobs';

/** Seal extraction off the event loop: the routes' only way to the pixel work. */
export interface ExtractPool {
  /** Decodes and normalises an upload, extracts it, and encodes the crop for storage. */
  parse(image: Uint8Array, options: ExtractOptions): Promise<ParseResult>;
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
    name: 'extract',
  });
  return {
    parse: (image, extract) =>
      pool.run({ kind: 'parse', image, options: extract }) as Promise<ParseResult>,
    gray: (crop, extract) => pool.run({ kind: 'gray', crop, options: extract }),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
