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
