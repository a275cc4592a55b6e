import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { imageLooksComplete } from './imageComplete';

function png(): Uint8Array {
  const image = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7919) & 0xff;
  return new Uint8Array(PNG.sync.write(image));
}

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

/** The marker layout of a camera JPEG: an EXIF thumbnail (a whole JPEG) before the main scan. */
const thumbnail = [0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9];
const jpeg = bytes(
  [0xff, 0xd8, 0xff, 0xe1, 0, 2 + 6 + thumbnail.length],
  'Exif\0\0',
  thumbnail,
  [0xff, 0xda, 0, 2, 9, 8, 7, 0xff, 0x00, 6, 5],
  [0xff, 0xd9],
);

function webp(declared: number, actual: number): Uint8Array {
  const out = new Uint8Array(actual);
  out.set(bytes('RIFF'));
  out.set([declared & 0xff, (declared >> 8) & 0xff, 0, 0], 4);
  out.set(bytes('WEBPVP8 '), 8);
  return out;
}

const good = png();

describe('imageLooksComplete', () => {
  it.each([
    ['a whole PNG', good, true],
    ['a PNG cut in its pixel data', good.subarray(0, good.length >> 1), false],
    ['a PNG without its IEND chunk', good.subarray(0, good.length - 12), false],
    ['a PNG signature only', good.subarray(0, 8), false],
    ['a PNG with bytes after IEND', bytes([...good], [1, 2, 3]), true],
    ['a whole JPEG', jpeg, true],
    ['a JPEG with a trailer after its end', bytes([...jpeg], 'trailer'), true],
    ['a JPEG cut in its scan (the thumbnail is whole)', jpeg.subarray(0, jpeg.length - 4), false],
    ['a JPEG cut before its scan', jpeg.subarray(0, 12), false],
    ['a whole WebP', webp(92, 100), true],
    ['a WebP cut short', webp(92, 60), false],
    ['a PDF', bytes('%PDF-1.7\n'), false],
    ['nothing', new Uint8Array(), false],
  ])('%s: %s', (_, input, whole) => {
    expect(imageLooksComplete(input)).toBe(whole);
  });
});
