/**
 * The stamp the generated damaged-file tests put on page 1: a marked square over the centre fifth
 * of the page, where pdftoppm must show it red.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import { expect } from 'vitest';
import { type PdfNoticeCode, type Placement, stampPdf } from '../../src';
import { markedStamp } from './images';
import { qpdfCheck } from './raster';
import { startsWithBytes } from './update-fixtures';

const f = (n: number) => n as PageFraction;

export const centreStamp = markedStamp(160, 160);

/** Image name `s`, page 1, from 0.4 to 0.6 of the page each way. */
export const centrePlacement: Placement = {
  page: 0,
  image: 's',
  x: f(0.4),
  y: f(0.4),
  width: f(0.2),
  height: f(0.2),
  rotate: 0,
};

/** Bytes of a string of char codes below 256 (a PDF written as text). */
export const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/**
 * The centre stamp on page 1, checked to be an appended update: no notice (no repair, no
 * rewrite), the input's bytes untouched in front, and an output qpdf finds clean.
 */
export async function stampAppended(input: Uint8Array): Promise<Uint8Array> {
  const notices: PdfNoticeCode[] = [];
  const out = await stampPdf(input, {
    images: { s: centreStamp },
    placements: [centrePlacement],
    onNotice: (n) => notices.push(n.code),
  });
  expect(notices).toEqual([]);
  expect(startsWithBytes(out, input)).toBe(true);
  expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  return out;
}
