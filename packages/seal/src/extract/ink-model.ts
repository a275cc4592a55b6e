/**
 * The seal ink's own colour, learned from the photo (strength.ts judges pixels against it): a
 * chroma-weighted histogram of hue over clearly coloured pixels, peaked among the hues seals
 * come in, with the ink's brightest channel, colour ratio and saturation at that hue.
 */
import { TINT_SCALE } from './measure';
import type { Planes } from './paper';

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
export const DEFAULT_INK: InkModel = {
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
export function learnInk(n: Planes, width: number): InkModel {
  const { rgb } = n;
  // The seven histograms over the hue bins, one after the other in one array: the vote loop then
  // pays one array's checks per vote, not seven (V8 checks each array at every access in a loop).
  const bins = HUE_BINS;
  const votes = new Float32Array(7 * bins);
  const hist = votes.subarray(0, bins);
  const sumR = votes.subarray(bins, 2 * bins);
  const sumG = votes.subarray(2 * bins, 3 * bins);
  const sumB = votes.subarray(3 * bins, 4 * bins);
  const hiSum = votes.subarray(4 * bins, 5 * bins);
  const ratioSum = votes.subarray(5 * bins, 6 * bins);
  const satSum = votes.subarray(6 * bins, 7 * bins);
  // Chroma plane axes: x along (2,-1,-1)/sqrt(6) (red), y along (0,1,-1)/sqrt(2).
  const len = rgb.length / 3;
  const { start, lo: runLo, hi: runHi } = n.active;
  // Read once: an imported binding is read through its module cell at every use in a loop.
  const tintScale = TINT_SCALE * 1;
  // Every third pixel of every other row votes (plenty for a histogram of 36 bins), where
  // anything can be (active.ts).
  for (let py = 0, row = 0; row < len; py += 2, row += 2 * width) {
    for (let s = start[py] as number, s1 = start[py + 1] as number; s < s1; s++) {
      const end = row + (runHi[s] as number);
      for (let i = row + (runLo[s] as number); i < end; i += 3) {
        const rv = rgb[3 * i] as number;
        const gv = rgb[3 * i + 1] as number;
        const bv = rgb[3 * i + 2] as number;
        const m = (rv + gv + bv) / 3;
        if (1 - m < VOTE_DARK) continue;
        const x = (2 * rv - gv - bv) * 0.4082;
        const y = (gv - bv) * Math.SQRT1_2;
        const c = Math.sqrt(x * x + y * y);
        if (c < VOTE_CHROMA) continue;
        const deg = (Math.atan2(y, x) * 180) / Math.PI;
        if (deg < HUE_FROM || deg >= HUE_TO) continue;
        const k = Math.floor(((deg - HUE_FROM) / (HUE_TO - HUE_FROM)) * HUE_BINS);
        votes[k] = (votes[k] as number) + c;
        votes[bins + k] = (votes[bins + k] as number) + (rv - m);
        votes[2 * bins + k] = (votes[2 * bins + k] as number) + (gv - m);
        votes[3 * bins + k] = (votes[3 * bins + k] as number) + (bv - m);
        const hi = rv > gv ? (rv > bv ? rv : bv) : gv > bv ? gv : bv;
        votes[4 * bins + k] = (votes[4 * bins + k] as number) + hi * c;
        const lo = rv < gv ? (rv < bv ? rv : bv) : gv < bv ? gv : bv;
        if (hi > 0) votes[6 * bins + k] = (votes[6 * bins + k] as number) + (1 - lo / hi) * c;
        const dark = 1 - (0.299 * rv + 0.587 * gv + 0.114 * bv);
        if (dark > 0) {
          votes[5 * bins + k] = (votes[5 * bins + k] as number) + ((c * tintScale) / dark) * c;
        }
      }
    }
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
  // A sixth of the pixels voted: their chroma must add up to a 4000th of the image's pixels.
  if (best < 0 || bestW < len * (0.0005 / 2)) return DEFAULT_INK;
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
