/** Rendering PDF pages with poppler's pdftoppm and finding coloured marks in the pixels. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** RGB, 3 bytes a pixel, rows top to bottom. */
  readonly data: Uint8Array;
}

export const scratch = mkdtempSync(join(tmpdir(), 'yinzhang-pdf-'));
// Each test file loads this module afresh, so each removes its own folder.
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
export function tempFile(bytes: Uint8Array, ext = 'pdf'): string {
  const path = join(scratch, `f${files++}.${ext}`);
  writeFileSync(path, bytes);
  return path;
}

function parsePpm(buf: Buffer): Raster {
  // "P6\n<w> <h>\n255\n" then the pixels.
  const head = buf.subarray(0, 64).toString('latin1');
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
  if (!m) throw new Error('pdftoppm did not write a PPM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  return { width, height, data: new Uint8Array(buf.subarray(m[0].length)) };
}

/** One page (1-based) as the viewer shows it: the CropBox, turned by /Rotate. */
export function renderPage(
  pdf: Uint8Array | string,
  page: number,
  dpi = 36,
  password?: string,
): Raster {
  const path = typeof pdf === 'string' ? pdf : tempFile(pdf);
  const args = ['-r', String(dpi), '-f', String(page), '-l', String(page), '-cropbox'];
  if (password !== undefined) args.push('-upw', password);
  args.push(path);
  return parsePpm(execFileSync('pdftoppm', args, { maxBuffer: 1 << 28 }));
}

export type Rgb = readonly [number, number, number];
export const isRed = ([r, g, b]: Rgb) => r > 180 && g < 90 && b < 90;
export const isBlue = ([r, g, b]: Rgb) => b > 180 && r < 90 && g < 90;
export const isBlack = ([r, g, b]: Rgb) => r < 60 && g < 60 && b < 60;

export function pixel(img: Raster, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 3;
  return [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0];
}

export interface FracBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding box of the pixels that pass `test`, as fractions of the image; undefined if none. */
export function findBox(img: Raster, test: (p: Rgb) => boolean): FracBox | undefined {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!test(pixel(img, x, y))) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return undefined;
  return {
    x: x0 / img.width,
    y: y0 / img.height,
    width: (x1 + 1 - x0) / img.width,
    height: (y1 + 1 - y0) / img.height,
  };
}

export function qpdfCheck(pdf: Uint8Array, password?: string): string {
  const args = ['--check', ...(password === undefined ? [] : [`--password=${password}`])];
  return execFileSync('qpdf', [...args, tempFile(pdf)], { encoding: 'utf8' });
}
