/** Small separable filters on float planes, writing into caller-owned planes (no allocation). */
import type { Spans } from './spans';

/**
 * Max over a horizontal window of 7 pixels (outside the image counts as 0; values are >= 0):
 * pairs, then pairs of pairs, then two overlapping windows of four. Three steps per pixel.
 * `scratch` holds at least 2 * (width + 8) entries.
 */
export function rowMax7(
  src: Float32Array,
  width: number,
  height: number,
  out: Float32Array,
  scratch: Float32Array,
  spans: Spans,
): void {
  const span = width + 8;
  // Outside a row's span (widened by the window) every max is 0.
  out.fill(0);
  // Index k of m2 and m4 is shifted by 3 so that windows reaching past the row's start fit.
  const m2 = scratch.subarray(0, span);
  const m4 = scratch.subarray(span, 2 * span);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const xa = Math.max(0, (spans.lo[y] as number) - 3);
    const xb = Math.min(width, (spans.hi[y] as number) + 3);
    if (xa >= xb) continue;
    // m2[k] = max(p[k - 3], p[k - 2]) where p[j] is the row's pixel j (0 outside).
    for (let k = xa; k < xb + 5; k++) {
      const j = k - 3;
      const a = j >= 0 && j < width ? (src[row + j] as number) : 0;
      const b = j + 1 >= 0 && j + 1 < width ? (src[row + j + 1] as number) : 0;
      m2[k] = a > b ? a : b;
    }
    // m4[k] = max(p[k - 3 .. k]).
    for (let k = xa; k < xb + 3; k++) {
      const a = m2[k] as number;
      const b = m2[k + 2] as number;
      m4[k] = a > b ? a : b;
    }
    // Window x - 3 .. x + 3 = (x - 3 .. x) and (x .. x + 3) = m4[x] and m4[x + 3].
    for (let x = xa; x < xb; x++) {
      const a = m4[x] as number;
      const b = m4[x + 3] as number;
      out[row + x] = a > b ? a : b;
    }
  }
}

/**
 * Means over a horizontal window of 3 (at the row's ends, over the pixels present) of one row of
 * `src`, written at the same indices of `out`.
 */
export function rowMean3(src: Float32Array, row: number, width: number, out: Float32Array): void {
  if (width === 1) {
    out[row] = src[row] as number;
    return;
  }
  const third = 1 / 3;
  out[row] = ((src[row] as number) + (src[row + 1] as number)) * 0.5;
  for (let i = row + 1, end = row + width - 1; i < end; i++) {
    out[i] = ((src[i - 1] as number) + (src[i] as number) + (src[i + 1] as number)) * third;
  }
  const last = row + width - 1;
  out[last] = ((src[last - 1] as number) + (src[last] as number)) * 0.5;
}

/** Or over a horizontal window of 3 of one row of a 0/1 plane, written at the same indices. */
export function rowOr3(src: Uint8Array, row: number, width: number, out: Uint8Array): void {
  const last = row + width - 1;
  let prev = 0;
  let cur = src[row] as number;
  for (let i = row; i < last; i++) {
    const next = src[i + 1] as number;
    out[i] = prev | cur | next;
    prev = cur;
    cur = next;
  }
  out[last] = prev | cur;
}
