/**
 * Ink strength: per pixel, how strongly it belongs to the ink a mode keeps, on a scale where
 * about 1 is fully covered by that ink and 0 is paper. Computed on paper-normalised planes.
 *
 * Shape and colour are measured apart. JPEG keeps brightness (luma) at full resolution but colour
 * at half resolution, smeared across edges, so the shape comes from luma darkness and the colour
 * only decides whether that darkness is the ink we want. A pixel's strength is its darkness,
 * capped by what its colour explains: black text next to red ink borrows a little red from the
 * smear, but not enough to count as dark red ink.
 */

import { edgeSoftness, peakFloor, THIN_FLOOR } from './auto';
import { maxBits, rowMax7 } from './filters';
import { columnWeights, gridFor, interpolateRow } from './grid';
import { inkLevels, spreadInk } from './local-ink';
import {
  measureColourRow,
  measureRedRow,
  type PrintCore,
  type RowOut,
  TINT_SCALE,
} from './measure';
import type { Planes } from './paper';
import { thinDoubleRing } from './rings';
import type { Spans } from './spans';
import type { Workspace } from './workspace';

/** Which colour measure picks the ink: red excess r - max(g, b), or chroma max - min. */
export type InkColour = 'red' | 'colour';

/** Ignore pixels weaker than this (normalised units) when estimating full ink: that is noise. */
const NOISE_FLOOR = 0.08;
/** Full ink may fall locally to this fraction of the image's full ink (faded, patchy stamps). */
const LOCAL_FLOOR = 0.3;
/** Window radius of the thin-stroke peak (rowMax7's window is 2 * 3 + 1). */
const PEAK_RADIUS = 3;

/**
 * Colour ratio (colour measure over darkness, both averaged over 3x3) below which darkness is not
 * the wanted ink, and above which it fully is. Black, gray and paper texture sit near 0. Chroma
 * (any colour) is stricter than red excess: JPEG fringes give black text a little of every colour.
 */
const RATIO: Record<InkColour, { lo: number; hi: number }> = {
  red: { lo: 0.15, hi: 0.35 },
  colour: { lo: 0.25, hi: 0.5 },
};
/** Darkness may be at most this many times the local colour measure. */
const COLOUR_CAP = 2.5;
/** The learned ink's own ratio sets the ramp: from this share of it to that share. */
const OWN_RATIO_LO = 0.4;
const OWN_RATIO_HI = 0.75;
/** Below this colour ratio darkness is never ink (black print and its JPEG fringes). */
const RATIO_FLOOR = 0.07;
/** Cap for inks with little colour: darkness up to this over the ink's own ratio. */
const COLOUR_CAP_OWN = 1.25;
/**
 * Coloured ink leaves at least one channel fairly bright (red ink: the red channel). A pixel whose
 * brightest channel is dark is black or a shadowed crossing, however tinted it looks.
 */
const BRIGHT_LO = 0.3;
const BRIGHT_HI = 0.55;
const DARK_FLOOR = 0.01;

/**
 * Black print: dark, with less than this share of the ink's own colour for its darkness. JPEG
 * smears colour over half-resolution blocks, so the anti-aliased rim of a black character next to
 * seal ink comes out dark red: within one pixel of print, a pixel counts as ink only if its colour
 * is nearly the ink's own (RIM_RATIO of it) and, once scaled, it is strong (RIM_STRENGTH).
 */
const PRINT_DARK = 0.35;
const PRINT_GREY = 0.8;
const PRINT_BRIGHT = 0.8;
const PRINT_SHARE = 0.5;
const RIM_RATIO = 0.42;
export const RIM_STRENGTH = 0.7;

const NOISE_BINS = 512;
/** Top of the noise histogram, in raw units. */
const NOISE_RANGE = 0.25;
/** Local full ink is never below this many noise sigmas: noise must not be scaled up into ink. */
const NOISE_K = 6;

/**
 * Robust noise sigma of a plane: the median absolute difference from the 3x3 mean, scaled for a
 * Gaussian. Most of a crop is paper, so edges barely move the median.
 */
function noiseLevel(raw: Float32Array, width: number, height: number): number {
  const hist = new Uint32Array(NOISE_BINS);
  const scale = NOISE_BINS / NOISE_RANGE;
  let count = 0;
  // Every other pixel of every fourth row is plenty for a median.
  for (let y = 1; y < height - 1; y += 4) {
    for (let i = y * width + 1, end = y * width + width - 1; i < end; i += 2) {
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
      count++;
    }
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

/** Divides a raw measure by the local full-ink estimate, in place. */
function scaleToLocalInk(
  raw: Float32Array,
  width: number,
  height: number,
  ws: Workspace,
  spans: Spans,
  auto: boolean,
  rim: Uint8Array | null,
): { softness: number; rings: boolean } {
  const noise = noiseLevel(raw, width, height);
  const g = gridFor(width, height);
  const { full, cells } = inkLevels(raw, width, height, g, Math.max(NOISE_FLOOR, 3 * noise), spans);
  // Automatic clarity: on a soft photo (enlarged, out of focus) every stroke is "thin" next to the
  // blur, and judging each against its own peak swells dense characters into blots; there the
  // strokes are judged against the full ink instead, as the photo's own coverage says.
  const softness = auto ? edgeSoftness(raw, width, height, spans, full) : 0;
  // A thin double border (rings.ts) is judged against the full ink, so that its lines stay apart.
  const rings = auto && thinDoubleRing(raw, width, height, spans, full);
  const thinFloor = !auto ? THIN_FLOOR : rings ? 1 : peakFloor(softness);
  const floor = Math.min(full, Math.max(full * LOCAL_FLOOR, NOISE_K * noise));
  const local = spreadInk(cells, g, floor, full);
  const { x0: x0s, fx: fxs } = columnWeights(g, width);
  const localRow = new Float32Array(g.gw + 1);
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
  const line = ws.i32('rowMaxLine', 2 * (width + 8));
  let filled = 0;
  // The column max is taken on bit patterns too, without branches (noise makes them a coin
  // toss), and read back as a float through a one-element view.
  const cell = new Float32Array(1);
  const cellBits = new Int32Array(cell.buffer);
  const slot = (j: number): number => (j < 0 || j >= height ? zeros : (j % ringRows) * width);
  for (let y = 0; y < height; y++) {
    const last = y + PEAK_RADIUS >= height ? height - 1 : y + PEAK_RADIUS;
    for (; filled <= last; filled++) {
      const lo = spans.lo[filled] as number;
      const hi = spans.hi[filled] as number;
      rowMax7(rawBits, filled * width, width, lo, hi, ringBits, slot(filled), line);
    }
    const xEnd = spans.hi[y] as number;
    let x = spans.lo[y] as number;
    if (x >= xEnd) continue;
    interpolateRow(g, local, y, localRow);
    // The window's 7 rows (PEAK_RADIUS 3 either side).
    const o0 = slot(y - 3);
    const o1 = slot(y - 2);
    const o2 = slot(y - 1);
    const o3 = slot(y);
    const o4 = slot(y + 1);
    const o5 = slot(y + 2);
    const o6 = slot(y + 3);
    for (let i = y * width + x; x < xEnd; x++, i++) {
      const v = raw[i] as number;
      if (v <= 0) continue;
      const x0 = x0s[x] as number;
      const fx = fxs[x] as number;
      const l = (localRow[x0] as number) * (1 - fx) + (localRow[x0 + 1] as number) * fx;
      const m01 = maxBits(ringBits[o0 + x] as number, ringBits[o1 + x] as number);
      const m23 = maxBits(ringBits[o2 + x] as number, ringBits[o3 + x] as number);
      const m45 = maxBits(ringBits[o4 + x] as number, ringBits[o5 + x] as number);
      cellBits[0] = maxBits(maxBits(m01, m23), maxBits(m45, ringBits[o6 + x] as number));
      let p = cell[0] as number;
      // A thin blurred stroke never reaches full ink; judge it against its own peak so that the
      // cut falls near its half height, where the stroke's edge was before the blur.
      if (p > l) p = l;
      else if (p < l * thinFloor) p = l * thinFloor;
      if (p < floor) p = floor;
      const scaled = v / p;
      // A print rim that is not strong ink once scaled is print (see PRINT_DARK).
      raw[i] = rim !== null && rim[i] === 1 && scaled < RIM_STRENGTH ? 0 : scaled;
    }
  }
  return { softness, rings };
}

/** The seal ink's hue as a unit chroma direction, and its brightest channel at full ink. */
export interface InkModel {
  ur: number;
  ug: number;
  ub: number;
  bright: number;
  /** Typical colour-along-hue over darkness of the ink: low for dark, desaturated inks. */
  ratio: number;
  /** Typical saturation of the ink, 1 - darkest / brightest channel: low for faint inks. */
  sat: number;
}

/** Seal red (#e60012-like): chroma direction (2, -1, -1) / sqrt(6). */
const DEFAULT_INK: InkModel = {
  ur: 0.8165,
  ug: -0.4082,
  ub: -0.4082,
  bright: 0.9,
  ratio: 1,
  sat: 0.75,
};
const HUE_BINS = 36;
/** Seal inks: red through orange-red one way and through crimson and purple the other (degrees). */
const HUE_FROM = -80;
const HUE_TO = 40;
/** Pixels that vote on the hue: darker than paper and clearly coloured. */
const VOTE_DARK = 0.12;
const VOTE_CHROMA = 0.07;

/**
 * Learns the seal ink's hue from the photo itself: a chroma-weighted histogram of hue over the
 * clearly coloured pixels, and the peak among the hues seals come in. Maroon and purple inks then
 * count as ink, and black print (no chroma) and blue pens (another hue) still do not.
 */
export function learnInk(n: Planes): InkModel {
  const { r, g, b } = n;
  const hist = new Float32Array(HUE_BINS);
  const sumR = new Float32Array(HUE_BINS);
  const sumG = new Float32Array(HUE_BINS);
  const sumB = new Float32Array(HUE_BINS);
  const hiSum = new Float32Array(HUE_BINS);
  const ratioSum = new Float32Array(HUE_BINS);
  const satSum = new Float32Array(HUE_BINS);
  // Chroma plane axes: x along (2,-1,-1)/sqrt(6) (red), y along (0,1,-1)/sqrt(2).
  const len = r.length;
  // Every third pixel votes: plenty for a histogram of 36 bins.
  for (let i = 0; i < len; i += 3) {
    const rv = r[i] as number;
    const gv = g[i] as number;
    const bv = b[i] as number;
    const m = (rv + gv + bv) / 3;
    if (1 - m < VOTE_DARK) continue;
    const x = (2 * rv - gv - bv) * 0.4082;
    const y = (gv - bv) * Math.SQRT1_2;
    const c = Math.sqrt(x * x + y * y);
    if (c < VOTE_CHROMA) continue;
    const deg = (Math.atan2(y, x) * 180) / Math.PI;
    if (deg < HUE_FROM || deg >= HUE_TO) continue;
    const k = Math.floor(((deg - HUE_FROM) / (HUE_TO - HUE_FROM)) * HUE_BINS);
    hist[k] = (hist[k] as number) + c;
    sumR[k] = (sumR[k] as number) + (rv - m);
    sumG[k] = (sumG[k] as number) + (gv - m);
    sumB[k] = (sumB[k] as number) + (bv - m);
    const hi = rv > gv ? (rv > bv ? rv : bv) : gv > bv ? gv : bv;
    hiSum[k] = (hiSum[k] as number) + hi * c;
    const lo = rv < gv ? (rv < bv ? rv : bv) : gv < bv ? gv : bv;
    if (hi > 0) satSum[k] = (satSum[k] as number) + (1 - lo / hi) * c;
    const dark = 1 - (0.299 * rv + 0.587 * gv + 0.114 * bv);
    if (dark > 0) ratioSum[k] = (ratioSum[k] as number) + ((c * TINT_SCALE) / dark) * c;
  }
  let best = -1;
  let bestW = 0;
  for (let k = 0; k < HUE_BINS; k++) {
    // A three-bin window so that one hue split over two bins still wins.
    const w = (hist[k - 1] ?? 0) + (hist[k] as number) + (hist[k + 1] ?? 0);
    if (w > bestW) {
      bestW = w;
      best = k;
    }
  }
  if (best < 0 || bestW < len * 0.0005) return DEFAULT_INK;
  let cr = 0;
  let cg = 0;
  let cb = 0;
  let hs = 0;
  let rs = 0;
  let ss = 0;
  let ws = 0;
  for (let k = Math.max(0, best - 1); k <= Math.min(HUE_BINS - 1, best + 1); k++) {
    cr += sumR[k] as number;
    cg += sumG[k] as number;
    cb += sumB[k] as number;
    hs += hiSum[k] as number;
    rs += ratioSum[k] as number;
    ss += satSum[k] as number;
    ws += hist[k] as number;
  }
  const norm = Math.sqrt(cr * cr + cg * cg + cb * cb);
  if (norm === 0) return DEFAULT_INK;
  return {
    ur: cr / norm,
    ug: cg / norm,
    ub: cb / norm,
    bright: Math.min(0.9, hs / ws),
    ratio: rs / ws,
    sat: ss / ws,
  };
}

/**
/** What inkStrength learned on the way: the photo's edge softness (auto.ts) and the ink. */
export interface InkStrength {
  softness: number;
  /** Automatic clarity found a thin double border (rings.ts). */
  rings: boolean;
  ink: InkModel;
}

/**
 * Strength of coloured ink. 'red': red excess is 0 for white, gray and black, negative for blue
 * and green, small for yellow; 'colour': chroma, 0 only for white, gray and black.
 */
export function inkStrength(
  n: Planes,
  width: number,
  height: number,
  colour: InkColour,
  out: Float32Array,
  ws: Workspace,
  spans: Spans,
  auto = false,
): InkStrength {
  const { r, g, b } = n;
  const red = colour === 'red';
  const ink = red ? learnInk(n) : DEFAULT_INK;
  const brightLo = Math.min(BRIGHT_LO, ink.bright * 0.5);
  const brightHi = Math.min(BRIGHT_HI, ink.bright * 0.8);
  const gateSpan = 1 / (brightHi - brightLo);
  // One sweep down the image: row y + 1 is measured just before row y's strength needs it, into
  // rings of three rows (slot y % 3) that stay in cache, with a fourth slot of zeros standing in
  // for the rows above the first and below the last. The 3x3 means of darkness and tint are
  // separable: horizontal means per measured row, vertical ones inline below.
  const ring = 4 * width;
  const dark = ws.f32('darkRing', ring);
  const tint = ws.f32('tintRing', ring);
  const darkRows = ws.f32('darkMeanRing', ring);
  const tintRows = ws.f32('tintMeanRing', ring);
  const zeros = 3 * width;
  darkRows.fill(0, zeros);
  tintRows.fill(0, zeros);
  // Black print (red ink only): per pixel into `print` (rims.ts reads it), and spread over a row
  // of three into a ring like the means (the columns are taken below).
  const print = ws.u8('print');
  const printRows = ws.u8('printRing', ring);
  printRows.fill(0, zeros);
  const rim = ws.u8('rim');
  const core: PrintCore = {
    dark: PRINT_DARK,
    tint: PRINT_SHARE * ink.ratio,
    grey: PRINT_GREY,
    bright: PRINT_BRIGHT * ink.bright,
  };
  const rowOut: RowOut = { dark, tint, darkMean: darkRows, tintMean: tintRows };
  const measure = (y: number): void => {
    const at = (y % 3) * width;
    if (red) measureRedRow(n, y * width, width, ink, core, rowOut, at, print, printRows);
    else measureColourRow(n, y * width, width, rowOut, at);
  };
  measure(0);
  // Pixels that are not ink stay at this 0, and no pixel is a rim until found to be one.
  out.fill(0);
  if (red) rim.fill(0);
  const rimRatio = RIM_RATIO * ink.ratio;

  // A dark, desaturated ink has little colour for its darkness: judge it against its own ratio
  // (never more leniently than RATIO_FLOOR, where black print's JPEG fringes sit).
  const ratioLo = Math.max(RATIO_FLOOR, Math.min(RATIO[colour].lo, ink.ratio * OWN_RATIO_LO));
  const ratioHi = Math.max(ratioLo + 0.05, Math.min(RATIO[colour].hi, ink.ratio * OWN_RATIO_HI));
  const colourCap = Math.max(COLOUR_CAP, COLOUR_CAP_OWN / Math.max(ink.ratio, 0.05));
  const ratioSpan = 1 / (ratioHi - ratioLo);
  for (let y = 0; y < height; y++) {
    if (y + 1 < height) measure(y + 1);
    // This row's span of non-zero strength (spans.ts), found on the way.
    let first = width;
    let last = -1;
    // Vertical means over the rows present (one row: the row itself); an absent row is the zero
    // slot, which adds exactly 0.
    const hasUp = y > 0;
    const hasDown = y < height - 1;
    const w = hasUp && hasDown ? 1 / 3 : hasUp || hasDown ? 0.5 : 1;
    const cur = (y % 3) * width;
    const up = hasUp ? ((y + 2) % 3) * width : zeros;
    const down = hasDown ? ((y + 1) % 3) * width : zeros;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const d = dark[cur + x] as number;
      if (d <= DARK_FLOOR) continue;
      // Rounded like a value stored in a float plane (the figures match a separate pass).
      const da = Math.fround(
        ((darkRows[up + x] as number) +
          (darkRows[cur + x] as number) +
          (darkRows[down + x] as number)) *
          w,
      );
      if (da <= DARK_FLOOR) continue;
      const ta = Math.fround(
        ((tintRows[up + x] as number) +
          (tintRows[cur + x] as number) +
          (tintRows[down + x] as number)) *
          w,
      );
      const ratio = ta / da;
      if (ratio <= ratioLo) continue;
      const u = ratio >= ratioHi ? 1 : (ratio - ratioLo) * ratioSpan;
      const cap = ta * colourCap;
      // Coloured ink leaves its brightest channel fairly bright (the gate), taken only here where
      // it can matter; rounded like the float plane it was once kept in.
      const rv = r[i] as number;
      const gv = g[i] as number;
      const bv = b[i] as number;
      const hi = rv > gv ? (rv > bv ? rv : bv) : gv > bv ? gv : bv;
      const s = hi <= brightLo ? 0 : hi >= brightHi ? 1 : (hi - brightLo) * gateSpan;
      const gate = Math.fround(s * s * (3 - 2 * s));
      let v = Math.min(d, cap) * u * u * (3 - 2 * u) * gate;
      if (
        red &&
        (printRows[up + x] as number) |
          (printRows[cur + x] as number) |
          (printRows[down + x] as number)
      ) {
        // Next to black print: the rim of a character, unless it has the ink's own colour.
        if ((tint[cur + x] as number) < rimRatio * d) v = 0;
        else rim[i] = 1;
      }
      out[i] = v;
      if (v > 0) {
        if (x < first) first = x;
        last = x;
      }
    }
    spans.lo[y] = first;
    spans.hi[y] = last + 1;
  }
  const judged = scaleToLocalInk(out, width, height, ws, spans, auto, red ? rim : null);
  return { ...judged, ink };
}

/** Anything but paper: how far the darkest channel is below paper (not rescaled). */
export function markStrength(n: Planes, out: Float32Array): void {
  const { r, g, b } = n;
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.max(0, 1 - Math.min(r[i] as number, g[i] as number, b[i] as number));
  }
}
