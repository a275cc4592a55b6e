import { threadId } from 'node:worker_threads';
import { type ExtractOptions, extractSeal } from '@yinzhang/seal/extract';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { EXTRACT_LIMITS } from '../limits';
import { assertPngDecodes, PngDecodeError } from '../png-check';
import { encodeOneColourPng, type Rgb } from '../seal/png';
import { releaseBuffers } from './release';

/**
 * The pixel work of seal extraction, run inside the extract worker threads (extract-worker.ts):
 * decode an upload into the normalised crop, and extract a crop into a PNG. Everything here is
 * CPU-bound or blocks on sharp; the routes never call it on the event loop.
 */

/** Work sent to an extract worker. Bytes travel as Uint8Array (copied, not shared). */
export type ExtractJob =
  | {
      readonly kind: 'parse';
      /** The uploaded file: PNG, JPEG or WebP, already checked by its bytes and header. */
      readonly image: Uint8Array;
      /** Its size as its header declares (probe.ts), before any EXIF rotation. */
      readonly width: number;
      readonly height: number;
      /** Whether it carries metadata beyond pixels and colour profile (ImageHeader.metadata). */
      readonly metadata: boolean;
      /** Whether it is 8-bit sRGB with three channels, no alpha, no profile (ImageHeader.plain). */
      readonly plain: boolean;
      readonly options: ExtractOptions;
    }
  | {
      /** /v1/file/mark: prove a PNG decodes, inflating it as a stream within its budget. */
      readonly kind: 'check-png';
      readonly png: Uint8Array;
    }
  | {
      readonly kind: 'gray';
      /** What a 'parse' job kept (ParseResult.crop). */
      readonly crop: Uint8Array;
      readonly options: ExtractOptions;
    };

export interface GrayResult {
  /** The extracted seal: PNG, same size as the crop, transparent where there is no ink. */
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** The worker thread that did the work (never the main thread's 0). */
  readonly threadId: number;
}

export interface ParseResult extends GrayResult {
  /**
   * What is kept under the pid for later clarity keys: the upload itself when it needed no
   * scaling, is small (storedUploadMaxBytes) and carries no metadata (EXIF, XMP, ...), else the
   * normalised crop losslessly as PNG.
   * Either way normaliseUpload turns it back into exactly the crop this job extracted.
   */
  readonly crop: Uint8Array;
}

/** A 'check-png' job's answer: the PNG decodes (otherwise the job fails with UNDECODABLE_PNG). */
export interface CheckResult {
  readonly ok: true;
  readonly threadId: number;
}

export type ExtractJobResult = ParseResult | GrayResult | CheckResult;

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

/** Stored crops: fast lossless compression; they are read back once per new clarity key. */
const CROP_PNG_COMPRESSION = 1;
/**
 * Extraction results in several colours (the stamped look, modes 1 and 2). Measured on the
 * bench's 512x512 crop: level 3 takes 2.3 ms where zlib's default 6 takes 4.0 ms, for outputs
 * 1-3 % larger (mostly transparent images compress well at any level); level 1 is 1.7 ms but
 * 35-45 % larger. Adaptive filtering costs 7-10 ms and saves nothing here.
 */
const RESULT_PNG_COMPRESSION = 3;

interface Rgba {
  readonly data: Buffer;
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
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await pipeline.ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
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
  readonly width: number;
  readonly height: number;
  readonly metadata: boolean;
  readonly plain: boolean;
}

/**
 * Whether normaliseUpload's pipeline would leave every pixel of this upload as decoded, so that
 * decoding it alone gives the same crop: no metadata (so no EXIF orientation), a size that needs
 * no scaling, and plain pixels (no alpha to flatten, already 8-bit sRGB without a profile). What
 * the web app sends (a JPEG crop from its canvas) is such an image; skipping the no-op steps
 * saved about a quarter of the decode's CPU (issue 16). A test holds the two paths to the same
 * bytes.
 */
export function decodesPlain(hints: DecodeHints | undefined): boolean {
  if (hints === undefined || hints.metadata || !hints.plain) return false;
  return Math.max(hints.width, hints.height) <= EXTRACT_LIMITS.cropMaxSide;
}

/**
 * The upload as the crop the extraction works on: EXIF orientation applied, scaled down (never
 * up) to fit cropMaxSide, transparency flattened onto white (paper), 8-bit sRGB RGBA. `hints`
 * (the upload's probed header) let a plain upload skip the steps that would not change it.
 */
export function normaliseUpload(image: Uint8Array, hints?: DecodeHints): Promise<Rgba> {
  if (decodesPlain(hints)) return toRgba(sharp(image, DECODE_OPTIONS));
  const side = EXTRACT_LIMITS.cropMaxSide;
  return toRgba(
    sharp(image, { ...DECODE_OPTIONS, autoOrient: true })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb'),
  );
}

export async function encodeCrop(crop: Rgba): Promise<Buffer> {
  // Alpha is all opaque after flattening: three channels are enough.
  return sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: CROP_PNG_COMPRESSION })
    .toBuffer();
}

/**
 * Whether the upload itself can be kept instead of encoding its crop (ParseResult.crop): it was
 * not scaled (so decoding it again costs no more than decoding a stored crop), it is no larger
 * than a crop could be, and it holds nothing but pixels and a colour profile (a photo's EXIF can
 * say where it was taken; the encoded crop never carried any of that). Re-encoding the crop took
 * about a tenth of a parse's CPU (issue 16).
 */
export function keepsUpload(
  bytes: number,
  header: { readonly width: number; readonly height: number; readonly metadata: boolean },
): boolean {
  return (
    !header.metadata &&
    Math.max(header.width, header.height) <= EXTRACT_LIMITS.cropMaxSide &&
    bytes <= EXTRACT_LIMITS.storedUploadMaxBytes
  );
}

/** Painted where nothing is: an image with no ink at all is stored in this (invisible) colour. */
const NO_INK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * The one colour every visible pixel has, or undefined when there are several. Mode 0 and red=2
 * results are one colour by the kernel's contract; this checks the pixels rather than trusting
 * the mode, so a PNG is never encoded with a colour the extraction did not paint.
 */
export function oneColourOf(rgba: Uint8Array | Uint8ClampedArray): Rgb | undefined {
  let colour: Rgb | undefined;
  for (let p = 0; p < rgba.length; p += 4) {
    if (rgba[p + 3] === 0) continue;
    const r = rgba[p] as number;
    const g = rgba[p + 1] as number;
    const b = rgba[p + 2] as number;
    if (colour === undefined) colour = { r, g, b };
    else if (colour.r !== r || colour.g !== g || colour.b !== b) return undefined;
  }
  return colour ?? NO_INK;
}

/**
 * Extracts the seal and encodes it, keeping the crop's size. One-colour results (mode 0, and
 * red=2) use the palette encoder: smaller and faster than a full RGBA PNG, and lossless for them.
 */
export async function extractToPng(crop: Rgba, options: ExtractOptions): Promise<Buffer> {
  const { width, height } = crop;
  const ink = extractSeal(crop.data, width, height, options);
  const png = await encodeInk(ink, width, height);
  // A megabyte nothing reads any more: freed now rather than at the next collection (release.ts).
  releaseBuffers(ink);
  return png;
}

/** The PNG of an extraction result (see extractToPng). */
export async function encodeInk(
  ink: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Promise<Buffer> {
  const colour = oneColourOf(ink);
  if (colour !== undefined) return encodeOneColourPng(ink, width, height, colour);
  return sharp(ink, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: RESULT_PNG_COMPRESSION })
    .toBuffer();
}

/** Runs one job; called by the worker thread (and directly by unit tests). */
export async function runExtractJob(job: ExtractJob): Promise<ExtractJobResult> {
  if (job.kind === 'check-png') {
    try {
      await assertPngDecodes(job.png);
    } catch (err) {
      if (!(err instanceof PngDecodeError)) throw err;
      throw new ImageError('UNDECODABLE_PNG', `The PNG image could not be read: ${err.message}`);
    }
    return { ok: true, threadId };
  }
  if (job.kind === 'parse') {
    const crop = await normaliseUpload(job.image, job);
    const { width, height } = crop;
    if (keepsUpload(job.image.length, job)) {
      const png = await extractToPng(crop, job.options);
      return { png, crop: job.image, width, height, threadId };
    }
    // The crop's encoding starts first: sharp runs it off this thread while extraction runs here.
    const [stored, png] = await Promise.all([encodeCrop(crop), extractToPng(crop, job.options)]);
    return { png, crop: stored, width, height, threadId };
  }
  // A stored crop has no EXIF, no alpha and fits cropMaxSide, so normalising it changes nothing;
  // a kept upload is normalised exactly as its parse job did.
  const crop = await normaliseUpload(job.crop);
  const png = await extractToPng(crop, job.options);
  return { png, width: crop.width, height: crop.height, threadId };
}
