import sharp, { type Metadata } from 'sharp';
import { type ImageType, imageTypeOf } from '../content';
import { HttpError } from '../http/errors';
import { EXTRACT_LIMITS } from '../limits';
import { pngHeader } from '../png-check';
import { readPlainJpegHeader } from './jpeg-header';
import { readPlainPngHeader } from './png-header';

export interface ImageHeader {
  readonly type: ImageType;
  readonly width: number;
  readonly height: number;
  /**
   * Whether the file carries metadata beyond its pixels and colour profile (EXIF, XMP, IPTC,
   * Photoshop tags, PNG text): such an upload is never kept as it came (jobs.ts keepsUpload).
   */
  readonly metadata: boolean;
  /**
   * Whether it decodes straight to what the extraction works on: 8-bit sRGB, three channels, no
   * alpha, no embedded colour profile. With no metadata and a size that fits the crop, nothing of
   * normaliseUpload's pipeline would change a pixel (decode.ts decodesPlain).
   */
  readonly plain: boolean;
}

/**
 * Checks an upload before any pixel is decoded: the type by its first bytes (415), the header by
 * sharp's metadata, which parses headers only (422 when unreadable or not the type the bytes
 * claim), and the declared pixel count (413 IMAGE_TOO_MANY_PIXELS). Runs on the main thread;
 * sharp does the parsing on libuv's thread pool, not on the event loop; a plain JPEG's or PNG's
 * header is read here directly (plainJpegHeader, plainPngHeader).
 */
export async function probeUpload(bytes: Uint8Array): Promise<ImageHeader> {
  const type = imageTypeOf(bytes);
  if (type === undefined) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG or WebP image');
  }
  if (type === 'png') {
    // Our own reading of IHDR first: the same answer as /v1/file/mark for the same header,
    // including sizes the decoder's metadata reader would not even parse.
    let header: ReturnType<typeof pngHeader>;
    try {
      header = pngHeader(bytes);
    } catch (err) {
      throw new HttpError(422, 'UNDECODABLE_IMAGE', 'The png image could not be read', {
        cause: err,
      });
    }
    assertWithinBudget(header.width, header.height, header.bytesPerPixel);
    const plain = plainPngHeader(bytes);
    if (plain !== undefined) return plain;
  }
  const plainJpeg = type === 'jpeg' ? plainJpegHeader(bytes) : undefined;
  if (plainJpeg !== undefined) {
    assertWithinBudget(plainJpeg.width, plainJpeg.height, 3);
    return plainJpeg;
  }
  let meta: Metadata;
  try {
    // No pixel limit here: the header is read to compare its size with ours, below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new HttpError(422, 'UNDECODABLE_IMAGE', `The ${type} image could not be read`, {
      cause: err,
    });
  }
  const header = headerOf(type, meta);
  if (header === undefined) {
    throw new HttpError(422, 'UNDECODABLE_IMAGE', `The ${type} image could not be read`);
  }
  // Channels as decoded (a palette expands to RGB or RGBA); 16-bit samples take 2 bytes.
  const channels = meta.channels ?? 4;
  const sampleBytes = meta.depth === 'ushort' || meta.depth === 'short' ? 2 : 1;
  assertWithinBudget(header.width, header.height, channels * sampleBytes);
  return header;
}

/**
 * A plain JPEG's header read from its markers (jpeg-header.ts), as sharp's metadata would give
 * it, or undefined when only sharp can tell. The probe and the worker's second look at a stored
 * JPEG (decode.ts storedHints) both ask this first, so they classify every file alike.
 */
export function plainJpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  const plain = readPlainJpegHeader(bytes);
  if (plain === undefined) return undefined;
  return { type: 'jpeg', width: plain.width, height: plain.height, metadata: false, plain: true };
}

/**
 * A plain PNG's header read from its chunks (png-header.ts), as sharp's metadata would give it:
 * nothing but pixels, and plain (decodesPlain) when it has no alpha. Asked first by the probe and
 * by the worker's second look at a stored PNG (decode.ts storedHints), like plainJpegHeader.
 */
export function plainPngHeader(bytes: Uint8Array): ImageHeader | undefined {
  const plain = readPlainPngHeader(bytes);
  if (plain === undefined) return undefined;
  const { width, height, alpha } = plain;
  return { type: 'png', width, height, metadata: false, plain: !alpha };
}

/**
 * What sharp's metadata of an image says about how it decodes (ImageHeader), or undefined when
 * it is not the type its bytes claim or has no size. The one reading of a header for the route's
 * probe and for the extract worker's second look at a stored upload (decode.ts storedHints).
 */
export function headerOf(type: ImageType, meta: Metadata): ImageHeader | undefined {
  const { width, height } = meta;
  if (meta.format !== type || !(width > 0 && height > 0)) return undefined;
  const metadata =
    meta.exif !== undefined ||
    meta.xmp !== undefined ||
    meta.iptc !== undefined ||
    meta.tifftagPhotoshop !== undefined ||
    (meta.comments?.length ?? 0) > 0;
  const plain =
    meta.channels === 3 &&
    meta.hasAlpha === false &&
    meta.depth === 'uchar' &&
    meta.space === 'srgb' &&
    meta.hasProfile === false;
  return { type, width, height, metadata, plain };
}

/**
 * The budget every decode gets, from the header before any pixel is inflated: at most
 * imageMaxPixels pixels (413 IMAGE_TOO_MANY_PIXELS) and at most decodeMaxBytes decoded
 * (413 IMAGE_TOO_LARGE). Shared by /v1/stamp/parse and /v1/file/mark.
 */
export function assertWithinBudget(width: number, height: number, bytesPerPixel: number): void {
  if (width * height > EXTRACT_LIMITS.imageMaxPixels) {
    throw new HttpError(
      413,
      'IMAGE_TOO_MANY_PIXELS',
      `The image is ${width}x${height}; at most ${EXTRACT_LIMITS.imageMaxPixels} pixels are accepted`,
    );
  }
  const decoded = width * height * bytesPerPixel;
  if (decoded > EXTRACT_LIMITS.decodeMaxBytes) {
    const mib = (n: number) => Math.ceil(n / (1024 * 1024));
    throw new HttpError(
      413,
      'IMAGE_TOO_LARGE',
      `The image is ${width}x${height} at ${bytesPerPixel} bytes per pixel (${mib(decoded)} MiB decoded); at most ${mib(EXTRACT_LIMITS.decodeMaxBytes)} MiB are accepted`,
    );
  }
}
