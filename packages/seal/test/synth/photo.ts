/**
 * Synthetic "photo of a stamped paper" with ground truth (Node only).
 *
 * Layers are combined like light through ink: paper * light * shadow * text * signature * seal,
 * each mark as 1 - coverage * (1 - colour). Then optics and the camera: blur, sensor noise,
 * JPEG. Every choice comes from a seeded PRNG, so a seed always gives the same photo.
 */
import sharp from 'sharp';
import { SEAL_ALPHA } from '../../src/draw';
import { gaussianBlur, valueNoise } from './fields';
import { registerSynthFonts } from './fonts';
import { sealLayer, signatureLayer, textLayer } from './layers';
import { type Rng, rng } from './prng';

export const PHOTO_SIZE = 512;

export interface SynthPhoto {
  seed: number;
  width: number;
  height: number;
  /** The JPEG-decoded photo, RGBA. */
  rgba: Uint8Array;
  /** 1 where the seal drawn alone has alpha > 0.5. */
  sealMask: Uint8Array;
  /** 1 where printed black text has coverage > 0.5. */
  textMask: Uint8Array;
  /** 1 where the signature has coverage > 0.5. */
  signatureMask: Uint8Array;
  signatureBlue: boolean;
  /** The generator's choices, for tables and debugging. */
  params: Record<string, number | string | boolean>;
}

/** HSV (h in degrees, s and v in 0..1) to RGB 0..1. */
export function hsv(h: number, s: number, v: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return v - v * s * Math.max(0, Math.min(k, 4 - k, 1));
  };
  return [f(5), f(3), f(1)];
}

export function mask(cover: Float32Array, over: number): Uint8Array {
  const out = new Uint8Array(cover.length);
  for (let i = 0; i < cover.length; i++) out[i] = (cover[i] as number) > over ? 1 : 0;
  return out;
}

const PAPERS: [string, [number, number, number]][] = [
  ['white', [0.96, 0.96, 0.95]],
  ['cream', [0.95, 0.91, 0.8]],
  ['gray', [0.84, 0.84, 0.82]],
  ['bluish', [0.92, 0.94, 0.97]],
  ['recycled', [0.88, 0.85, 0.78]],
];

/** Soft shadow multiplier field: 1 outside, down to 1 - depth inside. */
function shadowField(rand: Rng, size: number): { field: Float32Array; kind: string } {
  const field = new Float32Array(size * size).fill(1);
  const kind = rand.pick(['none', 'edge', 'edge', 'blob']);
  if (kind === 'none') return { field, kind };
  const depth = rand.range(0.12, 0.5);
  const soft = rand.range(10, 90);
  const a = rand.range(0, Math.PI * 2);
  const nx = Math.cos(a);
  const ny = Math.sin(a);
  const off = rand.range(-0.3, 0.3) * size;
  const bx = rand.range(0, size);
  const by = rand.range(0, size);
  const br = rand.range(0.15, 0.45) * size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Signed distance into the shadow.
      const d =
        kind === 'edge'
          ? (x - size / 2) * nx + (y - size / 2) * ny - off
          : br - Math.hypot((x - bx) * 1.3, y - by);
      const t = 1 / (1 + Math.exp(-d / (soft / 3)));
      field[y * size + x] = 1 - depth * t;
    }
  }
  return { field, kind };
}

export async function synthPhoto(seed: number): Promise<SynthPhoto> {
  registerSynthFonts();
  const rand = rng(seed);
  const size = PHOTO_SIZE;
  const n = size * size;
  const tilt = rand.range(-0.1, 0.1);

  const seal = sealLayer(rand, size);
  const text = textLayer(rand, size, tilt);
  const textTone = rand.range(0.02, 0.3);
  const hasSignature = rand.chance(0.75);
  const signature = hasSignature ? signatureLayer(rand, size, seal) : new Float32Array(n);
  const signatureBlue = hasSignature && rand.chance(0.4);
  const sigColour: [number, number, number] = signatureBlue
    ? [rand.range(0.08, 0.2), rand.range(0.12, 0.3), rand.range(0.45, 0.7)]
    : [0.08, 0.08, 0.1];

  // Ink hue from crimson-magenta through red to orange-red.
  const hue = (rand.range(-22, 18) + 360) % 360;
  const inkSat = rand.range(0.7, 0.95);
  const inkVal = rand.range(0.72, 0.97);
  const ink = hsv(hue, inkSat, inkVal);
  const inkMin = rand.range(0.3, 0.95);
  const inkGrain = rand.range(0, 0.35);
  const bleed = rand.range(0, 0.6);
  const inkCover = new Float32Array(n);
  // Coverage: the seal layer's alpha without drawSeal's own opacity.
  for (let i = 0; i < n; i++) inkCover[i] = Math.min(1, (seal.alpha[i] as number) / SEAL_ALPHA);
  gaussianBlur(inkCover, size, size, bleed);
  const patches = valueNoise(rand, size, size, rand.range(25, 120), 3);
  const grain = valueNoise(rand, size, size, rand.range(1.5, 4), 2);

  const [paperName, paperBase] = rand.pick(PAPERS);
  const paper = paperBase.map((v) => Math.min(1, v + rand.range(-0.03, 0.03)));
  const texAmp = rand.range(0.005, 0.04);
  const tex = valueNoise(rand, size, size, rand.range(1, 3), 2);
  const fibre = valueNoise(rand, size, size, rand.range(8, 30), 2);
  const exposure = rand.range(0.65, 1.08);
  const gx = rand.range(-0.35, 0.35);
  const gy = rand.range(-0.35, 0.35);
  const vignette = rand.range(0, 0.35);
  const cast = [1 + rand.range(-0.06, 0.06), 1, 1 + rand.range(-0.08, 0.06)];
  const shadow = shadowField(rand, size);

  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const u = x / size - 0.5;
      const v = y / size - 0.5;
      const light =
        exposure *
        (1 + gx * u + gy * v) *
        (1 - vignette * (u * u + v * v) * 2) *
        (shadow.field[i] as number);
      const surface = 1 + texAmp * ((tex[i] as number) + 0.5 * (fibre[i] as number));
      const density =
        inkMin + (1 - inkMin) * Math.min(1, Math.max(0, 0.6 + (patches[i] as number)));
      const a =
        (inkCover[i] as number) * density * (1 - inkGrain * Math.max(0, grain[i] as number));
      const t = text[i] as number;
      const s = signature[i] as number;
      for (let c = 0; c < 3; c++) {
        const through =
          (1 - a * (1 - (ink[c] as number))) *
          (1 - t * (1 - textTone)) *
          (1 - s * (1 - (sigColour[c] as number)));
        (planes[c] as Float32Array)[i] =
          (paper[c] as number) * surface * light * (cast[c] as number) * through;
      }
    }
  }

  const blur = rand.range(0, 1.1);
  for (const p of planes) gaussianBlur(p, size, size, blur);
  // Phone pipelines sharpen (halos round strokes) and apply a tone curve.
  const sharpen = rand.chance(0.5) ? rand.range(0.2, 1.0) : 0;
  const sharpenSigma = rand.range(0.8, 2);
  if (sharpen > 0) {
    for (const p of planes) {
      const soft = p.slice();
      gaussianBlur(soft, size, size, sharpenSigma);
      for (let i = 0; i < n; i++)
        p[i] = (p[i] as number) + sharpen * ((p[i] as number) - (soft[i] as number));
    }
  }
  const gamma = rand.range(0.8, 1.25);
  // Tone curve through a table: a power per sample is the slowest step otherwise.
  const toneSteps = 4096;
  const toneTop = 1.5;
  const tone = new Float32Array(toneSteps + 2);
  for (let i = 0; i <= toneSteps + 1; i++) tone[i] = ((i / toneSteps) * toneTop) ** gamma;
  for (const p of planes) {
    for (let i = 0; i < n; i++) {
      const v = p[i] as number;
      const f = v <= 0 ? 0 : v >= toneTop ? toneSteps : (v / toneTop) * toneSteps;
      const j = Math.floor(f);
      p[i] = (tone[j] as number) + ((tone[j + 1] as number) - (tone[j] as number)) * (f - j);
    }
  }
  const noise = rand.range(0.004, 0.03);
  const chromaNoise = rand.range(0, 0.5);
  const raw = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const lum = rand.fastGauss() * noise;
    for (let c = 0; c < 3; c++) {
      const v = (planes[c] as Float32Array)[i] as number;
      const noisy = v + lum + rand.fastGauss() * noise * chromaNoise;
      raw[i * 3 + c] = Math.max(0, Math.min(255, Math.round(noisy * 255)));
    }
  }
  const quality = rand.int(60, 90);
  const subsampling = rand.chance(0.8) ? '4:2:0' : '4:4:4';
  const jpeg = await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: subsampling })
    .toBuffer();
  const decoded = await sharp(jpeg).ensureAlpha().raw().toBuffer();

  return {
    seed,
    width: size,
    height: size,
    rgba: new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.length),
    sealMask: mask(seal.alpha, 0.5),
    textMask: mask(text, 0.5),
    signatureMask: mask(signature, 0.5),
    signatureBlue,
    params: {
      name: seal.spec.name,
      diameter: Math.round(seal.diameter),
      hue: Math.round(hue),
      inkMin: +inkMin.toFixed(2),
      paper: paperName,
      exposure: +exposure.toFixed(2),
      shadow: shadow.kind,
      blur: +blur.toFixed(2),
      sharpen: +sharpen.toFixed(2),
      gamma: +gamma.toFixed(2),
      noise: +noise.toFixed(3),
      quality,
      subsampling,
    },
  };
}
