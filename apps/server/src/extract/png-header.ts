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
import { PngDecodeError, pngChunks } from '../png-check';

export interface PlainPngHeader {
  readonly width: number;
  readonly height: number;
  /** Whether each pixel carries alpha (colour type 6); else RGB (colour type 2). */
  readonly alpha: boolean;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR_LENGTH = 13;
/** PNG's own limit for a width or height (2^31 - 1). */
const MAX_SIDE = 0x7fffffff;
const RGB = 2;
const RGBA = 6;

/**
 * The size of a plain PNG (see above) and whether it has alpha, or undefined when the file is
 * anything else, damaged or cut short.
 */
export function readPlainPngHeader(bytes: Uint8Array): PlainPngHeader | undefined {
  if (bytes.length < SIGNATURE.length || !SIGNATURE.every((b, i) => bytes[i] === b)) {
    return undefined;
  }
  let header: PlainPngHeader | undefined;
  let idat = false;
  try {
    for (const { type, data, end } of pngChunks(bytes)) {
      if (header === undefined) {
        if (type !== 'IHDR' || data.length !== IHDR_LENGTH) return undefined;
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        const width = view.getUint32(0);
        const height = view.getUint32(4);
        const [depth, colour, compression, filter, interlace] = data.subarray(8, 13);
        if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
        if (depth !== 8 || (colour !== RGB && colour !== RGBA)) return undefined;
        if (compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
        header = { width, height, alpha: colour === RGBA };
      } else if (type === 'IDAT') {
        idat = true;
      } else if (type === 'pHYs' && !idat) {
        // The pixels' physical size (sharp writes it): nothing about their colour.
      } else if (type === 'IEND') {
        return idat && data.length === 0 && end === bytes.length ? header : undefined;
      } else {
        return undefined;
      }
    }
  } catch (err) {
    if (err instanceof PngDecodeError) return undefined;
    throw err;
  }
  return undefined;
}
