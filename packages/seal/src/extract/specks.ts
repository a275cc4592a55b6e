/**
 * Speck removal with hysteresis. The candidate set is every pixel whose strength is above `lo`;
 * an 8-connected piece of it survives only if it is big enough and somewhere reaches `hi`.
 *
 * Raising `lo`, `hi` or `minArea` can only remove pixels: a piece of a stricter candidate set
 * lies inside one piece of a looser set, which is at least as big and reaches at least as high.
 * That is what makes a higher clarity keep no more than a lower one.
 */

import type { Spans } from './spans';

function find(parent: Int32Array, a: number): number {
  let root = a;
  while ((parent[root] as number) !== root) root = parent[root] as number;
  // Path compression keeps later finds short.
  while ((parent[a] as number) !== root) {
    const next = parent[a] as number;
    parent[a] = root;
    a = next;
  }
  return root;
}

function union(parent: Int32Array, a: number, b: number): number {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra === rb) return ra;
  if (ra < rb) {
    parent[rb] = ra;
    return ra;
  }
  parent[ra] = rb;
  return rb;
}

/**
 * Pass 1: provisional labels; parent links are stored in `parent` indexed by label. A label is
 * the index of the first pixel of its piece, so `labels` doubles as the parent array. Outside the
 * spans strength is 0, never a candidate.
 */
function label(
  strength: Float32Array,
  width: number,
  height: number,
  lo: number,
  parent: Int32Array,
  area: Int32Array,
  peak: Float32Array,
  spans: Spans,
): void {
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = spans.lo[y] as number, end = spans.hi[y] as number; x < end; x++) {
      const i = row + x;
      if ((strength[i] as number) <= lo) continue;
      parent[i] = i;
      area[i] = 0;
      peak[i] = 0;
      // Neighbours already joined need no union: the pixel above is joined to its left and right
      // neighbours (same row) and to the left pixel (diagonal); above-left to the left pixel.
      const up = i - width;
      const hasLeft = x > 0 && (parent[i - 1] as number) >= 0;
      if (y > 0 && (parent[up] as number) >= 0) {
        union(parent, i, up);
        continue;
      }
      let root = i;
      if (hasLeft) root = union(parent, root, i - 1);
      else if (y > 0 && x > 0 && (parent[up - 1] as number) >= 0)
        root = union(parent, root, up - 1);
      if (y > 0 && x < width - 1 && (parent[up + 1] as number) >= 0) union(parent, root, up + 1);
    }
  }
}

/**
 * Pass 2: area and peak per root, kept in scratch arrays indexed by root pixel (every root is a
 * candidate pixel, zeroed in pass 1).
 */
function measurePieces(
  strength: Float32Array,
  width: number,
  parent: Int32Array,
  area: Int32Array,
  peak: Float32Array,
  spans: Spans,
): void {
  for (let y = 0; y < spans.lo.length; y++) {
    for (
      let i = y * width + (spans.lo[y] as number), end = y * width + (spans.hi[y] as number);
      i < end;
      i++
    ) {
      if ((parent[i] as number) < 0) continue;
      const root = find(parent, i);
      area[root] = (area[root] as number) + 1;
      const s = strength[i] as number;
      if (s > (peak[root] as number)) peak[root] = s;
    }
  }
}

/** Pass 3: keep the pixels of pieces big and strong enough. */
function keepPieces(
  width: number,
  hi: number,
  minArea: number,
  keep: Uint8Array,
  parent: Int32Array,
  area: Int32Array,
  peak: Float32Array,
  spans: Spans,
): void {
  for (let y = 0; y < spans.lo.length; y++) {
    for (
      let i = y * width + (spans.lo[y] as number), end = y * width + (spans.hi[y] as number);
      i < end;
      i++
    ) {
      const p = parent[i] as number;
      if (p < 0) continue;
      // Pass 2's finds left every pixel pointing straight at its root.
      keep[i] = (area[p] as number) >= minArea && (peak[p] as number) >= hi ? 1 : 0;
    }
  }
}

/**
 * Writes 1 into `keep` for every pixel of a surviving piece, 0 elsewhere.
 * `labels`, `area` and `peak` are scratch space of the image's size. Each pass is its own small
 * function: the compiler optimises each with its own loop's feedback (one function holding all
 * three was recompiled on every call).
 */
export function keepConnected(
  strength: Float32Array,
  width: number,
  height: number,
  lo: number,
  hi: number,
  minArea: number,
  keep: Uint8Array,
  labels: Int32Array,
  area: Int32Array,
  peak: Float32Array,
  spans: Spans,
): void {
  const parent = labels;
  parent.fill(-1);
  keep.fill(0);
  label(strength, width, height, lo, parent, area, peak, spans);
  measurePieces(strength, width, parent, area, peak, spans);
  keepPieces(width, hi, minArea, keep, parent, area, peak, spans);
}
