import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export function readPng(file: string): Rgba {
  const png = PNG.sync.read(readFileSync(file));
  return { width: png.width, height: png.height, data: png.data };
}

export function pixel(img: Rgba, x: number, y: number): [number, number, number, number] {
  const i = (y * img.width + x) * 4;
  return [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0, img.data[i + 3] ?? 0];
}

/** Count of clearly red, mostly opaque pixels (seal ink). */
export function countRed(img: Rgba): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b, a] = [
      img.data[i] ?? 0,
      img.data[i + 1] ?? 0,
      img.data[i + 2] ?? 0,
      img.data[i + 3] ?? 0,
    ];
    if (a > 150 && r > 170 && g < 90 && b < 90) n++;
  }
  return n;
}
