import { threadId } from 'node:worker_threads';
import { type ExtractOptions, extractSeal } from '@yinzhang/seal/extract';
import sharp from 'sharp';
import type { ImageType } from '../content';
import { EXTRACT_LIMITS } from '../limits';
import { assertPngDecodes, PngDecodeError } from '../png-check';
import { encodeOneColourPng, encodeRgbaPng, type Rgb } from '../seal/png';
import { ImageError, normaliseUpload, type Rgba, storedHints } from './decode';

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
      readonly type: ImageType;
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

/** Stored crops: fast lossless compression; they are read back once per new clarity key. */
const CROP_PNG_COMPRESSION = 1;

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
 * Where this thread's extractions write their pixels, reused from job to job: a parse no longer
 * leaves a megabyte behind for the collector (issue 16). At most cropMaxSide² pixels, and gone
 * with the worker when it idles out.
 */
let inkPixels = new Uint8ClampedArray(0);

function inkBuffer(pixels: number): Uint8ClampedArray {
  if (inkPixels.length < pixels * 4) inkPixels = new Uint8ClampedArray(pixels * 4);
  return inkPixels.subarray(0, pixels * 4);
}

/**
 * Extracts the seal and encodes it, keeping the crop's size. One-colour results (mode 0, and
 * red=2) use the palette encoder: smaller and faster than a full RGBA PNG, and lossless for them.
 */
export function extractToPng(crop: Rgba, options: ExtractOptions): Buffer {
  const { width, height } = crop;
  const ink = extractSeal(crop.data, width, height, options, inkBuffer(width * height));
  return encodeInk(ink, width, height);
}

/** The PNG of an extraction result (see extractToPng). */
export function encodeInk(
  ink: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Buffer {
  const colour = oneColourOf(ink);
  if (colour !== undefined) return encodeOneColourPng(ink, width, height, colour);
  return encodeRgbaPng(ink, width, height);
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
      const png = extractToPng(crop, job.options);
      return { png, crop: job.image, width, height, threadId };
    }
    // The crop's encoding starts first: sharp runs it off this thread while extraction runs here.
    // sharp reads the pixels until it is done, so the job (and with it the next decode into the
    // thread's reused buffer, decode.ts) waits for it even when extraction fails.
    const storing = encodeCrop(crop);
    let png: Buffer;
    try {
      png = extractToPng(crop, job.options);
    } finally {
      await storing.catch(() => undefined);
    }
    const stored = await storing;
    return { png, crop: stored, width, height, threadId };
  }
  // A stored crop has no EXIF, no alpha and fits cropMaxSide, so normalising it changes nothing;
  // a kept upload is normalised exactly as its parse job did.
  const crop = await normaliseUpload(job.crop, await storedHints(job.crop));
  const png = extractToPng(crop, job.options);
  return { png, width: crop.width, height: crop.height, threadId };
}
