/**
 * Where anything can be: per row, the columns [lo, hi) of the grid cells that hold a mark, and of
 * the cells around them. Most of a crop is paper; a cell none of whose sampled pixels is darker
 * than the paper estimate by ACTIVE_DARK in any channel holds no ink (the faintest ink the cut
 * can keep darkens its most absorbed channel by more), nor does a cell with no such neighbour.
 * Every per-pixel pass (normalising, measuring, the strength) then walks only these spans, and
 * leaves strength 0 outside them, as it would have been on paper.
 *
 * Cells, not pixels: a mark's soft edge, a stroke the sample (a quarter of the pixels) missed in
 * one cell, and the 3x3 and 7x7 windows around ink all stay within one cell of a cell with a
 * darker pixel.
 */
import type { Grid } from './grid';
import type { Spans } from './spans';

/** A cell holds a mark when a sampled pixel is this much darker than paper in some channel. */
const ACTIVE_DARK = 0.1;
/** Below this many pixels every cell is active. */
const SMALL = 64 * 64;

/**
 * Fills `active` (one entry per pixel row) from each cell's darkest sampled value per channel
 * (`lows`, bytes) and the paper estimate's reciprocal per cell (`recips`, per byte).
 */
export function activeSpans(
  lows: readonly Float32Array[],
  recips: readonly Float32Array[],
  g: Grid,
  width: number,
  height: number,
  active: Spans,
): void {
  const { cell, gw, gh } = g;
  const marked = new Uint8Array(gw * gh);
  const [lr, lg, lb] = lows as [Float32Array, Float32Array, Float32Array];
  const [rr, rg, rb] = recips as [Float32Array, Float32Array, Float32Array];
  const paper = 1 - ACTIVE_DARK;
  // A small image is walked whole: its cells are few pixels, and a sample may miss a mark.
  const whole = width * height < SMALL;
  for (let k = 0; k < marked.length; k++) {
    if (whole) {
      marked[k] = 1;
      continue;
    }
    const r = (lr[k] as number) * (rr[k] as number);
    const gv = (lg[k] as number) * (rg[k] as number);
    const b = (lb[k] as number) * (rb[k] as number);
    marked[k] = r < paper || gv < paper || b < paper ? 1 : 0;
  }
  for (let gy = 0; gy < gh; gy++) {
    // The marked cells of this grid row and the rows above and below, widened by one cell.
    let c0 = gw;
    let c1 = -1;
    for (let yy = Math.max(0, gy - 1); yy <= Math.min(gh - 1, gy + 1); yy++) {
      for (let gx = 0; gx < gw; gx++) {
        if (marked[yy * gw + gx] === 0) continue;
        if (gx < c0) c0 = gx;
        if (gx > c1) c1 = gx;
      }
    }
    const lo = c1 < 0 ? width : Math.max(0, (c0 - 1) * cell);
    const hi = c1 < 0 ? 0 : Math.min(width, (c1 + 2) * cell);
    for (let y = gy * cell, end = Math.min(height, y + cell); y < end; y++) {
      active.lo[y] = lo;
      active.hi[y] = hi;
    }
  }
}
