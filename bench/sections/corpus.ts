/**
 * Issue 19: the pdf.js corpus through every PDF path, with the corpus test's own harness (two
 * child processes, qpdf and pdftoppm judging), on an even sample of the files (BENCH_CORPUS_FILES,
 * default 120; 0 for all). Prints the outcome table, the median and the slowest time per page,
 * and every file over 3x the median per page (issue 19's limit).
 */
import {
  type CorpusSummary,
  corpusDir,
  corpusFiles,
  formatOutliers,
  runCorpus,
  summarize,
} from '../../packages/pdf/test/corpus/run-corpus';
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
    const summary: CorpusSummary = summarize(await runCorpus({ files, perFileMs: 60_000 }));
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
