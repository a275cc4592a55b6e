/** Quality measures of an extraction against a synthetic photo's ground truth. */
import type { SynthPhoto } from './photo';

/** Alpha above this counts as kept (alpha > 0.5). */
export const KEPT_ALPHA = 127;
/** "Away from the seal" means at least this many pixels from the seal mask. */
export const AWAY_PX = 2;

/** A count of marks pixels and how many of them were kept. */
export interface Kept {
  total: number;
  kept: number;
}

export interface Score {
  /** Intersection over union of kept pixels and the seal mask. */
  iou: number;
  /** Black text pixels that are not seal pixels. */
  text: Kept;
  /** Black text pixels at least AWAY_PX from any seal pixel (edge pixels are shared by both). */
  textAway: Kept;
  /** Pixels of a black signature that are not seal pixels (total 0 when it is blue or absent). */
  signature: Kept;
  /** Pixels with alpha > 0. */
  nonZero: number;
}

export const fraction = (k: Kept): number => (k.total === 0 ? 0 : k.kept / k.total);

export function pool(items: Kept[]): Kept {
  return items.reduce((a, b) => ({ total: a.total + b.total, kept: a.kept + b.kept }), {
    total: 0,
    kept: 0,
  });
}

function keptOff(alpha: Uint8ClampedArray, marks: Uint8Array, seal: Uint8Array): Kept {
  let total = 0;
  let kept = 0;
  for (let i = 0; i < marks.length; i++) {
    if (marks[i] === 1 && seal[i] === 0) {
      total++;
      if ((alpha[i * 4 + 3] as number) > KEPT_ALPHA) kept++;
    }
  }
  return { total, kept };
}

/** IoU of `out`'s alpha > 0.5 against `truth`. */
export function iou(out: Uint8ClampedArray, truth: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < truth.length; i++) {
    const a = (out[i * 4 + 3] as number) > KEPT_ALPHA;
    const t = truth[i] === 1;
    if (a && t) inter++;
    if (a || t) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** The mask grown by `r` pixels (square window). */
export function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const tmp = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r) && !v; xx++) {
        v = mask[y * width + xx] as number;
      }
      tmp[y * width + x] = v;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r) && !v; yy++) {
        v = tmp[yy * width + x] as number;
      }
      out[y * width + x] = v;
    }
  }
  return out;
}

export function score(photo: SynthPhoto, out: Uint8ClampedArray): Score {
  let nonZero = 0;
  for (let i = 3; i < out.length; i += 4) if ((out[i] as number) > 0) nonZero++;
  const near = dilate(photo.sealMask, photo.width, photo.height, AWAY_PX);
  return {
    iou: iou(out, photo.sealMask),
    text: keptOff(out, photo.textMask, photo.sealMask),
    textAway: keptOff(out, photo.textMask, near),
    signature: photo.signatureBlue
      ? { total: 0, kept: 0 }
      : keptOff(out, photo.signatureMask, photo.sealMask),
    nonZero,
  };
}

/** Union of masks, for modes that keep more than the seal. */
export function union(...masks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array((masks[0] as Uint8Array).length);
  for (const m of masks) for (let i = 0; i < m.length; i++) if (m[i] === 1) out[i] = 1;
  return out;
}

/** Per-class measures of issue 17 (classes.ts photos). */
export interface ClassScore {
  /** IoU of kept pixels (alpha > 0.5) with the truth (the seal minus what covers it). */
  iou: number;
  /** Kept area over true area: 1 is right, swollen strokes show above 1.1. */
  fidelity: number;
  /** Kept pixels within AWAY_PX of black print that are not seal ink, over all kept pixels. */
  ghost: number;
  /** Kept pixels and ghost pixels, for pooling. */
  kept: number;
  ghosts: number;
}

export function classScore(
  photo: {
    width: number;
    height: number;
    truth: Uint8Array;
    sealMask: Uint8Array;
    printMask: Uint8Array;
  },
  out: Uint8ClampedArray,
): ClassScore {
  const near = dilate(photo.printMask, photo.width, photo.height, AWAY_PX);
  let kept = 0;
  let ghosts = 0;
  let trueArea = 0;
  for (let i = 0; i < photo.truth.length; i++) {
    if (photo.truth[i] === 1) trueArea++;
    if ((out[i * 4 + 3] as number) <= KEPT_ALPHA) continue;
    kept++;
    if (near[i] === 1 && photo.sealMask[i] === 0) ghosts++;
  }
  return {
    iou: iou(out, photo.truth),
    fidelity: trueArea === 0 ? 0 : kept / trueArea,
    ghost: kept === 0 ? 0 : ghosts / kept,
    kept,
    ghosts,
  };
}
