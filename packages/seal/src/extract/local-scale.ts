/**
 * Scaling raw ink strength to the local full ink (strength.ts): a stamp is rarely inked evenly,
 * and a thin blurred stroke never reaches full ink, so each pixel is divided by the full ink
 * around it, or by its own stroke's peak where that is lower (down to a floor). On the way: the
 * noise level, the photo's edge softness (auto.ts) and whether its border is a thin double ring.
 */

import type { Active } from './active';
import { edgeSoftness, peakFloor, THIN_FLOOR } from './auto';
import { maxBits, rowMax7 } from './filters';
import { columnWeights, gridFor, interpolateRow } from './grid';
import { inkLevels, spreadInk } from './local-ink';
import { thinDoubleRing } from './rings';
import type { Spans } from './spans';
import type { Workspace } from './workspace';

/** Ignore pixels weaker than this (normalised units) when estimating full ink: that is noise. */
const NOISE_FLOOR = 0.08;
/** Full ink may fall locally to this fraction of the image's full ink (faded, patchy stamps). */
const LOCAL_FLOOR = 0.3;
/** Window radius of the thin-stroke peak (rowMax7's window is 2 * 3 + 1). */
const PEAK_RADIUS = 3;
/** Once scaled, a print rim (strength.ts) weaker than this is print. */
export const RIM_STRENGTH = 0.7;
const NOISE_BINS = 512;
/** Top of the noise histogram, in raw units. */
const NOISE_RANGE = 0.25;
/** Local full ink is never below this many noise sigmas: noise must not be scaled up into ink. */
const NOISE_K = 6;

/**
 * Robust noise sigma of a plane: the median absolute difference from the 3x3 mean, scaled for a
 * Gaussian. Most of a crop is paper, so edges barely move the median. Away from the spans
 * (spans.ts) the plane is 0 around a sample, whose difference is then 0: those samples are
 * counted in bin 0 without reading the plane.
 */
function noiseLevel(raw: Float32Array, width: number, height: number, spans: Spans): number {
  const hist = new Uint32Array(NOISE_BINS);
  const scale = NOISE_BINS / NOISE_RANGE;
  let count = 0;
  // Samples per row: x = 1, 5, 9, ... below width - 1.
  const perRow = width > 2 ? Math.ceil((width - 2) / 4) : 0;
  const { lo, hi } = spans;
  // Every fourth pixel of every fourth row is plenty for a median.
  for (let y = 1; y < height - 1; y += 4) {
    count += perRow;
    // Columns whose 3x3 window meets a span of the three rows.
    const xa = Math.min(lo[y - 1] as number, lo[y] as number, lo[y + 1] as number) - 1;
    const xb = Math.max(hi[y - 1] as number, hi[y] as number, hi[y + 1] as number) + 1;
    const from = 1 + 4 * Math.ceil(Math.max(0, xa - 1) / 4);
    const to = Math.min(width - 1, xb);
    let zeros = perRow;
    for (let i = y * width + from, end = y * width + to; i < end; i += 4) {
      zeros--;
      const up = i - width;
      const down = i + width;
      const sum =
        (raw[up - 1] as number) +
        (raw[up] as number) +
        (raw[up + 1] as number) +
        (raw[i - 1] as number) +
        (raw[i] as number) +
        (raw[i + 1] as number) +
        (raw[down - 1] as number) +
        (raw[down] as number) +
        (raw[down + 1] as number);
      const d = Math.abs((raw[i] as number) - sum / 9) * scale;
      const k = d >= NOISE_BINS - 1 ? NOISE_BINS - 1 : Math.floor(d);
      hist[k] = (hist[k] as number) + 1;
    }
    hist[0] = (hist[0] as number) + zeros;
  }
  if (count === 0) return 0;
  let seen = 0;
  let bin = 0;
  for (; bin < NOISE_BINS - 1; bin++) {
    seen += hist[bin] as number;
    if (seen * 2 >= count) break;
  }
  // MAD to sigma (1.4826), and the 3x3 mean removes 1/9 of the variance (sqrt(9/8)).
  return ((bin + 0.5) / scale) * 1.4826 * 1.06;
}

/**
 * Where row j sits in the peak filter's ring of rows: the slot of zeros past the image. A function
 * of its own, not a closure in scaleToLocalInk: the variables a closure captures live in a context
 * object, which the loops there would load and check at every use.
 */
function ringSlot(j: number, height: number, width: number, zeros: number): number {
  return j < 0 || j >= height ? zeros : (j % (2 * PEAK_RADIUS + 1)) * width;
}

/** Divides a raw measure by the local full-ink estimate, in place. */
export function scaleToLocalInk(
  raw: Float32Array,
  width: number,
  height: number,
  ws: Workspace,
  spans: Spans,
  inked: Active,
  auto: boolean,
  rim: Uint8Array | null,
): { softness: number; rings: boolean } {
  const noise = noiseLevel(raw, width, height, spans);
  const g = gridFor(width, height);
  const noiseFloor = Math.max(NOISE_FLOOR, 3 * noise);
  const { full, cells } = inkLevels(raw, width, height, g, noiseFloor, spans, inked);
  // Automatic clarity: on a soft photo (enlarged, out of focus) every stroke is "thin" next to the
  // blur, and judging each against its own peak swells dense characters into blots; there the
  // strokes are judged against the full ink instead, as the photo's own coverage says.
  const softness = auto ? edgeSoftness(raw, width, height, spans, inked, full) : 0;
  // A thin double border (rings.ts) is judged against the full ink, so that its lines stay apart.
  const rings = auto && thinDoubleRing(raw, width, height, spans, full);
  const thinFloor = !auto ? THIN_FLOOR : rings ? 1 : peakFloor(softness);
  const floor = Math.min(full, Math.max(full * LOCAL_FLOOR, NOISE_K * noise));
  const local = spreadInk(cells, g, floor, full);
  const { x0: x0s, fx: fxs } = columnWeights(g, width);
  const localRow = new Float32Array(g.gw + 1);
  // Read once: an exported binding is read through its module cell at every use in a loop.
  const rimStrength = RIM_STRENGTH * 1;
  const maxOf = maxBits;
  // The floors as doubles (see measure.ts: num): once V8 compiled this function whole (not only
  // its loop, on stack replacement), a tagged floor made the peak `p` below a tagged value, and
  // every pixel boxed a heap number: ~440 KB of garbage per 512x512 extraction.
  const lowest = floor * 1;
  const thin = thinFloor * 1;
  // Strength is 0 outside the runs above 0 (spans.ts: inkRunsFor): only they are walked.
  const { start, lo: runLo, hi: runHi } = inked;
  if (thinFloor >= 1) {
    // No stroke is judged against its own peak (a soft photo, a thin double ring): the peak
    // filter below would only be clamped away.
    for (let y = 0; y < height; y++) {
      const spanLo = spans.lo[y] as number;
      const spanHi = spans.hi[y] as number;
      if (spanLo >= spanHi) continue;
      interpolateRow(g, local, y, localRow);
      for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
        const xEnd = Math.min(spanHi, runHi[s] as number);
        let x = Math.max(spanLo, runLo[s] as number);
        for (let i = y * width + x; x < xEnd; x++, i++) {
          const v = raw[i] as number;
          if (v <= 0) continue;
          const x0 = x0s[x] as number;
          const fx = fxs[x] as number;
          const l = (localRow[x0] as number) * (1 - fx) + (localRow[x0 + 1] as number) * fx;
          const scaled = v / (l < lowest ? lowest : l);
          raw[i] = rim !== null && rim[i] === 1 && scaled < rimStrength ? 0 : scaled;
        }
      }
    }
    return { softness, rings };
  }
  // The peak is a max over a square window: rows (rowMax7) into a ring of the 7 rows the window
  // spans, kept in cache, each row filled just before the window first reaches it (from the raw
  // measure, not yet scaled: scaling lags 3 rows behind); columns below, and only where there
  // is something to scale (most of a crop is paper at 0).
  const ringRows = 2 * PEAK_RADIUS + 1;
  // One more row of zeros stands in for the rows past the image's edges.
  const ring = ws.f32('peakRing', (ringRows + 1) * width);
  const zeros = ringRows * width;
  ring.fill(0, zeros);
  const ringBits = new Int32Array(ring.buffer, ring.byteOffset, ring.length);
  const rawBits = new Int32Array(raw.buffer, raw.byteOffset, raw.length);
  let filled = 0;
  // The column max is taken on bit patterns too, without branches (noise makes them a coin
  // toss), and read back as a float through a one-element view.
  const cell = new Float32Array(1);
  const cellBits = new Int32Array(cell.buffer);
  for (let y = 0; y < height; y++) {
    const last = y + PEAK_RADIUS >= height ? height - 1 : y + PEAK_RADIUS;
    for (; filled <= last; filled++) {
      const at = ringSlot(filled, height, width, zeros);
      ringBits.fill(0, at, at + width);
      const spanLo = spans.lo[filled] as number;
      const spanHi = spans.hi[filled] as number;
      if (spanLo >= spanHi) continue;
      // Per run above 0 (the rest of the row is 0); runs closer than the window
      // both compute the columns between them, from the same pixels.
      for (let s = start[filled] as number, s1 = start[filled + 1] as number; s < s1; s++) {
        const a = Math.max(spanLo, runLo[s] as number);
        const b = Math.min(spanHi, runHi[s] as number);
        if (a < b) rowMax7(rawBits, filled * width, width, a, b, ringBits, at);
      }
    }
    const spanLo = spans.lo[y] as number;
    const spanHi = spans.hi[y] as number;
    if (spanLo >= spanHi) continue;
    interpolateRow(g, local, y, localRow);
    // The window's 7 rows (PEAK_RADIUS 3 either side).
    const o0 = ringSlot(y - 3, height, width, zeros);
    const o1 = ringSlot(y - 2, height, width, zeros);
    const o2 = ringSlot(y - 1, height, width, zeros);
    const o3 = ringSlot(y, height, width, zeros);
    const o4 = ringSlot(y + 1, height, width, zeros);
    const o5 = ringSlot(y + 2, height, width, zeros);
    const o6 = ringSlot(y + 3, height, width, zeros);
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      const xEnd = Math.min(spanHi, runHi[s] as number);
      let x = Math.max(spanLo, runLo[s] as number);
      for (let i = y * width + x; x < xEnd; x++, i++) {
        const v = raw[i] as number;
        if (v <= 0) continue;
        const x0 = x0s[x] as number;
        const fx = fxs[x] as number;
        const l = (localRow[x0] as number) * (1 - fx) + (localRow[x0 + 1] as number) * fx;
        const m01 = maxOf(ringBits[o0 + x] as number, ringBits[o1 + x] as number);
        const m23 = maxOf(ringBits[o2 + x] as number, ringBits[o3 + x] as number);
        const m45 = maxOf(ringBits[o4 + x] as number, ringBits[o5 + x] as number);
        cellBits[0] = maxOf(maxOf(m01, m23), maxOf(m45, ringBits[o6 + x] as number));
        let p = cell[0] as number;
        // A thin blurred stroke never reaches full ink; judge it against its own peak so that the
        // cut falls near its half height, where the stroke's edge was before the blur.
        if (p > l) p = l;
        else if (p < l * thin) p = l * thin;
        if (p < lowest) p = lowest;
        const scaled = v / p;
        // A print rim that is not strong ink once scaled is print (see PRINT_DARK).
        raw[i] = rim !== null && rim[i] === 1 && scaled < rimStrength ? 0 : scaled;
      }
    }
  }
  return { softness, rings };
}
