import { availableParallelism } from 'node:os';
import { extractSeal, parseClarityKey } from '@yinzhang/seal/extract';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { normaliseUpload } from '../../apps/server/src/extract/decode';
import { sealPhotoJpeg, sealPhotoRgba } from '../../apps/server/test/fixtures/images';
import { LOAD_COLUMNS, type LoadResult, loadRow, REQUEST_TIMEOUT_S } from '../lib/http-load';
import { parseStepCosts } from '../lib/parse-steps';
import { mainThreadCpuMs, processCpuMs } from '../lib/proc-cpu';
import type { BenchOptions, BenchSection, Cell } from '../lib/types';

/** The clarity key sent: the mode 0 default (automatic clarity), what the web app asks for first. */
const GRAY = '0-auto-0';
/** Parse requests in flight while /healthz is measured (the bar: 50 ms with 8). */
const CONCURRENT_PARSES = 8;
/** The kernel-alone row runs at most this long (it is a breakdown, not a load case). */
const KERNEL_SECONDS_MAX = 5;
/** Requests before measuring, so that the server's extract workers have started. */
const WARM_UP_REQUESTS = 8;
/**
 * The floor and the parse load run in this many alternating rounds (floor first in even rounds,
 * parse first in odd ones), each a share of the case's duration: this machine's speed drifts by
 * 10-20 % over minutes (other tenants), and two 10 s cases one after the other took different
 * machines into their ratio. Each parse round starts with a warm-up, as idle workers exit. Rounds
 * last whole seconds: the load generator runs whole seconds anyway (2.5 s ran for 3).
 */
const ROUNDS = 5;

/** Rounds of the web app's PNG crop and its own floor, as many as the JPEG's. */
const PNG_ROUNDS = ROUNDS;

/** A multipart/form-data body like the web app's: gray, stream '1', the crop. Built once. */
function parseBody(
  image: Buffer,
  file = 'crop.jpg',
  type = 'image/jpeg',
): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----yinzhang-bench-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('gray', GRAY) + field('stream', '1')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: Buffer;
  readonly connections: number;
}

/** One autocannon run (bench/lib's runLoad takes string bodies only; this one is binary). */
async function load(
  t: Target,
  durationS: number,
): Promise<LoadResult & { maxMs: number; elapsedS: number }> {
  const result = await autocannon({
    url: t.url,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    connections: t.connections,
    duration: durationS,
    timeout: REQUEST_TIMEOUT_S,
  });
  return {
    name: t.name,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    elapsedS: result.duration,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
    failures: `${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} of them timeouts)`,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The floor (issue 16): sharp alone decoding the same JPEG and encoding it as PNG, in this
 * process, with as many operations in flight as the parse case has connections, for the same
 * duration. Its p99 is measured the same way (per operation, queueing included).
 */
function sharpFloor(
  image: Buffer,
  options: BenchOptions,
  seconds: number,
  kind = 'JPEG',
): Promise<Measured> {
  const lanes = options.connections;
  return timeLoop(
    `floor: sharp ${kind} -> PNG in-process (${lanes} in flight, ${availableParallelism()} cores)`,
    seconds,
    lanes,
    () => sharp(image).png().toBuffer(),
  );
}

/**
 * The crop the web app uploads: the photo drawn on a canvas filled white, as PNG (8-bit RGBA,
 * opaque). A canvas writes IHDR, IDAT and IEND; sharp adds a pHYs, which decodes the same way.
 */
async function webAppCrop(): Promise<Buffer> {
  const { data, width, height } = sealPhotoRgba({ width: 512, height: 512 });
  return sharp(data, { raw: { width, height, channels: 4 } })
    .ensureAlpha(1)
    .png()
    .toBuffer();
}

/** Where the rest of the time goes: the extraction kernel alone on the decoded crop, one thread. */
async function kernelAlone(jpeg: Buffer, options: BenchOptions): Promise<Measured> {
  const crop = await normaliseUpload(jpeg);
  const extract = parseClarityKey(GRAY);
  return timeLoop(
    `extractSeal ${GRAY} alone, in-process (1 thread)`,
    Math.min(options.durationS, KERNEL_SECONDS_MAX),
    1,
    () => extractSeal(crop.data, crop.width, crop.height, extract),
  );
}

/**
 * A case's figures plus the CPU time it used per operation (ms, every thread of the process
 * doing it: the bench process for in-process cases, the server's for HTTP ones); null where
 * /proc is missing. On a shared machine req/s moves with the neighbours' load, and the server's
 * extract workers run at a lower priority (workers/pool.ts), so they lose more of the CPU to
 * other tenants than the in-process floor does; CPU time per operation moves with neither.
 */
type Measured = LoadResult & {
  readonly cpuMsPerOp: number | null;
  /** How long the case ran (s). */
  readonly elapsedS: number;
};

/**
 * Rounds of one case as one row: requests and CPU time summed over the rounds (req/s is all the
 * requests over all the rounds' time), p50 the median of the rounds' and p99 the highest (the
 * load generator gives percentiles per run only).
 */
function combine<T extends Measured & { readonly mainMsPerOp?: number | null }>(
  rounds: readonly T[],
): Measured & { mainMsPerOp: number | null } {
  const first = rounds[0];
  if (first === undefined) throw new Error('no rounds to combine');
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const elapsedS = rounds.reduce((n, r) => n + r.elapsedS, 0);
  const perOp = (of: (r: T) => number | null | undefined): number | null => {
    let sum = 0;
    for (const r of rounds) {
      const ms = of(r);
      if (ms === null || ms === undefined) return null;
      sum += ms * r.requests;
    }
    return sum / Math.max(1, requests);
  };
  const p50s = rounds.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    name: first.name,
    reqPerSec: requests / Math.max(1e-9, elapsedS),
    p50Ms: percentile(p50s, 50),
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    requests,
    elapsedS,
    failed: rounds.reduce((n, r) => n + r.failed, 0),
    failures: rounds
      .filter((r) => r.failed > 0)
      .map((r) => r.failures)
      .join('; '),
    cpuMsPerOp: perOp((r) => r.cpuMsPerOp),
    mainMsPerOp: perOp((r) => r.mainMsPerOp),
  };
}

/** Times `op` back to back for `seconds` on this thread. */
async function timeLoop(
  name: string,
  seconds: number,
  lanes: number,
  op: () => unknown,
): Promise<Measured> {
  for (let i = 0; i < 3; i++) await op();
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      await op();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: lanes }, lane));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    cpuMsPerOp: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
    name,
    elapsedS: elapsed,
    reqPerSec: latencies.length / elapsed,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    requests: latencies.length,
    failed: 0,
    failures: '',
  };
}

export const parseSection: BenchSection = {
  name: 'parse',
  description:
    "POST /v1/stamp/parse with a 512x512 JPEG crop and with the web app's PNG crop, each beside sharp alone on the same image",
  async run(ctx) {
    const { url } = await ctx.server();
    const jpeg = await sealPhotoJpeg({ width: 512, height: 512 });
    const { body, headers } = parseBody(jpeg);
    const parse = { url: `${url}/v1/stamp/parse`, method: 'POST' as const, headers, body };
    const healthz = { url: `${url}/healthz` };

    const warmUp = async () => {
      const warm = await Promise.all(
        Array.from({ length: WARM_UP_REQUESTS }, () =>
          fetch(parse.url, { method: 'POST', headers, body }),
        ),
      );
      const bad = warm.find((res) => res.status !== 200);
      if (bad !== undefined) throw new Error(`warm-up parse answered ${bad.status}`);
    };
    const { durationS, connections } = ctx.options;
    const { pid } = await ctx.server();
    const perRequest = (before: number | null, after: number | null, requests: number) =>
      before === null || after === null ? null : (after - before) / Math.max(1, requests);
    /** An HTTP case with the server process's CPU time per request, and its main thread's. */
    const serverLoad = async (
      t: Target,
      seconds: number,
    ): Promise<Measured & { mainMsPerOp: number | null }> => {
      const before = processCpuMs(pid);
      const mainBefore = mainThreadCpuMs(pid);
      const r = await load(t, seconds);
      const cpuMsPerOp = perRequest(before, processCpuMs(pid), r.requests);
      const mainMsPerOp = perRequest(mainBefore, mainThreadCpuMs(pid), r.requests);
      return { ...r, cpuMsPerOp, mainMsPerOp };
    };
    const kernel = await kernelAlone(jpeg, ctx.options);
    const steps = await parseStepCosts(jpeg, GRAY);
    const slice = Math.max(1, Math.round(durationS / ROUNDS));
    /** The floor and the parse load in alternating rounds (see ROUNDS). */
    const interleaved = async (
      rounds: number,
      floorOf: () => Promise<Measured>,
      target: Target,
      warm: () => Promise<void>,
    ) => {
      const floorRounds: Measured[] = [];
      const parseRounds: (Measured & { mainMsPerOp: number | null })[] = [];
      for (let round = 0; round < rounds; round++) {
        const floorRound = async () => {
          floorRounds.push(await floorOf());
        };
        const parseRound = async () => {
          // Idle workers exit after a few seconds: each round starts them again.
          await warm();
          parseRounds.push(await serverLoad(target, slice));
        };
        for (const run of round % 2 === 0 ? [floorRound, parseRound] : [parseRound, floorRound]) {
          await run();
        }
      }
      return { floor: combine(floorRounds), loaded: combine(parseRounds) };
    };
    const { floor, loaded } = await interleaved(
      ROUNDS,
      () => sharpFloor(jpeg, ctx.options, slice),
      { ...parse, name: `parse ${GRAY} (${connections} connections)`, connections },
      warmUp,
    );
    // The web app's own upload, a PNG crop, beside sharp decoding and encoding that PNG.
    const png = await webAppCrop();
    const pngBody = parseBody(png, 'crop.png', 'image/png');
    const pngCase = await interleaved(
      PNG_ROUNDS,
      () => sharpFloor(png, ctx.options, slice, "PNG (the web app's crop)"),
      {
        url: parse.url,
        method: 'POST',
        ...pngBody,
        name: `parse ${GRAY}, the web app's RGBA PNG crop (${connections} connections)`,
        connections,
      },
      async () => {
        const res = await fetch(parse.url, { method: 'POST', ...pngBody });
        if (res.status !== 200) throw new Error(`warm-up PNG parse answered ${res.status}`);
        await warmUp();
      },
    );
    const idle = await load(
      { ...healthz, name: 'GET /healthz, idle (1 connection)', connections: 1 },
      durationS,
    );
    await warmUp();
    const [busyHealthz, busyParse] = await Promise.all([
      load(
        {
          ...healthz,
          name: `GET /healthz while ${CONCURRENT_PARSES} parses run (1 connection)`,
          connections: 1,
        },
        durationS,
      ),
      load(
        {
          ...parse,
          name: `parse ${GRAY} (${CONCURRENT_PARSES} connections, beside /healthz)`,
          connections: CONCURRENT_PARSES,
        },
        durationS,
      ),
    ]);

    const results: (LoadResult & { cpuMsPerOp?: number | null })[] = [
      floor,
      kernel,
      loaded,
      pngCase.floor,
      pngCase.loaded,
      busyParse,
      idle,
      busyHealthz,
    ];
    const ratio = loaded.reqPerSec > 0 ? floor.reqPerSec / loaded.reqPerSec : Number.NaN;
    const cpuCell = (ms: number | null | undefined): Cell =>
      ms === null || ms === undefined ? '' : Math.round(ms * 100) / 100;
    const rows: Cell[][] = results.map((r) => [...loadRow(r), cpuCell(r.cpuMsPerOp)]);
    const blank = ['', '', '', '', ''];
    rows.push([
      `ratio: floor ops/s / parse req/s (target <= 2: ${ratio <= 2 ? 'met' : 'not met'})`,
      Math.round(ratio * 100) / 100,
      ...blank,
    ]);
    const pngRatio = pngCase.floor.reqPerSec / Math.max(1e-9, pngCase.loaded.reqPerSec);
    rows.push([
      "ratio for the web app's PNG crop: floor ops/s / parse req/s",
      Math.round(pngRatio * 100) / 100,
      ...blank,
    ]);
    if (loaded.cpuMsPerOp !== null && floor.cpuMsPerOp !== null && floor.cpuMsPerOp > 0) {
      rows.push([
        'ratio: parse CPU ms/req (server, all threads) / floor CPU ms/op',
        Math.round((loaded.cpuMsPerOp / floor.cpuMsPerOp) * 100) / 100,
        ...blank,
      ]);
      // The server's own work around the kernel (HTTP, checks, decode, result PNG, storage,
      // hand-offs, GC): what is left of the gap when extraction is taken out.
      if (kernel.cpuMsPerOp !== null) {
        rows.push([
          'ratio: (parse CPU ms/req - extractSeal alone CPU ms) / floor CPU ms/op',
          Math.round(((loaded.cpuMsPerOp - kernel.cpuMsPerOp) / floor.cpuMsPerOp) * 100) / 100,
          ...blank,
        ]);
      }
    }
    // Where a request's CPU goes: each step alone in this process, the server's main thread
    // under the load above, and what the server spent beyond the steps (HTTP, multipart,
    // storage, hand-overs, garbage collection).
    const stepRow = (name: string, ms: number | null): Cell[] => [
      name,
      '',
      '',
      '',
      '',
      '',
      cpuCell(ms),
    ];
    for (const step of steps) rows.push(stepRow(`step: ${step.name}`, step.cpuMs));
    const stepSum = steps.reduce((sum, step) => sum + step.cpuMs, 0);
    rows.push(stepRow('steps: sum', stepSum));
    rows.push(
      stepRow(
        `parse (${connections} connections): server main thread CPU ms/req`,
        loaded.mainMsPerOp,
      ),
    );
    if (loaded.cpuMsPerOp !== null) {
      rows.push(
        stepRow(
          `parse (${connections} connections): server CPU ms/req beyond the steps`,
          loaded.cpuMsPerOp - stepSum,
        ),
      );
    }
    rows.push([
      'ratio: parse p99 / floor p99',
      floor.p99Ms > 0 ? Math.round((loaded.p99Ms / floor.p99Ms) * 100) / 100 : '',
      ...blank,
    ]);
    rows.push([
      `/healthz max latency while ${CONCURRENT_PARSES} parses run (ms)`,
      busyHealthz.maxMs,
      ...blank,
    ]);
    return {
      title: `${this.description} (${durationS} s per case; the floor and the ${connections}-connection parse in ${ROUNDS} alternating rounds of ${slice} s (each crop), their p50 the rounds' median and p99 the highest; the floor runs in the bench process)`,
      columns: [...LOAD_COLUMNS, 'CPU ms/op'],
      rows,
      warnings: results.filter((r) => r.failed > 0).map((r) => `${r.name}: ${r.failures}`),
    };
  },
};
