/**
 * PNG to PDF image samples. @libpdf/core's own PNG reader mishandles palette and grey images below 8
 * bits, 16-bit images with alpha and interlaced files, so every PNG is decoded here (fast-png: pure
 * JS, runs in the browser worker and in Node) and handed to the engine as 8-bit samples plus an
 * 8-bit soft mask when the file has any transparency (alpha channel, or tRNS on a palette, grey or
 * RGB image).
 */
import { type DecodedPng, decode } from 'fast-png';
import { unzlibSync } from 'fflate';
import { concat } from './bytes';

export interface PngSamples {
  readonly width: number;
  readonly height: number;
  readonly colorSpace: 'DeviceGray' | 'DeviceRGB';
  /** 8 bits per component, rows packed without padding. */
  readonly pixels: Uint8Array;
  /** 8-bit opacity per pixel; null without an alpha channel when every pixel is opaque. */
  readonly alpha: Uint8Array | null;
}

/** Decodes any valid PNG (colour types 0, 2, 3, 4, 6; depths 1-16; tRNS; Adam7). Throws on bad bytes. */
export function decodePngSamples(bytes: Uint8Array): PngSamples {
  const plain = decodePlainPng(bytes);
  if (plain !== undefined) return plain;
  const png = isInterlacedBelow8Bits(bytes) ? decodeInterlacedLowDepth(bytes) : decode(bytes);
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
    // An alpha channel keeps its soft mask even when opaque (as the engine has always written it);
    // a tRNS that makes nothing transparent adds none.
    alpha: channels === 2 || channels === 4 || !alpha.every((a) => a === 255) ? alpha : null,
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

// IHDR is the first chunk: 8 signature bytes, length and type, then width, height, depth, colour
// type, compression, filter and interlace method.
const IHDR_DATA = 16;

/** fast-png's Adam7 reader assumes a byte per sample; interlaced 1/2/4-bit files are read here. */
function isInterlacedBelow8Bits(bytes: Uint8Array): boolean {
  return (
    bytes.length > IHDR_DATA + 13 &&
    (bytes[IHDR_DATA + 8] as number) < 8 &&
    bytes[IHDR_DATA + 12] === 1
  );
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * An interlaced grey or palette PNG of 1, 2 or 4 bits, as fast-png returns a non-interlaced one:
 * rows of packed samples, the palette with tRNS alphas appended, a grey tRNS key.
 */
function decodeInterlacedLowDepth(bytes: Uint8Array): DecodedPng {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(IHDR_DATA);
  const height = view.getUint32(IHDR_DATA + 4);
  const depth = bytes[IHDR_DATA + 8] as 1 | 2 | 4;
  const colourType = bytes[IHDR_DATA + 9];
  if (colourType !== 0 && colourType !== 3)
    throw new Error(`bad colour type ${colourType} at ${depth} bits`);
  const idat: Uint8Array[] = [];
  let palette: number[][] | undefined;
  let trns: Uint8Array | undefined;
  for (const { type, data } of pngChunks(bytes)) {
    if (type === 'IDAT') idat.push(data);
    else if (type === 'PLTE') {
      palette = [];
      for (let i = 0; i + 2 < data.length; i += 3)
        palette.push([data[i], data[i + 1], data[i + 2]] as number[]);
    } else if (type === 'tRNS') trns = data;
  }
  const raw = unzlibSync(concat(idat));
  const rowBytes = Math.ceil((width * depth) / 8);
  const out = new Uint8Array(rowBytes * height);
  const mask = (1 << depth) - 1;
  let at = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const pw = Math.ceil((width - x0) / dx);
    const ph = Math.ceil((height - y0) / dy);
    if (pw <= 0 || ph <= 0) continue;
    const lineBytes = Math.ceil((pw * depth) / 8);
    for (let row = 0; row < ph; row++) {
      // A sample is under a byte here, so the filters' left neighbour is 1 byte back.
      if (!unfilterRow(raw, at, lineBytes, 1, row > 0 ? at - lineBytes - 1 : -1)) {
        throw new Error(`bad PNG row filter ${raw[at]}`);
      }
      const line = at + 1;
      at += 1 + lineBytes;
      const y = y0 + row * dy;
      for (let i = 0; i < pw; i++) {
        const bit = i * depth;
        const v = ((raw[line + (bit >> 3)] ?? 0) >> (8 - depth - (bit & 7))) & mask;
        const x = x0 + i * dx;
        const outBit = x * depth;
        const o = y * rowBytes + (outBit >> 3);
        out[o] = (out[o] as number) | (v << (8 - depth - (outBit & 7)));
      }
    }
  }
  if (palette && trns) {
    for (const [i, a] of trns.entries()) palette[i]?.push(a);
  }
  if (palette) for (const entry of palette) if (entry.length === 3) entry.push(255);
  const key =
    !palette && trns && trns.length >= 2
      ? Uint16Array.of(((trns[0] as number) << 8) | (trns[1] as number))
      : undefined;
  return {
    width,
    height,
    data: out,
    depth,
    channels: 1,
    text: {},
    ...(palette ? { palette } : {}),
    ...(key ? { transparency: key } : {}),
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Channels per pixel by colour type: grey, RGB, grey and alpha, RGBA (palettes are not here). */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };
/** Past this the rows are left to fast-png, which bounds its own memory. */
const MAX_ROWS_BYTES = 256 * 1024 * 1024;

/**
 * decodePngSamples for the commonest PNG, a seal's: 8 bits, not interlaced, grey or RGB with or
 * without alpha, no tRNS. The same samples as fast-png's decode and the generic loop above give
 * (png-fast.test.ts), or undefined for any other PNG and for one whose data does not inflate to
 * exactly its rows with valid filter bytes (the generic path reads those, and says what is wrong).
 *
 * Why: fast-png's decode and the generic sample loop took ~22 ms of a command-line stamp's CPU
 * profile for a 512x512 seal (most of it in code not yet compiled, in a short process); these
 * loops, one per row filter, take 14-20 ms there, and 6 ms against 18 once compiled (issue 16).
 */
export function decodePlainPng(bytes: Uint8Array): PngSamples | undefined {
  const plain = plainRows(bytes);
  if (plain === undefined) return undefined;
  const { width, height, channels, rows } = plain;
  const line = width * channels;
  for (let y = 0, at = 0; y < height; y++, at += line + 1) {
    if (!unfilterRow(rows, at, line, channels, y > 0 ? at - line - 1 : -1)) return undefined;
  }
  const colour = channels >= 3 ? 3 : 1;
  const colorSpace = colour === 3 ? 'DeviceRGB' : 'DeviceGray';
  const count = width * height;
  const pixels = new Uint8Array(count * colour);
  if (channels === colour) {
    for (let y = 0; y < height; y++) {
      const from = y * (line + 1) + 1;
      pixels.set(rows.subarray(from, from + line), y * line);
    }
    return { width, height, colorSpace, pixels, alpha: null };
  }
  const alpha = new Uint8Array(count);
  let p = 0;
  let a = 0;
  for (let y = 0; y < height; y++) {
    let i = y * (line + 1) + 1;
    if (colour === 3) {
      for (let x = 0; x < width; x++, i += 4, p += 3) {
        pixels[p] = rows[i] as number;
        pixels[p + 1] = rows[i + 1] as number;
        pixels[p + 2] = rows[i + 2] as number;
        alpha[a++] = rows[i + 3] as number;
      }
    } else {
      for (let x = 0; x < width; x++, i += 2) {
        pixels[p++] = rows[i] as number;
        alpha[a++] = rows[i + 1] as number;
      }
    }
  }
  return { width, height, colorSpace, pixels, alpha };
}

/** A plain PNG's inflated rows (a filter byte, then `width * channels` bytes, per row). */
function plainRows(
  bytes: Uint8Array,
): { width: number; height: number; channels: number; rows: Uint8Array } | undefined {
  if (bytes.length < 33 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || chunkType(bytes, 8) !== 'IHDR') return undefined;
  const width = view.getUint32(IHDR_DATA);
  const height = view.getUint32(IHDR_DATA + 4);
  const channels = CHANNELS[bytes[IHDR_DATA + 9] as number];
  // Depth 8, compression and filter method 0, no interlacing.
  const [depth, , compression, filter, interlace] = bytes.subarray(IHDR_DATA + 8, IHDR_DATA + 13);
  if (depth !== 8 || compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
  if (channels === undefined || width === 0 || height === 0) return undefined;
  const size = (1 + width * channels) * height;
  if (size > MAX_ROWS_BYTES) return undefined;
  const idat: Uint8Array[] = [];
  let ended = false;
  try {
    for (const { type, data } of pngChunks(bytes)) {
      if (type === 'IDAT') idat.push(data);
      else if (type === 'tRNS') return undefined;
      else if (type === 'IEND') ended = true;
    }
  } catch {
    return undefined;
  }
  if (!ended || idat.length === 0) return undefined;
  let rows: Uint8Array;
  try {
    // One byte of room: data that does not stop at its rows' end fills it, and is refused.
    rows = unzlibSync(concat(idat), { out: new Uint8Array(size + 1) });
  } catch {
    return undefined;
  }
  if (rows.length !== size) return undefined;
  return { width, height, channels, rows };
}

/**
 * A PNG's chunks after the signature, in order, through IEND. Throws at a chunk whose data is cut
 * short (its CRC is not needed: decoders read a file without IEND's, and so does this).
 */
function* pngChunks(bytes: Uint8Array): Generator<{ type: string; data: Uint8Array }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = chunkType(bytes, at);
    if (at + 8 + length > bytes.length) throw new Error('truncated PNG chunk');
    yield { type, data: bytes.subarray(at + 8, at + 8 + length) };
    if (type === 'IEND') return;
    at += 12 + length;
  }
}

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(
    bytes[at + 4] as number,
    bytes[at + 5] as number,
    bytes[at + 6] as number,
    bytes[at + 7] as number,
  );
}

/**
 * Undoes one row's filter in place (PNG §9.2): `at` is its filter byte, `above` the previous
 * row's (-1 for the first row, whose row above reads as zeros). False for a filter byte past 4.
 */
function unfilterRow(
  rows: Uint8Array,
  at: number,
  line: number,
  bpp: number,
  above: number,
): boolean {
  const filter = rows[at] as number;
  const x0 = at + 1;
  const end = x0 + line;
  const up = above + 1;
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (let i = x0 + bpp; i < end; i++)
        rows[i] = (rows[i] as number) + (rows[i - bpp] as number);
      return true;
    case 2:
      if (above < 0) return true;
      for (let i = x0, j = up; i < end; i++, j++)
        rows[i] = (rows[i] as number) + (rows[j] as number);
      return true;
    case 3:
      for (let i = x0, j = up; i < end; i++, j++) {
        const left = i - x0 >= bpp ? (rows[i - bpp] as number) : 0;
        const b = above < 0 ? 0 : (rows[j] as number);
        rows[i] = (rows[i] as number) + ((left + b) >> 1);
      }
      return true;
    case 4:
      for (let i = x0, j = up; i < end; i++, j++) {
        const hasLeft = i - x0 >= bpp;
        const a = hasLeft ? (rows[i - bpp] as number) : 0;
        const b = above < 0 ? 0 : (rows[j] as number);
        const c = hasLeft && above >= 0 ? (rows[j - bpp] as number) : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - c - c);
        rows[i] = (rows[i] as number) + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      return true;
    default:
      return false;
  }
}
