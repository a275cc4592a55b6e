/** Stamp sizes read from PNG and JPEG headers (so stamping never loads sharp) agree with sharp. */
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { headerSize } from '../src/image-size';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 230, g: 0, b: 18, alpha: 1 } } });

describe('headerSize', () => {
  it.each([
    ['png', 1, 1, (s: Sharp) => s.png()],
    ['png', 512, 300, (s: Sharp) => s.png()],
    ['jpeg', 300, 512, (s: Sharp) => s.jpeg()],
    ['jpeg progressive', 1234, 77, (s: Sharp) => s.jpeg({ progressive: true })],
    ['jpeg with EXIF', 640, 480, (s: Sharp) => s.jpeg().withMetadata({ orientation: 6 })],
  ] as const)('%s %ix%i', async (kind, width, height, encode) => {
    const bytes = new Uint8Array(await encode(image(width, height)).toBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(headerSize(bytes, kind.startsWith('png') ? 'png' : 'jpeg')).toEqual({ width, height });
  });

  it.each([
    ['an empty file', new Uint8Array(), 'png'],
    [
      'a PNG cut inside its header',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'png',
    ],
    [
      'a JPEG with no frame header',
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0]),
      'jpeg',
    ],
    [
      'a JPEG with garbage after SOI',
      new Uint8Array([0xff, 0xd8, 0x12, 0x34, 0, 0, 0, 0, 0, 0]),
      'jpeg',
    ],
  ] as const)('%s gives null', (_, bytes, kind) => {
    expect(headerSize(bytes, kind)).toBeNull();
  });
});
