/**
 * Automatic clarity: per image, the level whose cut sits where the kept area changes least. The
 * strength map is already scaled to the image's own full ink, so a stroke's edge is a steep
 * step in it; a cut placed on that step moves the kept area a lot, a cut on the flat between
 * paper and ink barely at all. Among levels, take the one whose neighbours keep the most similar
 * area (relative change), leaning to the calibrated default on ties.
 */

import type { Spans } from './spans';

const BINS = 512;
const TOP = 2;

/** Pixels with strength above each threshold, from one histogram pass. */
export function areasAbove(
  strength: Float32Array,
  width: number,
  spans: Spans,
  thresholds: readonly number[],
): number[] {
  const hist = new Uint32Array(BINS + 1);
  const scale = BINS / TOP;
  for (let y = 0; y < spans.lo.length; y++) {
    for (
      let i = y * width + (spans.lo[y] as number), end = y * width + (spans.hi[y] as number);
      i < end;
      i++
    ) {
      const v = strength[i] as number;
      if (v <= 0) continue;
      const k = v >= TOP ? BINS : Math.floor(v * scale);
      hist[k] = (hist[k] as number) + 1;
    }
  }
  const above = new Float64Array(BINS + 2);
  for (let k = BINS; k >= 0; k--) above[k] = (above[k + 1] as number) + (hist[k] as number);
  return thresholds.map((t) => {
    const k = Math.min(BINS + 1, Math.max(0, Math.ceil(t * scale)));
    return above[k] as number;
  });
}

/**
 * The level among `thresholds` (one per clarity level, rising) to cut at. `preferred` wins
 * unless another level is clearly steadier (by `margin` in relative area change).
 */
export function pickLevel(
  strength: Float32Array,
  width: number,
  spans: Spans,
  thresholds: readonly number[],
  preferred: number,
  margin: number,
): number {
  const half = thresholds.map((t, i) => {
    const next = thresholds[i + 1] ?? t + (t - (thresholds[i - 1] ?? t));
    const prev = thresholds[i - 1] ?? t - (next - t);
    return [prev, next] as const;
  });
  const probes = half.flatMap(([a, b], i) => [
    ((a + (thresholds[i] as number)) / 2) as number,
    ((b + (thresholds[i] as number)) / 2) as number,
  ]);
  const areas = areasAbove(strength, width, spans, probes);
  const change = thresholds.map((_, i) => {
    const lo = areas[2 * i] as number;
    const hi = areas[2 * i + 1] as number;
    return lo <= 0 ? 1 : (lo - hi) / lo;
  });
  let best = preferred;
  for (let i = 0; i < change.length; i++) {
    if ((change[i] as number) < (change[best] as number) - margin) best = i;
  }
  return best;
}
