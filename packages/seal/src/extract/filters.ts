/** Small separable filters on float and 0/1 planes, into caller-owned planes (no allocation). */

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
 * >= 0), on the float32 bit patterns (which order like the values). The row starts at index `row`
 * of `src`; the result for the windows around [lo, hi) (3 more either side) goes to `out` from
 * index `at`, and the rest of `out`'s row is left as it is: a caller whose row holds something
 * only in [lo, hi) zeroes the row first (or calls once per piece of it).
 *
 * With p(j) the row's pixel j (0 outside) and q(j) = max(p(j), p(j + 1)), a(x) = max p(x - 3 .. x)
 * is max(q(x - 3), q(x - 1)), and the window of x is max(a(x), a(x + 3)): one new pixel per
 * column and three maxima, the pairs and fours of the columns before kept in locals (three
 * passes over a scratch row cost half as much again).
 */
export function rowMax7(
  src: Int32Array,
  row: number,
  width: number,
  lo: number,
  hi: number,
  out: Int32Array,
  at: number,
): void {
  // Read once: an exported binding is read through its module cell at every use in a loop.
  const maxOf = maxBits;
  const xa = Math.max(0, lo - 3);
  const xb = Math.min(width, hi + 3);
  if (xa >= xb) return;
  const pm3 = pixelOr0(src, row, width, xa - 3);
  const pm2 = pixelOr0(src, row, width, xa - 2);
  const pm1 = pixelOr0(src, row, width, xa - 1);
  const p0 = pixelOr0(src, row, width, xa);
  const p1 = pixelOr0(src, row, width, xa + 1);
  // At column x: last = p(x + 2), q0 = q(x), q1 = q(x + 1), a0..a2 = a(x) .. a(x + 2).
  let last = pixelOr0(src, row, width, xa + 2);
  let q0 = maxOf(p0, p1);
  let q1 = maxOf(p1, last);
  let a0 = maxOf(maxOf(pm3, pm2), maxOf(pm1, p0));
  let a1 = maxOf(maxOf(pm2, pm1), q0);
  let a2 = maxOf(maxOf(pm1, p0), q1);
  for (let x = xa; x < xb; x++) {
    const j = x + 3;
    const next = j < width ? (src[row + j] as number) : 0;
    const q2 = maxOf(last, next);
    const a3 = maxOf(q0, q2);
    out[at + x] = maxOf(a0, a3);
    last = next;
    q0 = q1;
    q1 = q2;
    a0 = a1;
    a1 = a2;
    a2 = a3;
  }
}

/** Pixel j of the row at `row`, or 0 outside it. */
function pixelOr0(src: Int32Array, row: number, width: number, j: number): number {
  return j >= 0 && j < width ? (src[row + j] as number) : 0;
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
