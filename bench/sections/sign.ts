/**
 * Issue 15: `yinzhang sign` on a 1000-page PDF as a user runs it (the whole process: Node start,
 * reading the .p12, signing, writing), next to poppler's `pdfsig -add-signature` on the same file,
 * and the size of what a signature adds (the CMS, its /Contents hole, the whole update).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { makeIdentity } from '../../test-support/certs';
import { outsideSigner, pdfsigReport } from '../../test-support/outside-signer';
import type { BenchSection, Cell } from '../lib/types';
import { textPages } from './pdf-fixtures';

const PAGES = 1000;
const RUNS = 3;
const BIN = path.resolve(import.meta.dirname, '../../packages/cli/bin/yinzhang.mjs');

function median(work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** The last signature's CMS length (without the zero padding) and its hole, in bytes. */
function signatureSizes(pdf: Uint8Array): { cms: number; hole: number } {
  const text = Buffer.from(pdf).toString('latin1');
  const m = [...text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+\d+\s*\]/g)].at(-1);
  if (!m) return { cms: 0, hole: 0 };
  const hex = text.slice(Number(m[1]) + 1, Number(m[2]) - 1);
  return { cms: hex.replace(/(00)+$/, '').length / 2, hole: hex.length / 2 };
}

function sealPng(): Uint8Array {
  const size = 300;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - size / 2, y - size / 2);
      png.data.set(
        [230, 0, 18, r < size / 2 - 4 && r > size / 2 - 24 ? 255 : 0],
        (y * size + x) * 4,
      );
    }
  }
  return PNG.sync.write(png);
}

const kb = (n: number) => Number((n / 1024).toFixed(1));

export const signSection: BenchSection = {
  name: 'sign',
  description: `signing a ${PAGES}-page PDF, whole process: yinzhang sign next to pdfsig -add-signature`,
  async run() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bench-sign-'));
    const file = (name: string) => path.join(dir, name);
    const rsa = makeIdentity('Bench Signer', { key: 'rsa3072' });
    const ec = makeIdentity('Bench EC Signer', { key: 'p256' });
    const outside = outsideSigner('Bench Outside Signer');
    const warnings: string[] = [];
    const rows: Cell[][] = [];
    try {
      const input = await textPages(PAGES, 'Contract');
      writeFileSync(file('in.pdf'), input);
      writeFileSync(file('seal.png'), sealPng());
      for (const [label, id] of [
        ['RSA 3072', rsa],
        ['EC P-256', ec],
      ] as const) {
        const p12 = id.p12('default', 'pw');
        const args = [BIN, 'sign', file('in.pdf'), '--p12', p12, '--p12-password', 'pw'];
        args.push('--image', file('seal.png'), '--page', '500', '--x', '0.6', '--y', '0.7');
        args.push('--width', '40mm', '-q', '-o', file('out.pdf'));
        const ms = median(() => execFileSync(process.execPath, args, { stdio: 'ignore' }));
        const out = new Uint8Array(readFileSync(file('out.pdf')));
        const { cms, hole } = signatureSizes(out);
        rows.push([
          `yinzhang sign (${label}, visible seal)`,
          Math.round(ms),
          cms,
          hole,
          kb(out.length - input.length),
        ]);
        const check = pdfsigReport(file('out.pdf'));
        if (!check[0]?.valid || !check[0]?.wholeDocument)
          warnings.push(`${label}: pdfsig did not call it valid`);
      }
      let outsideOut = input;
      const ms = median(() => {
        outsideOut = outside.sign(input, { field: 'Outside' });
      });
      const { cms, hole } = signatureSizes(outsideOut);
      rows.push([
        'pdfsig -add-signature (RSA 2048, invisible)',
        Math.round(ms),
        cms,
        hole,
        kb(outsideOut.length - input.length),
      ]);
      return {
        title: `${this.description}; input ${kb(input.length)} KB; median of ${RUNS} runs`,
        columns: ['case', 'ms', 'CMS bytes', '/Contents hole bytes', 'appended KB'],
        rows,
        warnings,
      };
    } finally {
      rsa.dispose();
      ec.dispose();
      outside.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
