/**
 * Image bytes the engine embeds: PNG (a soft mask carries its alpha) and JPEG (copied as it is,
 * DCTDecode, never re-encoded). Pixels are never resampled: the PDF keeps the file's resolution.
 */
import { type PDF, PdfBool, PdfName, PdfNumber, type PdfRef, PdfStream } from '@libpdf/core';
import { zlibSync } from 'fflate';
import { PdfInputError } from './errors';
import { decodePngSamples, type PngSamples } from './png';

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'unknown';

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  magic.every((b, i) => bytes[at + i] === b);

/** The format from the file's first bytes, whatever its name or declared type says. */
export function imageKind(bytes: Uint8Array): ImageKind {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'webp';
  }
  return 'unknown';
}

/**
 * Embeds PNG or JPEG bytes as one image XObject (@libpdf/core). WebP and others must be converted
 * first.
 */
export function embedImageForUpdate(
  pdf: PDF,
  bytes: Uint8Array,
  label: string,
  options: EmbedOptions = {},
): { readonly ref: PdfRef; readonly width: number; readonly height: number } {
  const kind = imageKind(bytes);
  if (kind !== 'png' && kind !== 'jpeg') {
    throw new PdfInputError('BAD_IMAGE', `${label} is not a PNG or JPEG image`);
  }
  try {
    if (kind === 'png') return registerPng(pdf, compressedPng(bytes, options.stencil === true));
    const image = pdf.embedJpeg(bytes);
    return { ref: image.ref, width: image.width, height: image.height };
  } catch (err) {
    throw new PdfInputError('BAD_IMAGE', `${label} could not be read as ${kind.toUpperCase()}`, {
      cause: err,
    });
  }
}

/** Whether the file claims PDF/A-1, whose images may have no soft mask. */
export function isPdfA1(info: { readonly pdfA: string | null }): boolean {
  return info.pdfA?.startsWith('1') ?? false;
}

/** How an image is embedded for the file it goes into. */
export interface EmbedOptions {
  /**
   * PDF/A-1 forbids soft masks and allows a 1-bit stencil /Mask: the alpha becomes one, so the
   * seal's anti-aliased edge becomes a hard edge and the file stays PDF/A-1.
   */
  readonly stencil?: boolean | undefined;
}

/**
 * Registers decoded PNG samples as a Flate image XObject, with an /SMask when it has alpha (or a
 * stencil /Mask, see EmbedOptions).
 */
export function embedPngSamples(
  pdf: PDF,
  png: PngSamples,
  options: EmbedOptions = {},
): { readonly ref: PdfRef; readonly width: number; readonly height: number } {
  return registerPng(pdf, compressPng(png, options.stencil === true));
}

/** A PNG's samples deflated for an image XObject: the costly part of embedding it. */
interface CompressedPng {
  readonly width: number;
  readonly height: number;
  readonly colorSpace: string;
  readonly pixels: Uint8Array;
  readonly alpha?: Uint8Array | undefined;
  /** The 1-bit stencil that replaces the alpha for PDF/A-1. */
  readonly stencil?: Uint8Array | undefined;
}

function compressPng(png: PngSamples, stencil: boolean): CompressedPng {
  return {
    width: png.width,
    height: png.height,
    colorSpace: png.colorSpace,
    pixels: zlibSync(png.pixels),
    ...(png.alpha && stencil
      ? { stencil: zlibSync(stencilFromAlpha(png.alpha, png.width, png.height)) }
      : png.alpha
        ? { alpha: zlibSync(png.alpha) }
        : {}),
  };
}

/**
 * The same image bytes embedded again (the same seal on every file of a batch, or in every run
 * of the corpus) are decoded and deflated once: that was most of the time stamping a small file.
 * Keyed by the caller's buffer, and checked against a hash of its bytes in case the buffer was
 * refilled since.
 */
const compressed = new WeakMap<
  Uint8Array,
  { hash: number; byStencil: Map<boolean, CompressedPng> }
>();

function compressedPng(bytes: Uint8Array, stencil: boolean): CompressedPng {
  const hash = fnv1a(bytes);
  let entry = compressed.get(bytes);
  if (!entry || entry.hash !== hash) {
    entry = { hash, byStencil: new Map() };
    compressed.set(bytes, entry);
  }
  let png = entry.byStencil.get(stencil);
  if (!png) {
    png = compressPng(decodePngSamples(bytes), stencil);
    entry.byStencil.set(stencil, png);
  }
  return png;
}

function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

function registerPng(
  pdf: PDF,
  png: CompressedPng,
): { readonly ref: PdfRef; readonly width: number; readonly height: number } {
  const imageDict = (colorSpace: string) => ({
    Type: PdfName.of('XObject'),
    Subtype: PdfName.of('Image'),
    Width: PdfNumber.of(png.width),
    Height: PdfNumber.of(png.height),
    ColorSpace: PdfName.of(colorSpace),
    BitsPerComponent: PdfNumber.of(8),
    Filter: PdfName.of('FlateDecode'),
  });
  const dict: Record<string, PdfName | PdfNumber | PdfRef> = imageDict(png.colorSpace);
  if (png.stencil) {
    const stencil = {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Image'),
      Width: PdfNumber.of(png.width),
      Height: PdfNumber.of(png.height),
      ImageMask: PdfBool.of(true),
      Filter: PdfName.of('FlateDecode'),
    };
    dict.Mask = pdf.register(PdfStream.fromDict(stencil, png.stencil));
  } else if (png.alpha) {
    dict.SMask = pdf.register(PdfStream.fromDict(imageDict('DeviceGray'), png.alpha));
  }
  const ref = pdf.register(PdfStream.fromDict(dict, png.pixels));
  return { ref, width: png.width, height: png.height };
}

/** Alpha below this is not painted by a stencil mask (PDF/A-1 has no partial transparency). */
const STENCIL_THRESHOLD = 128;

/**
 * A 1-bit stencil from 8-bit alpha: a pixel is painted where its alpha is at least half. Rows are
 * padded to whole bytes; 1 = masked out, with the default /Decode [0 1].
 */
export function stencilFromAlpha(alpha: Uint8Array, width: number, height: number): Uint8Array {
  const row = Math.ceil(width / 8);
  const mask = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((alpha[y * width + x] as number) < STENCIL_THRESHOLD) {
        const at = y * row + (x >> 3);
        mask[at] = (mask[at] as number) | (0x80 >> (x & 7));
      }
    }
  }
  return mask;
}

/** EXIF orientation 1..8 (1 = as stored). */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const ORIENTATION_TAG = 0x0112;

/**
 * The EXIF orientation of a JPEG, read from its APP1 segment; 1 when there is none or it is
 * unreadable (a photo shown as stored is better than a refusal).
 */
export function jpegOrientation(bytes: Uint8Array): ExifOrientation {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] as number;
    // Start of scan: the metadata segments are all before it.
    if (marker === 0xda || marker === 0xd9) break;
    const length = view.getUint16(at + 2);
    if (marker === 0xe1 && startsWith(bytes, EXIF_HEADER, at + 4)) {
      return tiffOrientation(view, at + 4 + EXIF_HEADER.length, at + 2 + length);
    }
    at += 2 + length;
  }
  return 1;
}

function tiffOrientation(view: DataView, tiff: number, end: number): ExifOrientation {
  if (tiff + 8 > end || end > view.byteLength) return 1;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const u16 = (p: number) => view.getUint16(p, little);
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? (value as ExifOrientation) : 1;
  }
  return 1;
}
