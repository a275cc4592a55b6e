/**
 * The paper grid's closing and smoothing (paper.ts): a max then a min over 7x7 cells, then a
 * 3x3 mean, on the per-cell paper percentiles. Grid values are whole numbers (byte values, and
 * the max and min keep them whole), so sums of a few of them are exact in any order: the mean is
 * taken as row sums then column sums, and gives the same values as a sum over each window.
 */

/** Cells the closing's window spans: 3 either side (the pair steps below are built for 7). */
export const CLOSING_WINDOW = 7;
const REACH = 3;

/**
 * Closing in place: a 7x7 max (dilate) then a 7x7 min (erode) fills ink-covered cells from the
 * paper around them without moving the slow light and shadow edges. `line` is scratch of the
 * grid's size, `pad` of at least max(gw, gh) + 6.
 */
export function closeGrid(
  grid: Float32Array,
  gw: number,
  gh: number,
  tmp: Float32Array,
  line: Float32Array,
  pad: Float32Array,
): void {
  // Rows, then columns: the square window is separable.
  windowExtreme7(grid, line, gw, gh, 1, gw, pad, 1);
  windowExtreme7(line, tmp, gh, gw, gw, 1, pad, 1);
  windowExtreme7(tmp, line, gw, gh, 1, gw, pad, -1);
  windowExtreme7(line, grid, gh, gw, gw, 1, pad, -1);
}

/**
 * Max (sign 1) or min (sign -1) over a window of 7 along `count` lines of `len` values (a
 * value's neighbour is `step` away, a line's start `stride` away), clipped at the lines' ends.
 * The min is the max of the values negated, negated back (exact for floats). Three steps per
 * value instead of seven comparisons: maxima of pairs, of pairs of pairs (4), and of two
 * overlapping fours.
 */
function windowExtreme7(
  src: Float32Array,
  dst: Float32Array,
  len: number,
  count: number,
  step: number,
  stride: number,
  p: Float32Array,
  sign: 1 | -1,
): void {
  const n = len + 2 * REACH;
  // A local rather than the parameter, which V8 would check at every value.
  const sg = sign > 0 ? 1 : -1;
  for (let k = 0; k < count; k++) {
    const base = k * stride;
    // p[j] is the (signed) value at j - 3; past the line's ends, below any signed byte value.
    for (let j = 0; j < n; j++) {
      const x = j - REACH;
      p[j] = x >= 0 && x < len ? sg * (src[base + x * step] as number) : -1e9;
    }
    // In place, forwards: p[j] reads only entries not yet overwritten.
    for (let j = 0; j + 1 < n; j++) {
      const a = p[j] as number;
      const b = p[j + 1] as number;
      p[j] = a > b ? a : b;
    }
    for (let j = 0; j + 3 < n; j++) {
      const a = p[j] as number;
      const b = p[j + 2] as number;
      p[j] = a > b ? a : b;
    }
    for (let x = 0; x < len; x++) {
      const a = p[x] as number;
      const b = p[x + 3] as number;
      dst[base + x * step] = sg * (a > b ? a : b);
    }
  }
}

/** 3x3 mean (over the cells present), src -> dst; `rows` is scratch of the grid's size. */
export function smoothGrid(
  src: Float32Array,
  dst: Float32Array,
  gw: number,
  gh: number,
  rows: Float32Array,
): void {
  // Row sums of three (whole numbers up to 765: exact in float32).
  for (let y = 0; y < gh; y++) {
    const at = y * gw;
    for (let x = 0; x < gw; x++) {
      let sum = src[at + x] as number;
      if (x > 0) sum += src[at + x - 1] as number;
      if (x + 1 < gw) sum += src[at + x + 1] as number;
      rows[at + x] = sum;
    }
  }
  for (let y = 0; y < gh; y++) {
    const ny = (y > 0 ? 1 : 0) + 1 + (y + 1 < gh ? 1 : 0);
    const at = y * gw;
    for (let x = 0; x < gw; x++) {
      let sum = rows[at + x] as number;
      if (y > 0) sum += rows[at - gw + x] as number;
      if (y + 1 < gh) sum += rows[at + gw + x] as number;
      const nx = (x > 0 ? 1 : 0) + 1 + (x + 1 < gw ? 1 : 0);
      dst[at + x] = sum / (nx * ny);
    }
  }
}
