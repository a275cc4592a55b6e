/**
 * Paper estimate and light normalisation.
 *
 * A photo of a stamp is paper (bright, slowly varying because of light, tint and shadow) with
 * thin dark or coloured marks on it. Per cell of the image we take a high percentile of each
 * channel (marks are darker than paper in every channel they absorb), close the coarse grid so
 * that cells covered by ink borrow from their neighbours, and interpolate it back to pixels.
 * Dividing by that estimate turns paper into 1 and leaves the marks as transmittance: uneven
 * light, shadows and the paper tint go away before any colour decision is made.
 */

import { activeSpans } from './active';
import { columnWeights, gridFor, interpolateRow } from './grid';
import { B_SHIFT, G_SHIFT, pixelWords, R_SHIFT } from './pixels';
import type { Spans } from './spans';

/**
 * Normalised colour planes: paper is about 1, ink is its transmittance (0..1), per channel. Only
 * the rows' `active` spans (active.ts) are filled: outside them is paper, and nothing reads it.
 */
export interface Planes {
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  active: Spans;
}

/** Fraction of a cell's pixels allowed to be darker than the paper estimate. */
const PAPER_PERCENTILE = 0.8;
/** Grid cells a solid patch of ink may span on either side and still be bridged by the closing. */
const CLOSING_RADIUS = 3;
/** Above this a normalised value is glare or a bad estimate, not paper. */
const MAX_NORMALISED = 1.25;

/** Value below which `want` of the histogram's samples lie, counted from the top. */
function fromTop(hist: Uint32Array, offset: number, want: number): number {
  let seen = 0;
  let v = 255;
  for (; v > 0; v--) {
    seen += hist[offset + v] as number;
    if (seen >= want) break;
  }
  return Math.max(v, 1);
}

/**
 * Per-cell paper estimate of the three channels in one pass: grids[ch] is gw x gh; lows[ch] gets
 * each cell's darkest sampled value (active.ts).
 */
function cellPercentiles(
  words: Uint32Array,
  width: number,
  height: number,
  cell: number,
  grids: Float32Array[],
  lows: Float32Array[],
  gw: number,
  gh: number,
): void {
  const hist = new Uint32Array(768);
  const [gr, gg, gb] = grids as [Float32Array, Float32Array, Float32Array];
  const [lr, lg, lb] = lows as [Float32Array, Float32Array, Float32Array];
  for (let gy = 0; gy < gh; gy++) {
    const y0 = gy * cell;
    const y1 = Math.min(height, y0 + cell);
    for (let gx = 0; gx < gw; gx++) {
      const x0 = gx * cell;
      const x1 = Math.min(width, x0 + cell);
      hist.fill(0);
      let minR = 255;
      let minG = 255;
      let minB = 255;
      // Every other pixel of every other row, the columns alternating from row to row: plenty
      // for a percentile, and for the darkest value of each channel (a mark the lens and JPEG
      // spread over two pixels or more is met; active.ts).
      for (let y = y0; y < y1; y += 2) {
        const row = y * width;
        for (let i = row + x0 + (((y - y0) >> 1) & 1), end = row + x1; i < end; i += 2) {
          const w = words[i] as number;
          const r = (w >>> R_SHIFT) & 255;
          const g = (w >>> G_SHIFT) & 255;
          const b = (w >>> B_SHIFT) & 255;
          if (r < minR) minR = r;
          if (g < minG) minG = g;
          if (b < minB) minB = b;
          hist[r] = (hist[r] as number) + 1;
          hist[256 + g] = (hist[256 + g] as number) + 1;
          hist[512 + b] = (hist[512 + b] as number) + 1;
        }
      }
      const rows = Math.ceil((y1 - y0) / 2);
      const want = Math.max(1, Math.ceil((rows * (x1 - x0) * (1 - PAPER_PERCENTILE)) / 2));
      const at = gy * gw + gx;
      gr[at] = fromTop(hist, 0, want);
      gg[at] = fromTop(hist, 256, want);
      gb[at] = fromTop(hist, 512, want);
      lr[at] = minR;
      lg[at] = minG;
      lb[at] = minB;
    }
  }
}

/**
 * Max (dilate) or min (erode) filter over a (2r+1)^2 window on the grid, src -> dst: rows, then
 * columns (the square window is separable). `line` is scratch of gw * gh.
 */
function gridFilter(
  src: Float32Array,
  dst: Float32Array,
  gw: number,
  gh: number,
  r: number,
  useMax: boolean,
  line: Float32Array,
): void {
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let best = useMax ? 0 : 1e9;
      for (let xx = Math.max(0, x - r), xb = Math.min(gw - 1, x + r); xx <= xb; xx++) {
        const v = src[y * gw + xx] as number;
        if (useMax ? v > best : v < best) best = v;
      }
      line[y * gw + x] = best;
    }
  }
  for (let y = 0; y < gh; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(gh - 1, y + r);
    for (let x = 0; x < gw; x++) {
      let best = useMax ? 0 : 1e9;
      for (let yy = ya; yy <= yb; yy++) {
        const v = line[yy * gw + x] as number;
        if (useMax ? v > best : v < best) best = v;
      }
      dst[y * gw + x] = best;
    }
  }
}

/** 3x3 mean on the grid, src -> dst. */
function gridSmooth(src: Float32Array, dst: Float32Array, gw: number, gh: number): void {
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(gh - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(gw - 1, x + 1); xx++) {
          sum += src[yy * gw + xx] as number;
          n++;
        }
      }
      dst[y * gw + x] = sum / n;
    }
  }
}

/**
 * Fills `out` (planes of width*height) with each channel divided by the local paper estimate,
 * within the spans where anything can be, which it finds first (`out.active`).
 */
export function normaliseToPaper(
  rgba: Uint8Array,
  width: number,
  height: number,
  out: Planes,
): void {
  const g = gridFor(width, height);
  const { cell, gw, gh } = g;
  const grids = [new Float32Array(gw * gh), new Float32Array(gw * gh), new Float32Array(gw * gh)];
  const lows = [new Float32Array(gw * gh), new Float32Array(gw * gh), new Float32Array(gw * gh)];
  const tmp = new Float32Array(gw * gh);
  const line = new Float32Array(gw * gh);
  const words = pixelWords(rgba);
  cellPercentiles(words, width, height, cell, grids, lows, gw, gh);
  for (const grid of grids) {
    // Closing: a dilate then an erode with the same window fills ink-covered cells from the paper
    // around them without moving the slow light and shadow edges.
    gridFilter(grid, tmp, gw, gh, CLOSING_RADIUS, true, line);
    gridFilter(tmp, grid, gw, gh, CLOSING_RADIUS, false, line);
    gridSmooth(grid, tmp, gw, gh);
    // Store reciprocals: pixels then multiply instead of divide.
    for (let i = 0; i < grid.length; i++) grid[i] = 1 / (tmp[i] as number);
  }
  const { active } = out;
  activeSpans(lows, grids, g, width, height, active);
  const { x0: x0s, fx: fxs } = columnWeights(g, width);
  // Per column the two weights as doubles (1 - fx is exact in a double), and the columns where
  // the left grid column changes: within such a run the two grid values are the same.
  const exs = new Float64Array(width);
  const fxd = new Float64Array(width);
  const runs: number[] = [0];
  for (let x = 0; x < width; x++) {
    fxd[x] = fxs[x] as number;
    exs[x] = 1 - (fxs[x] as number);
    if (x > 0 && x0s[x] !== x0s[x - 1]) runs.push(x);
  }
  runs.push(width);
  const rows = [new Float32Array(gw + 1), new Float32Array(gw + 1), new Float32Array(gw + 1)];
  const [pr, pg, pb] = rows as [Float32Array, Float32Array, Float32Array];
  const { r: outR, g: outG, b: outB } = out;
  for (let y = 0; y < height; y++) {
    const lo = active.lo[y] as number;
    const hi = active.hi[y] as number;
    if (lo >= hi) continue;
    interpolateRow(g, grids[0] as Float32Array, y, pr);
    interpolateRow(g, grids[1] as Float32Array, y, pg);
    interpolateRow(g, grids[2] as Float32Array, y, pb);
    for (let k = 0; k + 1 < runs.length; k++) {
      const xa = Math.max(lo, runs[k] as number);
      const xb = Math.min(hi, runs[k + 1] as number);
      if (xa >= xb) continue;
      const x0 = x0s[xa] as number;
      const r0 = pr[x0] as number;
      const r1 = pr[x0 + 1] as number;
      const g0 = pg[x0] as number;
      const g1 = pg[x0 + 1] as number;
      const b0 = pb[x0] as number;
      const b1 = pb[x0 + 1] as number;
      for (let x = xa, i = y * width + xa; x < xb; x++, i++) {
        const fx = fxd[x] as number;
        const ex = exs[x] as number;
        const w = words[i] as number;
        const vr = ((w >>> R_SHIFT) & 255) * (r0 * ex + r1 * fx);
        const vg = ((w >>> G_SHIFT) & 255) * (g0 * ex + g1 * fx);
        const vb = ((w >>> B_SHIFT) & 255) * (b0 * ex + b1 * fx);
        // A ternary rather than Math.min: the same value (no NaN here), and cheaper in V8.
        outR[i] = vr < MAX_NORMALISED ? vr : MAX_NORMALISED;
        outG[i] = vg < MAX_NORMALISED ? vg : MAX_NORMALISED;
        outB[i] = vb < MAX_NORMALISED ? vb : MAX_NORMALISED;
      }
    }
  }
}
