/** Small separable filters on float planes, writing into caller-owned planes (no allocation). */
import type { Spans } from './spans';

/**
 * Max of two non-negative float32 values given as their bit patterns, without a branch: for
 * non-negative floats the bit patterns order like the values, and on noisy data a branch would
 * be mispredicted about half the time.
 */
const maxBits = (a: number, b: number): number => {
  const d = a - b;
  return a - (d & (d >> 31));
};

/**
 * Max over a horizontal window of 7 pixels (outside the image counts as 0; values are >= 0):
 * pairs, then pairs of pairs, then two overlapping windows of four. Three steps per pixel, on
 * the float32 bit patterns (which order like the values: all are >= 0).
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
  const bits = new Int32Array(src.buffer, src.byteOffset, src.length);
  const outBits = new Int32Array(out.buffer, out.byteOffset, out.length);
  // Outside a row's span (widened by the window) every max is 0.
  outBits.fill(0);
  // Index k of m2 and m4 is shifted by 3 so that windows reaching past the row's start fit.
  const m2 = new Int32Array(scratch.buffer, scratch.byteOffset, span);
  const m4 = new Int32Array(scratch.buffer, scratch.byteOffset + span * 4, span);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const xa = Math.max(0, (spans.lo[y] as number) - 3);
    const xb = Math.min(width, (spans.hi[y] as number) + 3);
    if (xa >= xb) continue;
    // m2[k] = max(p[k - 3], p[k - 2]) where p[j] is the row's pixel j (0 outside).
    for (let k = xa; k < xb + 5; k++) {
      const j = k - 3;
      const a = j >= 0 && j < width ? (bits[row + j] as number) : 0;
      const b = j + 1 >= 0 && j + 1 < width ? (bits[row + j + 1] as number) : 0;
      m2[k] = maxBits(a, b);
    }
    // m4[k] = max(p[k - 3 .. k]).
    for (let k = xa; k < xb + 3; k++) m4[k] = maxBits(m2[k] as number, m2[k + 2] as number);
    // Window x - 3 .. x + 3 = (x - 3 .. x) and (x .. x + 3) = m4[x] and m4[x + 3].
    for (let x = xa; x < xb; x++) outBits[row + x] = maxBits(m4[x] as number, m4[x + 3] as number);
  }
}
