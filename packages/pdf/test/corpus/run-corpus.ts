/**
 * Runs every corpus file through every PDF path in child processes (one per core), with a time
 * limit per file, and sums up the outcomes. The children run TypeScript through tsx, as tests do.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileResult, Outcome, PathName } from './paths';
import { PATHS } from './paths';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../../..');

/** The pdf.js test PDFs beside the clone (shared/corpus/pdfjs), or YINZHANG_CORPUS. */
export function corpusDir(): string | undefined {
  const candidates = [
    process.env.YINZHANG_CORPUS,
    resolve(repoRoot, '../shared/corpus/pdfjs'),
    '/work/shared/corpus/pdfjs',
  ];
  return candidates.find((d): d is string => !!d && existsSync(d));
}

export function corpusFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((n) => join(dir, n));
}

export interface CorpusOptions {
  readonly files: readonly string[];
  /** A file whose paths together take longer than this is a hang. */
  readonly perFileMs: number;
  readonly workers?: number;
  readonly onResult?: (result: FileResult, done: number) => void;
}

export async function runCorpus(options: CorpusOptions): Promise<FileResult[]> {
  const queue = [...options.files];
  const results: FileResult[] = [];
  const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), queue.length));

  const spawnChild = () =>
    fork(join(here, 'child.ts'), [], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });

  const lane = async () => {
    let child: ChildProcess | undefined;
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      child ??= spawnChild();
      const current: ChildProcess = child;
      const result = await new Promise<FileResult>((done) => {
        const finish = (r: FileResult) => {
          clearTimeout(timer);
          current.off('message', onMessage);
          current.off('exit', onExit);
          done(r);
        };
        const lost = (outcome: Outcome, detail: string): FileResult => ({
          file: file as string,
          input: 'reads',
          pages: 0,
          runs: PATHS.map((path: PathName) => ({ path, outcome, ms: options.perFileMs, detail })),
        });
        const onMessage = (m: { result?: FileResult; error?: string }) => {
          if (m.result) finish(m.result);
          else if (m.error) finish(lost('crash', m.error));
        };
        const onExit = (code: number | null, signal: string | null) => {
          child = undefined;
          finish(lost('crash', `child exited (${signal ?? code})`));
        };
        const timer = setTimeout(() => {
          current.off('exit', onExit);
          current.kill('SIGKILL');
          child = undefined;
          finish(lost('hang', `over ${options.perFileMs} ms`));
        }, options.perFileMs);
        current.on('message', onMessage);
        current.on('exit', onExit);
        current.send({ file });
      });
      results.push(result);
      options.onResult?.(result, results.length);
    }
    child?.kill();
  };
  await Promise.all(Array.from({ length: workers }, lane));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

export interface CorpusSummary {
  /** Outcome counts per path, for files qpdf reads (without a password) and for the others. */
  readonly table: Record<PathName, Record<'reads' | 'others', Record<Outcome, number>>>;
  readonly runsOnReadable: number;
  readonly okOnReadable: number;
  /** Runs that break a rule whatever the input: crash, hang, worse, lost page, missing stamp. */
  readonly failures: readonly { file: string; path: PathName; outcome: Outcome; detail?: string }[];
  /** Our refusals of files that qpdf reads without a password. */
  readonly refusals: readonly { file: string; path: PathName; detail?: string }[];
  /** Slowest stamp-page run against the median, in ms per page. */
  readonly slowest: { file: string; msPerPage: number; median: number } | undefined;
  /** Stamp-page runs over OUTLIER_RATIO times the median ms per page, slowest first. */
  readonly outliers: readonly Outlier[];
  /** The same rule in CPU ms per page (wall time on a shared machine counts waits for a core). */
  readonly cpu: { readonly median: number; readonly outliers: readonly Outlier[] };
}

export interface Outlier {
  readonly file: string;
  readonly msPerPage: number;
  readonly ratio: number;
}

/** Issue 19: stamping any corpus file takes at most 3x the median time per page. */
export const OUTLIER_RATIO = 3;

const OUTCOMES: readonly Outcome[] = [
  'ok',
  'refused',
  'crash',
  'hang',
  'worse',
  'lost-page',
  'no-stamp',
];
const zero = () => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;

export function summarize(results: readonly FileResult[]): CorpusSummary {
  const table = Object.fromEntries(
    PATHS.map((p) => [p, { reads: zero(), others: zero() }]),
  ) as CorpusSummary['table'];
  const failures: CorpusSummary['failures'][number][] = [];
  const refusals: CorpusSummary['refusals'][number][] = [];
  let runsOnReadable = 0;
  let okOnReadable = 0;
  const perPage: { file: string; msPerPage: number }[] = [];
  const cpuPerPage: { file: string; msPerPage: number }[] = [];
  for (const r of results) {
    const readable = r.input === 'reads';
    for (const run of r.runs) {
      table[run.path][readable ? 'reads' : 'others'][run.outcome]++;
      if (readable) {
        runsOnReadable++;
        if (run.outcome === 'ok') okOnReadable++;
        if (run.outcome === 'refused')
          refusals.push({ file: r.file, path: run.path, detail: run.detail });
      }
      if (run.outcome !== 'ok' && run.outcome !== 'refused') {
        failures.push({ file: r.file, path: run.path, outcome: run.outcome, detail: run.detail });
      }
      if (run.path === 'stamp-page' && run.outcome === 'ok' && r.pages > 0) {
        perPage.push({ file: r.file, msPerPage: run.ms / r.pages });
        if (run.cpuMs !== undefined) {
          cpuPerPage.push({ file: r.file, msPerPage: run.cpuMs / r.pages });
        }
      }
    }
  }
  const { median, outliers } = overMedian(perPage);
  const last = perPage.at(-1);
  return {
    table,
    runsOnReadable,
    okOnReadable,
    failures,
    refusals,
    slowest: last && { file: last.file, msPerPage: last.msPerPage, median },
    outliers,
    cpu: overMedian(cpuPerPage),
  };
}

/** Issue 19's rule: the median ms per page, and every run over OUTLIER_RATIO times it. */
function overMedian(perPage: { file: string; msPerPage: number }[]): {
  median: number;
  outliers: Outlier[];
} {
  perPage.sort((a, b) => a.msPerPage - b.msPerPage);
  const median = perPage[Math.floor(perPage.length / 2)]?.msPerPage ?? 0;
  const outliers = perPage
    .filter((p) => median > 0 && p.msPerPage > OUTLIER_RATIO * median)
    .map((p) => ({ ...p, ratio: p.msPerPage / median }))
    .reverse();
  return { median, outliers };
}

/** The outcome table as text: one row per path and input class. */
export function formatSummary(s: CorpusSummary, files: number): string {
  const head = ['path', 'input', ...OUTCOMES];
  const rows = PATHS.flatMap((p) =>
    (['reads', 'others'] as const).map((k) => [
      p,
      k,
      ...OUTCOMES.map((o) => String(s.table[p][k][o])),
    ]),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const pct = s.runsOnReadable === 0 ? 100 : (100 * s.okOnReadable) / s.runsOnReadable;
  return [
    `corpus: ${files} files; runs on files qpdf reads: ${s.okOnReadable}/${s.runsOnReadable} ok (${pct.toFixed(2)} %)`,
    line(head),
    ...rows.map(line),
    s.slowest
      ? `slowest stamp-page: ${s.slowest.msPerPage.toFixed(1)} ms/page (${s.slowest.file.split('/').pop()}), median ${s.slowest.median.toFixed(2)} ms/page`
      : '',
    ...formatOutliers(s),
  ].join('\n');
}

/**
 * The stamp-page outliers, one line each: ms per page and how many medians that is, in wall time
 * (as the issue states it) and in CPU time (what a loaded machine does not inflate).
 */
export function formatOutliers(s: CorpusSummary, max = 20): string[] {
  const list = (kind: string, median: number, outliers: readonly Outlier[]) => {
    const head = `stamp-page, ${kind}: median ${median.toFixed(2)} ms/page`;
    if (outliers.length === 0) return [`${head}; no run over ${OUTLIER_RATIO}x the median`];
    return [
      `${head}; over ${OUTLIER_RATIO}x the median: ${outliers.length}`,
      ...outliers
        .slice(0, max)
        .map(
          (o) =>
            `  ${o.file.split('/').pop()}: ${o.msPerPage.toFixed(1)} ms/page, ${o.ratio.toFixed(1)}x`,
        ),
      ...(outliers.length > max ? [`  … ${outliers.length - max} more`] : []),
    ];
  };
  return [
    ...list('in-process wall time on a shared machine', s.slowest?.median ?? 0, s.outliers),
    ...list('in-process CPU time', s.cpu.median, s.cpu.outliers),
    // In-process there is no start-up, and a one-page stamp of a long file is divided by all its
    // pages: a one-page file's fixed cost (an AES-256 key, a repair) and the JIT's state weigh
    // most here. What a user waits for is the whole process, timed over every file by the bench.
    'as a user runs it (whole `yinzhang stamp` processes, every file): BENCH_CORPUS_PROCESS=all npm run bench -- --only corpus',
  ];
}
