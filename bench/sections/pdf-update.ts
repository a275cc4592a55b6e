/**
 * Issue 14: writes onto a signed (or encrypted) 1000-page PDF as incremental updates. What one
 * stamp appends next to what just opening the file costs, and a batch stamp appended next to a
 * full rewrite and to qpdf --overlay.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Placement, readPdfInfo, stampPdf } from '@yinzhang/pdf';
import type { PageFraction } from '@yinzhang/seal/placement';
import { outsideSigner, qpdfEncrypt } from '../../test-support/outside-signer';
import type { BenchSection, Cell } from '../lib/types';
import { blankPage, textPages } from './pdf-fixtures';

const PAGES = 1000;
const RUNS = 3;
/** Issue 14: one stamp on a big signed file appends at most the image and 16 KB. */
const MAX_APPENDED_OVER_IMAGE = 16 * 1024;

const f = (n: number) => n as PageFraction;
const PLACEMENT: Placement = {
  page: 499,
  image: 'seal',
  x: f(0.6),
  y: f(0.7),
  width: f(119.06 / 595.28),
  height: f(119.06 / 841.89),
  rotate: 0,
};

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  let result = await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, result };
}

/** The site's own seal PNG, from the running server. */
async function sealPng(url: string): Promise<Uint8Array> {
  const res = await fetch(`${url}/v1/stamp/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: '北京某某科技有限公司',
      title: '合同专用章',
      code: '1101081234567',
    }),
  });
  if (!res.ok) throw new Error(`seal request failed: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
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
      writeFileSync(
        file('stamp.pdf'),
        await stampPdf(await blankPage(), {
          images: { seal },
          placements: [{ ...PLACEMENT, page: 0 }],
        }),
      );
      const args = [file('in.pdf'), '--overlay', file('stamp.pdf'), '--repeat=1', '--'];
      const qpdf = await timed(() => execFileSync('qpdf', [...args, file('q.pdf')]));
      const qpdfOut = new Uint8Array(readFileSync(file('q.pdf')));
      rows.push(row('signed: qpdf --overlay every page (rewrite)', qpdf.ms, signed, qpdfOut));

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
