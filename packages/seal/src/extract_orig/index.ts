/**
 * Seal extraction from a photo crop (DESIGN §6). Pure: RGBA bytes in, RGBA bytes out, same size.
 *
 * 1. Normalise by a large-scale paper estimate (paper.ts): light, shadow and tint divide out.
 * 2. Per mode, a strength map says how strongly each pixel belongs to the ink kept (strength.ts).
 * 3. The clarity picks a cut: alpha ramps up softly from a lower bound, and only 8-connected
 *    pieces that are big enough and reach a higher bound survive (specks.ts).
 * 4. Colour: seal red in mode 0 and with red=2; otherwise the ink's own colour, un-mixed from the
 *    paper so that the result over white looks like the photo without its paper.
 */

import { SEAL_ALPHA, SEAL_RED } from '../draw';
import { assertExtractOptions, type ExtractMode, type ExtractOptions } from './clarity';
import { normaliseToPaper, type Planes } from './paper';
import { keepConnected } from './specks';
import { inkStrength, markStrength } from './strength';

export {
  assertExtractOptions,
  CLARITY,
  type ClarityRange,
  clarityKey,
  type ExtractMode,
  type ExtractOptions,
  parseClarityKey,
  type RedHandling,
  tryParseClarityKey,
} from './clarity';

/** Seal red as RGB bytes, parsed from drawSeal's colour so that the two can never disagree. */
function hexRgb(hex: string): { r: number; g: number; b: number } {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`SEAL_RED must be #rrggbb (got ${hex})`);
  return {
    r: Number.parseInt(m[1] as string, 16),
    g: Number.parseInt(m[2] as string, 16),
    b: Number.parseInt(m[3] as string, 16),
  };
}
const RED = hexRgb(SEAL_RED);

interface Cut {
  /** Strength at which alpha reaches one half (the edge of a kept stroke). */
  edge: number;
  /** Strength over which alpha ramps from 0 to its maximum: the soft edge. */
  ramp: number;
  /** A piece must reach this much above `edge` somewhere to be kept. */
  peakAbove: number;
  /** A piece must have at least this many pixels, at 512x512; scaled with the image area. */
  minArea512: number;
}

/**
 * Edge strength per clarity level of mode 0. CLARITY[0].default is the level that scores best on
 * the synthetic photos; lower levels keep fainter ink and fatten strokes, higher ones keep only
 * strong ink.
 */
const SEAL_EDGE = [0.42, 0.53, 0.64, 0.75] as const;
/** Mode 2 edge strength: this plus a step per clarity level. */
const PICTURE_EDGE = 0.11;
const PICTURE_STEP = 0.02;

/** Mode 1 has one level; it cuts where mode 0's default does. */
const COLOUR_EDGE = 0.53;

function cutFor(mode: ExtractMode, clarity: number): Cut {
  const common = { ramp: 0.3, peakAbove: 0.2, minArea512: 12 };
  if (mode === 0) return { ...common, edge: SEAL_EDGE[clarity] as number };
  if (mode === 1) return { ...common, edge: COLOUR_EDGE };
  return { edge: PICTURE_EDGE + PICTURE_STEP * clarity, ramp: 0.2, peakAbove: 0.1, minArea512: 12 };
}

function validateImage(rgba: unknown, width: number, height: number): void {
  if (!(rgba instanceof Uint8Array || rgba instanceof Uint8ClampedArray)) {
    throw new TypeError('rgba must be a Uint8Array or Uint8ClampedArray');
  }
  if (!Number.isInteger(width) || width <= 0 || !Number.isInteger(height) || height <= 0) {
    throw new RangeError(`width and height must be positive integers (got ${width}x${height})`);
  }
  if (rgba.length !== width * height * 4) {
    throw new RangeError(
      `rgba must hold width*height*4 = ${width * height * 4} bytes (got ${rgba.length})`,
    );
  }
}

/**
 * A kept pixel's alpha is never 0 (and its byte at least 1), so that "kept" and "alpha > 0" are
 * the same thing and clarity monotonicity holds for both.
 */
const KEPT_MIN = 1e-6;

/** Below this alpha un-mixing divides noise up into garish colours; clamp the divisor. */
const MIN_UNMIX_ALPHA = 0.25;

/**
 * Extracts the ink from a photo crop. Returns a new RGBA image of the same size, transparent
 * wherever nothing is kept. Throws a RangeError or TypeError on bad arguments.
 */
export function extractSeal(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  options: ExtractOptions,
): Uint8ClampedArray {
  validateImage(rgba, width, height);
  const { mode, clarity, red } = assertExtractOptions(options);
  const n = width * height;
  const planes: Planes = {
    r: new Float32Array(n),
    g: new Float32Array(n),
    b: new Float32Array(n),
  };
  normaliseToPaper(rgba, width, height, planes);

  const strength = new Float32Array(n);
  if (mode === 0) inkStrength(planes, width, height, 'red', strength);
  else if (mode === 1) inkStrength(planes, width, height, 'colour', strength);
  else markStrength(planes, strength);
  if (mode !== 0 && red === 1) {
    const reds = new Float32Array(n);
    inkStrength(planes, width, height, 'red', reds);
    for (let i = 0; i < n; i++) {
      const v = reds[i] as number;
      if (v < (strength[i] as number)) strength[i] = v;
    }
  }

  const cut = cutFor(mode, clarity);
  const solid = mode === 0 || red === 2;
  // Seal-red output carries the seal's own opacity, like a drawn seal; alpha still crosses one
  // half exactly at the cut's edge.
  const maxAlpha = solid ? SEAL_ALPHA : 1;
  const lo = cut.edge - (0.5 / maxAlpha) * cut.ramp;
  const keep = new Uint8Array(n);
  const minArea = Math.max(1, Math.round((cut.minArea512 * n) / (512 * 512)));
  keepConnected(
    strength,
    width,
    height,
    lo,
    cut.edge + cut.peakAbove,
    minArea,
    keep,
    new Int32Array(n),
  );

  // Soft alpha: a ramp over the cut's edge, on the pieces that survived.
  const alpha = new Float32Array(n);
  const inv = 1 / cut.ramp;
  for (let i = 0; i < n; i++) {
    if (keep[i] === 0) continue;
    alpha[i] = Math.min(1, Math.max(KEPT_MIN, ((strength[i] as number) - lo) * inv));
  }
  return paint(planes, alpha, maxAlpha, solid);
}

function paint(
  planes: Planes,
  alpha: Float32Array,
  maxAlpha: number,
  solid: boolean,
): Uint8ClampedArray {
  const n = alpha.length;
  const out = new Uint8ClampedArray(n * 4);
  const { r, g, b } = planes;
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const a = alpha[i] as number;
    if (a <= 0) continue;
    if (solid) {
      out[p] = RED.r;
      out[p + 1] = RED.g;
      out[p + 2] = RED.b;
    } else {
      // Over white, alpha * colour + (1 - alpha) * white reproduces the normalised pixel.
      const k = 255 / Math.max(a, MIN_UNMIX_ALPHA);
      out[p] = 255 - (1 - (r[i] as number)) * k;
      out[p + 1] = 255 - (1 - (g[i] as number)) * k;
      out[p + 2] = 255 - (1 - (b[i] as number)) * k;
    }
    out[p + 3] = Math.max(1, a * maxAlpha * 255);
  }
  return out;
}
