/**
 * Is an image file whole? Browsers draw a cut-off PNG or JPEG without complaint (the missing rows
 * grey or empty), so a visitor would sign half a contract without a word. Pure: bytes in.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Length, type and CRC around each chunk's data. */
const PNG_CHUNK_OVERHEAD = 12;

function u32(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) |
      ((bytes[at + 1] ?? 0) << 16) |
      ((bytes[at + 2] ?? 0) << 8) |
      (bytes[at + 3] ?? 0)) >>>
    0
  );
}

/** Every chunk fits in the file and the last one read is IEND. */
function pngComplete(bytes: Uint8Array): boolean {
  let at = PNG_SIGNATURE.length;
  while (at + PNG_CHUNK_OVERHEAD <= bytes.length) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + PNG_CHUNK_OVERHEAD + length;
    if (end > bytes.length) return false;
    if (type === 'IEND') return true;
    at = end;
  }
  return false;
}

/**
 * An end-of-image marker (FF D9) after the last start-of-scan (FF DA). Searching from the last
 * scan skips an EXIF thumbnail's own markers; cameras may append data after the end, so the
 * marker need not be the last two bytes.
 */
function jpegComplete(bytes: Uint8Array): boolean {
  let scan = -1;
  for (let i = bytes.length - 2; i >= 2; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xda) {
      scan = i;
      break;
    }
  }
  if (scan < 0) return false;
  for (let i = scan + 2; i < bytes.length - 1; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/** The RIFF header's size covers the file (little-endian, after the first 8 bytes). */
function webpComplete(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const size =
    ((bytes[4] ?? 0) |
      ((bytes[5] ?? 0) << 8) |
      ((bytes[6] ?? 0) << 16) |
      ((bytes[7] ?? 0) << 24)) >>>
    0;
  return size + 8 <= bytes.length;
}

const startsWith = (bytes: Uint8Array, head: readonly number[]) =>
  head.every((b, i) => bytes[i] === b);

/** True for a whole PNG, JPEG or WebP; false for a cut-off one or anything else. */
export function imageLooksComplete(bytes: Uint8Array): boolean {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngComplete(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegComplete(bytes);
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46])) return webpComplete(bytes);
  return false;
}
