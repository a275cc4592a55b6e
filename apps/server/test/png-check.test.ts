import { crc32, deflateSync } from 'node:zlib';
import sharp, { type PngOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { assertPngDecodes, PngDecodeError, pngHeader } from '../src/png-check';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function ihdr(width: number, height: number, depth = 8, colour = 6, interlace = 0): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d.set([depth, colour, 0, 0, interlace], 8);
  return chunk('IHDR', d);
}

/** A hand-made RGBA PNG of `rows` filtered rows (filter byte `filter`), `width` pixels wide. */
function handmade(opts: {
  width?: number;
  height?: number;
  rows?: number;
  filter?: number;
  end?: boolean;
  before?: Buffer[];
}): Buffer {
  const width = opts.width ?? 4;
  const height = opts.height ?? 3;
  const rows = opts.rows ?? height;
  const raw = Buffer.alloc(rows * (1 + width * 4), 0x7f);
  for (let r = 0; r < rows; r++) raw[r * (1 + width * 4)] = opts.filter ?? 0;
  return Buffer.concat([
    SIGNATURE,
    ...(opts.before ?? []),
    ihdr(width, height),
    chunk('IDAT', deflateSync(raw)),
    ...(opts.end === false ? [] : [chunk('IEND', new Uint8Array())]),
  ]);
}

async function encoded(
  channels: 1 | 2 | 3 | 4,
  options: PngOptions = {},
  size = 37,
): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) & 0xff;
  return sharp(pixels, { raw: { width: size, height: size, channels } })
    .png(options)
    .toBuffer();
}

async function verdict(bytes: Buffer): Promise<string> {
  try {
    await assertPngDecodes(bytes);
    return 'ok';
  } catch (err) {
    if (err instanceof PngDecodeError) return 'refused';
    throw err;
  }
}

describe('PNGs that decode', () => {
  it.each([
    ['RGBA 8-bit', () => encoded(4)],
    ['RGB 8-bit', () => encoded(3)],
    ['grey 8-bit', () => encoded(1)],
    ['grey + alpha', () => encoded(2)],
    ['palette', () => encoded(4, { palette: true, colours: 16 })],
    ['palette 2-bit', () => encoded(3, { palette: true, colours: 4 })],
    ['RGBA interlaced (Adam7)', () => encoded(4, { progressive: true })],
    ['grey interlaced, odd size', () => encoded(1, { progressive: true }, 11)],
    ['1x1', () => encoded(4, {}, 1)],
    [
      'RGB 16-bit',
      () =>
        sharp(Buffer.alloc(5 * 7 * 3, 200), { raw: { width: 5, height: 7, channels: 3 } })
          .toColourspace('rgb16')
          .png()
          .toBuffer(),
    ],
    ['hand-made, every filter type', async () => handmade({ filter: 4 })],
  ])('%s', async (_name, make) => {
    const png = await make();
    expect(await verdict(png)).toBe('ok');
    // And sharp agrees it decodes.
    await expect(sharp(png, { failOn: 'error' }).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });
});

describe('PNGs that do not decode', () => {
  const good = handmade({});
  const idatAt = good.indexOf('IDAT') - 4;
  const flip = (at: number) => {
    const b = Buffer.from(good);
    b[at] = (b[at] ?? 0) ^ 0xff;
    return b;
  };
  const brokenZlib = (() => {
    const width = 4;
    const raw = deflateSync(Buffer.alloc(3 * (1 + width * 4)));
    raw[raw.length - 6] = (raw[raw.length - 6] ?? 0) ^ 0x55;
    return Buffer.concat([
      SIGNATURE,
      ihdr(width, 3),
      chunk('IDAT', raw),
      chunk('IEND', new Uint8Array()),
    ]);
  })();

  it.each([
    ['cut inside the header', good.subarray(0, 20)],
    ['cut inside the image data', good.subarray(0, idatAt + 14)],
    ['cut before the end chunk', good.subarray(0, good.length - 12)],
    ['a checksum is wrong', flip(good.length - 13)],
    ['the image data is damaged (checksum recomputed)', brokenZlib],
    ['fewer rows than the header says', handmade({ rows: 2 })],
    ['more rows than the header says', handmade({ rows: 4 })],
    ['an unknown row filter', handmade({ filter: 5 })],
    ['no end chunk', handmade({ end: false })],
    ['a chunk before the header', handmade({ before: [chunk('tEXt', Buffer.from('a\0b'))] })],
    [
      'palette colour type without a palette',
      Buffer.concat([
        SIGNATURE,
        ihdr(2, 2, 8, 3),
        chunk('IDAT', deflateSync(Buffer.alloc(2 * 3))),
        chunk('IEND', new Uint8Array()),
      ]),
    ],
    [
      'RGB at 4 bits (not allowed)',
      Buffer.concat([SIGNATURE, ihdr(2, 2, 4, 2), chunk('IEND', new Uint8Array())]),
    ],
    ['no image data', Buffer.concat([SIGNATURE, ihdr(2, 2), chunk('IEND', new Uint8Array())])],
    ['zero width', Buffer.concat([SIGNATURE, ihdr(0, 2), chunk('IEND', new Uint8Array())])],
  ])('%s', async (_name, png) => {
    expect(await verdict(png)).toBe('refused');
  });

  it('stops inflating at the expected size: a 1x1 header over 50 MB of zeros', async () => {
    const bomb = Buffer.concat([
      SIGNATURE,
      ihdr(1, 1),
      chunk('IDAT', deflateSync(Buffer.alloc(50 * 1024 * 1024))),
      chunk('IEND', new Uint8Array()),
    ]);
    expect(await verdict(bomb)).toBe('refused');
  });

  it('reads the header without decoding', () => {
    expect(pngHeader(handmade({ width: 9, height: 5 }))).toEqual({
      width: 9,
      height: 5,
      bytesPerPixel: 4,
    });
  });

  // The decoded size each colour type and depth implies: the budget checked before inflating.
  it.each([
    [0, 1, 1],
    [0, 8, 1],
    [0, 16, 2],
    [2, 8, 3],
    [2, 16, 6],
    [3, 4, 4],
    [4, 8, 2],
    [4, 16, 4],
    [6, 8, 4],
    [6, 16, 8],
  ])('colour type %i at %i bits decodes to %i bytes per pixel', (colour, depth, bpp) => {
    const png = Buffer.concat([SIGNATURE, ihdr(6300, 6300, depth, colour)]);
    expect(pngHeader(png).bytesPerPixel).toBe(bpp);
  });
});
