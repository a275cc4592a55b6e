/**
 * Issue 19: the pdf.js corpus through every PDF path, with the corpus test's own harness (two
 * child processes, qpdf and pdftoppm judging), on an even sample of the files (BENCH_CORPUS_FILES,
 * default 120; 0 for all). Prints the outcome table, the median and the slowest time per page,
 * and every file over 3x the median per page (issue 19's limit), in wall and CPU time; then the same
 * one-page stamp as a whole `yinzhang stamp` process for the file at the median and the worst few.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileResult } from '../../packages/pdf/test/corpus/paths';
import {
  type CorpusSummary,
  corpusDir,
  corpusFiles,
  formatOutliers,
  runCorpus,
  summarize,
} from '../../packages/pdf/test/corpus/run-corpus';
import { markedStamp } from '../../packages/pdf/test/helpers/images';
import type { BenchSection, Cell } from '../lib/types';

const SAMPLE = Number(process.env.BENCH_CORPUS_FILES ?? 120);
export const corpusSection: BenchSection = {
  name: 'corpus',
  description: 'pdf.js corpus: every path on a sample, judged by qpdf and pdftoppm',
  async run() {
    const dir = corpusDir();
    if (!dir) {
      return {
        title: this.description,
        columns: ['path', 'input'],
        rows: [],
        warnings: ['no corpus beside the clone (../shared/corpus/pdfjs) or in YINZHANG_CORPUS'],
      };
    }
    const all = corpusFiles(dir);
    const step = SAMPLE > 0 ? Math.max(1, Math.floor(all.length / SAMPLE)) : 1;
    const files = all.filter((_, i) => i % step === 0).slice(0, SAMPLE > 0 ? SAMPLE : undefined);
    const start = performance.now();
    const results = await runCorpus({ files, perFileMs: 60_000 });
    const summary: CorpusSummary = summarize(results);
    const seconds = (performance.now() - start) / 1000;
    const outcomes = Object.keys(summary.table.open.reads);
    const rows: Cell[][] = Object.entries(summary.table).flatMap(([path, byInput]) =>
      Object.entries(byInput).map(([input, counts]) => [
        path,
        input,
        ...outcomes.map((o) => counts[o as keyof typeof counts]),
      ]),
    );
    const warnings: string[] = [];
    const share = summary.runsOnReadable ? summary.okOnReadable / summary.runsOnReadable : 1;
    const { slowest } = summary;
    if (slowest) {
      warnings.push(
        `median stamp-page ${slowest.median.toFixed(1)} ms/page; slowest ${slowest.msPerPage.toFixed(1)} ms/page (${slowest.file.split('/').pop()})`,
      );
    }
    // Issue 19: no file stamps slower than 3x the corpus median time per page.
    warnings.push(...formatOutliers(summary));
    warnings.push(...wholeProcess(summary, results));
    for (const f of summary.failures) {
      warnings.push(`${f.outcome}: ${f.file.split('/').pop()} ${f.path} ${f.detail ?? ''}`);
    }
    for (const r of summary.refusals) {
      warnings.push(
        `refused a file qpdf reads: ${r.file.split('/').pop()} ${r.path} ${r.detail ?? ''}`,
      );
    }
    return {
      title: `${this.description}; ${files.length} files in ${seconds.toFixed(0)} s; ${(100 * share).toFixed(2)} % of runs on files qpdf reads ok`,
      columns: ['path', 'input', ...outcomes],
      rows,
      warnings,
    };
  },
};

const BIN = fileURLToPath(new URL('../../packages/cli/bin/yinzhang.mjs', import.meta.url));
const GNU_TIME = '/usr/bin/time';
/** How many of the worst in-process outliers are also timed as whole processes. */
const WORST = 3;
const PROCESS_RUNS = 3;

/**
 * The one-page stamp as a user runs it, `yinzhang stamp` (start-up, reading, stamping, writing),
 * for the file at the in-process median and the WORST slowest: CPU ms per page (GNU time, user +
 * system; wall time without it), median of PROCESS_RUNS, and each against the median file. Start-up
 * is most of a small file's process, so this says how much of an in-process outlier a user sees.
 */
function wholeProcess(summary: CorpusSummary, results: readonly FileResult[]): string[] {
  const perPage: Record<string, number> = {};
  const timed: { file: string; cpu: number }[] = [];
  for (const r of results) {
    perPage[r.file] = r.pages;
    const run = r.runs.find((x) => x.path === 'stamp-page' && x.outcome === 'ok');
    if (run?.cpuMs !== undefined && r.pages > 0)
      timed.push({ file: r.file, cpu: run.cpuMs / r.pages });
  }
  timed.sort((a, b) => a.cpu - b.cpu);
  const middle = timed[Math.floor(timed.length / 2)]?.file;
  if (!middle || !existsSync(BIN)) return [];
  const files = [middle, ...summary.cpu.outliers.slice(0, WORST).map((o) => o.file)];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yz-corpus-cli-'));
  try {
    writeFileSync(path.join(dir, 'seal.png'), markedStamp(160, 160));
    const times = files.map((file) => {
      const ms = processMs(file, dir);
      return ms === undefined ? undefined : ms / (perPage[file] ?? 1);
    });
    const base = times[0];
    if (base === undefined) return ['whole process: the median file did not stamp'];
    const name = (f: string) => f.split('/').pop();
    return [
      `whole process (yinzhang stamp, one page, ${existsSync(GNU_TIME) ? 'CPU' : 'wall'} ms/page, median of ${PROCESS_RUNS}): ${name(middle)} (median file) ${base.toFixed(0)}`,
      ...files.slice(1).map((f, i) => {
        const t = times[i + 1];
        return t === undefined
          ? `  ${name(f)}: failed`
          : `  ${name(f)}: ${t.toFixed(0)} ms/page, ${(t / base).toFixed(1)}x`;
      }),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median ms of a whole `yinzhang stamp` of page 1, with the overrides a refusal asks for. */
function processMs(file: string, dir: string): number | undefined {
  const stamp = ['stamp', file, '--image', 'seal.png', '--page', '1', '--x', '0.5', '--y', '0.5'];
  const args = [...stamp, '--width', '40mm', '-o', 'out.pdf', '--ignore-restrictions'];
  const run = (extra: string[]): number | undefined => {
    const cpuFile = path.join(dir, '.cpu');
    const gnu = existsSync(GNU_TIME);
    const argv = [BIN, ...args, ...extra];
    const start = performance.now();
    const child = gnu
      ? spawnSync(GNU_TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...argv], { cwd: dir })
      : spawnSync(process.execPath, argv, { cwd: dir });
    const wall = performance.now() - start;
    if (child.status !== 0) return undefined;
    if (!gnu) return wall;
    const [user = 0, system = 0] = readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number);
    return (user + system) * 1000;
  };
  const extra = run([]) === undefined ? ['--force-rewrite'] : [];
  const times: number[] = [];
  for (let i = 0; i < PROCESS_RUNS; i++) {
    const t = run(extra);
    if (t === undefined) return undefined;
    times.push(t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}
