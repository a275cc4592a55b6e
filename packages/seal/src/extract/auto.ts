/**
 * Automatic clarity (clarity `auto`): how the cut judges strokes, picked per image from how soft
 * its ink edges are. On a sharp scan a thin stroke never reaches full ink (the lens and JPEG
 * spread it), so it is judged against its own peak and cut at half of it, where its edge was. A
 * photo shot small and enlarged (or out of focus) spreads every edge over several pixels: every
 * stroke is "thin" there, and judging each against its own peak swells dense characters into
 * blots, so strokes are judged against the full ink, as the photo's coverage says. The print-rim
 * test reaches as far as the edges spread (rims.ts).
 */
import type { Active } from './active';
import type { Spans } from './spans';

/** Strengths between these are on an edge's ramp. */
const RAMP_LO = 0.2;
const RAMP_HI = 0.8;
/** Level the edges are counted at (crossings of it between neighbours). */
const CROSS = 0.5;

/**
 * Mean width in pixels of the ramp across an ink edge (strength in units of `full` ink): pixels
 * on a ramp over the number of crossings of one half between horizontal or vertical neighbours
 * (each crossing is one edge, met once per row or column). About 1 on a sharp scan, 3 and more
 * on an enlarged shot. Every other row is counted (with its crossings to the row below, within
 * its span): a ratio of counts needs no more. Only pixels above 0 can be on a ramp or above one
 * half, so the rows are walked along their runs above 0 (`inked`, spans.ts).
 */
export function edgeSoftness(
  strength: Float32Array,
  width: number,
  height: number,
  spans: Spans,
  inked: Active,
  full = 1,
): number {
  const rampLo = RAMP_LO * full;
  const rampHi = RAMP_HI * full;
  const cross = CROSS * full;
  const { start, lo: runLo, hi: runHi } = inked;
  let ramp = 0;
  let crossings = 0;
  for (let y = 0; y < height; y += 2) {
    const lo = spans.lo[y] as number;
    const hi = spans.hi[y] as number;
    if (lo >= hi) continue;
    const row = y * width;
    const hasBelow = y + 1 < height;
    const below = row + width;
    // Along the row: each stretch above one half has two ends (runs are apart by a pixel at 0,
    // so none spans two runs). Down: `on` differs from the pixel below where exactly one of
    // them is above one half: (this row's) + (the row below's, within this span) - 2 * (both).
    let mine = 0;
    let both = 0;
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      let prev = false;
      for (let i = row + (runLo[s] as number), end = row + (runHi[s] as number); i < end; i++) {
        const v = strength[i] as number;
        if (v > rampLo && v < rampHi) ramp++;
        const on = v > cross;
        if (on && !prev) crossings += 2;
        prev = on;
        if (on) {
          mine++;
          if (hasBelow && (strength[i + width] as number) > cross) both++;
        }
      }
    }
    let under = 0;
    if (hasBelow) {
      for (let s = start[y + 1] as number, s1 = start[y + 2] as number; s < s1; s++) {
        const a = Math.max(lo, runLo[s] as number);
        const b = Math.min(hi, runHi[s] as number);
        for (let i = below + a, end = below + b; i < end; i++) {
          if ((strength[i] as number) > cross) under++;
        }
      }
      crossings += mine + under - 2 * both;
    }
  }
  return crossings === 0 ? 0 : ramp / crossings;
}

/** The cut's edge in automatic clarity: one half of the full ink, where a stroke's edge was. */
export const AUTO_EDGE = 0.5;

/**
 * A thin stroke is judged against its own peak, down to this fraction of the local full ink (fixed
 * levels, and sharp photos in automatic clarity: softness up to SHARP); from SOFT on, no own peak.
 */
export const THIN_FLOOR = 0.45;
const SHARP = 1.5;
export const SOFT = 2.5;
/**
 * How far below the local full ink a thin stroke's own peak may set its scale: THIN_FLOOR on a
 * sharp photo, 1 (no own peak: the full ink) on a soft one.
 */
export function peakFloor(softness: number): number {
  const t = softness <= SHARP ? 0 : softness >= SOFT ? 1 : (softness - SHARP) / (SOFT - SHARP);
  return THIN_FLOOR + (1 - THIN_FLOOR) * t;
}

/**
 * How far (pixels) the print-rim test reaches on a photo of this softness: as far as its edges
 * spread on a soft photo; 0 on a sharp one, where strength.ts's one pixel is enough.
 */
export function rimRadius(softness: number): number {
  return softness >= SOFT ? Math.round(softness) : 0;
}
