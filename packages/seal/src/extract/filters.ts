/** Small separable filters on float and 0/1 planes, into caller-owned planes (no allocation). */
import type { Workspace } from './workspace';

/**
 * Max of two non-negative float32 values given as their bit patterns, without a branch: for
 * non-negative floats the bit patterns order like the values, and on noisy data a branch would
 * be mispredicted about half the time.
 */
export const maxBits = (a: number, b: number): number => {
  const d = a - b;
  return a - (d & (d >> 31));
};

/**
 * Max over a horizontal window of 7 pixels of one row (outside the image counts as 0; values are
 * >= 0), on the float32 bit patterns (which order like the values): pairs, then pairs of pairs,
 * then two overlapping windows of four, three steps per pixel. The row starts at index `row` of
 * `src`; the result for the windows around [lo, hi) (3 more either side) goes to `out` from index
 * `at`, and the rest of `out`'s row is left as it is: a caller whose row holds something only in
 * [lo, hi) zeroes the row first (or calls once per piece of it). `scratch` holds at least
 * 2 * (width + 8) entries.
 */
export function rowMax7(
  src: Int32Array,
  row: number,
  width: number,
  lo: number,
  hi: number,
  out: Int32Array,
  at: number,
  scratch: Int32Array,
): void {
  const xa = Math.max(0, lo - 3);
  const xb = Math.min(width, hi + 3);
  if (xa >= xb) return;
  // Index k of m2 and m4 is shifted by 3 so that windows reaching past the row's start fit.
  const span = width + 8;
  const m2 = scratch;
  // m2[k] = max(p[k - 3], p[k - 2]) where p[j] is the row's pixel j (0 outside).
  for (let k = xa; k < xb + 5; k++) {
    const j = k - 3;
    const a = j >= 0 && j < width ? (src[row + j] as number) : 0;
    const b = j + 1 >= 0 && j + 1 < width ? (src[row + j + 1] as number) : 0;
    m2[k] = maxBits(a, b);
  }
  // m4[k] = max(p[k - 3 .. k]), from index `span` of the scratch.
  for (let k = xa; k < xb + 3; k++) {
    m2[span + k] = maxBits(m2[k] as number, m2[k + 2] as number);
  }
  // Window x - 3 .. x + 3 = (x - 3 .. x) and (x .. x + 3) = m4[x] and m4[x + 3].
  for (let x = xa; x < xb; x++) {
    out[at + x] = maxBits(m2[span + x] as number, m2[span + x + 3] as number);
  }
}

/**
 * One row of a 0/1 plane spread by `radius` either side (a running count): `out` = 1 where the
 * row of `src` starting at index `row` has a 1 within `radius` pixels.
 */
export function spreadRow(
  src: Uint8Array,
  out: Uint8Array,
  row: number,
  width: number,
  radius: number,
): void {
  let count = 0;
  for (let x = 0; x < radius && x < width; x++) count += src[row + x] as number;
  for (let x = 0; x < width; x++) {
    if (x + radius < width) count += src[row + x + radius] as number;
    if (x - radius - 1 >= 0) count -= src[row + x - radius - 1] as number;
    out[row + x] = count > 0 ? 1 : 0;
  }
}

/**
 * `out` = 1 where `src` has a 1 within `radius` pixels (square window): running counts along
 * rows, then along columns.
 */
export function spreadMask(
  src: Uint8Array,
  width: number,
  height: number,
  radius: number,
  out: Uint8Array,
  ws: Workspace,
): void {
  const rows = ws.u8('spreadRows');
  for (let y = 0; y < height; y++) spreadRow(src, rows, y * width, width, radius);
  const counts = ws.i32('spreadCounts', width);
  counts.fill(0);
  for (let y = 0; y < radius && y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      counts[x] = (counts[x] as number) + (rows[i] as number);
    }
  }
  for (let y = 0; y < height; y++) {
    const add = y + radius < height ? (y + radius) * width : -1;
    const drop = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      let c = counts[x] as number;
      if (add >= 0) c += rows[add + x] as number;
      if (drop >= 0) c -= rows[drop + x] as number;
      counts[x] = c;
      out[i] = c > 0 ? 1 : 0;
    }
  }
}
