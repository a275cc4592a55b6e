/**
 * Rims of black print. strength.ts treats ink within one pixel of black print as print unless it
 * is strong and has the ink's own colour; an enlarged shot spreads that rim over several pixels,
 * so there the same test reaches as far as the edges are soft. On a sharp photo the seal's own
 * edge next to print is the rim: the print's darkness spreads into the seal's half-covered edge
 * pixels and JPEG's half-resolution colour paints them red, so they look like full ink one pixel
 * outside the stroke. Their colour gives them away: print darkens every channel alike, so the
 * share of the seal's colour in a pixel (its saturation, 1 - darkest / brightest channel) does not
 * grow with the print's darkness, and a half-covered edge pixel has about half the ink's.
 */
import type { Active } from './active';
import { spreadRow } from './filters';
import type { Planes } from './paper';
import type { Spans } from './spans';
import type { Workspace } from './workspace';

/** Near print, a pixel also needs this saturation (1 - darkest / brightest channel) to stay. */
export interface RimColour {
  planes: Planes;
  minSat: number;
}

/**
 * Zeroes strength below `floor` within `radius` pixels (square window) of a pixel of `print`
 * (0/1), and with `colour`, strength of pixels there whose saturation is below its `minSat`.
 * Separable: print widened along each row that has any (`printInRow`, found while measuring, so
 * rows without print are never read; into `printWide`), then, for the pixels with strength
 * (within the spans) of rows that have such a row within reach, an or down the window's rows.
 */
export function clearNearPrint(
  strength: Float32Array,
  print: Uint8Array,
  printInRow: Uint8Array,
  width: number,
  height: number,
  radius: number,
  floor: number,
  ws: Workspace,
  spans: Spans,
  active: Active,
  colour: RimColour | null = null,
): void {
  const { start, lo: runLo, hi: runHi } = active;
  const wide = ws.u8('printWide');
  for (let y = 0; y < height; y++) {
    if (printInRow[y] === 1) spreadRow(print, wide, y * width, width, radius);
  }
  const has = printInRow;
  const near = ws.i32('printNear', 2 * radius + 1);
  for (let y = 0; y < height; y++) {
    const lo = spans.lo[y] as number;
    const hi = spans.hi[y] as number;
    if (lo >= hi) continue;
    // The rows of the window that hold print, as offsets into `wide`.
    let rows = 0;
    for (let j = Math.max(0, y - radius), last = Math.min(height - 1, y + radius); j <= last; j++) {
      if (has[j] === 1) near[rows++] = j * width;
    }
    if (rows === 0) continue;
    // Only the active runs (active.ts) within the span: strength is 0 outside them.
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      const xb = Math.min(hi, runHi[s] as number);
      for (let x = Math.max(lo, runLo[s] as number), i = y * width + x; x < xb; x++, i++) {
        const v = strength[i] as number;
        if (v <= 0) continue;
        let hit = 0;
        for (let k = 0; k < rows && hit === 0; k++) hit = wide[(near[k] as number) + x] as number;
        if (hit === 0) continue;
        if (v < floor || (colour !== null && saturation(colour.planes, i) < colour.minSat)) {
          strength[i] = 0;
        }
      }
    }
  }
}

/** 1 - darkest / brightest channel: 0 for paper, grey and black, about 0.75 for seal red. */
function saturation(planes: Planes, i: number): number {
  const { rgb } = planes;
  const r = rgb[3 * i] as number;
  const g = rgb[3 * i + 1] as number;
  const b = rgb[3 * i + 2] as number;
  const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
  const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
  return hi > 0 ? 1 - lo / hi : 0;
}
