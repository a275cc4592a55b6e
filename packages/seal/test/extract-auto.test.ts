/**
 * Automatic clarity (src/extract/auto.ts): how strokes are judged follows how soft the photo's ink
 * edges are. A sharp scan and the same seal shot small and enlarged must be judged differently.
 */
import { describe, expect, it } from 'vitest';
import { type Active, activeFor } from '../src/extract/active';
import { edgeSoftness, peakFloor, rimRadius, THIN_FLOOR } from '../src/extract/auto';
import { gridFor } from '../src/extract/grid';
import { normaliseToPaper } from '../src/extract/paper';
import { inkRunsFor, type Spans } from '../src/extract/spans';
import { inkStrength } from '../src/extract/strength';
import { Workspace } from '../src/extract/workspace';
import { disc, ink, ring, sheet, toRgba } from './synth/shapes';

const W = 128;

function fullSpans(width: number, height: number): Spans {
  return { lo: new Int32Array(height), hi: new Int32Array(height).fill(width) };
}

/** One run per row, across the whole row. */
function fullRuns(width: number, height: number): Active {
  return {
    start: Int32Array.from({ length: height + 1 }, (_, y) => y),
    lo: new Int32Array(height),
    hi: new Int32Array(height).fill(width),
  };
}

/** The runs of pixels above 0 per row and each row's span, as the strength sweep leaves them. */
function runsAbove0(
  s: Float32Array,
  width: number,
  height: number,
): { spans: Spans; runs: Active } {
  const spans: Spans = { lo: new Int32Array(height).fill(width), hi: new Int32Array(height) };
  const start = new Int32Array(height + 1);
  const lo: number[] = [];
  const hi: number[] = [];
  for (let y = 0; y < height; y++) {
    start[y] = lo.length;
    for (let x = 0; x < width; x++) {
      if ((s[y * width + x] as number) <= 0) continue;
      if (hi.length > (start[y] as number) && hi[hi.length - 1] === x) hi[hi.length - 1] = x + 1;
      else {
        lo.push(x);
        hi.push(x + 1);
      }
    }
    if (lo.length > (start[y] as number)) {
      spans.lo[y] = lo[start[y] as number] as number;
      spans.hi[y] = hi[hi.length - 1] as number;
    }
  }
  start[height] = lo.length;
  return { spans, runs: { start, lo: Int32Array.from(lo), hi: Int32Array.from(hi) } };
}

/**
 * The edge softness as first written: every pixel of every other row's span, and its crossings
 * to the row below within that span (the reference for the walk along runs).
 */
function softnessByRows(s: Float32Array, width: number, height: number, spans: Spans): number {
  let ramp = 0;
  let crossings = 0;
  for (let y = 0; y < height; y += 2) {
    const lo = spans.lo[y] as number;
    const hi = spans.hi[y] as number;
    if (lo >= hi) continue;
    const row = y * width;
    const below = y + 1 < height ? row + width : -1;
    let prev = false;
    for (let x = lo; x < hi; x++) {
      const v = s[row + x] as number;
      if (v > 0.2 && v < 0.8) ramp++;
      const on = v > 0.5;
      if (on !== prev) crossings++;
      prev = on;
      if (below >= 0 && on !== (s[below + x] as number) > 0.5) crossings++;
    }
    if (prev) crossings++;
  }
  return crossings === 0 ? 0 : ramp / crossings;
}

/** Strokes with soft edges: rings, a bar and dots, their strength falling off over `ramp` px. */
function strokes(ramp: number): Float32Array {
  const s = new Float32Array(W * W);
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      const r = Math.hypot(x - 64, y - 64);
      // Distance inside the nearest stroke (negative outside).
      const ringA = 3 - Math.abs(r - 50);
      const ringB = 2 - Math.abs(r - 40);
      const bar = Math.min(4 - Math.abs(y - 64), 30 - Math.abs(x - 64));
      const dot = 3 - Math.hypot((x % 16) - 8, (y % 16) - 8);
      const d = Math.max(ringA, ringB, bar, r < 30 ? dot : -9);
      s[y * W + x] = Math.min(1, Math.max(0, 0.5 + d / ramp));
    }
  }
  return s;
}

/** A vertical band 40 px wide whose two edges ramp over `ramp` pixels. */
function band(ramp: number): Float32Array {
  const s = new Float32Array(W * W);
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      const d = Math.min(x - 44, 84 - x);
      s[y * W + x] = Math.min(1, Math.max(0, ramp === 0 ? (d >= 0 ? 1 : 0) : 0.5 + d / ramp));
    }
  }
  return s;
}

describe('edgeSoftness', () => {
  it.each([
    { ramp: 0, lo: 0, hi: 0.05 },
    { ramp: 2, lo: 0.5, hi: 1.5 },
    { ramp: 6, lo: 3, hi: 4.5 },
    { ramp: 12, lo: 6.5, hi: 8.5 },
  ])('a ramp $ramp px wide reads as $lo..$hi', ({ ramp, lo, hi }) => {
    const v = edgeSoftness(band(ramp), W, W, fullSpans(W, W), fullRuns(W, W));
    expect(v).toBeGreaterThanOrEqual(lo);
    expect(v).toBeLessThanOrEqual(hi);
  });

  it('is 0 on an empty map', () => {
    expect(edgeSoftness(new Float32Array(W * W), W, W, fullSpans(W, W), fullRuns(W, W))).toBe(0);
  });

  // The extractor walks only the runs above 0: the same figure as every pixel of the spans.
  it.each([1, 2, 3.5, 6])('walks the runs above 0 as the whole spans (ramp %d px)', (ramp) => {
    const s = strokes(ramp);
    const { spans, runs } = runsAbove0(s, W, W);
    expect(runs.start[W]).toBeGreaterThan(W);
    const whole = softnessByRows(s, W, W, spans);
    expect(whole).toBeGreaterThan(0);
    expect(edgeSoftness(s, W, W, spans, runs)).toBe(whole);
    expect(edgeSoftness(s, W, W, fullSpans(W, W), fullRuns(W, W))).toBe(
      softnessByRows(s, W, W, fullSpans(W, W)),
    );
  });
});

describe('peakFloor and rimRadius', () => {
  it.each([
    [0, 0.45, 0],
    [1.5, 0.45, 0],
    [2, 0.725, 0],
    [2.5, 1, 3],
    [4.4, 1, 4],
  ])('softness %d: own-peak floor %d, rim radius %d', (softness, floor, radius) => {
    expect(peakFloor(softness)).toBeCloseTo(floor, 6);
    expect(rimRadius(softness)).toBe(radius);
  });

  it('never judges a softer photo more leniently against its own peak', () => {
    for (let s = 0; s < 6; s += 0.1)
      expect(peakFloor(s + 0.1)).toBeGreaterThanOrEqual(peakFloor(s));
  });
});

/** Softness of a red ring and disc drawn at `scale` of the image and enlarged back (nearest). */
function softnessOf(scale: number): number {
  const small = Math.round(W * scale);
  const c = small / 2;
  const s = sheet(small, small);
  ink(s, ring(c, c, small * 0.4, Math.max(1.5, small * 0.05)), [225, 45, 50]);
  ink(s, disc(c, c, small * 0.12), [225, 45, 50]);
  const src = toRgba(s);
  // Enlarged bilinearly, as the cropper does: every edge spreads over about 1 / scale pixels.
  const rgba = new Uint8Array(W * W * 4);
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      const fx = Math.min(small - 1, Math.max(0, (x + 0.5) * scale - 0.5));
      const fy = Math.min(small - 1, Math.max(0, (y + 0.5) * scale - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(small - 1, x0 + 1);
      const y1 = Math.min(small - 1, y0 + 1);
      const tx = fx - x0;
      const ty = fy - y0;
      for (let ch = 0; ch < 4; ch++) {
        const at = (xx: number, yy: number) => src[(yy * small + xx) * 4 + ch] as number;
        const top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx;
        const bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx;
        rgba[(y * W + x) * 4 + ch] = Math.round(top * (1 - ty) + bottom * ty);
      }
    }
  }
  const ws = new Workspace(W * W);
  const active = activeFor(gridFor(W, W), W, (name, length) => ws.i32(name, length));
  const planes = { rgb: ws.f32('rgb', 3 * W * W), active };
  normaliseToPaper(rgba, W, W, planes);
  const strength = ws.f32('strength');
  const spans = { lo: ws.i32('spanLo', W), hi: ws.i32('spanHi', W) };
  return inkStrength(planes, W, W, 'red', strength, ws, spans, inkRunsFor(ws, W, W), true).softness;
}

describe('automatic clarity on a seal', () => {
  it('judges a sharp seal against its own peaks and the same seal shot small and enlarged against the full ink', () => {
    const sharp = softnessOf(1);
    const enlarged = softnessOf(0.25);
    expect(sharp).toBeLessThan(1.5);
    expect(enlarged).toBeGreaterThan(2.5);
    expect(peakFloor(sharp)).toBe(THIN_FLOOR);
    expect(peakFloor(enlarged)).toBe(1);
    expect(rimRadius(enlarged)).toBeGreaterThan(1);
  });
});
