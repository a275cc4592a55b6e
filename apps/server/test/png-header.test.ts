import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPlainPngHeader } from '../src/extract/png-header';
import { headerOf, plainPngHeader, probeUpload } from '../src/extract/probe';
import { encodeRgbaPng } from '../src/seal/png';

/**
 * readPlainPngHeader answers for a whole, plain PNG only (8-bit RGB or RGBA, nothing but IHDR,
 * pHYs, IDAT and IEND, every CRC right), and then as sharp's metadata does; every other PNG, and
 * every damaged one, is left to sharp (undefined), never refused here.
 */

const photo = (width = 61, height = 37, channels: 3 | 4 = 3): Sharp =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 50, b: 58, alpha: 1 } } });

/** A chunk with its length and CRC, as bytes. */
function chunk(type: string, data: number[] | Uint8Array = []): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data)]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(body.length - 4, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  return out;
}

/** The file with `extra` inserted right after IHDR (8 + 25 bytes in). */
const afterIhdr = (png: Uint8Array, extra: Buffer) =>
  Buffer.concat([png.subarray(0, 33), extra, png.subarray(33)]);

/** The web app's crop: a canvas's PNG has IHDR, IDAT and IEND only. */
const canvasLike = (width: number, height: number) =>
  encodeRgbaPng(new Uint8Array(width * height * 4).fill(255), width, height);

const PLAIN: readonly [string, () => Promise<Uint8Array> | Uint8Array, boolean][] = [
  ['RGB (sharp: with pHYs)', () => photo().png().toBuffer(), false],
  ['RGBA (sharp)', () => photo(40, 30, 4).png().toBuffer(), true],
  ['RGBA, the size of a crop, as a canvas writes it', () => canvasLike(512, 512), true],
  [
    'RGB, unfiltered, most compressed',
    () => photo(9, 700).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer(),
    false,
  ],
  ['RGB in many IDAT chunks', () => photo(300, 300).png({ compressionLevel: 0 }).toBuffer(), false],
];

const NOT_PLAIN: readonly [string, () => Promise<Uint8Array>][] = [
  ['grey', () => photo().toColourspace('b-w').png().toBuffer()],
  ['grey with alpha', () => photo(20, 20, 4).toColourspace('b-w').png().toBuffer()],
  ['palette', () => photo().png({ palette: true }).toBuffer()],
  ['16-bit', () => photo().toColourspace('rgb16').png().toBuffer()],
  ['interlaced', () => photo().png({ progressive: true }).toBuffer()],
  ['an ICC profile', () => photo().withIccProfile('p3').png().toBuffer()],
  [
    'text',
    async () =>
      afterIhdr(await photo().png().toBuffer(), chunk('tEXt', [...Buffer.from('Author\0me')])),
  ],
  [
    'gamma',
    async () => afterIhdr(await photo().png().toBuffer(), chunk('gAMA', [0, 0, 0xb1, 0x8f])),
  ],
  ['sRGB', async () => afterIhdr(await photo().png().toBuffer(), chunk('sRGB', [0]))],
  [
    'tRNS',
    async () => afterIhdr(await photo().png().toBuffer(), chunk('tRNS', [0, 1, 0, 2, 0, 3])),
  ],
  [
    'EXIF',
    async () => afterIhdr(await photo().png().toBuffer(), chunk('eXIf', [0x4d, 0x4d, 0, 42])),
  ],
  ['a chunk of its own', async () => afterIhdr(await photo().png().toBuffer(), chunk('zzZz', [1]))],
  [
    'data after IEND',
    async () => Buffer.concat([await photo().png().toBuffer(), Buffer.from([0])]),
  ],
  [
    'IEND with data',
    async () => {
      const png = await photo().png().toBuffer();
      return Buffer.concat([png.subarray(0, png.length - 12), chunk('IEND', [0])]);
    },
  ],
  [
    'no IDAT',
    async () => {
      const png = await photo().png().toBuffer();
      return Buffer.concat([png.subarray(0, 33), chunk('IEND')]);
    },
  ],
  [
    'a CRC wrong',
    async () => {
      const png = Buffer.from(await photo().png().toBuffer());
      const at = png.length - 20; // inside the last IDAT's data
      png[at] = (png[at] as number) ^ 1;
      return png;
    },
  ],
];

describe('readPlainPngHeader', () => {
  it.each(PLAIN)('%s: the size, as sharp reads it', async (_name, make, alpha) => {
    const png = await make();
    const meta = await sharp(png).metadata();
    expect(readPlainPngHeader(png)).toEqual({ width: meta.width, height: meta.height, alpha });
    // The probe's answer is sharp's reading of the same file.
    expect(plainPngHeader(png)).toEqual(headerOf('png', meta));
    expect(await probeUpload(png)).toEqual(headerOf('png', meta));
  });

  it.each(NOT_PLAIN)('%s: left to sharp', async (_name, make) => {
    expect(readPlainPngHeader(await make())).toBeUndefined();
  });

  it('a file cut short anywhere is left to sharp', async () => {
    const png = await photo(7, 5).png().toBuffer();
    for (let end = 0; end < png.length; end++) {
      expect(readPlainPngHeader(png.subarray(0, end)), `cut at ${end}`).toBeUndefined();
    }
    expect(readPlainPngHeader(png)).toBeDefined();
  });

  it('never throws on damaged files, and answers only with a size sharp reads', async () => {
    const png = await photo(23, 11).png().toBuffer();
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed;
    };
    for (let i = 0; i < 400; i++) {
      const b = Buffer.from(png);
      for (let k = 0; k < 1 + (next() % 3); k++) b[next() % b.length] = next() & 255;
      const header = readPlainPngHeader(b);
      if (header === undefined) continue;
      const meta = await sharp(b).metadata();
      expect([header.width, header.height]).toEqual([meta.width, meta.height]);
    }
  });

  it('a plain header claiming too many pixels is still refused before decoding (413)', async () => {
    const png = Buffer.from(canvasLike(4, 4));
    // IHDR's width and height, and its CRC made right again.
    png.writeUInt32BE(60000, 16);
    png.writeUInt32BE(60000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    await expect(probeUpload(png)).rejects.toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
  });
});
