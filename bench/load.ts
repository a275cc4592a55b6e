/**
 * `npm run load`: 10,000 mixed /v1 requests at 100 concurrent on loopback against the server in
 * its own process (issue 7). Prints per-route counts, a status histogram, p50 / p99 latency and
 * the server's RSS before and after; exits 1 when any answer was a 5xx (or a request failed).
 *
 * `npm run load -- --bombs` (issue 20) mixes decompression bombs into that traffic (one request
 * in five: the 6300x6300 16-bit PNG to parse and mark, and now and then the largest PNG inside
 * the decode budget), probes /healthz throughout, and prints the memory peak, the memory 5 s
 * after, and /healthz p99. There a 503 (BUSY, with Retry-After) is an answer, as designed.
 *
 * Both first measure uncached POST /v1/stamp/create alone (a new seal every request, issue 16's
 * target of 500 req/s) and print its req/s and p99 beside the target; `--create-only` stops there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { EXTRACT_LIMITS } from '../apps/server/src/limits';
import { budgetBomb, issueBomb } from '../apps/server/test/fixtures/bombs';
import { sealPhotoJpeg } from '../apps/server/test/fixtures/images';
import { bombBursts } from './lib/bomb-burst';
import { percentile, rssMb, startProbes } from './lib/probe';
import { startServer } from './lib/server';
import { describeUncachedCreate, measureUncachedCreate } from './lib/uncached-create';

const ARGS = parseArgs({
  options: {
    bombs: { type: 'boolean', default: false },
    'create-only': { type: 'boolean', default: false },
  },
}).values;
const BOMBS = ARGS.bombs;
/** The uncached create phase: this long, this many connections. */
const CREATE_PHASE = { durationS: 10, connections: 50 } as const;
const TOTAL_REQUESTS = BOMBS ? 4_000 : 10_000;
/** With --bombs: every BOMB_EVERY-th request is a bomb; every BUDGET_EVERY-th bomb a budget one. */
const BOMB_EVERY = 5;
const BUDGET_EVERY = 10;
/** With --bombs: memory is read again this long after the run. */
const SETTLE_MS = 5_000;
const CONNECTIONS = 100;
/** The run is stopped after this long whatever the count reached (then reported as short). */
const TIME_LIMIT_S = 180;
const REQUEST_TIMEOUT_S = 30;
/**
 * Requests that may need a decoding worker (parse, mark, and gray on a cache miss) in flight at once.
 * The server answers 503 BUSY past its workers plus a queue of 32 (EXTRACT_LIMITS.queueMax), as
 * designed; the web app sends one at a time per user, so the load stays under that bound and
 * sends something else when it is reached.
 */
const POOL_IN_FLIGHT_MAX = 30;
/** Sent instead of a pool request while POOL_IN_FLIGHT_MAX are in flight, in turn. */
const FALLBACK: readonly Kind[] = ['create', 'report'];
/** Requests that take a slot of the decoding pool: /file/mark's PNG check is decoding work too. */
const POOL_KINDS: ReadonlySet<string> = new Set(['parse', 'gray', 'mark']);

type Kind = 'create' | 'parse' | 'gray' | 'mark' | 'report' | 'bomb';
const KINDS: readonly Kind[] = [
  'create',
  'parse',
  'gray',
  'mark',
  'report',
  ...(BOMBS ? (['bomb'] as const) : []),
];
/** The mix, repeated: 7 create, 1 parse, 4 gray, 4 mark, 4 report in every 20. */
const MIX: readonly Kind[] = [
  'create',
  'gray',
  'mark',
  'report',
  'create',
  'parse',
  'create',
  'gray',
  'mark',
  'report',
  'create',
  'gray',
  'create',
  'mark',
  'report',
  'create',
  'gray',
  'mark',
  'create',
  'report',
];
/** Canonical clarity keys (see parseClarityKey): a few, so gray hits and misses the cache. */
const GRAY_KEYS = ['0-0-0', '0-1-0', '0-2-0', '0-3-0', '1-0-0', '1-0-1', '2-12-0', '2-5-2'];
const NAMES = ['印章', '上海印章有限公司', '北京市朝阳区测试中心', 'Seal Co', 'Zürich AG 🙂'];

const JSON_HEADERS = { 'content-type': 'application/json' };

function multipart(fields: Record<string, string>, file: Buffer, filename: string, type: string) {
  const boundary = '----yinzhang-load-boundary';
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const body = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The server child's pid. bench/lib's startServer does not expose it, so: our own child process
 * (parent pid is ours) whose command line runs apps/server/src/server.ts.
 */
function serverPid(): number {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('apps/server/src/server.ts')) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  if (found.length !== 1) throw new Error(`expected one server child, found ${found.length}`);
  return found[0] as number;
}

interface Tally {
  count: number;
  statuses: Map<number, number>;
  latenciesMs: number[];
}

interface Ctx {
  kind?: Kind;
  start?: number;
}

async function main(): Promise<void> {
  const jpeg = await sealPhotoJpeg({ width: 512, height: 512 });
  const smallPng = await sharp({
    create: { width: 16, height: 16, channels: 4, background: '#c8102e' },
  })
    .png()
    .toBuffer();
  const parseForm = multipart({ gray: '0-1-0', stream: '1' }, jpeg, 'crop.jpg', 'image/jpeg');
  const markForm = multipart({}, smallPng, 'seal.png', 'image/png');
  const bombs = BOMBS ? bombForms() : [];

  const server = await startServer();
  let failed = false;
  try {
    const pid = serverPid();
    // Warm-up (not counted): starts the extract workers and yields the first pid for gray.
    const warm = await fetch(`${server.url}/v1/stamp/parse`, {
      method: 'POST',
      headers: parseForm.headers,
      body: parseForm.body,
    });
    const firstPid = warm.headers.get('pid');
    if (warm.status !== 200 || firstPid === null) throw new Error(`warm-up parse: ${warm.status}`);
    await warm.arrayBuffer();
    const pids: string[] = [firstPid];
    const uncached = await measureUncachedCreate(server.url, pid, CREATE_PHASE);
    console.log(describeUncachedCreate(uncached));
    if (uncached.failed > 0) {
      console.error(`FAIL: uncached create: ${uncached.failures}`);
      failed = true;
    }
    if (ARGS['create-only']) {
      process.exitCode = failed ? 1 : 0;
      return;
    }
    if (BOMBS && !(await bombBursts(server.url, pid, firstPid))) {
      console.error('FAIL: a bomb burst got no answer or a 5xx other than 503');
      failed = true;
    }
    const rssBefore = rssMb(pid);
    const probes = BOMBS ? startProbes(server.url, pid) : undefined;
    let bombsSent = 0;

    const tallies = new Map<Kind, Tally>(
      KINDS.map((k) => [k, { count: 0, statuses: new Map(), latenciesMs: [] }]),
    );
    let sent = 0;
    let poolInFlight = 0;
    let fiveXx = 0;
    let substituted = 0;

    const build = (req: autocannon.Request, context: object): autocannon.Request => {
      const ctx = context as Ctx;
      const n = sent++;
      let kind = MIX[n % MIX.length] as Kind;
      if (BOMBS && n % BOMB_EVERY === BOMB_EVERY - 1) kind = 'bomb';
      if (POOL_KINDS.has(kind) && poolInFlight >= POOL_IN_FLIGHT_MAX) {
        kind = FALLBACK[n % FALLBACK.length] as Kind;
        substituted++;
      }
      if (POOL_KINDS.has(kind)) poolInFlight++;
      ctx.kind = kind;
      ctx.start = performance.now();
      switch (kind) {
        case 'create':
          return {
            ...req,
            method: 'POST',
            path: '/v1/stamp/create',
            headers: JSON_HEADERS,
            body: JSON.stringify({
              name: `${NAMES[n % NAMES.length]}${n % 200}`,
              title: n % 3 === 0 ? '专用章' : '',
              code: n % 4 === 0 ? `A${n % 1000}` : '',
            }),
          };
        case 'parse':
          return { ...req, method: 'POST', path: '/v1/stamp/parse', ...parseForm };
        case 'gray':
          return {
            ...req,
            method: 'POST',
            path: '/v1/stamp/gray',
            headers: { ...JSON_HEADERS, pid: pids[n % pids.length] as string },
            body: JSON.stringify({ gray: GRAY_KEYS[n % GRAY_KEYS.length] }),
          };
        case 'mark':
          return { ...req, method: 'POST', path: '/v1/file/mark', ...markForm };
        case 'bomb': {
          const bomb = bombs[bombsSent++ % bombs.length] as BombForm;
          return {
            ...req,
            method: 'POST',
            path: bomb.path,
            body: bomb.body,
            headers: bomb.headers,
          };
        }
        case 'report':
          return {
            ...req,
            method: 'POST',
            path: '/v1/report',
            headers: JSON_HEADERS,
            body: JSON.stringify({ text: `load test report ${n}` }),
          };
      }
    };

    const record = (
      status: number,
      _body: string,
      context: object,
      headers: IncomingHttpHeaders | undefined,
    ): void => {
      const ctx = context as Ctx;
      const kind = ctx.kind;
      if (kind === undefined) return;
      if (POOL_KINDS.has(kind)) poolInFlight--;
      const tally = tallies.get(kind) as Tally;
      tally.count++;
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      if (ctx.start !== undefined) tally.latenciesMs.push(performance.now() - ctx.start);
      // With --bombs a 503 (a full queue, with Retry-After) is the designed answer to overload.
      if (status >= 500 && !(BOMBS && status === 503)) fiveXx++;
      const newPid = headers?.pid;
      if (kind === 'parse' && status === 200 && typeof newPid === 'string' && pids.length < 50) {
        pids.push(newPid);
      }
      ctx.kind = undefined;
    };

    console.log(
      `load: ${TOTAL_REQUESTS} requests, ${CONNECTIONS} connections, ${server.url} (server pid ${pid})`,
    );
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.url,
          connections: CONNECTIONS,
          amount: TOTAL_REQUESTS,
          timeout: REQUEST_TIMEOUT_S,
          requests: [{ setupRequest: build, onResponse: record }],
        },
        (err, res) => {
          clearTimeout(limit);
          if (err) reject(err);
          else resolve(res);
        },
      );
      const limit = setTimeout(() => instance.stop(), TIME_LIMIT_S * 1000);
    });
    const rssAfter = rssMb(pid);
    const probed = await probes?.stop();
    let rssSettled = rssAfter;
    if (BOMBS) {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      rssSettled = rssMb(pid);
    }

    const rows = KINDS.map((k) => {
      const t = tallies.get(k) as Tally;
      const sorted = [...t.latenciesMs].sort((a, b) => a - b);
      const statuses = [...t.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, c]) => `${s}:${c}`)
        .join(' ');
      return {
        route: k,
        requests: t.count,
        statuses,
        'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
        'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
      };
    });
    const histogram = new Map<number, number>();
    for (const t of tallies.values()) {
      for (const [s, c] of t.statuses) histogram.set(s, (histogram.get(s) ?? 0) + c);
    }
    const answered = rows.reduce((sum, r) => sum + r.requests, 0);

    console.log('\nper route (latency measured in the client, per request):');
    console.table(rows);
    console.log(
      `${substituted} parse/gray/mark requests were sent as create/report instead ` +
        `(${POOL_IN_FLIGHT_MAX} decoding requests already in flight)`,
    );
    console.log(
      'status histogram:',
      Object.fromEntries([...histogram.entries()].sort(([a], [b]) => a - b)),
    );
    console.log(
      `overall (autocannon): ${result.requests.total} requests in ${result.duration.toFixed(1)} s, ` +
        `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx`,
    );
    console.log(
      `server RSS: before ${rssBefore.toFixed(1)} MB, after ${rssAfter.toFixed(1)} MB ` +
        `(${(rssAfter - rssBefore >= 0 ? '+' : '') + (rssAfter - rssBefore).toFixed(1)} MB)`,
    );

    if (probed !== undefined) {
      const h = probed.healthMs;
      console.log(
        `mixed traffic (${CONNECTIONS} connections, both cores busy) with bombs: ${bombsSent} sent (PNG 6300x6300 16-bit RGBA, ${Math.round((bombs[0]?.bytes ?? 0) / 1024)} KB; ` +
          `every ${BUDGET_EVERY}th the largest PNG inside the decode budget)\n` +
          `server RSS with bombs: start ${rssBefore.toFixed(0)} MB, peak ${probed.rssPeakMb.toFixed(0)} MB ` +
          `(+${(probed.rssPeakMb - rssBefore).toFixed(0)} MB; target <= +300), ${SETTLE_MS / 1000} s after ` +
          `${rssSettled.toFixed(0)} MB (+${(rssSettled - rssBefore).toFixed(0)} MB; target <= +150)\n` +
          `/healthz during the run: ${h.length} probes, p50 ${percentile(h, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(h, 99).toFixed(1)} ms (target < 200), max ${(h.at(-1) ?? Number.NaN).toFixed(1)} ms`,
      );
    }
    if (fiveXx > 0) {
      console.error(`FAIL: ${fiveXx} answers were 5xx`);
      failed = true;
    }
    if (result.errors > 0) {
      console.error(`FAIL: ${result.errors} requests failed without an answer`);
      failed = true;
    }
    if (answered < TOTAL_REQUESTS) {
      console.error(
        `FAIL: only ${answered} of ${TOTAL_REQUESTS} answered within ${TIME_LIMIT_S} s`,
      );
      failed = true;
    }
  } finally {
    await server.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

interface BombForm {
  readonly path: string;
  readonly body: Buffer;
  readonly headers: Record<string, string>;
  readonly bytes: number;
}

/** The bombs, in the order they are sent: the issue's bomb to parse and mark, a budget one now and then. */
function bombForms(): BombForm[] {
  const big = issueBomb();
  const budget = budgetBomb(EXTRACT_LIMITS.decodeMaxBytes);
  const forms: BombForm[] = [];
  for (let i = 0; i < BUDGET_EVERY; i++) {
    const file = i === BUDGET_EVERY - 1 ? budget : big;
    const toParse = i % 2 === 0;
    const form = multipart(toParse ? { gray: '0-1-0' } : {}, file, 'bomb.png', 'image/png');
    forms.push({
      path: toParse ? '/v1/stamp/parse' : '/v1/file/mark',
      ...form,
      bytes: file.length,
    });
  }
  return forms;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
