import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** VmRSS of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) / 1024;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

export interface ProbeResult {
  /** /healthz latencies (ms), sorted; failed probes count as Infinity. */
  readonly healthMs: readonly number[];
  readonly rssPeakMb: number;
}

/**
 * While a run goes on: GET /healthz one at a time (a pause of `gapMs` between), and the server's
 * RSS every 25 ms. stop() ends both and gives the figures.
 */
export function startProbes(
  url: string,
  pid: number,
  gapMs = 20,
): { stop(): Promise<ProbeResult> } {
  let running = true;
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 25);
  const health: number[] = [];
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        const res = await fetch(`${url}/healthz`);
        await res.arrayBuffer();
        health.push(res.ok ? performance.now() - start : Number.POSITIVE_INFINITY);
      } catch {
        health.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((r) => setTimeout(r, gapMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      clearInterval(sampler);
      return { healthMs: [...health].sort((a, b) => a - b), rssPeakMb: peak };
    },
  };
}
