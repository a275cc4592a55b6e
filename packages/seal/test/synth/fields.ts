/** Float image fields for the synthetic photos: smooth noise and Gaussian blur. */
import type { Rng } from './prng';

/**
 * Smooth value noise in about [-1, 1]: random values on a grid `cell` pixels apart,
 * interpolated with smoothstep. Octaves halve the cell and the amplitude.
 */
export function valueNoise(
  rand: Rng,
  width: number,
  height: number,
  cell: number,
  octaves = 1,
): Float32Array {
  const out = new Float32Array(width * height);
  const x0s = new Int32Array(width);
  const txs = new Float32Array(width);
  let amp = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const c = Math.max(1, cell / 2 ** o);
    const gw = Math.ceil(width / c) + 2;
    const gh = Math.ceil(height / c) + 2;
    const grid = new Float32Array(gw * gh);
    for (let i = 0; i < grid.length; i++) grid[i] = rand.range(-1, 1);
    for (let x = 0; x < width; x++) {
      const gx = x / c;
      const x0 = Math.floor(gx);
      const t = gx - x0;
      x0s[x] = x0;
      txs[x] = t * t * (3 - 2 * t);
    }
    for (let y = 0; y < height; y++) {
      const gy = y / c;
      const y0 = Math.floor(gy);
      let ty = gy - y0;
      ty = ty * ty * (3 - 2 * ty);
      const r0 = y0 * gw;
      const r1 = r0 + gw;
      const row = y * width;
      for (let x = 0; x < width; x++) {
        const x0 = x0s[x] as number;
        const tx = txs[x] as number;
        const a = grid[r0 + x0] as number;
        const b = grid[r0 + x0 + 1] as number;
        const d = grid[r1 + x0] as number;
        const e = grid[r1 + x0 + 1] as number;
        const top = a + (b - a) * tx;
        const bot = d + (e - d) * tx;
        out[row + x] = (out[row + x] as number) + amp * (top + (bot - top) * ty);
      }
    }
    total += amp;
    amp /= 2;
  }
  const k = 1 / total;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * k;
  return out;
}

function kernel(sigma: number): Float32Array {
  const r = Math.ceil(sigma * 3);
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) {
    const v = Math.exp((-i * i) / (2 * sigma * sigma));
    k[i + r] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] as number) / sum;
  return k;
}

/** Convolves `count` samples of `src` (start, stride) with `k`, edges clamped, into `line`. */
function convolveLine(
  src: Float32Array,
  start: number,
  stride: number,
  count: number,
  k: Float32Array,
  padded: Float32Array,
): void {
  const r = (k.length - 1) / 2;
  for (let i = -r; i < count + r; i++) {
    const j = i < 0 ? 0 : i >= count ? count - 1 : i;
    padded[i + r] = src[start + j * stride] as number;
  }
  for (let i = 0; i < count; i++) {
    let acc = 0;
    for (let j = 0; j < k.length; j++) acc += (padded[i + j] as number) * (k[j] as number);
    src[start + i * stride] = acc;
  }
}

/** In-place separable Gaussian blur of one plane (edges clamped). */
export function gaussianBlur(plane: Float32Array, width: number, height: number, sigma: number) {
  if (sigma < 0.2) return;
  const k = kernel(sigma);
  const r = (k.length - 1) / 2;
  const padded = new Float32Array(width + k.length);
  for (let y = 0; y < height; y++) convolveLine(plane, y * width, 1, width, k, padded);
  // Vertical pass row by row (whole rows at a time stay in cache).
  const src = plane.slice();
  plane.fill(0);
  for (let y = 0; y < height; y++) {
    const out = y * width;
    for (let j = -r; j <= r; j++) {
      const yy = y + j < 0 ? 0 : y + j >= height ? height - 1 : y + j;
      const w = k[j + r] as number;
      const from = yy * width;
      for (let x = 0; x < width; x++) {
        plane[out + x] = (plane[out + x] as number) + w * (src[from + x] as number);
      }
    }
  }
}
