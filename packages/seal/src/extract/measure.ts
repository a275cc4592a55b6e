/**
 * Per-row measures behind the ink strength (strength.ts): darkness and tint of each pixel, their
 * means over a horizontal window of 3, and (red ink) black print and its spread over 3 pixels.
 * One loop per row does all of them: the row is read once, and the window means slide along
 * with it instead of walking the row again (a pass per measure cost more than the arithmetic).
 * Every value is rounded to float32 where it used to be stored in a float plane, so the figures
 * are those of separate passes, bit for bit.
 */
import type { Planes } from './paper';

/** Projection onto the unit chroma direction, scaled to read like red excess for seal red. */
export const TINT_SCALE = 1.22;

/** The seal ink's hue as a unit chroma direction (see learnInk). */
export interface InkHue {
  ur: number;
  ug: number;
  ub: number;
}

/** The thresholds of black print for one image (see PRINT_DARK in strength.ts). */
export interface PrintCore {
  dark: number;
  /** Tint below this share of the darkness (the ink's own ratio times PRINT_SHARE). */
  tint: number;
  grey: number;
  bright: number;
}

/**
 * Exactly `v > 0 ? v : 0` for a finite v, without a branch (on noisy paper the sign is a coin
 * toss, and a mispredicted branch costs more than the arithmetic): v + |v| is 2v, or +0.
 */
export const positive = (v: number): number => (v + Math.abs(v)) * 0.5;

/**
 * A number as a double, converted where this is called: `x * 1` is x for every number (and -0
 * stays -0), but V8 then keeps the product in a float register instead of a tagged value that
 * each use in a loop converts again.
 */
export const num = (x: number): number => x * 1;

/** One row's outputs: measures and their 3-wide means, all from index `at` of ring planes. */
export interface RowOut {
  dark: Float32Array;
  tint: Float32Array;
  darkMean: Float32Array;
  tintMean: Float32Array;
}

const THIRD = 1 / 3;

/**
 * Red ink: darkness, tint along the ink's hue, and black print (dark, little of the ink's colour
 * for its darkness, no bright channel: a grey or black pixel's brightest channel falls with its
 * darkness), judged on the float32 values as stored. `print` is a whole plane (rims.ts reads
 * it); `printOr` gets the print spread over 3 pixels from index `at`. Both must be 0 where this
 * row's pixels are (only print is written: most pixels are not). Returns 1 when the row holds
 * print (rims.ts then looks at it), else 0.
 */
export function measureRedRow(
  n: Planes,
  row: number,
  width: number,
  ink: InkHue,
  core: PrintCore,
  o: RowOut,
  at: number,
  print: Uint8Array,
  printOr: Uint8Array,
): number {
  const { rgb } = n;
  const { dark, tint, darkMean, tintMean } = o;
  // Numbers as doubles and integers once, here: V8 hoists no conversion out of a loop, and
  // would otherwise check and convert each of them (an object's field, a parameter, an
  // exported constant) at every pixel.
  const ur = num(ink.ur);
  const ug = num(ink.ug);
  const ub = num(ink.ub);
  const scale = num(TINT_SCALE);
  const coreDark = num(core.dark);
  const coreTint = num(core.tint);
  const grey = num(core.grey);
  const bright = num(core.bright);
  row |= 0;
  width |= 0;
  at |= 0;
  // The window's two previous values (x - 2, x - 1) of each measure.
  let d2 = 0;
  let d1 = 0;
  let t2 = 0;
  let t1 = 0;
  // Whether any pixel is dark with little of the ink's colour: print's first test, taken
  // without a branch (at the edges of ink it is a coin toss) and followed up below, in the rare
  // runs where it holds. The full test in this loop cost more than the loop itself: its live
  // values crowded out the registers.
  let candidates = 0;
  // From the second pixel on, the mean of the window ending there goes to the one before; at the
  // second pixel that is the row's first, whose mean closeRow then writes over the pixels present
  // (one counter and one test fewer than waiting for the third pixel).
  const end = at + width;
  for (let i = row, j = at; j < end; i++, j++) {
    const rv = rgb[3 * i] as number;
    const gv = rgb[3 * i + 1] as number;
    const bv = rgb[3 * i + 2] as number;
    // positive(), written out (a call through the module's export is checked at every pixel).
    const dv = 1 - (0.299 * rv + 0.587 * gv + 0.114 * bv);
    const tv = (rv * ur + gv * ug + bv * ub) * scale;
    const d = Math.fround((dv + Math.abs(dv)) * 0.5);
    const t = Math.fround((tv + Math.abs(tv)) * 0.5);
    dark[j] = d;
    tint[j] = t;
    candidates |= +(d > coreDark) & +(t < coreTint * d);
    if (j > at) {
      darkMean[j - 1] = (d2 + d1 + d) * THIRD;
      tintMean[j - 1] = (t2 + t1 + t) * THIRD;
    }
    d2 = d1;
    d1 = d;
    t2 = t1;
    t1 = t;
  }
  closeRow(o, at, width);
  if (candidates === 0) return 0;
  // The same test on the values as stored (float32, as d and t were above), then the bright one.
  let any = 0;
  const last = at + width - 1;
  for (let i = row, j = at; j <= last; i++, j++) {
    const d = dark[j] as number;
    if (!(d > coreDark && (tint[j] as number) < coreTint * d)) continue;
    const rv = rgb[3 * i] as number;
    const gv = rgb[3 * i + 1] as number;
    const bv = rgb[3 * i + 2] as number;
    const hi = rv > gv ? (rv > bv ? rv : bv) : gv > bv ? gv : bv;
    if (hi < 1 - grey * d && hi < bright) {
      // Both planes come zeroed (print per image, printOr per row): only print is written,
      // and its spread over the pixels present either side.
      print[i] = 1;
      any = 1;
      if (j > at) printOr[j - 1] = 1;
      printOr[j] = 1;
      if (j < last) printOr[j + 1] = 1;
    }
  }
  return any;
}

/** Any colour: darkness and chroma (max - min channel), with their 3-wide means. */
export function measureColourRow(
  n: Planes,
  row: number,
  width: number,
  o: RowOut,
  at: number,
): void {
  const { rgb } = n;
  const { dark, tint, darkMean, tintMean } = o;
  let d2 = 0;
  let d1 = 0;
  let t2 = 0;
  let t1 = 0;
  for (let x = 0, i = row, j = at; x < width; x++, i++, j++) {
    const rv = rgb[3 * i] as number;
    const gv = rgb[3 * i + 1] as number;
    const bv = rgb[3 * i + 2] as number;
    const d = Math.fround(positive(1 - (0.299 * rv + 0.587 * gv + 0.114 * bv)));
    const hi = rv > gv ? (rv > bv ? rv : bv) : gv > bv ? gv : bv;
    const lo = rv < gv ? (rv < bv ? rv : bv) : gv < bv ? gv : bv;
    const t = Math.fround(positive(hi - lo));
    dark[j] = d;
    tint[j] = t;
    if (x >= 2) {
      darkMean[j - 1] = (d2 + d1 + d) * THIRD;
      tintMean[j - 1] = (t2 + t1 + t) * THIRD;
    }
    d2 = d1;
    d1 = d;
    t2 = t1;
    t1 = t;
  }
  closeRow(o, at, width);
}

/** The means at both ends of a row, over the pixels present. */
function closeRow(o: RowOut, at: number, width: number): void {
  const { dark, tint, darkMean, tintMean } = o;
  if (width === 1) {
    darkMean[at] = dark[at] as number;
    tintMean[at] = tint[at] as number;
    return;
  }
  const last = at + width - 1;
  darkMean[at] = ((dark[at] as number) + (dark[at + 1] as number)) * 0.5;
  tintMean[at] = ((tint[at] as number) + (tint[at + 1] as number)) * 0.5;
  darkMean[last] = ((dark[last - 1] as number) + (dark[last] as number)) * 0.5;
  tintMean[last] = ((tint[last - 1] as number) + (tint[last] as number)) * 0.5;
}
