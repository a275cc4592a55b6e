/**
 * Shape from luma on a soft photo (automatic clarity). A seal shot 60-200 px across went through
 * JPEG there, which keeps colour at half that resolution, and was then enlarged: its colour is
 * smeared and shifted by several pixels against its brightness. Strength (strength.ts) gates
 * darkness by colour per 3x3 neighbourhood, so on such a photo stroke edges follow the smeared
 * colour and thin strokes come out thin or broken. Within the seal's colour region (as far from
 * strong ink as the edges are soft) a pixel's strength is at least its darkness over the full
 * ink's darkness: the shape comes from luma, which the photo kept at its own resolution. Black
 * print is dark too: print pixels are left alone (and their rims are cleared after, rims.ts).
 */
import { SOFT } from './auto';
import type { Planes } from './paper';
import { findSpans, type Spans } from './spans';
import type { Workspace } from './workspace';

/**
 * Softness (auto.ts) from which the shape comes from luma: where strokes are judged against the
 * full ink. From 2 on the tuning seeds gained 0.002 more at low resolution, but faint ink under
 * text reaches softness 2-2.15, and there print that JPEG tinted became ink (ghosts 0.37 % ->
 * 0.51 %, up to 4 % on one photo).
 */
export const SOFT_SHAPE = SOFT;
/** Strength of "strong ink", which marks the colour region and sets the full ink's darkness. */
const SEED = 0.5;
const FULL = 0.9;
const BINS = 256;

const luma = (planes: Planes, i: number): number =>
  1 -
  (0.299 * (planes.rgb[3 * i] as number) +
    0.587 * (planes.rgb[3 * i + 1] as number) +
    0.114 * (planes.rgb[3 * i + 2] as number));

/**
 * Median darkness of pixels of full strength (every third pixel of the image, by index), or 0 if
 * there are none. Only the spans are read: strength is 0 outside them (a histogram counts the
 * same in any order).
 */
function fullDarkness(
  planes: Planes,
  strength: Float32Array,
  width: number,
  height: number,
  spans: Spans,
): number {
  const hist = new Uint32Array(BINS);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const from = row + (spans.lo[y] as number);
    const to = row + (spans.hi[y] as number);
    // The first index of the span that is a multiple of 3.
    for (let i = from + ((3 - (from % 3)) % 3); i < to; i += 3) {
      if ((strength[i] as number) <= FULL) continue;
      const d = luma(planes, i);
      const k = d <= 0 ? 0 : d >= 1 ? BINS - 1 : Math.floor(d * BINS);
      hist[k] = (hist[k] as number) + 1;
      count++;
    }
  }
  if (count === 0) return 0;
  let seen = 0;
  for (let k = 0; k < BINS; k++) {
    seen += hist[k] as number;
    if (seen * 2 >= count) return (k + 0.5) / BINS;
  }
  return 1;
}

/**
 * Raises strength to darkness / full ink's darkness within `radius` pixels (square window) of
 * strong ink, except on black print and where a pixel is darker than the full ink (print that
 * JPEG tinted, which faint ink on a soft photo otherwise took in: ghosts 0.73 % against 0.47 %
 * on tuning seeds 1048-1095); recomputes the spans.
 *
 * The window is separable, and walked only where it can matter: strong ink lies within the spans,
 * so each row's strong ink is spread along the row only around it (into `wide`, columns
 * from[y]..to[y]), then down the columns as running counts updated along those columns only; a
 * pixel of the active runs is in the colour region when its column's count is above 0. Each
 * row's spread is found before any strength is raised.
 */
export function lumaShape(
  planes: Planes,
  strength: Float32Array,
  print: Uint8Array,
  width: number,
  height: number,
  radius: number,
  ws: Workspace,
  spans: Spans,
): void {
  const full = fullDarkness(planes, strength, width, height, spans);
  if (full <= 0) return;
  const inv = 1 / full;
  const wide = ws.u8('shapeWide');
  const from = ws.i32('shapeFrom', height);
  const to = ws.i32('shapeTo', height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    from[y] = 0;
    to[y] = 0;
    // The row's first and last strong pixel.
    let first = -1;
    let last = -1;
    for (let x = spans.lo[y] as number, end = spans.hi[y] as number; x < end; x++) {
      if ((strength[row + x] as number) > SEED) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    const a = Math.max(0, first - radius);
    const b = Math.min(width, last + radius + 1);
    // Strong pixels within radius of column x: those in [x - radius, x + radius], kept as a
    // running count (strong pixels lie in first..last, inside a - radius .. b + radius).
    let count = 0;
    for (let j = Math.max(0, a - radius); j < a + radius && j < width; j++) {
      if ((strength[row + j] as number) > SEED) count++;
    }
    for (let x = a; x < b; x++) {
      const add = x + radius;
      if (add < width && (strength[row + add] as number) > SEED) count++;
      const drop = x - radius - 1;
      if (x > a && drop >= 0 && (strength[row + drop] as number) > SEED) count--;
      wide[row + x] = count > 0 ? 1 : 0;
    }
    from[y] = a;
    to[y] = b;
  }
  // Down the columns: per column, how many rows within reach have it spread (a running count,
  // updated only along the rows' spread columns), and how many such rows there are at all.
  const counts = ws.i32('shapeCounts', width);
  counts.fill(0);
  let rowsNear = 0;
  for (let j = 0; j < radius && j < height; j++) {
    rowsNear += addRow(counts, wide, j * width, from[j] as number, to[j] as number, 1);
  }
  // Only where the planes were filled (active.ts): elsewhere is paper.
  const { start, lo, hi } = planes.active;
  for (let y = 0; y < height; y++) {
    const add = y + radius;
    if (add < height) {
      rowsNear += addRow(counts, wide, add * width, from[add] as number, to[add] as number, 1);
    }
    const drop = y - radius - 1;
    if (drop >= 0) {
      rowsNear -= addRow(counts, wide, drop * width, from[drop] as number, to[drop] as number, -1);
    }
    if (rowsNear === 0) continue;
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      for (
        let x = lo[s] as number, i = y * width + x, end = y * width + (hi[s] as number);
        i < end;
        i++, x++
      ) {
        if (counts[x] === 0 || print[i] === 1) continue;
        const d = luma(planes, i) * inv;
        // Darker than the full ink is not this ink (print JPEG tinted, a pen); full ink is strong.
        if (d <= 1 && d > (strength[i] as number)) strength[i] = d;
      }
    }
  }
  findSpans(strength, width, height, spans, planes.active);
}

/**
 * Adds `step` times a row's spread columns f..t (of `wide`, from index `row`) to the column
 * counts; returns 1 when the row has any, else 0.
 */
function addRow(
  counts: Int32Array,
  wide: Uint8Array,
  row: number,
  f: number,
  t: number,
  step: number,
): number {
  if (f >= t) return 0;
  for (let x = f, i = row + f; x < t; x++, i++) {
    counts[x] = (counts[x] as number) + step * (wide[i] as number);
  }
  return 1;
}
