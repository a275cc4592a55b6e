import { availableParallelism } from 'node:os';
import { type LoadResult, runLoad } from './http-load';
import { processCpuMs } from './proc-cpu';
import type { BenchOptions } from './types';

/** Issue 16: POST /v1/stamp/create with a new seal on every request, at least this many a second. */
export const UNCACHED_CREATE_TARGET_RPS = 500;

const JSON_HEADERS = { 'content-type': 'application/json' };
const DIGITS = '甲乙丙丁戊己庚辛壬癸';

/**
 * A different company name on every call (a counter written in 甲..癸), so every request misses
 * the server's seal cache and is drawn. `start` keeps two runs' names apart.
 */
export function uniqueSealBodies(start = 0): () => string {
  let n = start;
  return () => {
    let rest = n++;
    let prefix = '';
    do {
      prefix = DIGITS[rest % DIGITS.length] + prefix;
      rest = Math.floor(rest / DIGITS.length);
    } while (rest > 0);
    return JSON.stringify({ name: `${prefix}科技有限公司`, title: '合同专用章' });
  };
}

export interface UncachedCreateResult extends LoadResult {
  /** Server CPU (all threads) per request, ms; null without /proc. */
  readonly cpuMsPerRequest: number | null;
  /** What the server's CPU per request allows on this machine's cores, neighbours aside. */
  readonly cpuCeilingRps: number | null;
}

/**
 * Uncached creates under autocannon, after warming every seal worker (started, glyph outlines of
 * the names' characters read) so the figure is the steady state, not the workers' start.
 */
export async function measureUncachedCreate(
  url: string,
  pid: number | undefined,
  options: BenchOptions,
): Promise<UncachedCreateResult> {
  const create = `${url}/v1/stamp/create`;
  const warm = uniqueSealBodies(1_000_000);
  for (let round = 0; round < 4; round++) {
    await Promise.all(
      Array.from({ length: 16 }, () =>
        fetch(create, { method: 'POST', headers: JSON_HEADERS, body: warm() }).then((r) =>
          r.arrayBuffer(),
        ),
      ),
    );
  }
  const before = processCpuMs(pid);
  const result = await runLoad(
    {
      name: 'create, new name each request',
      url: create,
      method: 'POST',
      headers: JSON_HEADERS,
      body: uniqueSealBodies(),
    },
    options,
  );
  const after = processCpuMs(pid);
  const cpu =
    before === null || after === null || result.requests === 0
      ? null
      : (after - before) / result.requests;
  return {
    ...result,
    cpuMsPerRequest: cpu,
    cpuCeilingRps: cpu === null || cpu === 0 ? null : (availableParallelism() * 1000) / cpu,
  };
}

/** One line: req/s and p99 beside the target, and the ceiling the CPU per request gives. */
export function describeUncachedCreate(r: UncachedCreateResult): string {
  const cpu =
    r.cpuMsPerRequest === null
      ? 'server CPU n/a'
      : `server CPU ${r.cpuMsPerRequest.toFixed(2)} ms/req, so at most ${Math.round(r.cpuCeilingRps ?? 0)} req/s on ${availableParallelism()} idle cores`;
  return (
    `uncached create: ${Math.round(r.reqPerSec)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms ` +
    `(target >= ${UNCACHED_CREATE_TARGET_RPS} req/s; ${cpu}; ${r.requests} requests, ${r.failed} failed)`
  );
}
