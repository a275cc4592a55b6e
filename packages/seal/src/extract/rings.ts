/**
 * Thin double rings (issue 17: 发票专用章 whose double border fuses into one thick ring). Where
 * a seal's border is two lines 1-2 px wide with 1-2 px of paper between them, the lens and JPEG
 * leave the paper between them a little dark. Judging a thin stroke against its own peak (the
 * sharp-photo rule of automatic clarity, auto.ts) then scales that dip up with the lines around
 * it, and the two lines come out as one thick ring. On such a photo every stroke is judged
 * against the full ink instead: the dip stays under half the ink and the lines keep their width.
 *
 * The test walks in from the outside of the ink's box along rows (left and right, over the middle
 * half of its height) and columns (top and bottom, the middle half of its width), where the border
 * is the first ink met, and asks whether the first ink is two thin lines with a dip between them.
 */
import type { Spans } from './spans';

/**
 * The cut's edge on such a photo: its blurred 1-2 px lines and the thin text inside them never
 * reach full ink, and cutting them at 0.53 of it (fixed level 1's edge) rather than half keeps
 * their true width (tuning seeds: fidelity 1.06 -> 1.00, IoU 0.894 -> 0.902).
 */
export const RING_EDGE = 0.53;

/** Ink counts as met from this share of the full ink on. */
const MEET = 0.3;
/** The paper between the lines is at most this share of the weaker line's peak. */
const DIP = 0.9;
/** Pixels from the first ink met to the second line's peak: two 1-2 px lines and their gap. */
const SPAN = 7;
/**
 * After the second line the profile falls under this share of its peak within FALL pixels and
 * stays there for four: paper, not more of a wide border.
 */
const FALL_TO = 0.55;
const FALL = 3;
/** Pixels from the first ink met to the paper after the second line: the whole double line. */
const WHOLE = 7;
/** Share of the walks whose first ink is a thin double line for the border to count as one. */
const SHARE = 0.25;
/** Walks per side at most (every other row or column of the middle half). */
const STEP = 2;

/** The walk's value k steps in (0 past its end). */
function at(raw: Float32Array, start: number, step: number, count: number, k: number): number {
  return k < count ? (raw[start + k * step] as number) : 0;
}

/** The step from..to (inclusive) with the highest value along the walk (the first of equals). */
function argmax(
  raw: Float32Array,
  start: number,
  step: number,
  count: number,
  from: number,
  to: number,
): number {
  let best = from;
  let top = at(raw, start, step, count, from);
  for (let k = from + 1; k <= to; k++) {
    const v = at(raw, start, step, count, k);
    if (v > top) {
      top = v;
      best = k;
    }
  }
  return best;
}

/**
 * The first ink along a walk is two thin lines with a dip between them. Plain functions, not
 * closures over the walk: this runs a few hundred times per photo.
 */
function doubleAt(raw: Float32Array, start: number, step: number, count: number, full: number) {
  const meet = MEET * full;
  let a = 0;
  while (a < count && (raw[start + a * step] as number) <= meet) a++;
  if (a >= count) return -1;
  const i1 = argmax(raw, start, step, count, a, a + 2);
  // The dip is the first low after the first line (not the paper after the second).
  let d = i1 + 1;
  while (d < i1 + 4 && at(raw, start, step, count, d + 1) < at(raw, start, step, count, d)) d++;
  const i2 = argmax(raw, start, step, count, d + 1, d + 3);
  const m1 = at(raw, start, step, count, i1);
  const m2 = at(raw, start, step, count, i2);
  if (i2 - a > SPAN || m2 <= meet || at(raw, start, step, count, d) > DIP * Math.min(m1, m2)) {
    return 0;
  }
  // Then paper: the border clearance, a few pixels before any text.
  const paper = FALL_TO * m2;
  for (let k = i2 + 1; k <= i2 + FALL && k - a <= WHOLE; k++) {
    if (
      at(raw, start, step, count, k) < paper &&
      at(raw, start, step, count, k + 1) < paper &&
      at(raw, start, step, count, k + 2) < paper &&
      at(raw, start, step, count, k + 3) < paper
    ) {
      return 1;
    }
  }
  return 0;
}

/**
 * Whether the seal's border is a thin double line. `raw` is the ink strength before scaling (in
 * units where `full` is full ink).
 */
export function thinDoubleRing(
  raw: Float32Array,
  width: number,
  height: number,
  spans: Spans,
  full: number,
): boolean {
  // The box of clear ink, found from its edges inwards (each scan stops at the first ink).
  const meet = 0.5 * full;
  const rowHas = (y: number) => {
    for (let x = spans.lo[y] as number, i = y * width + x; x < (spans.hi[y] as number); x++, i++) {
      if ((raw[i] as number) > meet) return true;
    }
    return false;
  };
  let y0 = 0;
  while (y0 < height && !rowHas(y0)) y0++;
  if (y0 === height) return false;
  let y1 = height - 1;
  while (!rowHas(y1)) y1--;
  let x0 = width;
  let x1 = -1;
  for (let y = y0; y <= y1; y++) {
    const row = y * width;
    const hi = spans.hi[y] as number;
    for (let x = spans.lo[y] as number; x < x0 && x < hi; x++) {
      if ((raw[row + x] as number) > meet) x0 = x;
    }
    for (let x = hi - 1; x > x1 && x >= 0; x--) {
      if ((raw[row + x] as number) > meet) x1 = x;
    }
  }
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w < 40 || h < 40) return false;
  let walks = 0;
  let doubles = 0;
  const tally = (r: number) => {
    if (r < 0) return;
    walks++;
    doubles += r;
  };
  const fromX = Math.max(0, x0 - 2);
  const toX = Math.min(width - 1, x1 + 2);
  for (let y = y0 + (h >> 2); y <= y1 - (h >> 2); y += STEP) {
    const row = y * width;
    tally(doubleAt(raw, row + fromX, 1, toX - fromX + 1, full));
    tally(doubleAt(raw, row + toX, -1, toX - fromX + 1, full));
  }
  const fromY = Math.max(0, y0 - 2);
  const toY = Math.min(height - 1, y1 + 2);
  for (let x = x0 + (w >> 2); x <= x1 - (w >> 2); x += STEP) {
    tally(doubleAt(raw, fromY * width + x, width, toY - fromY + 1, full));
    tally(doubleAt(raw, toY * width + x, -width, toY - fromY + 1, full));
  }
  return walks > 0 && doubles >= SHARE * walks;
}
