import { EXTRACT_LIMITS } from '../../apps/server/src/limits';
import { budgetBomb, issueBomb } from '../../apps/server/test/fixtures/bombs';
import { percentile, rssMb, startProbes } from './probe';

/** Bombs sent at once to each route (issue 20's scenario). */
const PER_ROUTE = 16;
const SETTLE_MS = 5_000;

function form(file: Buffer, gray?: string): FormData {
  const body = new FormData();
  if (gray !== undefined) body.set('gray', gray);
  body.set('file', new Blob([new Uint8Array(file)]), 'bomb.png');
  return body;
}

async function status(res: Promise<Response>): Promise<string> {
  try {
    const r = await res;
    await r.arrayBuffer();
    return String(r.status);
  } catch {
    return 'no answer';
  }
}

function tally(statuses: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}x${n}`).join(' ');
}

/**
 * 16 bombs at once to /v1/file/mark and to /v1/stamp/parse, and 16 /v1/stamp/gray beside them,
 * with /healthz probed and the RSS sampled throughout; then 5 s of rest. Twice: the 6300x6300
 * 16-bit RGBA PNG of the issue (refused from its header), and the largest all-zero PNG inside the
 * decode budget (really decoded, in the pool). Prints one line per kind; returns whether every
 * request got an HTTP answer other than a 5xx besides 503.
 */
export async function bombBursts(url: string, serverPid: number, pid: string): Promise<boolean> {
  let ok = true;
  for (const [label, bomb] of [
    ['6300x6300 16-bit RGBA PNG (issue 20)', issueBomb()],
    ['largest PNG inside the decode budget', budgetBomb(EXTRACT_LIMITS.decodeMaxBytes)],
  ] as const) {
    const start = rssMb(serverPid);
    const probes = startProbes(url, serverPid);
    const post = (path: string, body: FormData) => fetch(`${url}${path}`, { method: 'POST', body });
    const many = (make: () => Promise<Response>) =>
      Promise.all(Array.from({ length: PER_ROUTE }, () => status(make())));
    const [mark, parse, gray] = await Promise.all([
      many(() => post('/v1/file/mark', form(bomb))),
      many(() => post('/v1/stamp/parse', form(bomb, '0-1-0'))),
      many(() =>
        fetch(`${url}/v1/stamp/gray`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', pid },
          body: JSON.stringify({ gray: '2-12-0' }),
        }),
      ),
    ]);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const { healthMs, rssPeakMb } = await probes.stop();
    const after = rssMb(serverPid);
    console.log(
      `burst of ${PER_ROUTE} x ${label} (${Math.round(bomb.length / 1024)} KB) to each route:\n` +
        `  mark ${tally(mark)}; parse ${tally(parse)}; gray ${tally(gray)}\n` +
        `  RSS start ${start.toFixed(0)} MB, peak ${rssPeakMb.toFixed(0)} MB (+${(rssPeakMb - start).toFixed(0)}; target <= +300), ` +
        `${SETTLE_MS / 1000} s after ${after.toFixed(0)} MB (+${(after - start).toFixed(0)}; target <= +150)\n` +
        `  /healthz: ${healthMs.length} probes, p50 ${percentile(healthMs, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(healthMs, 99).toFixed(1)} ms (target < 200), max ${(healthMs.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    );
    const all = [...mark, ...parse, ...gray];
    if (all.some((s) => s === 'no answer' || (s.startsWith('5') && s !== '503'))) ok = false;
  }
  return ok;
}
