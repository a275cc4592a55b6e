/**
 * Full-ink estimates: the strength a fully inked pixel has, over the whole image (from the
 * distribution of the raw measure) and locally. A stamp is rarely inked evenly: the same seal can
 * be solid on one side and faint on the other. Per grid cell take a high percentile of the raw
 * ink measure and spread it to nearby cells (thin strokes borrow from thick ones); callers
 * interpolate it to pixels. Both histograms are filled in one walk over the image.
 */
import type { Active } from './active';
import type { Grid } from './grid';
import type { Spans } from './spans';

/** Histogram resolution of the image's full ink. */
const BINS = 256;
/** Percentile of the ink pixels taken as "fully inked". */
const FULL_INK_PERCENTILE = 0.9;
/** Fewer ink pixels than this fraction of the image: there is no ink, keep the default scale. */
const MIN_INK_FRACTION = 0.002;
/** Global full-ink clamp: below FULL_MIN an image has no ink worth scaling up. */
const FULL_MIN = 0.2;
const FULL_MAX = 0.9;

/** Histogram resolution per cell. */
const CELL_BINS = 128;
/** Per cell, the fraction of pixels allowed above the estimate (noise outliers). */
const CELL_TOP = 0.02;
/** Cells the estimate spreads over: a faint stroke near solid ink is judged against that ink. */
const SPREAD = 2;

export interface InkLevels {
  /** The image's full ink, clamped so that an image without ink does not blow noise up. */
  full: number;
  /** Per grid cell (gw x gh), its own full ink before spreading (spreadInk). */
  cells: Float32Array;
}

/**
 * The image's full ink (the measure above `noiseFloor` counts as ink) and each cell's. Only
 * pixels above 0 are binned: the searches below run from the top bin down and never read bin 0,
 * and outside the runs above 0 (`inked`, spans.ts) every pixel is 0. A band of
 * cells is walked a row at a time across all of its cells (one histogram per cell of the band),
 * each row along its runs.
 */
export function inkLevels(
  raw: Float32Array,
  width: number,
  height: number,
  g: Grid,
  noiseFloor: number,
  spans: Spans,
  inked: Active,
): InkLevels {
  const { cell, gw, gh } = g;
  const cells = new Float32Array(gw * gh);
  const hist = new Uint32Array(BINS);
  const cellHists = new Uint32Array(gw * CELL_BINS);
  const { start, lo: runLo, hi: runHi } = inked;
  // As a double once, here: V8 hoists no conversion out of a loop, and would check and convert
  // the parameter at every pixel.
  const inkAbove = noiseFloor * 1;
  let count = 0;
  for (let gy = 0; gy < gh; gy++) {
    const y0 = gy * cell;
    const y1 = Math.min(height, y0 + cell);
    // Every other row: percentiles of the cell and of the image need no more.
    for (let y = y0; y < y1; y += 2) {
      const spanLo = spans.lo[y] as number;
      const spanHi = spans.hi[y] as number;
      if (spanLo >= spanHi) continue;
      for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
        const b = Math.min(spanHi, runHi[s] as number);
        for (let a = Math.max(spanLo, runLo[s] as number); a < b; ) {
          // The part of the run within one cell.
          const gx = Math.floor(a / cell);
          const end = Math.min(b, (gx + 1) * cell);
          const base = gx * CELL_BINS;
          for (let i = y * width + a, last = y * width + end; i < last; i++) {
            const v = raw[i] as number;
            if (v <= 0) continue;
            const k = base + (v >= 1 ? CELL_BINS - 1 : Math.floor(v * CELL_BINS));
            cellHists[k] = (cellHists[k] as number) + 1;
            if (v > inkAbove) {
              const kk = v >= 1 ? BINS - 1 : Math.floor(v * BINS);
              hist[kk] = (hist[kk] as number) + 1;
              count++;
            }
          }
          a = end;
        }
      }
    }
    for (let gx = 0; gx < gw; gx++) {
      const x0 = gx * cell;
      const x1 = Math.min(width, x0 + cell);
      const want = Math.max(1, Math.ceil(Math.ceil((y1 - y0) / 2) * (x1 - x0) * CELL_TOP));
      cells[gy * gw + gx] = (fromTop(cellHists, gx * CELL_BINS, CELL_BINS, want) + 0.5) / CELL_BINS;
    }
    cellHists.fill(0);
  }
  // Half the rows were counted.
  if (count < width * Math.ceil(height / 2) * MIN_INK_FRACTION)
    return { full: FULL_MIN * 2, cells };
  const v = (fromTop(hist, 0, BINS, count * (1 - FULL_INK_PERCENTILE)) + 0.5) / BINS;
  return { full: v < FULL_MIN ? FULL_MIN : Math.min(v, FULL_MAX), cells };
}

/**
 * The bin (from the top, down to 1; 0 when none) where `want` samples have been seen, in the
 * histogram of `bins` bins from index `offset`.
 */
function fromTop(hist: Uint32Array, offset: number, bins: number, want: number): number {
  let seen = 0;
  let bin = bins - 1;
  for (; bin > 0; bin--) {
    seen += hist[offset + bin] as number;
    if (seen >= want) break;
  }
  return bin;
}

/** Each cell's full ink spread to the cells around it (a max), clamped to floor..ceil. */
export function spreadInk(cells: Float32Array, g: Grid, floor: number, ceil: number): Float32Array {
  const { gw, gh } = g;
  const spread = new Float32Array(gw * gh);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let best = 0;
      for (let yy = Math.max(0, y - SPREAD); yy <= Math.min(gh - 1, y + SPREAD); yy++) {
        for (let xx = Math.max(0, x - SPREAD); xx <= Math.min(gw - 1, x + SPREAD); xx++) {
          const v = cells[yy * gw + xx] as number;
          if (v > best) best = v;
        }
      }
      spread[y * gw + x] = best < floor ? floor : Math.min(best, ceil);
    }
  }
  return spread;
}
