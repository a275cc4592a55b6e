/**
 * Where anything can be: the quarters of grid cells (8 px on a side on a 512 px crop) that hold a
 * mark, and the quarters around them, as runs of columns per row. Most of a crop is paper; a
 * quarter none of whose sampled pixels is darker than the paper estimate by ACTIVE_DARK in any
 * channel holds no ink (the faintest ink the cut can keep darkens its most absorbed channel by
 * more), nor does a quarter with no such neighbour. Every per-pixel pass (normalising, measuring,
 * the strength) then walks only these runs, and leaves strength 0 outside them, as it would have
 * been on paper: on the bench's seal crops that is about half of the pixels.
 *
 * Quarters, not pixels: a mark's soft edge, a stroke the sample (a quarter of the pixels) missed
 * in one quarter, and the 3x3 and 7x7 windows around ink all stay within one quarter of a quarter
 * with a darker pixel.
 */
import type { Grid } from './grid';
import { B_SHIFT, G_SHIFT, R_SHIFT } from './pixels';

/** A quarter holds a mark when a sampled pixel is this much darker than paper in some channel. */
const ACTIVE_DARK = 0.1;
/**
 * Red inks only (mode 0): a marked quarter stays marked when a sampled pixel there is red or
 * purple, its red channel this much above its darker one of green and blue (paper-normalised).
 * Black print and blue pens away from the seal are left out; next to it they are in the quarters
 * around its ink, where the print-rim test needs them (3 px, or a soft photo's edge width).
 */
const ACTIVE_RED = 0.05;
/** Below this many pixels everything is active: a sample of a small image may miss a mark. */
const SMALL = 64 * 64;

/** Runs of columns [lo, hi) per pixel row y: indexes start[y] .. start[y + 1] - 1 of lo and hi. */
export interface Active {
  start: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
}

/** Scratch for `active` of an image of this size (contents undefined until filled). */
export function activeFor(
  g: Grid,
  height: number,
  i32: (name: string, length: number) => Int32Array,
): Active {
  // At most every other quarter across starts a run.
  const cap = height * (g.gw + 1);
  return {
    start: i32('activeStart', height + 1),
    lo: i32('activeLo', cap),
    hi: i32('activeHi', cap),
  };
}

/**
 * Fills `active` from each quarter's darkest sampled value per channel (`lows`: bytes, three per
 * quarter, quarters in rows of 2 * gw; paper.ts) and the paper estimate's reciprocal per grid cell
 * and channel (`recips`, per byte value).
 */
export function findActive(
  lows: Uint8Array,
  recips: readonly Float32Array[],
  g: Grid,
  width: number,
  height: number,
  active: Active,
  redOf: Uint32Array | null = null,
): void {
  const { cell, gw, gh } = g;
  const qw = 2 * gw;
  const qh = 2 * gh;
  const marked = new Uint8Array(qw * qh);
  if (width * height < SMALL) marked.fill(1);
  else {
    const [rr, rg, rb] = recips as [Float32Array, Float32Array, Float32Array];
    const paper = 1 - ACTIVE_DARK;
    for (let qy = 0, q = 0; qy < qh; qy++) {
      for (let qx = 0; qx < qw; qx++, q++) {
        const c = (qy >> 1) * gw + (qx >> 1);
        marked[q] =
          (lows[3 * q] as number) * (rr[c] as number) < paper ||
          (lows[3 * q + 1] as number) * (rg[c] as number) < paper ||
          (lows[3 * q + 2] as number) * (rb[c] as number) < paper
            ? 1
            : 0;
      }
    }
    if (redOf !== null) keepRed(redOf, recips, g, width, height, marked);
  }
  // A quarter's columns (or rows): the first half of cell k, or its second half.
  const half = cell >> 1;
  const from = (k: number) => (k >> 1) * cell + (k & 1) * half;
  const near = new Uint8Array(qw);
  const { start, lo, hi } = active;
  let runs = 0;
  for (let qy = 0; qy < qh; qy++) {
    const y0 = Math.min(height, from(qy));
    const y1 = Math.min(height, from(qy + 1));
    if (y0 >= y1) continue;
    // The quarters marked or next to a marked one (8-connected), as runs of columns.
    near.fill(0);
    for (let yy = Math.max(0, qy - 1); yy <= Math.min(qh - 1, qy + 1); yy++) {
      for (let qx = 0; qx < qw; qx++) {
        if (marked[yy * qw + qx] === 0) continue;
        near[qx] = 1;
        if (qx > 0) near[qx - 1] = 1;
        if (qx + 1 < qw) near[qx + 1] = 1;
      }
    }
    const first = runs;
    for (let qx = 0; qx < qw; ) {
      if (near[qx] === 0) {
        qx++;
        continue;
      }
      const a = qx;
      while (qx < qw && near[qx] === 1) qx++;
      const x0 = Math.min(width, from(a));
      const x1 = Math.min(width, from(qx));
      if (x0 >= x1) continue;
      lo[runs] = x0;
      hi[runs] = x1;
      runs++;
    }
    // Every pixel row of the quarter row has the same runs.
    const count = runs - first;
    start[y0] = first;
    for (let y = y0 + 1; y < y1; y++) {
      start[y] = runs;
      lo.copyWithin(runs, first, first + count);
      hi.copyWithin(runs, first, first + count);
      runs += count;
    }
  }
  start[height] = runs;
}

/**
 * Unmarks the quarters none of whose sampled pixels (the same sample as the darkest values) is
 * darker than paper and reddish (ACTIVE_RED), paper-normalised by its grid cell's estimate.
 */
function keepRed(
  words: Uint32Array,
  recips: readonly Float32Array[],
  g: Grid,
  width: number,
  height: number,
  marked: Uint8Array,
): void {
  const [rr, rg, rb] = recips as [Float32Array, Float32Array, Float32Array];
  const { cell, gw } = g;
  const half = cell >> 1;
  const qw = 2 * gw;
  const paper = 1 - ACTIVE_DARK;
  for (let q = 0; q < marked.length; q++) {
    if (marked[q] === 0) continue;
    const qx = q % qw;
    const qy = (q - qx) / qw;
    const c = (qy >> 1) * gw + (qx >> 1);
    const kr = rr[c] as number;
    const kg = rg[c] as number;
    const kb = rb[c] as number;
    const x0 = (qx >> 1) * cell + (qx & 1) * half;
    const x1 = Math.min(width, (qx >> 1) * cell + (qx & 1 ? cell : half));
    const y0 = (qy >> 1) * cell + (qy & 1) * half;
    const y1 = Math.min(height, (qy >> 1) * cell + (qy & 1 ? cell : half));
    let red = 0;
    // The sample of paper.ts: every other row of the cell, every other pixel, alternating.
    const cy0 = (qy >> 1) * cell;
    for (let y = y0 + ((y0 - cy0) & 1); y < y1 && red === 0; y += 2) {
      const start = x0 + ((x0 - (qx >> 1) * cell + ((y - cy0) >> 1)) & 1);
      for (let i = y * width + start, end = y * width + x1; i < end; i += 2) {
        const w = words[i] as number;
        const r = ((w >>> R_SHIFT) & 255) * kr;
        const gv = ((w >>> G_SHIFT) & 255) * kg;
        const b = ((w >>> B_SHIFT) & 255) * kb;
        const lo = gv < b ? gv : b;
        if ((r < paper || lo < paper) && r - lo > ACTIVE_RED) {
          red = 1;
          break;
        }
      }
    }
    marked[q] = red;
  }
}
