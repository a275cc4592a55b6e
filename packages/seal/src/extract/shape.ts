/**
 * Keeps what belongs to the seal's shape. A seal is framed by its border (ring, oval or square):
 * the biggest piece of kept ink. Pieces outside that frame's box are other red things on the page
 * (an app badge, red form lines, printed red characters beside the seal) and go.
 */

import type { Pieces } from './specks';

/** The biggest piece must hold at least this share of the kept ink for the frame to be trusted. */
const FRAME_SHARE = 0.2;
/** Slack around the frame's box, as a share of its larger side. */
const SLACK = 0.03;
/** Pieces at least this share of the biggest that overlap the frame's box are border too. */
const PART_SHARE = 0.15;
/** How far apart (share of the image's larger side) two arcs of a cut border may be. */
const GAP = 0.025;
/** Below this many pixels an image is too small to judge shapes in (tests, icons). */
const MIN_PIXELS = 64 * 64;

/**
 * Drops the kept pieces outside the frame (their `keep` goes to 0); `kept` is the pixels kept so
 * far. Returns the pixels still kept. Pieces come in raster order of their first pixel, so ties
 * go to the piece met first, as a scan of the image would.
 */
export function keepSealShape(p: Pieces, width: number, height: number, kept: number): number {
  if (width * height < MIN_PIXELS) return kept;
  const { count, area, x0: bx0, y0: by0, x1: bx1, y1: by1, keep } = p;
  if (kept === 0) return 0;
  const total = kept;
  // The frame starts from the widest big piece: a border arc spans more than the star or a
  // character inside it, even when print or a pen has cut the border into pieces.
  let largest = 0;
  for (let k = 0; k < count; k++) {
    if (keep[k] === 1) largest = Math.max(largest, area[k] as number);
  }
  let frame = -1;
  let span = -1;
  for (let k = 0; k < count; k++) {
    if (keep[k] === 0 || (area[k] as number) < largest * PART_SHARE) continue;
    const s = (bx1[k] as number) - (bx0[k] as number) + (by1[k] as number) - (by0[k] as number);
    if (s > span) {
      span = s;
      frame = k;
    }
  }
  if (largest < total * FRAME_SHARE) return total;
  let fx0 = bx0[frame] as number;
  let fy0 = by0[frame] as number;
  let fx1 = bx1[frame] as number;
  let fy1 = by1[frame] as number;
  // A pen or a line of print may cut the border into arcs: big pieces that overlap the frame's
  // box are more of the border, so the box grows until no such piece is left.
  const big = largest * PART_SHARE;
  // Arcs are apart by the width of what cut them.
  const gap = Math.max(3, GAP * Math.max(width, height));
  const merged = new Uint8Array(count);
  merged[frame] = 1;
  for (let grew = true; grew; ) {
    grew = false;
    for (let k = 0; k < count; k++) {
      if (keep[k] === 0 || merged[k] === 1 || (area[k] as number) < big) continue;
      const x0 = bx0[k] as number;
      const y0 = by0[k] as number;
      const x1 = bx1[k] as number;
      const y1 = by1[k] as number;
      if (x1 < fx0 - gap || x0 > fx1 + gap || y1 < fy0 - gap || y0 > fy1 + gap) continue;
      merged[k] = 1;
      grew = true;
      fx0 = Math.min(fx0, x0);
      fy0 = Math.min(fy0, y0);
      fx1 = Math.max(fx1, x1);
      fy1 = Math.max(fy1, y1);
    }
  }
  const slack = Math.max(2, SLACK * Math.max(fx1 - fx0, fy1 - fy0));
  let inside = 0;
  for (let k = 0; k < count; k++) {
    if (keep[k] === 0) continue;
    if (
      (bx0[k] as number) >= fx0 - slack &&
      (by0[k] as number) >= fy0 - slack &&
      (bx1[k] as number) <= fx1 + slack &&
      (by1[k] as number) <= fy1 + slack
    ) {
      inside += area[k] as number;
    } else keep[k] = 0;
  }
  return inside;
}
