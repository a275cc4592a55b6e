/**
 * A page's content streams as readers take them: decoded, and only those that draw something.
 * Shared by the update writer (which scans the content before appending to it) and the merge
 * copier (which leaves undrawable entries out of a repaired input's pages).
 */
import { PdfArray, PdfName, type PdfObject, PdfStream } from '@libpdf/core';
import { unzlibSync } from 'fflate';

/**
 * A content stream's data. Plain Flate (most content) is inflated by fflate, several times faster
 * than @libpdf/core's pako on the large pages that made stamping slow; anything else, or data
 * fflate finds corrupt, goes through @libpdf/core, which decodes as far as the data allows.
 */
export function decodedContent(stream: PdfStream): Uint8Array {
  if (plainFlate(stream)) {
    try {
      return inflate(stream.data);
    } catch {
      // decoded leniently below
    }
  }
  return stream.getDecodedData();
}

/**
 * The decoded data of a /Contents entry that draws something, or undefined for one that does
 * not: an entry that is no stream makes poppler draw nothing of the page ("Weird page
 * contents"), and a stream whose data decodes to nothing at all draws nothing anywhere but fails
 * `qpdf --check` once a repaired page tree reaches it.
 */
export function drawnContent(entry: PdfObject | undefined): Uint8Array | undefined {
  if (!(entry instanceof PdfStream)) return undefined;
  let data: Uint8Array;
  try {
    data = decodedContent(entry);
  } catch {
    return undefined;
  }
  return data.length === 0 && entry.data.length > 0 ? undefined : data;
}

/** The first output buffer for Flate data, in times its size (content deflates 3-10x). */
const FIRST_OUT = 8;
const MIN_OUT = 4096;
/** A zlib stream's two header bytes and four of checksum. */
const ZLIB_FRAME = 6;
const MAX_RATIO = 1032;

/**
 * zlib data inflated by fflate into a buffer sized from the data, a larger one while the output
 * fills it. Left to size its own, fflate grows its buffer to at least 128 KB for every block, and
 * a page's content is mostly small streams: allocating was most of their inflating (in
 * Chromium's export worker, which zeroes every new buffer, 0.25 ms a stream, 10x the work).
 * Given a buffer, fflate writes nothing past its end (stored blocks throw a RangeError there),
 * so output as long as the buffer may be cut short and is inflated again into a larger one.
 * Errors are fflate's own, as without a buffer.
 */
export function inflate(data: Uint8Array): Uint8Array {
  // Header and checksum only: fflate hands back whatever buffer it was given.
  if (data.length <= ZLIB_FRAME) return unzlibSync(data);
  // Deflate expands at most 1032 times; past that, fflate sizes its buffer as it would.
  const most = data.length * MAX_RATIO;
  for (let size = Math.max(MIN_OUT, data.length * FIRST_OUT); size <= most; size *= 4) {
    const buffer = new Uint8Array(size);
    try {
      const out = unzlibSync(data, { out: buffer });
      // fflate fills the given buffer; an inflater that hands back another one (the command
      // line's native zlib, when the output outgrew the buffer) gave the whole output.
      if (out.length < size || out.buffer !== buffer.buffer) return out;
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
  }
  return unzlibSync(data);
}

/** Flate and nothing else, no predictor: what fflate inflates directly. */
export function plainFlate(stream: PdfStream): boolean {
  const filter = stream.get('Filter');
  const only = filter instanceof PdfArray && filter.length === 1 ? filter.at(0) : filter;
  return (
    only instanceof PdfName &&
    only.value === 'FlateDecode' &&
    stream.get('DecodeParms') === undefined
  );
}

/** Plain Flate data inflates as written (other filters are taken as they are). */
export function inflatesAsWritten(stream: PdfStream): boolean {
  if (!plainFlate(stream)) return true;
  try {
    inflate(stream.data);
    return true;
  } catch {
    return false;
  }
}
