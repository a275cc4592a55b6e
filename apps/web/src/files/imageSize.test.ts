import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS, PNG_SIZE_BYTES, pngSize, tooManyPixels } from './imageSize';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(width: number, height: number, chunk = 'IHDR'): Uint8Array {
  const head = new Uint8Array(PNG_SIZE_BYTES);
  head.set(SIGNATURE);
  head.set([0, 0, 0, 13], 8);
  head.set(
    [...chunk].map((c) => c.charCodeAt(0)),
    12,
  );
  const view = new DataView(head.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return head;
}

describe('pngSize and tooManyPixels', () => {
  it.each([
    ['a small PNG', png(640, 480), { width: 640, height: 480 }, false],
    ['exactly the limit', png(8000, 5000), { width: 8000, height: 5000 }, false],
    ['one row over the limit', png(8000, 5001), { width: 8000, height: 5001 }, true],
    ['a 20000x20000 bomb', png(20000, 20000), { width: 20000, height: 20000 }, true],
    ['widths past 2^31', png(0xffffffff, 2), { width: 0xffffffff, height: 2 }, true],
    ['a PNG whose first chunk is not IHDR', png(20000, 20000, 'IDAT'), null, false],
    ['a JPEG (never decoded)', new Uint8Array(24).fill(0xff), null, false],
    ['too few bytes', png(20000, 20000).slice(0, 20), null, false],
  ])('%s', (_, head, size, tooMany) => {
    expect(pngSize(head)).toEqual(size);
    expect(tooManyPixels(head)).toBe(tooMany);
  });

  it('the limit is in pixels', () => {
    expect(8000 * 5000).toBe(IMAGE_MAX_PIXELS);
  });
});
