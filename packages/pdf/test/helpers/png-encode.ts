/**
 * A minimal PNG writer for tests, so every colour type, bit depth and tRNS combination can be made
 * exactly (pngjs and ImageMagick each write only some of them on request). Rows use filter 0.
 */
import { crc32, deflateSync } from 'node:zlib';

export type ColourType = 0 | 2 | 3 | 4 | 6;
export interface RawPng {
  readonly width: number;
  readonly height: number;
  readonly colourType: ColourType;
  readonly depth: 1 | 2 | 4 | 8 | 16;
  /** One sample array per pixel, at the file's depth (palette: the index). */
  readonly samples: (x: number, y: number) => readonly number[];
  readonly palette?: readonly (readonly [number, number, number])[];
  /** Raw tRNS payload: palette alphas, or the grey / RGB key at the file's depth. */
  readonly trns?: readonly number[];
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function encodePng(png: RawPng): Uint8Array {
  const { width, height, colourType, depth } = png;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colourType, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    let acc = 0;
    let bits = 0;
    for (let x = 0; x < width; x++) {
      for (const v of png.samples(x, y)) {
        if (depth === 16) rows.push(v >> 8, v & 0xff);
        else if (depth === 8) rows.push(v);
        else {
          acc = (acc << depth) | v;
          bits += depth;
          if (bits === 8) {
            rows.push(acc);
            acc = 0;
            bits = 0;
          }
        }
      }
    }
    if (bits > 0) rows.push(acc << (8 - bits));
  }
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
  ];
  if (png.palette) parts.push(chunk('PLTE', Uint8Array.from(png.palette.flat())));
  if (png.trns) {
    const wide = colourType !== 3;
    const payload = wide ? png.trns.flatMap((v) => [v >> 8, v & 0xff]) : [...png.trns];
    parts.push(chunk('tRNS', Uint8Array.from(payload)));
  }
  parts.push(chunk('IDAT', deflateSync(Uint8Array.from(rows))));
  parts.push(chunk('IEND', new Uint8Array(0)));
  return new Uint8Array(Buffer.concat(parts));
}
