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

import type { Active } from './active';
import { DEFAULT_INK, type InkModel, learnInk } from './ink-model';
import { scaleToLocalInk } from './local-scale';
import { measureColourRow, measureRedRow, type PrintCore, type RowOut } from './measure';
import type { Planes } from './paper';
import type { Spans } from './spans';
import type { Workspace } from './workspace';

export { type InkModel, learnInk } from './ink-model';
export { RIM_STRENGTH } from './local-scale';

/** Which colour measure picks the ink: red excess r - max(g, b), or chroma max - min. */
export type InkColour = 'red' | 'colour';

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
/**
 * Darkness at or below this (the pixel's, or its 3x3 mean) is paper and its noise: strength 0.
 * Below the noise floor of the full-ink estimate (local-scale.ts), and 0.01 before: paper noise
 * between them gave a fifth of a crop a sliver of strength that every later stage walked, and
 * changed no class's figures by more than 0.0005 IoU on development seeds.
 */
const DARK_FLOOR = 0.05;

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

/** What inkStrength learned on the way: the photo's edge softness (auto.ts) and the ink. */
export interface InkStrength {
  softness: number;
  /** Automatic clarity found a thin double border (rings.ts). */
  rings: boolean;
  ink: InkModel;
  /**
   * Red ink: per row, 1 when it holds black print (rims.ts walks only those rows' print); null
   * for other colours, which find no print.
   */
  printInRow: Uint8Array | null;
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
  inked: Active,
  auto = false,
): InkStrength {
  const { rgb, active } = n;
  const red = colour === 'red';
  const ink = red ? learnInk(n, width) : DEFAULT_INK;
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
  const printInRow = ws.u8('printInRow', height);
  const rim = ws.u8('rim');
  const core: PrintCore = {
    dark: PRINT_DARK,
    tint: PRINT_SHARE * ink.ratio,
    grey: PRINT_GREY,
    bright: PRINT_BRIGHT * ink.bright,
  };
  const rowOut: RowOut = { dark, tint, darkMean: darkRows, tintMean: tintRows };
  // Only the row's active runs are measured (active.ts); elsewhere the means and the print are 0
  // for the rows above and below to read. A separate function, not a closure: what a closure
  // captures lives in a context object, and the loop below would then load and check each such
  // variable at every pixel.
  const sweep: Sweep = { n, width, red, ink, core, rowOut, print, printRows, printInRow };
  const { start, lo: runLo, hi: runHi } = active;
  // No print outside the runs either (rims.ts reads the whole plane).
  if (red) print.fill(0);
  measureRow(sweep, 0);
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
  // The runs of strength above 0 (spans.ts: inkRunsFor), found on the way; a row's span is
  // from its first run's start to its last run's end.
  const { start: inkStart, lo: inkLo, hi: inkHi } = inked;
  let runs = 0;
  for (let y = 0; y < height; y++) {
    if (y + 1 < height) measureRow(sweep, y + 1);
    const rowRuns = runs;
    inkStart[y] = rowRuns;
    // One past the last column above 0 so far: a pixel there extends the run.
    let end = -1;
    // Vertical means over the rows present (one row: the row itself); an absent row is the zero
    // slot, which adds exactly 0.
    const hasUp = y > 0;
    const hasDown = y < height - 1;
    const w = hasUp && hasDown ? 1 / 3 : hasUp || hasDown ? 0.5 : 1;
    const cur = (y % 3) * width;
    const up = hasUp ? ((y + 2) % 3) * width : zeros;
    const down = hasDown ? ((y + 1) % 3) * width : zeros;
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      const xEnd = runHi[s] as number;
      for (let x = runLo[s] as number, i = y * width + x; x < xEnd; x++, i++) {
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
        const rv = rgb[3 * i] as number;
        const gv = rgb[3 * i + 1] as number;
        const bv = rgb[3 * i + 2] as number;
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
          if (x === end) inkHi[runs - 1] = x + 1;
          else {
            inkLo[runs] = x;
            inkHi[runs] = x + 1;
            runs++;
          }
          end = x + 1;
        }
      }
    }
    spans.lo[y] = runs > rowRuns ? (inkLo[rowRuns] as number) : width;
    spans.hi[y] = runs > rowRuns ? (inkHi[runs - 1] as number) : 0;
  }
  inkStart[height] = runs;
  const judged = scaleToLocalInk(out, width, height, ws, spans, inked, auto, red ? rim : null);
  return { ...judged, ink, printInRow: red ? printInRow : null };
}

/** What measuring a row needs (inkStrength's sweep). */
interface Sweep {
  n: Planes;
  width: number;
  red: boolean;
  ink: InkModel;
  core: PrintCore;
  rowOut: RowOut;
  print: Uint8Array;
  printRows: Uint8Array;
  printInRow: Uint8Array;
}

/** Row y's measures and their horizontal means into ring slot y % 3, along its active runs. */
function measureRow(m: Sweep, y: number): void {
  const { n, width, red, ink, core, rowOut, print, printRows } = m;
  const { start, lo: runLo, hi: runHi } = n.active;
  const at = (y % 3) * width;
  rowOut.darkMean.fill(0, at, at + width);
  rowOut.tintMean.fill(0, at, at + width);
  printRows.fill(0, at, at + width);
  let any = 0;
  for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
    const lo = runLo[s] as number;
    const w = (runHi[s] as number) - lo;
    const row = y * width + lo;
    if (red) any |= measureRedRow(n, row, w, ink, core, rowOut, at + lo, print, printRows);
    else measureColourRow(n, row, w, rowOut, at + lo);
  }
  m.printInRow[y] = any;
}

/** Anything but paper: how far the darkest channel is below paper (not rescaled). */
export function markStrength(n: Planes, width: number, out: Float32Array): void {
  const { rgb, active } = n;
  const { start, lo, hi } = active;
  out.fill(0);
  for (let y = 0; y * width < out.length; y++) {
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      for (
        let i = y * width + (lo[s] as number), end = y * width + (hi[s] as number);
        i < end;
        i++
      ) {
        const c = 3 * i;
        out[i] = Math.max(
          0,
          1 - Math.min(rgb[c] as number, rgb[c + 1] as number, rgb[c + 2] as number),
        );
      }
    }
  }
}
