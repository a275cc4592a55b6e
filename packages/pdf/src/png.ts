/**
 * PNG to PDF image samples. @libpdf/core's own PNG reader mishandles palette and grey images below 8
 * bits, 16-bit images with alpha and interlaced files, so every PNG is decoded here (fast-png: pure
 * JS, runs in the browser worker and in Node) and handed to the engine as 8-bit samples plus an
 * 8-bit soft mask when the file has any transparency (alpha channel, or tRNS on a palette, grey or
 * RGB image).
 */
import { type DecodedPng, decode } from 'fast-png';

export interface PngSamples {
  readonly width: number;
  readonly height: number;
  readonly colorSpace: 'DeviceGray' | 'DeviceRGB';
  /** 8 bits per component, rows packed without padding. */
  readonly pixels: Uint8Array;
  /** 8-bit opacity per pixel; null when every pixel is opaque. */
  readonly alpha: Uint8Array | null;
}

/** Decodes any valid PNG (colour types 0, 2, 3, 4, 6; depths 1-16; tRNS; Adam7). Throws on bad bytes. */
export function decodePngSamples(bytes: Uint8Array): PngSamples {
  const png = decode(bytes);
  const { width, height, channels, depth } = png;
  const count = width * height;
  const read = sampleReader(png);
  const palette = png.palette;
  const colour = palette ? 3 : channels >= 3 ? 3 : 1;
  const pixels = new Uint8Array(count * colour);
  const alpha = new Uint8Array(count).fill(255);
  const max = 2 ** depth - 1;
  const to8 = (v: number) =>
    depth === 8 ? v : depth === 16 ? v >> 8 : Math.round((v * 255) / max);
  const key = !palette && png.transparency && png.transparency.length > 0 ? png.transparency : null;
  for (let i = 0; i < count; i++) {
    if (palette) {
      const entry = palette[read(i, 0)];
      if (!entry) throw new Error(`palette index out of range at pixel ${i}`);
      pixels[i * 3] = entry[0] as number;
      pixels[i * 3 + 1] = entry[1] as number;
      pixels[i * 3 + 2] = entry[2] as number;
      alpha[i] = entry[3] ?? 255;
      continue;
    }
    let matchesKey = key !== null;
    for (let c = 0; c < colour; c++) {
      const v = read(i, c);
      pixels[i * colour + c] = to8(v);
      if (key && key[c] !== v) matchesKey = false;
    }
    if (channels === 2 || channels === 4) alpha[i] = to8(read(i, channels - 1));
    else if (matchesKey) alpha[i] = 0;
  }
  return {
    width,
    height,
    colorSpace: colour === 3 ? 'DeviceRGB' : 'DeviceGray',
    pixels,
    alpha: alpha.every((a) => a === 255) ? null : alpha,
  };
}

/** Reads channel `c` of pixel `i` at the file's own depth (below 8 bits, rows are byte-aligned). */
function sampleReader(png: DecodedPng): (i: number, c: number) => number {
  const { data, width, channels, depth } = png;
  if (depth >= 8) return (i, c) => data[i * channels + c] as number;
  // Below 8 bits there is only one channel (grey or palette index).
  const rowBytes = Math.ceil((width * depth) / 8);
  const perByte = 8 / depth;
  const mask = (1 << depth) - 1;
  return (i) => {
    const y = Math.floor(i / width);
    const x = i - y * width;
    const byte = data[y * rowBytes + Math.floor(x / perByte)] as number;
    const shift = 8 - depth * ((x % perByte) + 1);
    return (byte >> shift) & mask;
  };
}
