import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPlainJpegHeader } from '../src/extract/jpeg-header';
import { headerOf, plainJpegHeader, probeUpload } from '../src/extract/probe';
import { sealPhotoJpeg } from './fixtures/images';

/**
 * readPlainJpegHeader answers for a plain JPEG only, and then exactly as sharp's metadata does;
 * every other JPEG, and every damaged header, is left to sharp (undefined), never refused here.
 */

const photo = (width = 61, height = 37): Sharp =>
  sharp({ create: { width, height, channels: 3, background: '#c8323a' } });

/** Byte surgery: `segment` (marker and payload) inserted right after SOI. */
function withSegment(jpeg: Uint8Array, marker: number, payload: number[]): Buffer {
  const length = payload.length + 2;
  const segment = [0xff, marker, length >> 8, length & 255, ...payload];
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from(segment), jpeg.subarray(2)]);
}

/** The offset of the first SOFn marker's length field. */
function sofAt(jpeg: Uint8Array): number {
  for (let at = 2; at + 4 < jpeg.length; ) {
    const marker = jpeg[at + 1] as number;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc) return at + 2;
    at += 2 + (((jpeg[at + 2] as number) << 8) | (jpeg[at + 3] as number));
  }
  throw new Error('no SOF');
}

function patched(jpeg: Uint8Array, edit: (b: Buffer, sof: number) => void): Buffer {
  const b = Buffer.from(jpeg);
  edit(b, sofAt(b));
  return b;
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const JFIF = [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];

const PLAIN: readonly [string, () => Promise<Uint8Array>][] = [
  ['baseline 4:2:0', () => photo().jpeg().toBuffer()],
  ['baseline 4:4:4', () => photo(64, 64).jpeg({ chromaSubsampling: '4:4:4' }).toBuffer()],
  ['progressive', () => photo(300, 7).jpeg({ progressive: true }).toBuffer()],
  ['mozjpeg (progressive, its own tables)', () => photo().jpeg({ mozjpeg: true }).toBuffer()],
  ['the seal photo, 512x512', () => sealPhotoJpeg({ width: 512, height: 512 })],
  ['with a JFIF segment', async () => withSegment(await photo().jpeg().toBuffer(), 0xe0, JFIF)],
  [
    'with fill bytes before a marker',
    async () => {
      const j = await photo().jpeg().toBuffer();
      return Buffer.concat([j.subarray(0, 2), Buffer.from([0xff, 0xff]), j.subarray(2)]);
    },
  ],
];

const NOT_PLAIN: readonly [string, () => Promise<Uint8Array>][] = [
  [
    'EXIF',
    () =>
      photo()
        .withExif({ IFD0: { Copyright: 'Yinzhang' } })
        .jpeg()
        .toBuffer(),
  ],
  ['an ICC profile', () => photo().withIccProfile('p3').jpeg().toBuffer()],
  ['EXIF, XMP and a profile', () => photo().withMetadata().jpeg().toBuffer()],
  ['CMYK (Adobe segment)', () => photo().toColourspace('cmyk').jpeg().toBuffer()],
  ['one grey component', () => photo().toColourspace('b-w').jpeg().toBuffer()],
  [
    'a comment',
    async () => withSegment(await photo().jpeg().toBuffer(), 0xfe, ascii('made by hand')),
  ],
  [
    'an unknown APP0 (not JFIF)',
    async () => withSegment(await photo().jpeg().toBuffer(), 0xe0, ascii('AVI1\0\0\0\0')),
  ],
  [
    '12-bit samples',
    async () =>
      patched(await photo().jpeg().toBuffer(), (b, sof) => {
        b[sof + 2] = 12;
      }),
  ],
  [
    'arithmetic coding (SOF9)',
    async () =>
      patched(await photo().jpeg().toBuffer(), (b, sof) => {
        b[sof - 1] = 0xc9;
      }),
  ],
  [
    "RGB component ids ('R', 'G', 'B')",
    async () =>
      patched(await photo().jpeg().toBuffer(), (b, sof) => {
        b[sof + 8] = 0x52;
        b[sof + 11] = 0x47;
        b[sof + 14] = 0x42;
      }),
  ],
  [
    'a zero height (DNL)',
    async () =>
      patched(await photo().jpeg().toBuffer(), (b, sof) => {
        b.writeUInt16BE(0, sof + 3);
      }),
  ],
  ['not a JPEG at all', async () => photo().png().toBuffer()],
];

describe('readPlainJpegHeader', () => {
  it.each(PLAIN)('%s: the size, as sharp reads it', async (_name, make) => {
    const jpeg = await make();
    const meta = await sharp(jpeg).metadata();
    expect(readPlainJpegHeader(jpeg)).toEqual({ width: meta.width, height: meta.height });
    // And the probe's whole header is what sharp's metadata gives.
    expect(plainJpegHeader(jpeg)).toEqual(headerOf('jpeg', meta));
    expect(await probeUpload(jpeg)).toEqual(headerOf('jpeg', meta));
  });

  it.each(NOT_PLAIN)('%s: left to sharp', async (_name, make) => {
    expect(readPlainJpegHeader(await make())).toBeUndefined();
  });

  it('a header cut short anywhere is left to sharp', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    // Up to and including SOS's length field: the header is not whole yet.
    for (let end = 0; end < sos + 4; end++) {
      expect(readPlainJpegHeader(jpeg.subarray(0, end))).toBeUndefined();
    }
    expect(readPlainJpegHeader(jpeg.subarray(0, sos + 4 + 10))).toEqual({ width: 61, height: 37 });
  });

  it('never throws on damaged headers, and answers only with a size sharp reads', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed;
    };
    let answered = 0;
    for (let i = 0; i < 400; i++) {
      const b = Buffer.from(jpeg);
      for (let k = 0; k < 1 + (i % 3); k++) b[random() % sos] = random() & 255;
      const header = readPlainJpegHeader(b);
      if (header === undefined) continue;
      answered++;
      const meta = await sharp(b)
        .metadata()
        .catch(() => undefined);
      // A header sharp cannot read at all goes on to the decoder, which refuses it (decode.ts).
      if (meta !== undefined) expect(header).toEqual({ width: meta.width, height: meta.height });
    }
    expect(answered).toBeGreaterThan(0);
  });

  it('a plain header claiming too many pixels is still refused before decoding (413)', async () => {
    const jpeg = patched(await photo().jpeg().toBuffer(), (b, sof) => {
      b.writeUInt16BE(60_000, sof + 3);
      b.writeUInt16BE(60_000, sof + 5);
    });
    expect(readPlainJpegHeader(jpeg)).toEqual({ width: 60_000, height: 60_000 });
    await expect(probeUpload(jpeg)).rejects.toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
  });
});
