/**
 * The page and the camera of the per-class synthetic photos (classes.ts): marks laid on paper like
 * light through ink, then light, blur, noise and JPEG, optionally shot small and enlarged again.
 */
import sharp from 'sharp';
import { gaussianBlur, valueNoise } from './fields';
import type { Rng } from './prng';

export type Rgb = readonly [number, number, number];

/** One mark layer: coverage 0..1 per pixel and the colour it filters light through (0..1). */
export interface Mark {
  cover: Float32Array;
  colour: Rgb;
  /** Multiplies the coverage (ink density); a plane of 0..1, or a constant. */
  density?: Float32Array | number;
}

export interface Camera {
  paper: Rgb;
  /** Overall exposure and a linear light gradient across the frame. */
  exposure: number;
  gradient: number;
  blur: number;
  sharpen: number;
  noise: number;
  quality: number;
  subsampling: '4:2:0' | '4:4:4';
  /** Shoot at this many pixels across, JPEG, and enlarge back to the page size (0: no). */
  smallPx: number;
}

/** The page's RGB planes (0..1): paper, texture, light, and the marks in order. */
function compose(rand: Rng, size: number, marks: readonly Mark[], cam: Camera): Float32Array[] {
  const n = size * size;
  const tex = valueNoise(rand, size, size, rand.range(1, 3), 2);
  const texAmp = rand.range(0.005, 0.03);
  const a = rand.range(0, Math.PI * 2);
  const gx = Math.cos(a) * cam.gradient;
  const gy = Math.sin(a) * cam.gradient;
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const light =
        cam.exposure *
        (1 + gx * (x / size - 0.5) + gy * (y / size - 0.5)) *
        (1 + texAmp * (tex[i] as number));
      for (let c = 0; c < 3; c++) (planes[c] as Float32Array)[i] = (cam.paper[c] as number) * light;
    }
  }
  for (const m of marks) {
    const density = m.density ?? 1;
    for (let i = 0; i < n; i++) {
      const d = typeof density === 'number' ? density : (density[i] as number);
      const cov = (m.cover[i] as number) * d;
      if (cov <= 0) continue;
      for (let c = 0; c < 3; c++) {
        const p = planes[c] as Float32Array;
        p[i] = (p[i] as number) * (1 - cov * (1 - (m.colour[c] as number)));
      }
    }
  }
  return planes;
}

async function jpegRoundTrip(
  raw: Buffer,
  width: number,
  height: number,
  cam: Camera,
): Promise<Buffer> {
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: cam.quality, chromaSubsampling: cam.subsampling })
    .toBuffer();
  return sharp(jpeg).removeAlpha().raw().toBuffer();
}

/** Renders the page through the camera; returns the decoded RGBA photo at `size` x `size`. */
export async function shoot(
  rand: Rng,
  size: number,
  marks: readonly Mark[],
  cam: Camera,
): Promise<Uint8Array> {
  const planes = compose(rand, size, marks, cam);
  const n = size * size;
  for (const p of planes) gaussianBlur(p, size, size, cam.blur);
  if (cam.sharpen > 0) {
    for (const p of planes) {
      const soft = p.slice();
      gaussianBlur(soft, size, size, 1.2);
      for (let i = 0; i < n; i++)
        p[i] = (p[i] as number) + cam.sharpen * ((p[i] as number) - (soft[i] as number));
    }
  }
  const raw = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const lum = rand.fastGauss() * cam.noise;
    for (let c = 0; c < 3; c++) {
      const v =
        ((planes[c] as Float32Array)[i] as number) + lum + rand.fastGauss() * cam.noise * 0.3;
      raw[i * 3 + c] = Math.max(0, Math.min(255, Math.round(v * 255)));
    }
  }
  let rgb: Buffer;
  if (cam.smallPx > 0) {
    // Drawn small (a seal a few hundred pixels across in a phone photo or a scan), JPEG there,
    // then enlarged to the crop size as the web cropper does.
    const small = await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
      .resize(cam.smallPx, cam.smallPx, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    const shot = await jpegRoundTrip(small, cam.smallPx, cam.smallPx, cam);
    const big = await sharp(shot, { raw: { width: cam.smallPx, height: cam.smallPx, channels: 3 } })
      .resize(size, size, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    rgb = await jpegRoundTrip(big, size, size, { ...cam, quality: Math.min(95, cam.quality + 10) });
  } else {
    rgb = await jpegRoundTrip(raw, size, size, cam);
  }
  const rgba = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    rgba[i * 4] = rgb[i * 3] as number;
    rgba[i * 4 + 1] = rgb[i * 3 + 1] as number;
    rgba[i * 4 + 2] = rgb[i * 3 + 2] as number;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** The coverage shrunk like the photo and enlarged again: what a perfect extractor could keep. */
export async function shrunkMask(
  mask: Uint8Array,
  size: number,
  smallPx: number,
): Promise<Uint8Array> {
  if (smallPx <= 0) return mask;
  const grey = Buffer.alloc(size * size);
  for (let i = 0; i < mask.length; i++) grey[i] = mask[i] ? 255 : 0;
  const small = await sharp(grey, { raw: { width: size, height: size, channels: 1 } })
    .resize(smallPx, smallPx, { kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const big = await sharp(small, { raw: { width: smallPx, height: smallPx, channels: 1 } })
    .resize(size, size, { kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = new Uint8Array(size * size);
  for (let i = 0; i < out.length; i++) out[i] = (big[i] as number) > 127 ? 1 : 0;
  return out;
}
