/**
 * Automatic clarity (clarity `auto`): the cut's edge picked per image from how soft its ink edges
 * are. A photo shot small and enlarged (or out of focus) spreads every edge over several pixels,
 * and there the stroke's true edge sits higher on the ramp; a sharp scan's edge is near one half
 * of full ink, where a lower cut keeps thin strokes whole.
 */
import type { Spans } from './spans';

/** Strengths between these are on an edge's ramp. */
const RAMP_LO = 0.2;
const RAMP_HI = 0.8;
/** Level the edges are counted at (crossings of it between neighbours). */
const CROSS = 0.5;

/**
 * Mean width in pixels of the ramp across an ink edge: pixels on a ramp over the number of
 * crossings of one half between horizontal or vertical neighbours (each crossing is one edge,
 * met once per row or column). About 1 on a sharp scan, 3 and more on an enlarged shot.
 */
export function edgeSoftness(
  strength: Float32Array,
  width: number,
  height: number,
  spans: Spans,
): number {
  let ramp = 0;
  let crossings = 0;
  for (let y = 0; y < height; y++) {
    const lo = spans.lo[y] as number;
    const hi = spans.hi[y] as number;
    if (lo >= hi) continue;
    const row = y * width;
    const below = y + 1 < height ? row + width : -1;
    // Pixels just outside the span are 0: one column either side closes each row's edges.
    let prev = false;
    for (let x = lo; x < hi; x++) {
      const s = strength[row + x] as number;
      if (s > RAMP_LO && s < RAMP_HI) ramp++;
      const on = s > CROSS;
      if (on !== prev) crossings++;
      prev = on;
      if (below >= 0 && on !== (strength[below + x] as number) > CROSS) crossings++;
    }
    if (prev) crossings++;
  }
  return crossings === 0 ? 0 : ramp / crossings;
}

/** The cut's edge on sharp photos (softness up to SHARP) and on soft ones (from SOFT on). */
const SHARP_EDGE = 0.5;
const SOFT_EDGE = 0.6;
const SHARP = 1.1;
const SOFT = 3;

/** The cut's edge for an image of this edge softness: linear between the two. */
export function autoEdge(softness: number): number {
  const t = softness <= SHARP ? 0 : softness >= SOFT ? 1 : (softness - SHARP) / (SOFT - SHARP);
  return SHARP_EDGE + (SOFT_EDGE - SHARP_EDGE) * t;
}
