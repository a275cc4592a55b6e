/**
 * Pixel sizes of PNG and JPEG files read from their headers, so that stamping with a PNG or JPEG
 * never loads sharp (its native library alone takes longer to load than the stamping).
 */

/** Width and height as stored (before any EXIF turn); null when the header cannot be read. */
export function headerSize(
  bytes: Uint8Array,
  kind: 'png' | 'jpeg',
): { width: number; height: number } | null {
  return kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
}

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height, big-endian.
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = { width: view.getUint32(16), height: view.getUint32(20) };
  return size.width > 0 && size.height > 0 ? size : null;
}

/** Start-of-frame markers carry the size: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = view.getUint16(at + 2);
    if (isFrame(marker)) {
      const size = { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      return size.width > 0 && size.height > 0 ? size : null;
    }
    at += 2 + length;
  }
  return null;
}
