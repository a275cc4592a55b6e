/**
 * Where anything can be: the quarters of grid cells (8 px on a side on a 512 px crop) that hold a
 * mark, and a margin around them (3 px there: 3/8 of a quarter, at least 3), as runs of columns
 * per row. Most of a crop is paper; a quarter none of whose sampled pixels is darker than the paper
 * estimate by ACTIVE_DARK in any channel holds no ink (the faintest ink the cut can keep darkens
 * its most absorbed channel by more), nor does a pixel farther than the margin from such a
 * quarter. Every per-pixel pass (normalising, measuring, the strength) then walks only these
 * runs, and leaves strength 0 outside them, as it would have been on paper: on the bench's seal
 * crops that is about a third of the pixels.
 *
 * Quarters, not pixels: a stroke the sample (a quarter of the pixels) missed in one quarter lies
 * in a quarter with a darker pixel; the margin holds the 3x3 and 7x7 windows around ink (3 px)
 * and a mark's soft edge. A whole quarter around (the margin before) walked a quarter more pixels
 * for 0.001 IoU on the dark and faint classes (development seeds); 4 px instead of 3 kept the
 * same figures (within 0.001) and walked 8 % more.
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
/**
 * Pixels around a marked quarter that are walked too (at least; 3/8 of a quarter on larger
 * images): the 7x7 peak window around ink and the 3x3 means reach 3.
 */
const MARGIN = 3;
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
  const quarterOf = (v: number) => 2 * Math.floor(v / cell) + (v % cell >= half ? 1 : 0);
  const margin = Math.max(MARGIN, (half * 3) >> 3);
  // Per quarter column: is any quarter of the rows in reach marked.
  const near = new Uint8Array(qw);
  const { start, lo, hi } = active;
  let runs = 0;
  let qa = -1;
  let qb = -1;
  for (let y = 0; y < height; y++) {
    // The quarter rows within `margin` pixels of this row.
    const a = quarterOf(Math.max(0, y - margin));
    const b = quarterOf(Math.min(height - 1, y + margin));
    const first = runs;
    start[y] = first;
    if (a === qa && b === qb) {
      // The same quarter rows as the row before: the same runs.
      const count = first - (start[y - 1] as number);
      lo.copyWithin(first, first - count, first);
      hi.copyWithin(first, first - count, first);
      runs += count;
      continue;
    }
    qa = a;
    qb = b;
    near.fill(0);
    for (let qy = a; qy <= b; qy++) {
      for (let qx = 0; qx < qw; qx++)
        near[qx] = (near[qx] as number) | (marked[qy * qw + qx] as number);
    }
    // Each marked quarter's columns and `margin` either side, merged where they meet.
    for (let qx = 0; qx < qw; ) {
      if (near[qx] === 0) {
        qx++;
        continue;
      }
      const q0 = qx;
      while (qx < qw && near[qx] === 1) qx++;
      const x0 = Math.max(0, from(q0) - margin);
      const x1 = Math.min(width, from(qx) + margin);
      if (x0 >= x1) continue;
      if (runs > first && x0 <= (hi[runs - 1] as number)) hi[runs - 1] = x1;
      else {
        lo[runs] = x0;
        hi[runs] = x1;
        runs++;
      }
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
  // The shifts as int32 locals, read once: an imported binding is read through its module cell
  // and checked at every use in a loop.
  const rs = R_SHIFT | 0;
  const gs = G_SHIFT | 0;
  const bs = B_SHIFT | 0;
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
        const r = ((w >>> rs) & 255) * kr;
        const gv = ((w >>> gs) & 255) * kg;
        const b = ((w >>> bs) & 255) * kb;
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
