import autocannon from 'autocannon';
import type { BenchOptions, Cell } from './types';

export interface LoadCase {
  readonly name: string;
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  /** A fixed body, or a fresh one per request. */
  readonly body?: string | (() => string);
}

export interface LoadResult {
  readonly name: string;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  /** Answers outside 2xx, connection errors and timeouts (REQUEST_TIMEOUT_S). */
  readonly failed: number;
  readonly failures: string;
}

/** A request not answered in this time counts as failed. */
export const REQUEST_TIMEOUT_S = 10;

export const LOAD_COLUMNS = ['case', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed'] as const;

export function loadRow(r: LoadResult): Cell[] {
  return [r.name, Math.round(r.reqPerSec), r.p50Ms, r.p99Ms, r.requests, r.failed];
}

/** Runs one case with autocannon. */
export async function runLoad(c: LoadCase, options: BenchOptions): Promise<LoadResult> {
  const { body } = c;
  const result = await autocannon({
    url: c.url,
    method: c.method ?? 'GET',
    headers: c.headers,
    connections: options.connections,
    duration: options.durationS,
    timeout: REQUEST_TIMEOUT_S,
    ...(typeof body === 'string' ? { body } : {}),
    ...(typeof body === 'function'
      ? { requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }] }
      : {}),
  });
  return {
    name: c.name,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
    failures: `${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} of them timeouts)`,
  };
}
