/**
 * Tiny pure-TypeScript image builder for unit tests: paper, light, and marks laid on it like ink
 * (multiplying transmittance), with anti-aliased shapes given as coverage functions.
 */

export type Rgb = readonly [number, number, number];
/** Coverage 0..1 of a pixel whose centre is (x, y). */
export type Cover = (x: number, y: number) => number;

export interface Sheet {
  width: number;
  height: number;
  /** Interleaved RGB, 0..255 as floats. */
  rgb: Float32Array;
}

const clamp01 = (v: number) => (v < 0 ? 0 : Math.min(v, 1));

export function sheet(width: number, height: number, paper: Rgb = [245, 243, 238]): Sheet {
  const rgb = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(paper, i * 3);
  return { width, height, rgb };
}

/** Lays ink of `colour` with coverage `cover` (times `density`) over the sheet. */
export function ink(s: Sheet, cover: Cover, colour: Rgb, density = 1): Sheet {
  for (let y = 0; y < s.height; y++) {
    for (let x = 0; x < s.width; x++) {
      const a = clamp01(cover(x + 0.5, y + 0.5)) * density;
      if (a === 0) continue;
      const i = (y * s.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        s.rgb[i + c] = (s.rgb[i + c] as number) * (1 - a * (1 - (colour[c] as number) / 255));
      }
    }
  }
  return s;
}

/** Multiplies the sheet by a light field (1 = unchanged). */
export function light(s: Sheet, field: (x: number, y: number) => number): Sheet {
  for (let y = 0; y < s.height; y++) {
    for (let x = 0; x < s.width; x++) {
      const f = field(x + 0.5, y + 0.5);
      const i = (y * s.width + x) * 3;
      for (let c = 0; c < 3; c++) s.rgb[i + c] = (s.rgb[i + c] as number) * f;
    }
  }
  return s;
}

export function toRgba(s: Sheet): Uint8ClampedArray {
  const out = new Uint8ClampedArray(s.width * s.height * 4);
  for (let i = 0; i < s.width * s.height; i++) {
    out[i * 4] = s.rgb[i * 3] as number;
    out[i * 4 + 1] = s.rgb[i * 3 + 1] as number;
    out[i * 4 + 2] = s.rgb[i * 3 + 2] as number;
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** Ring of radius r (to the middle of the line) and line width w. */
export const ring =
  (cx: number, cy: number, r: number, w: number): Cover =>
  (x, y) =>
    clamp01(w / 2 + 0.5 - Math.abs(Math.hypot(x - cx, y - cy) - r));

export const disc =
  (cx: number, cy: number, r: number): Cover =>
  (x, y) =>
    clamp01(r + 0.5 - Math.hypot(x - cx, y - cy));

/** Axis-aligned rectangle [x0, x1) x [y0, y1), pixel-exact. */
export const rect =
  (x0: number, y0: number, x1: number, y1: number): Cover =>
  (x, y) =>
    x >= x0 && x < x1 && y >= y0 && y < y1 ? 1 : 0;

/** Straight stroke from (x0, y0) to (x1, y1) of width w, round caps. */
export const line =
  (x0: number, y0: number, x1: number, y1: number, w: number): Cover =>
  (x, y) => {
    const dx = x1 - x0;
    const dy = y1 - y0;
    const t = clamp01(((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy));
    return clamp01(w / 2 + 0.5 - Math.hypot(x - x0 - t * dx, y - y0 - t * dy));
  };

/** Pixels where a cover is above one half, as a 0/1 mask. */
export function maskOf(width: number, height: number, cover: Cover): Uint8Array {
  const m = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) m[y * width + x] = cover(x + 0.5, y + 0.5) > 0.5 ? 1 : 0;
  }
  return m;
}
