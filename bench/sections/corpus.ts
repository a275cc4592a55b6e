/**
 * Issue 19: the pdf.js corpus through every PDF path, with the corpus test's own harness (two
 * child processes, qpdf and pdftoppm judging), on an even sample of the files (BENCH_CORPUS_FILES,
 * default 120; 0 for all). Prints the outcome table, the median and the slowest time per page,
 * and every file over 3x the median per page (issue 19's limit), in wall and CPU time; then the same
 * one-page stamp as a whole `yinzhang stamp` process for the file at the median and the worst few.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import {
  canRun,
  medianPerPage,
  type ProcessTime,
  qpdfPages,
  wholeCorpus,
} from '../lib/corpus-process';
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
    warnings.push(...wholeProcess(dir, summary, results));
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

/** How many of the worst in-process outliers are also timed as whole processes. */
const WORST = 3;
const PROCESS_RUNS = 3;
/**
 * Files the whole-process run over the full corpus found slowest per page (issue 19), timed as
 * whole processes on every run of this section, in the sample or not: the rule is about the
 * worst file, which an even sample of 120 rarely holds.
 */
const WATCH = ['bug1978317.pdf'];
/** BENCH_CORPUS_PROCESS=all: every corpus file as a whole process too (several minutes). */
const ALL = process.env.BENCH_CORPUS_PROCESS === 'all';

/**
 * The one-page stamp as a user runs it, `yinzhang stamp` (bench/lib/corpus-process.ts), for the
 * file at the in-process median, the WORST slowest and the WATCH list: CPU ms per page (GNU time,
 * user + system; wall beside it), median of PROCESS_RUNS, and each against the median file. Start-up
 * is most of a small file's process, so this says how much of an in-process outlier a user sees.
 */
function wholeProcess(
  dir: string,
  summary: CorpusSummary,
  results: readonly FileResult[],
): string[] {
  const pagesOf: Record<string, number> = {};
  const timed: { file: string; cpu: number }[] = [];
  for (const r of results) {
    pagesOf[r.file] = r.pages;
    const run = r.runs.find((x) => x.path === 'stamp-page' && x.outcome === 'ok');
    if (run?.cpuMs !== undefined && r.pages > 0)
      timed.push({ file: r.file, cpu: run.cpuMs / r.pages });
  }
  timed.sort((a, b) => a.cpu - b.cpu);
  const middle = timed[Math.floor(timed.length / 2)]?.file;
  if (!middle || !canRun()) return [];
  const watched = WATCH.map((f) => path.join(dir, f)).filter((f) => existsSync(f));
  const files = [
    ...new Set([middle, ...summary.cpu.outliers.slice(0, WORST).map((o) => o.file), ...watched]),
  ];
  const work = mkdtempSync(path.join(os.tmpdir(), 'yz-corpus-cli-'));
  try {
    writeFileSync(path.join(work, 'seal.png'), markedStamp(160, 160));
    const times = files.map((file) =>
      medianPerPage(file, pagesOf[file] ?? qpdfPages(file) ?? 1, work, PROCESS_RUNS),
    );
    const base = times[0];
    if (base === undefined) return ['whole process: the median file did not stamp'];
    const kind = base.cpuMs === undefined ? 'wall' : 'CPU';
    const key = (t: ProcessTime) => t.cpuMs ?? t.wallMs;
    const name = (f: string) => path.basename(f);
    const lines = [
      `whole process (yinzhang stamp, one page, ${kind} ms/page, median of ${PROCESS_RUNS}): ${name(middle)} (median file) ${key(base).toFixed(0)}, wall ${base.wallMs.toFixed(0)}`,
      ...files.slice(1).map((f, i) => {
        const t = times[i + 1];
        return t === undefined
          ? `  ${name(f)}: failed`
          : `  ${name(f)}${WATCH.includes(name(f)) ? ' (watched)' : ''}: ${key(t).toFixed(0)} ms/page, ${(key(t) / key(base)).toFixed(1)}x; wall ${t.wallMs.toFixed(0)}, ${(t.wallMs / base.wallMs).toFixed(1)}x`;
      }),
    ];
    if (ALL) lines.push(...wholeCorpus(corpusFiles(dir), work));
    return lines;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
