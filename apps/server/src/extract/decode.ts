import { Transformer } from '@napi-rs/image';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { type ImageType, imageTypeOf } from '../content';
import { EXTRACT_LIMITS } from '../limits';
import { readPlainPngHeader } from './png-header';
import { headerOf, plainJpegHeader, plainPngHeader } from './probe';

/**
 * Uploads to the crop the extraction works on, inside the extract workers (jobs.ts): sharp for
 * everything that needs a step (orientation, scaling, flattening, colour) and for plain WebP, and
 * for a plain JPEG (a photo's crop sent through the API, the bench's upload) and a plain PNG (the
 * web app's crop) a decoder that runs on the worker's own thread.
 */

/** Why an image was refused; the route turns the code into a status. */
export type ImageErrorCode = 'UNDECODABLE_IMAGE' | 'IMAGE_TOO_MANY_PIXELS' | 'UNDECODABLE_PNG';

export class ImageError extends Error {
  override readonly name = 'ImageError';
  constructor(
    readonly code: ImageErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Untrusted input: refuse more pixels than the limit (sharp checks the header before decoding),
 * and fail on decoder errors and truncation, but not on mere warnings, which real camera JPEGs
 * sometimes raise.
 */
const DECODE_OPTIONS = {
  limitInputPixels: EXTRACT_LIMITS.imageMaxPixels,
  failOn: 'error',
  // Pixels flow through the pipeline a strip at a time instead of being held whole.
  sequentialRead: true,
} as const;

export interface Rgba {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

function decodeError(err: unknown): ImageError {
  const detail = err instanceof Error ? (err.message.split('\n')[0] ?? '') : '';
  if (/pixel limit/i.test(detail)) {
    return new ImageError(
      'IMAGE_TOO_MANY_PIXELS',
      `The image has more than ${EXTRACT_LIMITS.imageMaxPixels} pixels`,
    );
  }
  return new ImageError(
    'UNDECODABLE_IMAGE',
    `The image could not be decoded (damaged or truncated)${detail ? `: ${detail}` : ''}`,
    { cause: err },
  );
}

async function toRgba(pipeline: Sharp): Promise<Rgba> {
  let out: { data: Uint8Array; info: OutputInfo };
  try {
    out = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw decodeError(err);
  }
  const { data, info } = out;
  if (info.channels !== 4 || data.length !== info.width * info.height * 4) {
    throw new Error(`unexpected decoder output: ${info.width}x${info.height}x${info.channels}`);
  }
  return { data, width: info.width, height: info.height };
}

/** What probeUpload read of an upload's header that decides how it is decoded. */
export interface DecodeHints {
  readonly type: ImageType;
  readonly width: number;
  readonly height: number;
  readonly metadata: boolean;
  readonly plain: boolean;
}

/**
 * Whether normaliseUpload's pipeline would leave every pixel of this upload as decoded, so that
 * decoding it alone gives the same crop: no metadata (so no EXIF orientation), a size that needs
 * no scaling, and plain pixels (no alpha to flatten, already 8-bit sRGB without a profile): a
 * 512x512 crop an API client sends, for one. Skipping the no-op steps saved about a quarter of
 * sharp's decode (issue 16). A test holds the two paths to the same pixels (PNG and WebP to the
 * byte, JPEG within a bound: decodePlainJpeg).
 */
export function decodesPlain(hints: DecodeHints | undefined): boolean {
  if (hints === undefined || hints.metadata || !hints.plain) return false;
  return fitsCrop(hints);
}

/** Needs no scaling to fit the crop. */
function fitsCrop(hints: DecodeHints): boolean {
  return Math.max(hints.width, hints.height) <= EXTRACT_LIMITS.cropMaxSide;
}

/**
 * Where this thread's plain JPEGs are decoded to, reused from job to job (at most cropMaxSide²
 * pixels): a fresh megabyte per request cost page faults and collections (issue 16). A crop over
 * it is valid until the next decode on this thread.
 */
let cropPixels = new Uint8Array(0);

/** Alpha 255 in the top byte of a little-endian RGBA word. */
const OPAQUE = 0xff000000;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** JPEG's end-of-image marker: a file that does not end with it is truncated or carries more. */
function endsWithEoi(image: Uint8Array): boolean {
  return image.length >= 4 && image[image.length - 2] === 0xff && image[image.length - 1] === 0xd9;
}

/**
 * RGB bytes into opaque RGBA bytes (`out` holds 4 bytes a pixel). On a little-endian machine four
 * pixels are three 32-bit words of RGB, read and written as words where both are 4-aligned:
 * 0.24 ms for 512x512 against 0.6 ms a byte at a time (the decoder's buffers start aligned; the
 * rest goes byte-wise).
 */
export function expandRgb(rgb: Uint8Array, out: Uint8Array): void {
  const n = out.length >> 2;
  let i = 0;
  if (LITTLE_ENDIAN && rgb.byteOffset % 4 === 0 && out.byteOffset % 4 === 0) {
    const src = new Uint32Array(rgb.buffer, rgb.byteOffset, (n >> 2) * 3);
    const dst = new Uint32Array(out.buffer, out.byteOffset, n);
    for (let p = 0, end = n - (n & 3); i < end; i += 4, p += 3) {
      const a = src[p] as number;
      const b = src[p + 1] as number;
      const c = src[p + 2] as number;
      dst[i] = (a | OPAQUE) >>> 0;
      dst[i + 1] = ((a >>> 24) | (b << 8) | OPAQUE) >>> 0;
      dst[i + 2] = ((b >>> 16) | (c << 16) | OPAQUE) >>> 0;
      dst[i + 3] = ((c >>> 8) | OPAQUE) >>> 0;
    }
  }
  for (let p = 3 * i, q = 4 * i; i < n; i++, p += 3, q += 4) {
    out[q] = rgb[p] as number;
    out[q + 1] = rgb[p + 1] as number;
    out[q + 2] = rgb[p + 2] as number;
    out[q + 3] = 255;
  }
}

/**
 * A plain JPEG (decodesPlain) decoded on this thread by @napi-rs/image, or undefined to leave it
 * to sharp. Why: sharp's decode of the bench's 512x512 crop cost ~2.7 ms of CPU, over half of it
 * marshalling options and handing the work between libuv's and libvips' threads and back; this
 * decoder runs in the worker's own thread in ~1.4 ms (issue 16). Its pixels are not
 * libjpeg-turbo's to the bit (JPEG allows each decoder its own rounding; the test bounds the
 * difference), which is why the pixels a pid's extractions see come from this decoder for the
 * parse and for every later clarity key alike (runExtractJob).
 * sharp stays the judge of a damaged file: a file that does not end where JPEG ends (truncated,
 * or with data after it), one this decoder refuses, or an answer of an unexpected size goes to
 * sharp, which refuses what it cannot read (422) as before.
 */
function decodePlainJpeg(image: Uint8Array, hints: DecodeHints): Rgba | undefined {
  if (!endsWithEoi(image)) return undefined;
  const rgb = napiPixels(image);
  const { width, height } = hints;
  return rgb?.length === width * height * 3 ? opaqueCrop(rgb, width, height) : undefined;
}

/** @napi-rs/image's decode of a file (8-bit RGB or RGBA, as stored), or undefined when it refuses. */
function napiPixels(image: Uint8Array): Buffer | undefined {
  try {
    return new Transformer(image).rawPixelsSync();
  } catch {
    return undefined;
  }
}

/** RGB pixels as the crop: opaque RGBA in this thread's reused buffer. */
function opaqueCrop(rgb: Uint8Array, width: number, height: number): Rgba {
  const n = width * height;
  if (cropPixels.length < n * 4) cropPixels = new Uint8Array(n * 4);
  const data = cropPixels.subarray(0, n * 4);
  expandRgb(rgb, data);
  return { data, width, height };
}

/** Every alpha byte of RGBA bytes is 255 (words where aligned on a little-endian machine). */
function opaque(rgba: Uint8Array): boolean {
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) {
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
    for (let i = 0; i < words.length; i++) {
      if ((words[i] as number) < OPAQUE) return false;
    }
    return true;
  }
  for (let p = 3; p < rgba.length; p += 4) if (rgba[p] !== 255) return false;
  return true;
}

/**
 * A plain PNG (png-header.ts: 8-bit RGB or RGBA; IHDR, pHYs, IDAT, IEND; every CRC right)
 * decoded on this thread by @napi-rs/image, or undefined to leave it to sharp. PNG is lossless,
 * so the pixels are sharp's to the byte (decode-plain.test.ts); an RGBA file must be opaque
 * throughout (the web app's crop is: its canvas is filled white first), as flattening anything
 * else onto white is sharp's. Why: the web app's crop took ~5.2 ms of CPU through sharp's
 * metadata and pipeline, ~2.1 ms this way (issue 16). A file this decoder refuses, or answers
 * with pixels of the wrong size, goes to sharp, which refuses what it cannot read (422).
 */
export function decodePlainPng(image: Uint8Array, hints: DecodeHints): Rgba | undefined {
  const header = readPlainPngHeader(image);
  if (header === undefined || header.width !== hints.width || header.height !== hints.height) {
    return undefined;
  }
  const pixels = napiPixels(image);
  const { width, height } = header;
  if (pixels?.length !== width * height * (header.alpha ? 4 : 3)) return undefined;
  if (!header.alpha) return opaqueCrop(pixels, width, height);
  const data = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length);
  return opaque(data) ? { data, width, height } : undefined;
}

/**
 * How a stored upload decodes, read again from its header: a kept JPEG must decode as its parse
 * did (decodePlainJpeg), and a kept plain PNG decodes as fast as its parse did (to the same bytes
 * either way). Every other stored image (a kept WebP upload, or a crop this server encoded as
 * PNG) decodes to the same bytes through sharp's plain and full paths (decode-plain.test.ts),
 * so it needs no second look.
 */
export async function storedHints(stored: Uint8Array): Promise<DecodeHints | undefined> {
  const type = imageTypeOf(stored);
  if (type === 'png') return plainPngHeader(stored);
  if (type !== 'jpeg') return undefined;
  const plain = plainJpegHeader(stored);
  if (plain !== undefined) return plain;
  try {
    return headerOf('jpeg', await sharp(stored).metadata());
  } catch {
    return undefined;
  }
}

/**
 * The upload as the crop the extraction works on: EXIF orientation applied, scaled down (never
 * up) to fit cropMaxSide, transparency flattened onto white (paper), 8-bit sRGB RGBA. `hints`
 * (the upload's probed header) let a plain upload skip the steps that would not change it.
 */
export async function normaliseUpload(image: Uint8Array, hints?: DecodeHints): Promise<Rgba> {
  if (hints !== undefined && !hints.metadata && fitsCrop(hints)) {
    // A plain PNG with alpha is not `plain` (sharp would flatten it), but an opaque one decodes
    // to the full pipeline's pixels all the same (decodePlainPng).
    const own =
      hints.type === 'png'
        ? decodePlainPng(image, hints)
        : hints.type === 'jpeg' && hints.plain
          ? decodePlainJpeg(image, hints)
          : undefined;
    if (own !== undefined) return own;
    if (decodesPlain(hints)) return toRgba(sharp(image, DECODE_OPTIONS));
  }
  const side = EXTRACT_LIMITS.cropMaxSide;
  return toRgba(
    sharp(image, { ...DECODE_OPTIONS, autoOrient: true })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb'),
  );
}
