/**
 * The header of a plain JPEG read from its markers, without sharp: the commonest upload a client
 * sends through the API (a crop saved as a baseline or progressive JPEG, no EXIF, no profile)
 * needs nothing else to be probed, budgeted and decoded. Why: sharp's metadata call is a hop to
 * libuv's thread pool and back, ~0.5 ms of CPU a POST /v1/stamp/parse (issue 16).
 *
 * It answers only when it is sure, and otherwise leaves the file to sharp: every marker before the
 * image data must be one it knows (JFIF's APP0, tables, restart interval, one SOF of 8-bit
 * Huffman-coded YCbCr), so EXIF, XMP, ICC profiles, Adobe's colour transform,
 * comments, and arithmetic, lossless, hierarchical, 12-bit, grey or CMYK JPEGs all get sharp's
 * reading, as before. A damaged header is never refused here either: sharp refuses it.
 */

export interface PlainJpegHeader {
  readonly width: number;
  readonly height: number;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
/** Start of frame: baseline, extended sequential and progressive, all Huffman-coded. */
const PLAIN_SOF = new Set([0xc0, 0xc1, 0xc2]);
/** Tables and parameters that say nothing about colour: DHT, DQT, DRI. */
const TABLES = new Set([0xc4, 0xdb, 0xdd]);
/** Markers with no length (TEM, RST0-7), allowed before SOS only as stray padding. */
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);

function isJfif(bytes: Uint8Array, at: number, end: number): boolean {
  // "JFIF\0" or "JFXX\0" (its extension segment, a thumbnail)
  if (end - at < 5 || bytes[at + 4] !== 0) return false;
  const tag = String.fromCharCode(
    bytes[at] as number,
    bytes[at + 1] as number,
    bytes[at + 2] as number,
    bytes[at + 3] as number,
  );
  return tag === 'JFIF' || tag === 'JFXX';
}

/**
 * The size of a plain JPEG (8-bit YCbCr or RGB, no metadata, no profile: ImageHeader's `plain`
 * without `metadata`), or undefined when the file is anything else or its header is not whole.
 */
export function readPlainJpegHeader(bytes: Uint8Array): PlainJpegHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  let header: PlainJpegHeader | undefined;
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) return undefined;
    // A marker may be preceded by any number of 0xFF fill bytes.
    while (bytes[at + 1] === 0xff && at + 2 < bytes.length) at++;
    const marker = bytes[at + 1] as number;
    at += 2;
    if (STANDALONE.has(marker)) continue;
    if (marker === SOI || marker === EOI || at + 2 > bytes.length) return undefined;
    const length = ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
    const end = at + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker === SOS) return header;
    if (PLAIN_SOF.has(marker)) {
      // precision, height, width, component count, then 3 bytes a component
      if (header !== undefined || length < 8) return undefined;
      const precision = bytes[at + 2] as number;
      const height = ((bytes[at + 3] as number) << 8) | (bytes[at + 4] as number);
      const width = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      const components = bytes[at + 7] as number;
      if (precision !== 8 || components !== 3 || length !== 8 + 3 * components) return undefined;
      if (width === 0 || height === 0) return undefined;
      // Component ids 1, 2, 3: YCbCr to every decoder. Others (an RGB JPEG's 'R', 'G', 'B') are
      // read by each decoder its own way: sharp's reading, and sharp's decode, then.
      for (let c = 0; c < 3; c++) if (bytes[at + 8 + 3 * c] !== c + 1) return undefined;
      header = { width, height };
    } else if (marker === APP0) {
      if (!isJfif(bytes, at + 2, end)) return undefined;
    } else if (!TABLES.has(marker)) {
      return undefined;
    }
    at = end;
  }
}
