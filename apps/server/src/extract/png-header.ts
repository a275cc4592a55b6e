/**
 * The header of a plain PNG read from its chunks, without sharp: the crop the web app uploads
 * (a canvas's `toBlob('image/png')`: 8-bit RGBA, IHDR, IDAT and IEND, nothing else) and an RGB
 * crop an API client sends. Why: for the web app's crop, sharp's metadata and its decoding
 * pipeline (flatten, colour space) took ~5.2 ms of CPU a POST /v1/stamp/parse, where @napi-rs/image
 * decodes the same file to the same bytes on the worker's own thread in ~2.1 ms (issue 16).
 *
 * It answers only for a whole, well-formed file of the plainest kind, and otherwise leaves it to
 * sharp: the signature, an IHDR of 8-bit RGB or RGBA (no palette, grey or 16 bits), compression
 * and filter method 0, no interlacing, at most a pHYs (the physical pixel size, which sharp's own
 * PNGs carry), then IDAT chunks one after another and IEND as the last bytes of the file, every
 * chunk's CRC right. Any other chunk (a profile, gamma, text, EXIF, tRNS...) sends the file to
 * sharp, as do a damaged chunk and data after IEND.
 */
import { crc32 } from 'node:zlib';

export interface PlainPngHeader {
  readonly width: number;
  readonly height: number;
  /** Whether each pixel carries alpha (colour type 6); else RGB (colour type 2). */
  readonly alpha: boolean;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR_LENGTH = 13;
/** Past PNG's own limit (2^31 - 1) a length is damage. */
const MAX_CHUNK = 0x7fffffff;
const RGB = 2;
const RGBA = 6;

const typeIs = (bytes: Uint8Array, at: number, type: string) =>
  bytes[at] === type.charCodeAt(0) &&
  bytes[at + 1] === type.charCodeAt(1) &&
  bytes[at + 2] === type.charCodeAt(2) &&
  bytes[at + 3] === type.charCodeAt(3);

/**
 * The size of a plain PNG (see above) and whether it has alpha, or undefined when the file is
 * anything else, damaged or cut short.
 */
export function readPlainPngHeader(bytes: Uint8Array): PlainPngHeader | undefined {
  if (bytes.length < SIGNATURE.length || !SIGNATURE.every((b, i) => bytes[i] === b)) {
    return undefined;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PlainPngHeader | undefined;
  let idat = false;
  for (let at = SIGNATURE.length; ; ) {
    if (at + 12 > bytes.length) return undefined;
    const length = view.getUint32(at);
    const type = at + 4;
    const end = type + 4 + length;
    if (length > MAX_CHUNK || end + 4 > bytes.length) return undefined;
    const data = bytes.subarray(type + 4, end);
    if (crc32(data, crc32(bytes.subarray(type, type + 4))) >>> 0 !== view.getUint32(end)) {
      return undefined;
    }
    if (header === undefined) {
      if (!typeIs(bytes, type, 'IHDR') || length !== IHDR_LENGTH) return undefined;
      const width = view.getUint32(type + 4);
      const height = view.getUint32(type + 8);
      const [depth, colour, compression, filter, interlace] = data.subarray(8, 13);
      if (width === 0 || height === 0 || width > MAX_CHUNK || height > MAX_CHUNK) return undefined;
      if (depth !== 8 || (colour !== RGB && colour !== RGBA)) return undefined;
      if (compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
      header = { width, height, alpha: colour === RGBA };
    } else if (typeIs(bytes, type, 'IDAT')) {
      idat = true;
    } else if (typeIs(bytes, type, 'pHYs') && !idat) {
      // The pixels' physical size (sharp writes it): nothing about their colour.
    } else if (typeIs(bytes, type, 'IEND')) {
      return idat && length === 0 && end + 4 === bytes.length ? header : undefined;
    } else {
      return undefined;
    }
    at = end + 4;
  }
}
