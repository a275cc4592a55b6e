/**
 * Extraction quality after the server's JPEG decoders: each synthetic class photo
 * (packages/seal/test/synth) goes through a JPEG round trip (quality 92, as a browser's canvas
 * sends a crop), is decoded once by sharp (libjpeg-turbo, every upload that needs a step) and once
 * by @napi-rs/image (a plain JPEG, apps/server/src/extract/decode.ts), and both are extracted
 * with the defaults (0-auto-0) and scored against the truth. The two decoders round differently,
 * so the figures should match to a few thousandths, not exactly.
 *
 *   node --import tsx bench/decode-quality.ts [perClass=6] [firstSeed=5000]
 */
import { Transformer } from '@napi-rs/image';
import sharp from 'sharp';
import { extractSeal } from '../packages/seal/src/extract';
import type { ClassPhoto } from '../packages/seal/test/synth/classes';
import { classPhotos, figures, figuresTable } from '../packages/seal/test/synth/evaluate';

const perClass = Number(process.argv[2] ?? 6);
const first = Number(process.argv[3] ?? 5000);
const JPEG_QUALITY = 92;

function rgbToRgba(rgb: Uint8Array, pixels: number): Uint8Array {
  const rgba = new Uint8Array(pixels * 4);
  for (let i = 0, q = 0; i < pixels; i++, q += 4) {
    rgba.set(rgb.subarray(i * 3, i * 3 + 3), q);
    rgba[q + 3] = 255;
  }
  return rgba;
}

const photos = await classPhotos(first, perClass);
const bySharp: ClassPhoto[] = [];
const byNapi: ClassPhoto[] = [];
for (const photo of photos) {
  const { width, height } = photo;
  const jpeg = await sharp(photo.rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  const decoded = await sharp(jpeg).ensureAlpha().raw().toBuffer();
  bySharp.push({ ...photo, rgba: new Uint8Array(decoded) });
  byNapi.push({ ...photo, rgba: rgbToRgba(new Transformer(jpeg).rawPixelsSync(), width * height) });
}
const extract = (p: ClassPhoto) =>
  extractSeal(p.rgba, p.width, p.height, { mode: 0, clarity: 'auto', red: 0 });
console.log(
  `${photos.length} photos, seeds ${first}..${first + perClass - 1}, JPEG quality ${JPEG_QUALITY}`,
);
console.log('\nDecoded by sharp (libjpeg-turbo):');
console.log(figuresTable(figures(bySharp, extract)));
console.log('\nDecoded by @napi-rs/image:');
console.log(figuresTable(figures(byNapi, extract)));
