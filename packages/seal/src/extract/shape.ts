/**
 * Keeps what belongs to the seal's shape. A seal is framed by its border (ring, oval or square):
 * the biggest piece of kept ink. Pieces outside that frame's box are other red things on the page
 * (an app badge, red form lines, printed red characters beside the seal) and go.
 */

import type { Spans } from './spans';

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
 * Clears `keep` outside the frame. `roots` holds, for every kept pixel, the root of its 8-connected
 * piece (keepConnected leaves exactly that in its labels); `ids` is scratch of the image's size.
 * Returns the number of pixels still kept.
 */
export function keepSealShape(
  keep: Uint8Array,
  width: number,
  height: number,
  roots: Int32Array,
  ids: Int32Array,
  spans: Spans,
): number {
  const n = width * height;
  if (n < MIN_PIXELS) return countKept(keep, width, spans);
  ids.fill(-1);
  const boxes: number[] = []; // per piece: x0, y0, x1, y1, area
  let total = 0;
  for (let y = 0; y < height; y++) {
    for (
      let x = spans.lo[y] as number, end = spans.hi[y] as number, i = y * width + x;
      x < end;
      x++, i++
    ) {
      if (keep[i] === 0) continue;
      const root = roots[i] as number;
      let id = ids[root] as number;
      if (id < 0) {
        id = boxes.length / 5;
        ids[root] = id;
        boxes.push(x, y, x, y, 0);
      }
      const b = id * 5;
      if (x < (boxes[b] as number)) boxes[b] = x;
      if (x > (boxes[b + 2] as number)) boxes[b + 2] = x;
      // Rows come in order: the first row seen is the top, the last the bottom.
      boxes[b + 3] = y;
      boxes[b + 4] = (boxes[b + 4] as number) + 1;
      total++;
    }
  }
  const count = boxes.length / 5;
  if (count === 0) return 0;
  // The frame starts from the widest big piece: a border arc spans more than the star or a
  // character inside it, even when print or a pen has cut the border into pieces.
  let largest = 0;
  for (let k = 0; k < count; k++) largest = Math.max(largest, boxes[k * 5 + 4] as number);
  let frame = -1;
  let span = -1;
  for (let k = 0; k < count; k++) {
    if ((boxes[k * 5 + 4] as number) < largest * PART_SHARE) continue;
    const s =
      (boxes[k * 5 + 2] as number) -
      (boxes[k * 5] as number) +
      (boxes[k * 5 + 3] as number) -
      (boxes[k * 5 + 1] as number);
    if (s > span) {
      span = s;
      frame = k;
    }
  }
  if (largest < total * FRAME_SHARE) return total;
  let fx0 = boxes[frame * 5] as number;
  let fy0 = boxes[frame * 5 + 1] as number;
  let fx1 = boxes[frame * 5 + 2] as number;
  let fy1 = boxes[frame * 5 + 3] as number;
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
      if (merged[k] === 1 || (boxes[k * 5 + 4] as number) < big) continue;
      const x0 = boxes[k * 5] as number;
      const y0 = boxes[k * 5 + 1] as number;
      const x1 = boxes[k * 5 + 2] as number;
      const y1 = boxes[k * 5 + 3] as number;
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
  const inside = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    inside[k] =
      (boxes[k * 5] as number) >= fx0 - slack &&
      (boxes[k * 5 + 1] as number) >= fy0 - slack &&
      (boxes[k * 5 + 2] as number) <= fx1 + slack &&
      (boxes[k * 5 + 3] as number) <= fy1 + slack
        ? 1
        : 0;
  }
  let kept = 0;
  for (let y = 0; y < height; y++) {
    for (
      let i = y * width + (spans.lo[y] as number), end = y * width + (spans.hi[y] as number);
      i < end;
      i++
    ) {
      if (keep[i] === 0) continue;
      if (inside[ids[roots[i] as number] as number] === 1) kept++;
      else keep[i] = 0;
    }
  }
  return kept;
}

/** Pixels kept (keep is 0 outside the spans). */
export function countKept(keep: Uint8Array, width: number, spans: Spans): number {
  let kept = 0;
  for (let y = 0; y < spans.lo.length; y++) {
    for (
      let i = y * width + (spans.lo[y] as number), end = y * width + (spans.hi[y] as number);
      i < end;
      i++
    ) {
      kept += keep[i] as number;
    }
  }
  return kept;
}
