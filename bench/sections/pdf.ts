import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDF } from '@libpdf/core';
import { mergePdfs, stampPdf } from '@yinzhang/pdf';
import type { BenchSection, Cell } from '../lib/types';
import { hasQpdf, qpdfOverlay, round, SEAL_PLACEMENT, sealPng, timed } from './pdf-common';
import { textPages, withBookmarks } from './pdf-fixtures';

const PAGES = 1000;
const MERGE_FILES = 10;
const MERGE_PAGES = 100;
const RUNS = 3;
/** Targets from the PDF signing issue. */
const MAX_RATIO = 3;
const MAX_GROWTH_PER_PAGE = 300;

const PLACEMENT = SEAL_PLACEMENT;

export const pdfSection: BenchSection = {
  name: 'pdf',
  description: `PDF work against qpdf: one seal on each of ${PAGES} pages, merging ${MERGE_FILES} x ${MERGE_PAGES}-page files`,
  async run(ctx) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bench-pdf-'));
    const file = (name: string) => path.join(dir, name);
    const warnings: string[] = [];
    const rows: Cell[][] = [];
    try {
      const seal = await sealPng((await ctx.server()).url);
      const source = await textPages(PAGES, 'Report');
      writeFileSync(file('in.pdf'), source);
      const inputs = await Promise.all(
        Array.from({ length: MERGE_FILES }, (_, i) => withBookmarks(MERGE_PAGES, `File ${i + 1}`)),
      );
      for (const [i, bytes] of inputs.entries()) writeFileSync(file(`part${i}.pdf`), bytes);
      const inputBytes = inputs.reduce((n, b) => n + b.length, 0);
      const qpdf = hasQpdf();
      if (!qpdf)
        warnings.push('qpdf not found: install it (apt-get install qpdf) for the reference');

      const stampRow = (name: string, ms: number, ref: number | undefined, out: number): Cell[] => [
        `stamp ${PAGES} pages: ${name}`,
        round(ms),
        ref === undefined ? '-' : round(ms / ref, 2),
        round(out / 1024),
        round((out - source.length - seal.length) / PAGES, 1),
      ];

      // Reference: qpdf overlays a one-page PDF holding the same seal on every page.
      let qpdfStampMs: number | undefined;
      if (qpdf) {
        const ms = await qpdfOverlay(seal, file('in.pdf'), file('q.pdf'), RUNS);
        qpdfStampMs = ms;
        rows.push(stampRow('qpdf --overlay', ms, ms, readFileSync(file('q.pdf')).length));
      }
      const ours = await timed(() =>
        stampPdf(source, {
          images: { seal },
          placements: [],
          every: { placement: PLACEMENT, pages: 'all' },
        }),
      );
      rows.push(
        stampRow(
          '@yinzhang/pdf (@libpdf/core, one appended update)',
          ours.ms,
          qpdfStampMs,
          ours.result.length,
        ),
      );
      const growth = (ours.result.length - source.length - seal.length) / PAGES;
      if (growth > MAX_GROWTH_PER_PAGE)
        warnings.push(`stamping grew the file by ${round(growth)} bytes a page`);
      if (qpdfStampMs && ours.ms > MAX_RATIO * qpdfStampMs)
        warnings.push(`stamping is over ${MAX_RATIO}x qpdf`);

      const libpdf = await timed(async () => {
        const doc = await PDF.load(source);
        const image = doc.embedPng(seal);
        for (const page of doc.getPages()) {
          page.drawImage(image, {
            x: 0.6 * 595.28,
            y: 841.89 * 0.3 - 119.06,
            width: 119.06,
            height: 119.06,
          });
        }
        return doc.save();
      });
      rows.push(
        stampRow('@libpdf/core drawImage, full save', libpdf.ms, qpdfStampMs, libpdf.result.length),
      );

      const mergeRow = (name: string, ms: number, ref: number | undefined, out: number): Cell[] => [
        `merge ${MERGE_FILES} x ${MERGE_PAGES} pages: ${name}`,
        round(ms),
        ref === undefined ? '-' : round(ms / ref, 2),
        round(out / 1024),
        round((out - inputBytes) / (MERGE_FILES * MERGE_PAGES), 1),
      ];
      let qpdfMergeMs: number | undefined;
      if (qpdf) {
        const parts = inputs.map((_, i) => file(`part${i}.pdf`));
        const { ms } = await timed(() =>
          execFileSync('qpdf', ['--empty', '--pages', ...parts, '--', file('m.pdf')]),
        );
        qpdfMergeMs = ms;
        rows.push(
          mergeRow(
            'qpdf --empty --pages (drops bookmarks)',
            ms,
            ms,
            readFileSync(file('m.pdf')).length,
          ),
        );
      }
      const merged = await timed(() =>
        mergePdfs(inputs.map((bytes, i) => ({ bytes, name: `part${i}.pdf` }))),
      );
      const mergedBytes = merged.result.bytes?.length ?? 0;
      rows.push(mergeRow('@yinzhang/pdf, bookmarks kept', merged.ms, qpdfMergeMs, mergedBytes));
      if (qpdfMergeMs && merged.ms > MAX_RATIO * qpdfMergeMs)
        warnings.push(`merging is over ${MAX_RATIO}x qpdf`);
      const libMerge = await timed(async () => (await PDF.merge(inputs)).save());
      rows.push(
        mergeRow('@libpdf/core PDF.merge', libMerge.ms, qpdfMergeMs, libMerge.result.length),
      );

      return {
        title: `${this.description}; seal PNG ${round(seal.length / 1024, 1)} KB, input ${round(source.length / 1024)} KB; median of ${RUNS} runs`,
        columns: ['case', 'ms', 'x qpdf', 'output KB', 'growth B/page'],
        rows,
        warnings,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
