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
import { activeFor } from './active';
import { AUTO_EDGE, rimRadius } from './auto';
import {
  AUTO_CLARITY,
  assertExtractOptions,
  CLARITY,
  type ExtractMode,
  type ExtractOptions,
} from './clarity';
import { gridFor } from './grid';
import { normaliseToPaper, type Planes } from './paper';
import { clearNearPrint } from './rims';
import { RING_EDGE } from './rings';
import { keepSealShape } from './shape';
import { lumaShape, SOFT_SHAPE } from './soft-shape';
import { findSpans, inkRunsFor, spansFor } from './spans';
import { keepConnected, keptBox, type Pieces } from './specks';
import { type InkModel, inkStrength, markStrength, RIM_STRENGTH } from './strength';
import { workspaceFor } from './workspace';

export {
  AUTO_CLARITY,
  assertExtractOptions,
  CLARITY,
  type Clarity,
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

/**
 * Sharp photos, automatic clarity: within this many pixels of black print a pixel needs RIM_SAT of
 * the ink's own saturation (half-covered seal edges darkened by print are ghosts, rims.ts). Three
 * pixels, not two: print found per pixel stops short of the seal where JPEG paints its edge red.
 */
const RIM_REACH = 3;
const RIM_SAT = 0.5;

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
 * Extracts the ink from a photo crop. Returns an RGBA image of the same size, transparent
 * wherever nothing is kept: a new one, or `into` (`width * height * 4` bytes, overwritten whole)
 * when given, so that a caller extracting many crops can reuse one buffer. Throws a RangeError or
 * TypeError on bad arguments.
 */
export function extractSeal(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  options: ExtractOptions,
  into?: Uint8ClampedArray,
): Uint8ClampedArray {
  validateImage(rgba, width, height);
  const { mode, clarity, red } = assertExtractOptions(options);
  const n = width * height;
  if (into !== undefined) {
    // Clamped: paint's colour arithmetic relies on the array's rounding and clamping.
    if (!(into instanceof Uint8ClampedArray)) {
      throw new TypeError('into must be a Uint8ClampedArray');
    }
    if (into.length !== n * 4) {
      throw new RangeError(`into must hold width*height*4 = ${n * 4} bytes (got ${into.length})`);
    }
    if (into.buffer === rgba.buffer) throw new RangeError('into must not share memory with rgba');
  }
  // Written only where ink is painted; everything else is transparent.
  const out = into?.fill(0) ?? new Uint8ClampedArray(n * 4);
  const ws = workspaceFor(n);
  const planes: Planes = {
    rgb: ws.f32('rgb', 3 * n),
    active: activeFor(gridFor(width, height), height, (name, length) => ws.i32(name, length)),
  };
  // One element type for the hot loops (a Buffer, a Uint8Array or a clamped array all come in).
  const bytes = new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.length);
  // Seal mode keeps red inks only: the passes need not walk black print away from them.
  normaliseToPaper(bytes, width, height, planes, mode === 0);

  const strength = ws.f32('strength');
  const spans = spansFor(ws, height);
  const inked = inkRunsFor(ws, width, height);
  const auto = clarity === AUTO_CLARITY && mode === 0;
  let softness = 0;
  let ink: InkModel | null = null;
  let rings = false;
  let printInRow: Uint8Array | null = null;
  if (mode === 0) {
    ({ softness, ink, rings, printInRow } = inkStrength(
      planes,
      width,
      height,
      'red',
      strength,
      ws,
      spans,
      inked,
      auto,
    ));
  } else if (mode === 1) inkStrength(planes, width, height, 'colour', strength, ws, spans, inked);
  else markStrength(planes, width, strength);
  if (mode !== 0 && red === 1) {
    const reds = ws.f32('reds');
    inkStrength(planes, width, height, 'red', reds, ws, spansFor(ws, height), inked);
    for (let i = 0; i < n; i++) {
      const v = reds[i] as number;
      if (v < (strength[i] as number)) strength[i] = v;
    }
  }
  if (mode === 2 || red === 1) findSpans(strength, width, height, spans, planes.active);
  // The runs the passes below walk: in mode 0 only the runs above 0 the strength sweep found
  // (spans.ts: inkRunsFor; every later stage skips pixels at 0), elsewhere the active runs.
  let walk = mode === 0 ? inked : planes.active;

  // Automatic clarity (auto.ts): strokes were judged by how soft the photo's ink edges are (in
  // inkStrength); the cut sits at half the ink, and on a soft photo the test for print rims
  // reaches as far as its edges spread.
  const level = clarity === AUTO_CLARITY ? CLARITY[mode].default : clarity;
  const cut = cutFor(mode, level);
  if (auto && printInRow !== null) {
    // A thin double border's lines, judged against the full ink, are cut a little higher (rings.ts).
    cut.edge = rings ? RING_EDGE : AUTO_EDGE;
    if (softness >= SOFT_SHAPE) {
      const reach = Math.round(softness);
      lumaShape(planes, strength, ws.u8('print'), width, height, reach, ws, spans);
      // It raised pixels at 0 within the active runs.
      walk = planes.active;
    }
    const radius = rimRadius(softness);
    if (radius > 1) {
      clearNearPrint(
        strength,
        ws.u8('print'),
        printInRow,
        width,
        height,
        radius,
        RIM_STRENGTH,
        ws,
        spans,
        walk,
      );
    } else if (ink !== null) {
      // A sharp photo: the seal's own edge next to print keeps only pixels with at least half
      // the ink's colour (rims.ts).
      const colour = { planes, minSat: RIM_SAT * ink.sat };
      clearNearPrint(
        strength,
        ws.u8('print'),
        printInRow,
        width,
        height,
        RIM_REACH,
        0,
        ws,
        spans,
        walk,
        colour,
      );
    }
  }
  const look: Look = red === 2 ? 'flat' : mode === 0 ? 'stamped' : 'own';
  // Seal-red output carries the seal's own opacity, like a drawn seal; alpha still crosses one
  // half exactly at the cut's edge.
  const maxAlpha = look === 'own' ? 1 : SEAL_ALPHA;
  const lo = cut.edge - (0.5 / maxAlpha) * cut.ramp;
  const minArea = Math.max(1, Math.round((cut.minArea512 * n) / (512 * 512)));
  // Candidates are above `lo`; a `lo` below 0 (mode 2's lowest clarity, flat) makes pixels at 0
  // candidates too, within the active runs.
  if (lo <= 0) walk = planes.active;
  const found = keepConnected(
    strength,
    width,
    height,
    lo,
    cut.edge + cut.peakAbove,
    minArea,
    ws,
    spans,
    walk,
  );
  const kept = mode === 0 ? keepSealShape(found.pieces, width, height, found.kept) : found.kept;
  // A few specks are not a seal: answer "nothing found" rather than a page of noise.
  if (kept < n * MIN_SEAL_SHARE) return out;
  paint(out, planes, strength, found.pieces, lo, 1 / cut.ramp, maxAlpha, look);
  return out;
}

/**
 * How kept pixels are coloured. 'flat': one seal red (纯色). 'stamped': seal red with the ink's
 * own shading (denser ink more opaque, a little of its own colour), so the result looks
 * stamped rather than printed. 'own': the ink's own colour, un-mixed from the paper.
 */
type Look = 'flat' | 'stamped' | 'own';

/** The looks as numbers for paint's loop. */
const FLAT = 0;
const OWN = 1;
const STAMPED = 2;

/** Less kept than this share of the image is no seal (an empty result). */
const MIN_SEAL_SHARE = 0.002;
/**
 * Stamped look: alpha at the faintest full ink, as a share of full alpha; above 0.5 / SEAL_ALPHA
 * so that the kept shape (alpha > one half) is the same as the flat look's.
 */
const SHADE_FLOOR = 0.62;
/** Stamped look: share of the ink's own colour mixed into seal red. */
const OWN_COLOUR = 0.25;

/**
 * Soft alpha (a ramp over the cut's edge, on the pieces kept) and colour, in one pass, into `out`
 * (transparent throughout before).
 */
function paint(
  out: Uint8ClampedArray,
  planes: Planes,
  strength: Float32Array,
  pieces: Pieces,
  lo: number,
  inv: number,
  maxAlpha: number,
  look: Look,
): void {
  const { rgb } = planes;
  const { roots, ids, keep } = pieces;
  const mix = 1 - OWN_COLOUR;
  // The parameters the loop reads, as doubles and a small integer once, here: V8 hoists no
  // conversion out of a loop, and would check and convert a parameter at every pixel.
  const from = lo * 1;
  const scale = inv * 1;
  const top = maxAlpha * 1;
  const kind = look === 'flat' ? FLAT : look === 'own' ? OWN : STAMPED;
  // Seal red's share of the stamped colour, the same products as written out per pixel.
  const baseR = RED.r * mix;
  const baseG = RED.g * mix;
  const baseB = RED.b * mix;
  // Only the rows of the box around the kept pieces can hold a painted pixel, and in them only
  // the runs of candidates (specks.ts) whose piece is kept: every pixel of a run is.
  const box = keptBox(pieces);
  if (box.y1 < box.y0) return;
  const { start, lo: runLo, hi: runHi } = pieces.runs;
  for (let c = start[box.y0] as number, c1 = start[box.y1 + 1] as number; c < c1; c++) {
    const first = runLo[c] as number;
    if (keep[ids[roots[first] as number] as number] === 0) continue;
    for (let i = first, end = runHi[c] as number, p = i * 4; i < end; i++, p += 4) {
      const s = strength[i] as number;
      // Comparisons, not Math.min and Math.max, which V8 compiles with NaN and signed-zero
      // handling: the same values, as nothing here is NaN or 0.
      const ramp = (s - from) * scale;
      let a = ramp > KEPT_MIN ? (ramp < 1 ? ramp : 1) : KEPT_MIN;
      if (kind === FLAT) {
        out[p] = RED.r;
        out[p + 1] = RED.g;
        out[p + 2] = RED.b;
      } else {
        // Over white, alpha * colour + (1 - alpha) * white reproduces the normalised pixel.
        const k = 255 / (a > MIN_UNMIX_ALPHA ? a : MIN_UNMIX_ALPHA);
        const c = 3 * i;
        const or = 255 - (1 - (rgb[c] as number)) * k;
        const og = 255 - (1 - (rgb[c + 1] as number)) * k;
        const ob = 255 - (1 - (rgb[c + 2] as number)) * k;
        if (kind === OWN) {
          out[p] = or;
          out[p + 1] = og;
          out[p + 2] = ob;
        } else {
          const shade = SHADE_FLOOR + (1 - SHADE_FLOOR) * (s < 1 ? (s > 0 ? s : 0) : 1);
          if (shade < a) a = shade;
          out[p] = baseR + (or < 0 ? 0 : or) * OWN_COLOUR;
          out[p + 1] = baseG + (og < 0 ? 0 : og) * OWN_COLOUR;
          out[p + 2] = baseB + (ob < 0 ? 0 : ob) * OWN_COLOUR;
        }
      }
      const alpha = a * top * 255;
      out[p + 3] = alpha > 1 ? alpha : 1;
    }
  }
}
