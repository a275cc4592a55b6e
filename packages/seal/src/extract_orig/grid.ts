/**
 * The coarse grid that slow quantities (paper colour, full-ink strength) are estimated on, and
 * bilinear interpolation from cell centres back to pixels, one row at a time.
 */

const CELLS_ACROSS = 32;

export interface Grid {
  /** Cell edge in pixels. */
  cell: number;
  gw: number;
  gh: number;
}

export function gridFor(width: number, height: number): Grid {
  const cell = Math.max(4, Math.round(Math.min(width, height) / CELLS_ACROSS));
  return { cell, gw: Math.ceil(width / cell), gh: Math.ceil(height / cell) };
}

/** Per pixel column: the left grid column and the weight of the right one. */
export interface ColumnWeights {
  x0: Int32Array;
  fx: Float32Array;
}

export function columnWeights(g: Grid, width: number): ColumnWeights {
  const x0s = new Int32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(g.gw - 1, Math.max(0, (x + 0.5) / g.cell - 0.5));
    const x0 = Math.max(0, Math.min(g.gw - 2, Math.floor(gx)));
    x0s[x] = x0;
    fxs[x] = g.gw > 1 ? gx - x0 : 0;
  }
  return { x0: x0s, fx: fxs };
}

/**
 * Interpolates grid values (gw x gh) between grid rows for pixel row y into `row`, which has
 * gw + 1 entries (the last repeats the edge so that x0 + 1 is always readable).
 */
export function interpolateRow(g: Grid, values: Float32Array, y: number, row: Float32Array): void {
  const { cell, gw, gh } = g;
  const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / cell - 0.5));
  const y0 = Math.max(0, Math.min(gh - 2, Math.floor(gy)));
  const fy = gh > 1 ? gy - y0 : 0;
  const row0 = y0 * gw;
  const row1 = Math.min(gh - 1, y0 + 1) * gw;
  for (let gx = 0; gx < gw; gx++) {
    row[gx] = (values[row0 + gx] as number) * (1 - fy) + (values[row1 + gx] as number) * fy;
  }
  row[gw] = row[gw - 1] as number;
}
