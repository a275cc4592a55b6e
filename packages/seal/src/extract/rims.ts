/**
 * Rims of black print on a soft (enlarged or blurred) photo. strength.ts treats ink within one
 * pixel of black print as print unless it is strong and has the ink's own colour; an enlarged
 * shot spreads that rim over several pixels, so there the same test reaches as far as the edges
 * are soft.
 */
import type { Spans } from './spans';
import type { Workspace } from './workspace';

/**
 * Zeroes strength below `floor` within `radius` pixels (square window) of a pixel of `print`
 * (0/1). Separable: a running count along rows, then along columns.
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
): void {
  const rows = ws.u8('printWide');
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let count = 0;
    for (let x = 0; x < radius && x < width; x++) count += print[row + x] as number;
    for (let x = 0; x < width; x++) {
      if (x + radius < width) count += print[row + x + radius] as number;
      if (x - radius - 1 >= 0) count -= print[row + x - radius - 1] as number;
      rows[row + x] = count > 0 ? 1 : 0;
    }
  }
  const counts = ws.i32('printCounts', width);
  counts.fill(0);
  for (let y = 0; y < radius && y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++)
      counts[x] = (counts[x] as number) + (rows[i] as number);
  }
  for (let y = 0; y < height; y++) {
    const add = y + radius < height ? (y + radius) * width : -1;
    const drop = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    for (let x = 0; x < width; x++) {
      let c = counts[x] as number;
      if (add >= 0) c += rows[add + x] as number;
      if (drop >= 0) c -= rows[drop + x] as number;
      counts[x] = c;
    }
    const lo = spans.lo[y] as number;
    const hi = spans.hi[y] as number;
    for (let x = lo, i = y * width + lo; x < hi; x++, i++) {
      if ((counts[x] as number) > 0 && (strength[i] as number) < floor) strength[i] = 0;
    }
  }
}
