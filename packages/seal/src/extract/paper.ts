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

import { type Active, findActive } from './active';
import { columnWeights, gridFor, interpolateRow } from './grid';
import { CLOSING_WINDOW, closeGrid, smoothGrid } from './grid-close';
import { B_SHIFT, G_SHIFT, pixelWords, R_SHIFT } from './pixels';

/**
 * Normalised colours: paper is about 1, ink is its transmittance (0..1), per channel. Only the
 * `active` runs (active.ts) are filled: outside them is paper, and nothing reads it.
 */
export interface Planes {
  /**
   * Red, green and blue of pixel i at 3i, 3i + 1 and 3i + 2: one array, not a plane each, as
   * V8 checks an array's map and reloads its data pointer at every access in a loop (it hoists
   * nothing out of loops) but not again for the same array within one iteration.
   */
  rgb: Float32Array;
  active: Active;
}

/** Fraction of a cell's pixels allowed to be darker than the paper estimate. */
const PAPER_PERCENTILE = 0.8;
/** Above this a normalised value is glare or a bad estimate, not paper. */
const MAX_NORMALISED = 1.25;

/**
 * Value below which `want` of the histogram's samples lie, counted from the top. Four bins at a
 * time while their sum stays short of `want` (paper leaves the top fifty or so empty, and this
 * runs three times per cell), then one at a time: the same bin as a walk of single bins.
 */
function fromTop(hist: Uint32Array, offset: number, want: number): number {
  let seen = 0;
  let v = 255;
  for (; v > 4; v -= 4) {
    const at = offset + v;
    const four =
      (hist[at] as number) +
      (hist[at - 1] as number) +
      (hist[at - 2] as number) +
      (hist[at - 3] as number);
    if (seen + four >= want) break;
    seen += four;
  }
  for (; v > 0; v--) {
    seen += hist[offset + v] as number;
    if (seen >= want) break;
  }
  return Math.max(v, 1);
}

/**
 * Per-cell paper estimate of the three channels in one pass: grids[ch] is gw x gh. On the way,
 * each quarter of a cell's darkest sampled value per channel goes to `lows` (active.ts).
 */
function cellPercentiles(
  words: Uint32Array,
  width: number,
  height: number,
  cell: number,
  grids: Float32Array[],
  lows: Uint8Array,
  gw: number,
  gh: number,
): void {
  const hist = new Uint32Array(768);
  const [gr, gg, gb] = grids as [Float32Array, Float32Array, Float32Array];
  const half = cell >> 1;
  const qw = 2 * gw;
  lows.fill(255);
  for (let gy = 0; gy < gh; gy++) {
    const y0 = gy * cell;
    const y1 = Math.min(height, y0 + cell);
    for (let gx = 0; gx < gw; gx++) {
      const x0 = gx * cell;
      const x1 = Math.min(width, x0 + cell);
      const xm = Math.min(x1, x0 + half);
      hist.fill(0);
      // Every other pixel of every other row, the columns alternating from row to row: plenty
      // for a percentile, and for the darkest values (a mark the lens and JPEG spread over two
      // pixels or more is met). The cell's top quarters, then its bottom ones.
      const q = 3 * (2 * gy * qw + 2 * gx);
      const ym = Math.min(y1, y0 + half);
      sampleQuarters(words, width, hist, lows, q, y0, y0, ym, x0, xm, x1);
      sampleQuarters(words, width, hist, lows, q + 3 * qw, y0, ym, y1, x0, xm, x1);
      const rows = Math.ceil((y1 - y0) / 2);
      const want = Math.max(1, Math.ceil((rows * (x1 - x0) * (1 - PAPER_PERCENTILE)) / 2));
      const at = gy * gw + gx;
      gr[at] = fromTop(hist, 0, want);
      gg[at] = fromTop(hist, 256, want);
      gb[at] = fromTop(hist, 512, want);
    }
  }
}

/**
 * Two quarters side by side (columns x0..xm and xm..x1, rows ya..yb of the cell whose rows start
 * at y0): their samples into `hist`, and their darkest sampled value per channel into `lows` from
 * index `q` (left quarter, then right). The minima stay in locals over all of the quarters' rows
 * (per row, loading and storing them cost more than the comparisons).
 */
function sampleQuarters(
  words: Uint32Array,
  width: number,
  hist: Uint32Array,
  lows: Uint8Array,
  q: number,
  y0: number,
  ya: number,
  yb: number,
  x0: number,
  xm: number,
  x1: number,
): void {
  // The shifts as int32 locals, read once: an imported binding is read through its module cell
  // and checked at every use, and V8 hoists no loads out of a loop.
  const rs = R_SHIFT | 0;
  const gs = G_SHIFT | 0;
  const bs = B_SHIFT | 0;
  let lR = 255;
  let lG = 255;
  let lB = 255;
  let rR = 255;
  let rG = 255;
  let rB = 255;
  for (let y = ya + ((ya - y0) & 1); y < yb; y += 2) {
    const row = y * width;
    let i = row + x0 + (((y - y0) >> 1) & 1);
    for (const end = row + xm; i < end; i += 2) {
      const w = words[i] as number;
      const r = (w >>> rs) & 255;
      const g = (w >>> gs) & 255;
      const b = (w >>> bs) & 255;
      if (r < lR) lR = r;
      if (g < lG) lG = g;
      if (b < lB) lB = b;
      hist[r] = (hist[r] as number) + 1;
      hist[256 + g] = (hist[256 + g] as number) + 1;
      hist[512 + b] = (hist[512 + b] as number) + 1;
    }
    for (const end = row + x1; i < end; i += 2) {
      const w = words[i] as number;
      const r = (w >>> rs) & 255;
      const g = (w >>> gs) & 255;
      const b = (w >>> bs) & 255;
      if (r < rR) rR = r;
      if (g < rG) rG = g;
      if (b < rB) rB = b;
      hist[r] = (hist[r] as number) + 1;
      hist[256 + g] = (hist[256 + g] as number) + 1;
      hist[512 + b] = (hist[512 + b] as number) + 1;
    }
  }
  lows[q] = lR;
  lows[q + 1] = lG;
  lows[q + 2] = lB;
  lows[q + 3] = rR;
  lows[q + 4] = rG;
  lows[q + 5] = rB;
}

/**
 * Fills `out` (planes of width*height) with each channel divided by the local paper estimate,
 * within the runs where anything can be, which it finds first (`out.active`).
 */
export function normaliseToPaper(
  rgba: Uint8Array,
  width: number,
  height: number,
  out: Planes,
  redOnly = false,
): void {
  const g = gridFor(width, height);
  const { cell, gw, gh } = g;
  const grids = [new Float32Array(gw * gh), new Float32Array(gw * gh), new Float32Array(gw * gh)];
  const tmp = new Float32Array(gw * gh);
  const line = new Float32Array(gw * gh);
  const words = pixelWords(rgba);
  const lows = new Uint8Array(12 * gw * gh);
  cellPercentiles(words, width, height, cell, grids, lows, gw, gh);
  const pad = new Float32Array(Math.max(gw, gh) + CLOSING_WINDOW);
  for (const grid of grids) {
    // Closing (a solid patch of ink up to 3 cells either side is bridged), then a 3x3 mean.
    closeGrid(grid, gw, gh, tmp, line, pad);
    smoothGrid(grid, tmp, gw, gh, line);
    // Store reciprocals: pixels then multiply instead of divide.
    for (let i = 0; i < grid.length; i++) grid[i] = 1 / (tmp[i] as number);
  }
  const { active } = out;
  findActive(lows, grids, g, width, height, active, redOnly ? words : null);
  const { x0: x0s, fx: fxs } = columnWeights(g, width);
  // Pieces of columns with the same left grid column and the right one's weight rising by the
  // same step (it stays flat in the half cells at the image's edges): within a piece the paper
  // estimate is a straight line, walked by adding a step per pixel.
  const pieces: number[] = [0];
  const delta = (x: number) => (fxs[x + 1] as number) - (fxs[x] as number);
  const same = (a: number, b: number) => x0s[a] === x0s[b];
  for (let x = 1; x < width; x++) {
    const kink =
      x >= 2 &&
      x + 1 < width &&
      same(x - 2, x) &&
      same(x, x + 1) &&
      Math.abs(delta(x) - delta(x - 1)) > 1e-6;
    if (!same(x, x - 1) || kink) pieces.push(x);
  }
  pieces.push(width);
  const rows = [new Float32Array(gw + 1), new Float32Array(gw + 1), new Float32Array(gw + 1)];
  // What every piece reads, in one object of one shape (a destructuring per piece cost more).
  const run: RunContext = {
    words,
    x0s,
    fxs,
    pr: rows[0] as Float32Array,
    pg: rows[1] as Float32Array,
    pb: rows[2] as Float32Array,
    rgb: out.rgb,
  };
  const { start, lo: runLo, hi: runHi } = active;
  for (let y = 0; y < height; y++) {
    const s0 = start[y] as number;
    const s1 = start[y + 1] as number;
    if (s0 === s1) continue;
    for (let c = 0; c < 3; c++)
      interpolateRow(g, grids[c] as Float32Array, y, rows[c] as Float32Array);
    for (let s = s0, k = 0; s < s1; s++) {
      const lo = runLo[s] as number;
      const hi = runHi[s] as number;
      // The straight pieces of the paper estimate that meet this run.
      while ((pieces[k + 1] as number) <= lo) k++;
      for (let kk = k; kk + 1 < pieces.length && (pieces[kk] as number) < hi; kk++) {
        const xa = Math.max(lo, pieces[kk] as number);
        const xb = Math.min(hi, pieces[kk + 1] as number);
        normaliseRun(run, y * width, xa, xb);
      }
    }
  }
}

/** The input, the column weights, the grid rows of the row being normalised and the planes. */
interface RunContext {
  words: Uint32Array;
  x0s: Int32Array;
  fxs: Float32Array;
  pr: Float32Array;
  pg: Float32Array;
  pb: Float32Array;
  rgb: Float32Array;
}

/** Columns [xa, xb) of one row, where the paper estimate is one straight piece (`pr`..`pb`: its grid row). */
function normaliseRun(c: RunContext, row: number, xa: number, xb: number): void {
  const { words, x0s, fxs, pr, pg, pb, rgb } = c;
  // Read once (see sampleQuarters).
  const rs = R_SHIFT | 0;
  const gs = G_SHIFT | 0;
  const bs = B_SHIFT | 0;
  const x0 = x0s[xa] as number;
  const r0 = pr[x0] as number;
  const g0 = pg[x0] as number;
  const b0 = pb[x0] as number;
  const dr = (pr[x0 + 1] as number) - r0;
  const dg = (pg[x0 + 1] as number) - g0;
  const db = (pb[x0 + 1] as number) - b0;
  // The right weight at xa and its step per column (0 in a run of one column).
  const fa = fxs[xa] as number;
  const step = xb - xa > 1 ? (fxs[xa + 1] as number) - fa : 0;
  let wr = r0 + dr * fa;
  let wg = g0 + dg * fa;
  let wb = b0 + db * fa;
  const sr = dr * step;
  const sg = dg * step;
  const sb = db * step;
  for (let i = row + xa, end = row + xb, k = 3 * i; i < end; i++, k += 3) {
    const w = words[i] as number;
    const vr = ((w >>> rs) & 255) * wr;
    const vg = ((w >>> gs) & 255) * wg;
    const vb = ((w >>> bs) & 255) * wb;
    // A ternary rather than Math.min: the same value (no NaN here), and cheaper in V8.
    rgb[k] = vr < MAX_NORMALISED ? vr : MAX_NORMALISED;
    rgb[k + 1] = vg < MAX_NORMALISED ? vg : MAX_NORMALISED;
    rgb[k + 2] = vb < MAX_NORMALISED ? vb : MAX_NORMALISED;
    wr += sr;
    wg += sg;
    wb += sb;
  }
}
