import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodesPlain, normaliseUpload } from '../src/extract/jobs';
import { probeUpload } from '../src/extract/probe';
import { EXTRACT_LIMITS } from '../src/limits';
import { sealPhotoRgba } from './fixtures/images';

/**
 * normaliseUpload skips its no-op steps (orientation, scaling, flattening, colour conversion) for
 * an upload whose probed header says none of them applies. These tests hold that shortcut to
 * the full pipeline's bytes, and check that every upload one of those steps would change still
 * takes the full pipeline.
 */

type Encode = (pipeline: Sharp) => Sharp;

/** The seal photo at a size, without alpha, through `encode`. */
function photo(width: number, height: number, encode: Encode): Promise<Buffer> {
  const { data } = sealPhotoRgba({ width, height });
  return encode(sharp(data, { raw: { width, height, channels: 4 } }).removeAlpha()).toBuffer();
}

/** The seal photo keeping an alpha channel (a soft transparent edge), through `encode`. */
function photoWithAlpha(width: number, height: number, encode: Encode): Promise<Buffer> {
  const { data } = sealPhotoRgba({ width, height });
  for (let p = 3; p < data.length; p += 4) data[p] = ((p >> 2) % width) % 256;
  return encode(sharp(data, { raw: { width, height, channels: 4 } })).toBuffer();
}

const jpeg: Encode = (p) => p.jpeg({ quality: 88 });
const side = EXTRACT_LIMITS.cropMaxSide;

const PLAIN: readonly [string, () => Promise<Buffer>][] = [
  ['JPEG 4:2:0, the size of a crop', () => photo(side, side, jpeg)],
  [
    'JPEG 4:4:4, odd size',
    () => photo(333, 201, (p) => p.jpeg({ quality: 95, chromaSubsampling: '4:4:4' })),
  ],
  ['progressive JPEG, wide', () => photo(side, 64, (p) => p.jpeg({ progressive: true }))],
  ['PNG RGB', () => photo(300, side, (p) => p.png())],
  ['WebP lossy', () => photo(256, 256, (p) => p.webp({ quality: 80 }))],
  ['WebP lossless', () => photo(129, 77, (p) => p.webp({ lossless: true }))],
];

const NOT_PLAIN: readonly [string, () => Promise<Buffer>][] = [
  ['larger than a crop (scaled down)', () => photo(side + 1, 100, jpeg)],
  [
    'EXIF orientation (rotated)',
    () => photo(200, 100, (p) => jpeg(p).withMetadata({ orientation: 6 })),
  ],
  ['PNG with alpha (flattened onto white)', () => photoWithAlpha(200, 120, (p) => p.png())],
  ['WebP with alpha', () => photoWithAlpha(160, 90, (p) => p.webp({ lossless: true }))],
  ['greyscale JPEG (to sRGB)', () => photo(200, 200, (p) => p.extractChannel(1).jpeg())],
  ['16-bit PNG', () => photo(120, 80, (p) => p.png().toColourspace('rgb16'))],
  ['embedded colour profile', () => photo(200, 200, (p) => jpeg(p).withIccProfile('p3'))],
];

describe('normaliseUpload: the plain decode', () => {
  it.each(PLAIN)('%s: decoded alone, the same crop as the full pipeline', async (_name, make) => {
    const image = await make();
    const header = await probeUpload(image);
    expect(header).toMatchObject({ metadata: false, plain: true });
    expect(decodesPlain(header)).toBe(true);
    const fast = await normaliseUpload(image, header);
    const full = await normaliseUpload(image);
    expect([fast.width, fast.height]).toEqual([full.width, full.height]);
    expect(fast.data.length).toBe(full.width * full.height * 4);
    expect(fast.data.equals(full.data)).toBe(true);
  });

  it.each(NOT_PLAIN)('%s: takes the full pipeline', async (_name, make) => {
    const image = await make();
    const header = await probeUpload(image);
    expect(decodesPlain(header)).toBe(false);
    const crop = await normaliseUpload(image, header);
    const full = await normaliseUpload(image);
    expect(crop.data.equals(full.data)).toBe(true);
    expect(Math.max(crop.width, crop.height)).toBeLessThanOrEqual(side);
  });

  it('needs every condition: no hints, metadata, a side over the crop or unplain pixels', () => {
    const plain = { width: side, height: side, metadata: false, plain: true };
    expect(decodesPlain(plain)).toBe(true);
    expect(decodesPlain(undefined)).toBe(false);
    expect(decodesPlain({ ...plain, metadata: true })).toBe(false);
    expect(decodesPlain({ ...plain, plain: false })).toBe(false);
    expect(decodesPlain({ ...plain, width: side + 1 })).toBe(false);
    expect(decodesPlain({ ...plain, height: side + 1 })).toBe(false);
  });
});
