import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePlainPng, decodesPlain, expandRgb, normaliseUpload } from '../src/extract/decode';
import { type GrayResult, type ParseResult, runExtractJob } from '../src/extract/jobs';
import { probeUpload } from '../src/extract/probe';
import { EXTRACT_LIMITS } from '../src/limits';
import { encodeRgbaPng } from '../src/seal/png';
import { sealPhotoRgba } from './fixtures/images';

/**
 * normaliseUpload skips its no-op steps (orientation, scaling, flattening, colour conversion) for
 * an upload whose probed header says none of them applies. These tests hold that shortcut to
 * the full pipeline's pixels (PNG and WebP byte for byte; JPEG, which another decoder reads,
 * within a bound), and check that every upload one of those steps would change still takes the
 * full pipeline.
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

/** How far two decodes of the same pixels are apart: the largest and the mean difference. */
function difference(a: Uint8Array, b: Uint8Array): { max: number; mean: number } {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] as number) - (b[i] as number));
    sum += d;
    if (d > max) max = d;
  }
  return { max, mean: sum / a.length };
}

/**
 * A plain JPEG is decoded by @napi-rs/image, not libjpeg-turbo: JPEG lets decoders round their
 * transforms differently, so pixels may differ by a few levels, never by more than this (the
 * bench's photos: at most 4, about 6 % of the bytes, a mean of 0.08).
 */
const JPEG_MAX_DIFFERENCE = 8;
const JPEG_MEAN_DIFFERENCE = 0.5;

describe('normaliseUpload: the plain decode', () => {
  it.each(PLAIN)('%s: decoded alone, the same crop as the full pipeline', async (name, make) => {
    const image = await make();
    const header = await probeUpload(image);
    expect(header).toMatchObject({ metadata: false, plain: true });
    expect(decodesPlain(header)).toBe(true);
    const fast = await normaliseUpload(image, header);
    const full = await normaliseUpload(image);
    expect([fast.width, fast.height]).toEqual([full.width, full.height]);
    expect(fast.data.length).toBe(full.width * full.height * 4);
    if (header.type !== 'jpeg') {
      expect(Buffer.from(fast.data).equals(Buffer.from(full.data))).toBe(true);
      return;
    }
    const { max, mean } = difference(fast.data, full.data);
    expect(max, name).toBeLessThanOrEqual(JPEG_MAX_DIFFERENCE);
    expect(mean, name).toBeLessThan(JPEG_MEAN_DIFFERENCE);
    // Opaque, as the full pipeline's flattening leaves it.
    for (let p = 3; p < fast.data.length; p += 4)
      if (fast.data[p] !== 255) expect.fail(`alpha at ${p}`);
  });

  it.each([
    ['truncated', (jpeg: Buffer) => jpeg.subarray(0, jpeg.length - 200)],
    ['followed by other data', (jpeg: Buffer) => Buffer.concat([jpeg, Buffer.from('trailer')])],
  ])('a plain JPEG %s is left to sharp, as before', async (_name, change) => {
    const image = change(await photo(side, side, jpeg));
    const header = await probeUpload(image);
    expect(decodesPlain(header)).toBe(true);
    const viaSharp = normaliseUpload(image, { ...header, type: 'png' });
    const decoded = normaliseUpload(image, header);
    const [a, b] = await Promise.allSettled([viaSharp, decoded]);
    if (a.status === 'rejected') {
      expect(b.status).toBe('rejected');
      return;
    }
    expect(b.status).toBe('fulfilled');
    if (b.status !== 'fulfilled') return;
    expect(Buffer.from(b.value.data).equals(Buffer.from(a.value.data))).toBe(true);
  });

  it.each([
    ['JPEG', () => photo(side, side, jpeg)],
    ['PNG crop of the web app', () => Promise.resolve(canvasCrop(side, side))],
  ])(
    'a kept plain %s: the parse and a later clarity key extract the same pixels',
    async (_, make) => {
      const image = await make();
      const header = await probeUpload(image);
      const options = { mode: 0, clarity: 'auto', red: 0 } as const;
      const parsed = (await runExtractJob({
        kind: 'parse',
        image,
        ...header,
        options,
      })) as ParseResult;
      expect(parsed.crop).toBe(image);
      const again = (await runExtractJob({ kind: 'gray', crop: image, options })) as GrayResult;
      expect(Buffer.from(again.png).equals(Buffer.from(parsed.png))).toBe(true);
    },
  );

  it.each(NOT_PLAIN)('%s: takes the full pipeline', async (_name, make) => {
    const image = await make();
    const header = await probeUpload(image);
    expect(decodesPlain(header)).toBe(false);
    const crop = await normaliseUpload(image, header);
    const full = await normaliseUpload(image);
    expect(Buffer.from(crop.data).equals(Buffer.from(full.data))).toBe(true);
    expect(Math.max(crop.width, crop.height)).toBeLessThanOrEqual(side);
  });

  it('needs every condition: no hints, metadata, a side over the crop or unplain pixels', () => {
    const plain = {
      type: 'jpeg',
      width: side,
      height: side,
      metadata: false,
      plain: true,
    } as const;
    expect(decodesPlain(plain)).toBe(true);
    expect(decodesPlain(undefined)).toBe(false);
    expect(decodesPlain({ ...plain, metadata: true })).toBe(false);
    expect(decodesPlain({ ...plain, plain: false })).toBe(false);
    expect(decodesPlain({ ...plain, width: side + 1 })).toBe(false);
    expect(decodesPlain({ ...plain, height: side + 1 })).toBe(false);
  });
});

/** The seal photo, opaque, with an alpha channel: the web app's crop (a canvas filled white). */
function opaqueRgba(width: number, height: number, encode: Encode): Promise<Buffer> {
  const { data } = sealPhotoRgba({ width, height });
  return encode(sharp(data, { raw: { width, height, channels: 4 } }).ensureAlpha(1)).toBuffer();
}

/** As a browser's canvas writes it: IHDR, IDAT and IEND, every row unfiltered. */
function canvasCrop(width: number, height: number): Buffer {
  const { data } = sealPhotoRgba({ width, height });
  return encodeRgbaPng(data, width, height);
}

/** A file's IDAT data changed by `edit` (the first IDAT chunk), its CRC made right again. */
function withIdat(png: Buffer, edit: (data: Buffer) => Buffer): Buffer {
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') {
      const data = edit(Buffer.from(png.subarray(at + 8, at + 8 + length)));
      const chunk = Buffer.alloc(data.length + 12);
      chunk.writeUInt32BE(data.length, 0);
      chunk.write('IDAT', 4, 'latin1');
      data.copy(chunk, 8);
      chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
      return Buffer.concat([png.subarray(0, at), chunk, png.subarray(at + 12 + length)]);
    }
    at += 12 + length;
  }
  throw new Error('no IDAT');
}

describe('normaliseUpload: a plain PNG decoded on the worker thread', () => {
  it.each([
    ["the web app's crop (RGBA, IHDR, IDAT, IEND)", () => Promise.resolve(canvasCrop(side, side))],
    ['RGBA from sharp, adaptive filters', () => opaqueRgba(side, side, (p) => p.png())],
    [
      'RGBA, odd size, most compressed',
      () => opaqueRgba(203, 77, (p) => p.png({ compressionLevel: 9 })),
    ],
    ['RGB, unfiltered', () => photo(64, 300, (p) => p.png({ adaptiveFiltering: false }))],
  ])("%s: the full pipeline's pixels, byte for byte", async (_name, make) => {
    const image = await make();
    const header = await probeUpload(image);
    expect(header).toMatchObject({ type: 'png', metadata: false });
    const own = decodePlainPng(image, header);
    expect(own).toBeDefined();
    const full = await normaliseUpload(image);
    expect([own?.width, own?.height]).toEqual([full.width, full.height]);
    expect(Buffer.from(own?.data ?? []).equals(Buffer.from(full.data))).toBe(true);
    const crop = await normaliseUpload(image, header);
    expect(Buffer.from(crop.data).equals(Buffer.from(full.data))).toBe(true);
  });

  it('RGBA with any pixel not opaque is flattened by sharp, as before', async () => {
    const opaque = canvasCrop(64, 64);
    const { data } = sealPhotoRgba({ width: 64, height: 64 });
    data[4 * 100 + 3] = 254;
    const translucent = encodeRgbaPng(data, 64, 64);
    const header = await probeUpload(translucent);
    expect(decodePlainPng(translucent, header)).toBeUndefined();
    expect(decodePlainPng(opaque, await probeUpload(opaque))).toBeDefined();
    const crop = await normaliseUpload(translucent, header);
    const full = await normaliseUpload(translucent);
    expect(Buffer.from(crop.data).equals(Buffer.from(full.data))).toBe(true);
  });

  it.each([
    [
      'deflate data damaged',
      (d: Buffer) => Buffer.from(d.map((b, i) => (i > 20 && i < 40 ? b ^ 0x5a : b))),
    ],
    ['deflate data cut short', (d: Buffer) => d.subarray(0, d.length >> 1)],
  ])('%s (CRC right): sharp decides, as before', async (_name, edit) => {
    const image = withIdat(canvasCrop(128, 128), edit);
    const header = await probeUpload(image);
    const [viaSharp, decoded] = await Promise.allSettled([
      normaliseUpload(image),
      normaliseUpload(image, header),
    ]);
    expect(decoded.status).toBe(viaSharp.status);
    if (viaSharp.status === 'fulfilled' && decoded.status === 'fulfilled') {
      expect(Buffer.from(decoded.value.data).equals(Buffer.from(viaSharp.value.data))).toBe(true);
    }
  });
});

describe('expandRgb: RGB bytes into opaque RGBA', () => {
  // Pixel counts with every remainder by 4 (the word loop takes four at a time), and sources at
  // an aligned and an unaligned offset (the word loop needs the first; the other goes byte-wise).
  it.each([
    [1, 0],
    [3, 0],
    [4, 0],
    [7, 0],
    [262_144, 0],
    [5, 1],
    [8, 3],
    [1_001, 2],
  ])('%i pixels at byte offset %i', (n, offset) => {
    const backing = new Uint8Array(offset + 3 * n + 4);
    for (let i = 0; i < backing.length; i++) backing[i] = (i * 151 + 7) & 255;
    const rgb = backing.subarray(offset, offset + 3 * n);
    const out = new Uint8Array(4 * n).fill(9);
    expandRgb(rgb, out);
    const expected = new Uint8Array(4 * n);
    for (let i = 0; i < n; i++) {
      expected.set(rgb.subarray(3 * i, 3 * i + 3), 4 * i);
      expected[4 * i + 3] = 255;
    }
    expect(Buffer.from(out).equals(Buffer.from(expected))).toBe(true);
  });
});
