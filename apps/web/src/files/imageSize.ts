/**
 * The pixel size a PNG declares in its header, read before anything decodes it. The PDF engine
 * inflates a PNG in full to embed it: a 20000x20000 PNG of 1 MB (a "PNG bomb") took 94 s and 4 GB
 * in Node, and takes the browser tab's worker down. JPEGs are embedded as they are, never decoded,
 * so only PNGs are checked.
 */

/** As many pixels as the server accepts for extraction (apps/server limits.ts imageMaxPixels). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Bytes needed to read a PNG's IHDR width and height. */
export const PNG_SIZE_BYTES = 24;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

/** Width and height from a PNG's first chunk; null when the head is not a PNG with an IHDR. */
export function pngSize(head: Uint8Array): { width: number; height: number } | null {
  if (head.length < PNG_SIZE_BYTES) return null;
  if (!PNG_SIGNATURE.every((b, i) => head[i] === b)) return null;
  if (!IHDR.every((b, i) => head[12 + i] === b)) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Whether the head declares a PNG too large to embed in the browser. */
export function tooManyPixels(head: Uint8Array): boolean {
  const size = pngSize(head);
  return size !== null && size.width * size.height > IMAGE_MAX_PIXELS;
}
