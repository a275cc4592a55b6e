/**
 * Inflating Flate data with fflate (in the command line, native zlib in its place), without the
 * PDF engine: page-content.ts decodes content with it, and the byte-level merge (merge-fast.ts)
 * checks content streams with it before @libpdf/core is ever loaded.
 */
import { unzlibSync, zlibSync } from 'fflate';
import { latin1Key as keyOf } from './latin1';

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

/** Flate data short enough to be remembered by its bytes, and output short enough to keep. */
const SEEN_INPUT = 256;
const SEEN_OUTPUT = 4096;
/** Remembered at most (at 4 KB each, 4 MB); past that the memory starts again. */
const SEEN_ENTRIES = 1024;

/** Small Flate data met before, by its bytes: its output, or its error. */
const seen = new Map<string, { out: Uint8Array } | { error: unknown }>();

/**
 * inflate(), remembering small streams: writers that add content to every page (stampers, and
 * libraries that wrap each page's content in `q` and `Q` streams of their own) repeat the same
 * few small streams on every page, and a batch of 1000 pages inflated each copy again. For such
 * streams each inflate costs far more than its bytes (zlib's set-up, code not yet compiled in a
 * short process); a lookup by the bytes does not. Callers get a copy of a remembered output, so
 * nothing they do to it reaches the next page's.
 */
export function inflateSeen(data: Uint8Array): Uint8Array {
  if (data.length > SEEN_INPUT) return inflate(data);
  const key = keyOf(data);
  const known = seen.get(key);
  if (known) {
    if ('error' in known) throw known.error;
    return known.out.slice();
  }
  if (seen.size >= SEEN_ENTRIES) seen.clear();
  let out: Uint8Array;
  try {
    out = inflate(data);
  } catch (error) {
    seen.set(key, { error });
    throw error;
  }
  if (out.length <= SEEN_OUTPUT) seen.set(key, { out: out.slice() });
  return out;
}

/** fflate as the byte-level merge's Zlib (raw-file.ts): what mergePdfs hands it. */
export const fflateZlib = {
  inflate,
  deflate: (data: Uint8Array): Uint8Array => zlibSync(data),
};
