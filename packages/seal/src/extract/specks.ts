/**
 * Speck removal with hysteresis. The candidate set is every pixel whose strength is above `lo`;
 * an 8-connected piece of it survives only if it is big enough and somewhere reaches `hi`.
 *
 * Raising `lo`, `hi` or `minArea` can only remove pixels: a piece of a stricter candidate set
 * lies inside one piece of a looser set, which is at least as big and reaches at least as high.
 * That is what makes a higher clarity keep no more than a lower one.
 */

import type { Active } from './active';
import type { Spans } from './spans';
import type { Workspace } from './workspace';

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
 * Pass 1: the runs of candidates along each row (`cands`), and provisional labels per run. A
 * label is the pixel index of a run's first pixel, so `parent` (indexed by pixel) is the
 * union-find over run heads: each run is joined to every run of the row above that touches it
 * (8-connected: one column past either end). The root of a piece is its first pixel in raster
 * order (union keeps the smaller index). Only run heads are written: no pass over every pixel.
 * Outside the spans and the walked runs (`active`) strength is 0, never a candidate (unless `lo`
 * is below 0: then the walked runs must be the active ones).
 */
function label(
  strength: Float32Array,
  width: number,
  height: number,
  lo: number,
  parent: Int32Array,
  spans: Spans,
  active: Active,
  cands: CandidateRuns,
): void {
  const { start, lo: runLo, hi: runHi } = active;
  const { start: cStart, lo: cLo, hi: cHi, peak: cPeak } = cands;
  let c = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    cStart[y] = c;
    const spanLo = spans.lo[y] as number;
    const spanHi = spans.hi[y] as number;
    if (spanLo >= spanHi) continue;
    // The row above's runs, in order; `u` moves along them as this row's runs do.
    let u = y > 0 ? (cStart[y - 1] as number) : 0;
    const uEnd = y > 0 ? (cStart[y] as number) : 0;
    const up = row - width;
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      const end = Math.min(spanHi, runHi[s] as number);
      for (let x = Math.max(spanLo, runLo[s] as number); x < end; ) {
        if ((strength[row + x] as number) <= lo) {
          x++;
          continue;
        }
        const first = row + x;
        const from = x;
        let top = 0;
        for (; x < end; x++) {
          const v = strength[row + x] as number;
          if (v <= lo) break;
          if (v > top) top = v;
        }
        parent[first] = first;
        cLo[c] = first;
        cHi[c] = row + x;
        cPeak[c] = top;
        c++;
        // Runs above that touch columns from - 1 .. x (x is one past this run's end): those
        // ending before from - 1 are behind every later run of this row too.
        while (u < uEnd && (cHi[u] as number) - up < from) u++;
        for (let k = u; k < uEnd && (cLo[k] as number) - up <= x; k++)
          union(parent, first, cLo[k] as number);
      }
    }
  }
  cStart[height] = c;
}

/**
 * The runs of candidates along each row, as labelling found them (raster order): a run lies in
 * one piece, so the pieces' figures and the paint take them a run at a time, not a pixel.
 */
export interface CandidateRuns {
  /** Per row y, its runs are start[y] .. start[y + 1] - 1. */
  start: Int32Array;
  /** First pixel (index into the image) and one past the last. */
  lo: Int32Array;
  hi: Int32Array;
  /** Highest strength in the run. */
  peak: Float32Array;
}

/**
 * The 8-connected pieces of the candidate set, numbered in raster order of their first pixel,
 * with what the later stages ask of each: size, peak strength and bounding box. Per piece, so
 * that deciding what stays (here, and the seal's frame in shape.ts) never walks the image again;
 * the paint reads a run's piece through its head's `roots` and `ids`.
 */
export interface Pieces {
  count: number;
  /** Per run head (a run's first pixel; other pixels are not kept up), its piece's root pixel. */
  roots: Int32Array;
  /** Per root pixel, its piece's number. */
  ids: Int32Array;
  area: Int32Array;
  peak: Float32Array;
  x0: Int32Array;
  x1: Int32Array;
  y0: Int32Array;
  y1: Int32Array;
  /** 1 for a piece that is kept. */
  keep: Uint8Array;
  /** The runs of candidates the pieces are made of. */
  runs: CandidateRuns;
}

/**
 * Pass 2: every run's head pointed straight at its root (so that later reads need no find), and
 * the pieces' figures, a run of candidates at a time (neighbours along a row touch: one piece,
 * one find). A root is met before the rest of its piece (it is the piece's first pixel).
 */
function measurePieces(width: number, height: number, p: Pieces): void {
  const { roots: parent, ids, area, peak, x0, x1, y0, y1 } = p;
  const { start, lo, hi, peak: runPeak } = p.runs;
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let c = start[y] as number, c1 = start[y + 1] as number; c < c1; c++) {
      const a = lo[c] as number;
      const b = hi[c] as number;
      const root = find(parent, a);
      let id: number;
      if (root === a) {
        id = count++;
        ids[a] = id;
        area[id] = 0;
        peak[id] = 0;
        x0[id] = a - row;
        x1[id] = a - row;
        y0[id] = y;
      } else id = ids[root] as number;
      // The paint reads a run's piece through its head.
      parent[a] = root;
      const top = runPeak[c] as number;
      if (top > (peak[id] as number)) peak[id] = top;
      area[id] = (area[id] as number) + b - a;
      if (a - row < (x0[id] as number)) x0[id] = a - row;
      if (b - 1 - row > (x1[id] as number)) x1[id] = b - 1 - row;
      // Rows come in order: the last row seen is the bottom.
      y1[id] = y;
    }
  }
  p.count = count;
}

/**
 * Finds the pieces of the candidate set (strength above `lo`) and keeps those big enough that
 * reach `hi`; returns the pixels kept. Scratch comes from the workspace. Two pixels of one 2x2
 * block touch, so no block holds two pieces: there are at most ceil(w/2) * ceil(h/2) of them.
 */
export function keepConnected(
  strength: Float32Array,
  width: number,
  height: number,
  lo: number,
  hi: number,
  minArea: number,
  ws: Workspace,
  spans: Spans,
  active: Active,
): { pieces: Pieces; kept: number } {
  const cap = Math.ceil(width / 2) * Math.ceil(height / 2);
  const pieces: Pieces = {
    count: 0,
    roots: ws.i32('labels'),
    ids: ws.i32('pieceIds'),
    area: ws.i32('pieceArea', cap),
    peak: ws.f32('piecePeak', cap),
    x0: ws.i32('pieceX0', cap),
    x1: ws.i32('pieceX1', cap),
    y0: ws.i32('pieceY0', cap),
    y1: ws.i32('pieceY1', cap),
    keep: ws.u8('pieceKeep', cap),
    // At most every other pixel of a row starts a run.
    runs: {
      start: ws.i32('candStart', height + 1),
      lo: ws.i32('candLo', height * Math.ceil(width / 2)),
      hi: ws.i32('candHi', height * Math.ceil(width / 2)),
      peak: ws.f32('candPeak', height * Math.ceil(width / 2)),
    },
  };
  label(strength, width, height, lo, pieces.roots, spans, active, pieces.runs);
  measurePieces(width, height, pieces);
  const { area, peak, keep } = pieces;
  let kept = 0;
  for (let k = 0; k < pieces.count; k++) {
    const on = (area[k] as number) >= minArea && (peak[k] as number) >= hi;
    keep[k] = on ? 1 : 0;
    if (on) kept += area[k] as number;
  }
  return { pieces, kept };
}

/** The box around every kept piece (y1 < y0 when none is kept). */
export function keptBox(p: Pieces): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Number.MAX_SAFE_INTEGER;
  let y0 = Number.MAX_SAFE_INTEGER;
  let x1 = -1;
  let y1 = -1;
  for (let k = 0; k < p.count; k++) {
    if (p.keep[k] === 0) continue;
    x0 = Math.min(x0, p.x0[k] as number);
    y0 = Math.min(y0, p.y0[k] as number);
    x1 = Math.max(x1, p.x1[k] as number);
    y1 = Math.max(y1, p.y1[k] as number);
  }
  return { x0, y0, x1, y1 };
}
