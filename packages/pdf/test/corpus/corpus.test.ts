/**
 * Real-world PDFs nobody here wrote: pdf.js's 971 test files (shared/corpus/pdfjs, beside every
 * clone and in CI) through every PDF path, judged by qpdf and poppler. Fails on any crash, hang,
 * output qpdf rejects where it read the input, lost page, missing stamp, or refusal of a file that
 * qpdf reads without a password. The corpus stays out of git; each failure class found here has
 * a small generated fixture in corpus-classes.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusFiles, formatSummary, runCorpus, summarize } from './run-corpus';

/** A file whose five paths together take longer than this is counted as a hang. */
const PER_FILE_MS = 60_000;
/** Share of the runs on files qpdf reads that must come out right (issue 19's target). */
const MIN_OK_SHARE = 0.99;

const dir = corpusDir();
const limit = Number(process.env.YINZHANG_CORPUS_LIMIT ?? 0);

describe.skipIf(!dir)('the pdf.js corpus', () => {
  it(
    'every path on every file: no crash, hang, worse output, lost page or refusal of a readable file',
    async () => {
      let files = corpusFiles(dir as string);
      if (limit > 0) files = files.filter((_, i) => i % Math.ceil(files.length / limit) === 0);
      const results = await runCorpus({ files, perFileMs: PER_FILE_MS });
      const summary = summarize(results);
      const report = join(tmpdir(), 'yinzhang-corpus.json');
      writeFileSync(report, JSON.stringify({ summary, results }, null, 1));
      console.log(`${formatSummary(summary, files.length)}\nfull results: ${report}`);

      expect(summary.failures).toEqual([]);
      expect(summary.refusals).toEqual([]);
      expect(summary.okOnReadable / summary.runsOnReadable).toBeGreaterThanOrEqual(MIN_OK_SHARE);
    },
    30 * 60_000,
  );
});
