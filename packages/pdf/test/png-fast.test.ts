/**
 * decodePlainPng, decodePngSamples' own loops for 8-bit non-interlaced grey and RGB PNGs with or
 * without alpha, gives exactly pngjs's samples for every row filter, and leaves every other PNG
 * (and every damaged one) to the generic path.
 */
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePlainPng, decodePngSamples } from '../src/png';
import { encodePng } from './helpers/png-encode';

const W = 37;
const H = 23;

/** pngjs colour types and how many channels each has. */
const TYPES = [
  { colorType: 0, name: 'grey' },
  { colorType: 2, name: 'RGB' },
  { colorType: 4, name: 'grey and alpha' },
  { colorType: 6, name: 'RGBA' },
] as const;
/** 0-4 one filter on every row; -1 pngjs picks per row (adaptive). */
const FILTERS = [0, 1, 2, 3, 4, -1] as const;

/** RGBA pixels with gradients, noise and every alpha from clear to opaque. */
function pixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 11;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const i = (y * width + x) * 4;
      data[i] = (x * 7 + y * 3) & 255;
      data[i + 1] = (x * y * 5) & 255;
      data[i + 2] = seed & 255;
      data[i + 3] = x < 4 ? 0 : x > width - 4 ? 255 : (x * 13 + y * 29) & 255;
    }
  }
  return data;
}

function png(colorType: 0 | 2 | 4 | 6, filterType: number, width = W, height = H): Uint8Array {
  const image = new PNG({ width, height });
  pixels(width, height).copy(image.data);
  return new Uint8Array(
    PNG.sync.write(image, { colorType, filterType, inputColorType: 6, bitDepth: 8 }),
  );
}

const cases = TYPES.flatMap((t) => FILTERS.map((filterType) => ({ ...t, filterType })));

describe('decodePlainPng', () => {
  it.each(cases)(
    '$name, filter $filterType: pngjs samples, exactly',
    ({ colorType, filterType }) => {
      for (const [width, height] of [
        [W, H],
        [1, 1],
        [1, 9],
        [9, 1],
      ] as const) {
        const file = png(colorType, filterType, width, height);
        const ours = decodePlainPng(file);
        expect(ours).toBeDefined();
        if (!ours) return;
        const theirs = PNG.sync.read(Buffer.from(file));
        const colour = colorType === 2 || colorType === 6 ? 3 : 1;
        const n = width * height;
        const expected = new Uint8Array(n * colour);
        const alpha = new Uint8Array(n);
        for (let i = 0; i < n; i++) {
          for (let c = 0; c < colour; c++)
            expected[i * colour + c] = theirs.data[i * 4 + c] as number;
          alpha[i] = theirs.data[i * 4 + 3] as number;
        }
        expect(ours.colorSpace).toBe(colour === 3 ? 'DeviceRGB' : 'DeviceGray');
        expect(Buffer.from(ours.pixels).equals(Buffer.from(expected))).toBe(true);
        if (colorType >= 4)
          expect(ours.alpha && Buffer.from(ours.alpha).equals(Buffer.from(alpha))).toBe(true);
        else expect(ours.alpha).toBeNull();
        // decodePngSamples answers with it.
        expect(decodePngSamples(file)).toEqual(ours);
      }
    },
  );

  it.each([
    [
      'a palette',
      encodePng({
        width: 4,
        height: 2,
        colourType: 3,
        depth: 8,
        palette: [[1, 2, 3]],
        samples: () => [0],
      }),
    ],
    [
      '16 bits',
      encodePng({ width: 4, height: 2, colourType: 2, depth: 16, samples: () => [1, 2, 3] }),
    ],
    ['4-bit grey', encodePng({ width: 4, height: 2, colourType: 0, depth: 4, samples: () => [3] })],
    [
      'a tRNS colour key',
      encodePng({
        width: 4,
        height: 2,
        colourType: 2,
        depth: 8,
        samples: () => [1, 2, 3],
        trns: [1, 2, 3],
      }),
    ],
  ])('leaves %s to the generic path', (_name, file) => {
    expect(decodePlainPng(file)).toBeUndefined();
    expect(() => decodePngSamples(file)).not.toThrow();
  });

  it('leaves cut files to the generic path, which refuses them', () => {
    const good = png(6, 4);
    for (const end of [8, 40, good.length - 30, good.length - 12]) {
      const cut = good.subarray(0, end);
      expect(decodePlainPng(cut)).toBeUndefined();
      expect(() => decodePngSamples(cut)).toThrow();
    }
  });

  it('leaves rows of the wrong length or with a bad filter byte to the generic path', () => {
    const stride = 1 + W * 4;
    const rows = new Uint8Array(stride * H);
    const file = encodePng({
      width: 2,
      height: 1,
      colourType: 6,
      depth: 8,
      samples: () => [1, 2, 3, 4],
    });
    expect(decodePlainPng(withRows(file, rows))).toBeDefined();
    expect(decodePlainPng(withRows(file, rows.subarray(1)))).toBeUndefined();
    expect(decodePlainPng(withRows(file, new Uint8Array(rows.length + 1)))).toBeUndefined();
    const badFilter = rows.slice();
    badFilter[stride * 3] = 5;
    expect(decodePlainPng(withRows(file, badFilter))).toBeUndefined();
    expect(() => decodePngSamples(withRows(file, badFilter))).toThrow();
  });
});

/** A copy of a 2x1 RGBA `file` whose IHDR says W x H and whose one IDAT holds `rows`, deflated. */
function withRows(file: Uint8Array, rows: Uint8Array): Uint8Array {
  const buf = Buffer.from(file);
  buf.writeUInt32BE(W, 16);
  buf.writeUInt32BE(H, 20);
  const idat = buf.indexOf('IDAT') - 4;
  const length = buf.readUInt32BE(idat);
  const data = deflateSync(rows);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('IDAT', 4, 'latin1');
  data.copy(chunk, 8);
  return Buffer.concat([buf.subarray(0, idat), chunk, buf.subarray(idat + 12 + length)]);
}
