/**
 * Local full-ink estimate. A stamp is rarely inked evenly: the same seal can be solid on one side
 * and faint on the other. Per grid cell take a high percentile of the raw ink measure and spread it
 * to nearby cells (thin strokes borrow from thick ones); callers interpolate it to pixels.
 */
import type { Grid } from './grid';
import type { Spans } from './spans';

const BINS = 128;
/** Per cell, the fraction of pixels allowed above the estimate (noise outliers). */
const CELL_TOP = 0.02;
/** Cells the estimate spreads over: a faint stroke near solid ink is judged against that ink. */
const SPREAD = 2;

/** Full ink per grid cell (gw x gh), clamped to floor..ceil. */
export function localInkGrid(
  raw: Float32Array,
  width: number,
  height: number,
  g: Grid,
  floor: number,
  ceil: number,
  spans: Spans,
): Float32Array {
  const { cell, gw, gh } = g;
  const grid = new Float32Array(gw * gh);
  const spread = new Float32Array(gw * gh);
  const hist = new Uint32Array(BINS);
  for (let gy = 0; gy < gh; gy++) {
    const y0 = gy * cell;
    const y1 = Math.min(height, y0 + cell);
    for (let gx = 0; gx < gw; gx++) {
      const x0 = gx * cell;
      const x1 = Math.min(width, x0 + cell);
      hist.fill(0);
      // Outside the rows' spans every pixel is 0: counted in bin 0 without reading it.
      let read = 0;
      for (let y = y0; y < y1; y++) {
        const a = Math.max(x0, spans.lo[y] as number);
        const b = Math.min(x1, spans.hi[y] as number);
        if (a >= b) continue;
        read += b - a;
        for (let i = y * width + a, end = y * width + b; i < end; i++) {
          const v = raw[i] as number;
          const k = v <= 0 ? 0 : v >= 1 ? BINS - 1 : Math.floor(v * BINS);
          hist[k] = (hist[k] as number) + 1;
        }
      }
      hist[0] = (hist[0] as number) + (y1 - y0) * (x1 - x0) - read;
      const want = Math.max(1, Math.ceil((y1 - y0) * (x1 - x0) * CELL_TOP));
      let seen = 0;
      let bin = BINS - 1;
      for (; bin > 0; bin--) {
        seen += hist[bin] as number;
        if (seen >= want) break;
      }
      grid[gy * gw + gx] = (bin + 0.5) / BINS;
    }
  }
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let best = 0;
      for (let yy = Math.max(0, y - SPREAD); yy <= Math.min(gh - 1, y + SPREAD); yy++) {
        for (let xx = Math.max(0, x - SPREAD); xx <= Math.min(gw - 1, x + SPREAD); xx++) {
          const v = grid[yy * gw + xx] as number;
          if (v > best) best = v;
        }
      }
      spread[y * gw + x] = best < floor ? floor : Math.min(best, ceil);
    }
  }
  return spread;
}
