/**
 * Issue 14: writes onto a signed (or encrypted) 1000-page PDF as incremental updates. What one
 * stamp appends next to what just opening the file costs, and a batch stamp appended next to a
 * full rewrite and to qpdf --overlay.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Placement, readPdfInfo, stampPdf } from '@yinzhang/pdf';
import { outsideSigner, qpdfEncrypt } from '../../test-support/outside-signer';
import type { BenchSection, Cell } from '../lib/types';
import { qpdfOverlay, round, SEAL_PLACEMENT, sealPng, timed } from './pdf-common';
import { textPages } from './pdf-fixtures';

const PAGES = 1000;
const RUNS = 3;
/** Issue 14: one stamp on a big signed file appends at most the image and 16 KB. */
const MAX_APPENDED_OVER_IMAGE = 16 * 1024;

/** The seal on page 500. */
const PLACEMENT: Placement = { ...SEAL_PLACEMENT, page: 499 };

const kb = (n: number) => round(n / 1024, 1);

export const pdfUpdateSection: BenchSection = {
  name: 'pdf-update',
  description: `incremental updates on a pdfsig-signed ${PAGES}-page PDF (and an AES-256 one)`,
  async run(ctx) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bench-update-'));
    const file = (name: string) => path.join(dir, name);
    const signer = outsideSigner('Bench Signer');
    const warnings: string[] = [];
    const rows: Cell[][] = [];
    try {
      const seal = await sealPng((await ctx.server()).url);
      const signed = signer.sign(await textPages(PAGES, 'Contract'), { field: 'Signature1' });
      const encrypted = qpdfEncrypt(await textPages(PAGES, 'Secret'), {
        method: 'AES-256',
        userPassword: 'user',
        ownerPassword: 'owner',
      });
      const row = (name: string, ms: number, input: Uint8Array, out?: Uint8Array): Cell[] => [
        name,
        round(ms),
        kb(input.length),
        out ? kb(out.length - input.length) : '-',
      ];
      const valid = (pdf: Uint8Array) => signer.check(pdf).every((s) => s.valid);

      for (const [label, input, password] of [
        ['signed', signed, undefined],
        ['AES-256', encrypted, 'user'],
      ] as const) {
        const open = await timed(() => readPdfInfo(input, password));
        rows.push(row(`${label}: open only (readPdfInfo)`, open.ms, input));
        const one = await timed(() =>
          stampPdf(input, { images: { seal }, placements: [PLACEMENT], password }),
        );
        rows.push(row(`${label}: stamp page 500, appended`, one.ms, input, one.result));
        const over = one.result.length - input.length - seal.length;
        if (over > MAX_APPENDED_OVER_IMAGE) {
          warnings.push(`${label}: one stamp appended ${kb(over)} KB over the seal PNG`);
        }
        if (label === 'signed' && !valid(one.result)) warnings.push('the signature broke');
      }

      const every = { placement: { ...PLACEMENT, page: 0 }, pages: 'all' as const };
      const batch = await timed(() =>
        stampPdf(signed, { images: { seal }, placements: [], every }),
      );
      rows.push(row('signed: stamp every page, appended', batch.ms, signed, batch.result));
      rows.push([
        '  (growth B/page over the seal PNG)',
        '-',
        '-',
        round((batch.result.length - signed.length - seal.length) / PAGES, 1),
      ]);
      if (!valid(batch.result)) warnings.push('the batch stamp broke the signature');
      const rewrite = await timed(() =>
        stampPdf(signed, { images: { seal }, placements: [], every, forceRewrite: true }),
      );
      rows.push(row('signed: stamp every page, full rewrite', rewrite.ms, signed, rewrite.result));

      writeFileSync(file('in.pdf'), signed);
      const qpdfMs = await qpdfOverlay(seal, file('in.pdf'), file('q.pdf'), RUNS);
      const qpdfOut = new Uint8Array(readFileSync(file('q.pdf')));
      rows.push(row('signed: qpdf --overlay every page (rewrite)', qpdfMs, signed, qpdfOut));

      return {
        title: `${this.description}; seal PNG ${kb(seal.length)} KB; median of ${RUNS} runs; "appended KB" is output minus input`,
        columns: ['case', 'ms', 'input KB', 'appended KB'],
        rows,
        warnings,
      };
    } finally {
      signer.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
