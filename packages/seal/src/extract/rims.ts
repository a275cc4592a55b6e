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
import { spreadMask } from './filters';
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
 * The reach is spread like a max filter (filters.ts, spreadMask).
 */
export function clearNearPrint(
  strength: Float32Array,
  print: Uint8Array,
  width: number,
  height: number,
  radius: number,
  floor: number,
  ws: Workspace,
  spans: Spans,
  colour: RimColour | null = null,
): void {
  const near = ws.u8('printNear');
  spreadMask(print, width, height, radius, near, ws);
  for (let y = 0; y < height; y++) {
    const lo = spans.lo[y] as number;
    const hi = spans.hi[y] as number;
    for (let x = lo, i = y * width + lo; x < hi; x++, i++) {
      if (near[i] === 0) continue;
      const v = strength[i] as number;
      if (v <= 0) continue;
      if (v < floor || (colour !== null && saturation(colour.planes, i) < colour.minSat)) {
        strength[i] = 0;
      }
    }
  }
}

/** 1 - darkest / brightest channel: 0 for paper, grey and black, about 0.75 for seal red. */
function saturation(planes: Planes, i: number): number {
  const r = planes.r[i] as number;
  const g = planes.g[i] as number;
  const b = planes.b[i] as number;
  const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
  const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
  return hi > 0 ? 1 - lo / hi : 0;
}
