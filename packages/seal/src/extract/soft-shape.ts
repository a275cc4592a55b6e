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
import { spreadMask } from './filters';
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

/** Median darkness of pixels of full strength (every third), or 0 if there are none. */
function fullDarkness(planes: Planes, strength: Float32Array): number {
  const hist = new Uint32Array(BINS);
  let count = 0;
  for (let i = 0; i < strength.length; i += 3) {
    if ((strength[i] as number) <= FULL) continue;
    const d = luma(planes, i);
    const k = d <= 0 ? 0 : d >= 1 ? BINS - 1 : Math.floor(d * BINS);
    hist[k] = (hist[k] as number) + 1;
    count++;
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
  const full = fullDarkness(planes, strength);
  if (full <= 0) return;
  const inv = 1 / full;
  const n = strength.length;
  const seed = ws.u8('shapeSeed');
  for (let i = 0; i < n; i++) seed[i] = (strength[i] as number) > SEED ? 1 : 0;
  const region = ws.u8('shapeRegion');
  spreadMask(seed, width, height, radius, region, ws);
  // Only where the planes were filled (active.ts): elsewhere is paper.
  const { start, lo, hi } = planes.active;
  for (let y = 0; y < height; y++) {
    for (let s = start[y] as number, s1 = start[y + 1] as number; s < s1; s++) {
      for (
        let i = y * width + (lo[s] as number), end = y * width + (hi[s] as number);
        i < end;
        i++
      ) {
        if (region[i] === 0 || print[i] === 1) continue;
        const d = luma(planes, i) * inv;
        // Darker than the full ink is not this ink (print JPEG tinted, a pen); full ink is strong.
        if (d <= 1 && d > (strength[i] as number)) strength[i] = d;
      }
    }
  }
  findSpans(strength, width, height, spans);
}
