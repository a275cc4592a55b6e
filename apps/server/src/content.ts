import { createHash } from 'node:crypto';
import { MID_HEX_LENGTH } from './limits';

/** A mark's id: the start of the sha256 of its PNG bytes (DESIGN §7). */
export function markId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, MID_HEX_LENGTH);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** Every PNG's first chunk is IHDR: 4 bytes length, then its type, right after the signature. */
const IHDR_TYPE_OFFSET = 12;
const IHDR = 'IHDR';

/** Decides "is this a PNG" from the bytes alone, never from a file name or declared type. */
export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < IHDR_TYPE_OFFSET + IHDR.length) return false;
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return false;
  return [...IHDR].every((ch, i) => bytes[IHDR_TYPE_OFFSET + i] === ch.charCodeAt(0));
}

/** The image formats /v1/stamp/parse accepts. */
export type ImageType = 'png' | 'jpeg' | 'webp';

const JPEG_SOI = [0xff, 0xd8, 0xff] as const;
/** RIFF container: 'RIFF', 4 bytes of length, then the form type 'WEBP'. */
const RIFF = 'RIFF';
const WEBP = 'WEBP';
const WEBP_FORM_OFFSET = 8;

function hasAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  return [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
}

/** PNG, JPEG or WebP by the file's first bytes (never its name or declared type), else undefined. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (isPng(bytes)) return 'png';
  if (bytes.length > JPEG_SOI.length && JPEG_SOI.every((b, i) => bytes[i] === b)) return 'jpeg';
  if (hasAscii(bytes, 0, RIFF) && hasAscii(bytes, WEBP_FORM_OFFSET, WEBP)) return 'webp';
  return undefined;
}
