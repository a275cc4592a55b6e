/** Shared by the signing and verification tests: a small PDF, a seal image, a placement, files on disk. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF, rgb } from '@libpdf/core';
import type { PageFraction } from '@yinzhang/seal/placement';
import { afterAll } from 'vitest';
import { pdfsigReport } from '../../../../test-support/outside-signer';
import type { Placement } from '../../src';

export const scratch = mkdtempSync(join(tmpdir(), 'yinzhang-sign-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** Writes bytes to a fresh file in the scratch folder and returns its path. */
export function onDisk(bytes: Uint8Array, name = 'f.pdf'): string {
  const path = join(scratch, `${n++}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

export async function samplePdf(pages = 2): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage(i % 2 ? { width: 842, height: 595 } : { width: 595, height: 842 });
    page.drawRectangle({ x: 40, y: 40, width: 60, height: 60, color: rgb(0, 0, 0) });
  }
  return pdf.save();
}

const f = (v: number) => v as PageFraction;
export const placement = (page = 0, rotate: Placement['rotate'] = 0): Placement => ({
  page,
  image: 'seal',
  x: f(0.55),
  y: f(0.7),
  width: f(0.25),
  height: f(0.25 * (595 / 842)),
  rotate,
});

export const pdfsig = (bytes: Uint8Array, password?: string) =>
  pdfsigReport(onDisk(bytes), undefined, password);
