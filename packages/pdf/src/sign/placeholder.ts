/**
 * The /ByteRange and /Contents placeholders of a signature dictionary, found in the bytes of the
 * incremental update that carries them, and filled in once the signature is made.
 *
 * Both are ordinary objects of @libpdf/core's model: an array of wide numbers, and a hex string of
 * zeros. In an encrypted file the writer encrypts that string; it does not matter, since the hole
 * is overwritten with the CMS in plain hex, as the signature's /Contents must be (PDF 32000 7.6.2).
 */
import { PdfArray, PdfNumber, PdfString } from '@libpdf/core';

/** Ten digits per number: files up to 9,999,999,999 bytes. */
const WIDE = 9_999_999_999;

export const byteRangePlaceholder = () =>
  new PdfArray([PdfNumber.of(0), PdfNumber.of(WIDE), PdfNumber.of(WIDE), PdfNumber.of(WIDE)]);
export const contentsPlaceholder = (size: number) => PdfString.fromBytes(new Uint8Array(size));

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] as number;
  for (let i = haystack.indexOf(first, from); i !== -1; i = haystack.indexOf(first, i + 1)) {
    if (i + needle.length > haystack.length) return -1;
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

export interface Holes {
  /** The ByteRange array, '[' to ']' inclusive. */
  readonly byteRangeAt: number;
  readonly byteRangeLength: number;
  /** Offset of the '<' that opens /Contents, and the hex digits' count between '<' and '>'. */
  readonly contentsAt: number;
  readonly hexLength: number;
}

/** Finds our placeholders in the part of `bytes` written from `from` on (the new revision). */
export function findHoles(bytes: Uint8Array, from: number): Holes {
  const wide = ascii(`${WIDE} ${WIDE} ${WIDE}]`);
  const end = indexOf(bytes, wide, from);
  const byteRangeAt = end === -1 ? -1 : bytes.lastIndexOf(0x5b /* [ */, end);
  const key = indexOf(bytes, ascii('/Contents'), end);
  const contentsAt = key === -1 ? -1 : bytes.indexOf(0x3c /* < */, key);
  const close = contentsAt === -1 ? -1 : bytes.indexOf(0x3e /* > */, contentsAt);
  if (byteRangeAt === -1 || close === -1) {
    throw new Error('the signature placeholders were not written as expected');
  }
  return {
    byteRangeAt,
    byteRangeLength: end + wide.length - byteRangeAt,
    contentsAt,
    hexLength: close - contentsAt - 1,
  };
}

export type ByteRange = readonly [number, number, number, number];

/** Writes the byte range: everything but the /Contents string, its '<' and '>' included. */
export function fillByteRange(bytes: Uint8Array, holes: Holes): ByteRange {
  const afterContents = holes.contentsAt + holes.hexLength + 2;
  const range: ByteRange = [0, holes.contentsAt, afterContents, bytes.length - afterContents];
  const body = range.join(' ');
  const spaces = holes.byteRangeLength - body.length - 2;
  if (spaces < 0) throw new Error('the file is too large to sign');
  // Spaces before the ']' keep the array the same length as its placeholder.
  bytes.set(ascii(`[${body}${' '.repeat(spaces)}]`), holes.byteRangeAt);
  return range;
}

export function signedBytes(bytes: Uint8Array, range: ByteRange): Uint8Array {
  const out = new Uint8Array(range[1] + range[3]);
  out.set(bytes.subarray(range[0], range[0] + range[1]), 0);
  out.set(bytes.subarray(range[2], range[2] + range[3]), range[1]);
  return out;
}

const HEX = '0123456789abcdef';

/** Puts the CMS into /Contents in plain hex, padded with zeros; false when it does not fit. */
export function fillContents(bytes: Uint8Array, holes: Holes, cms: Uint8Array): boolean {
  if (cms.length * 2 > holes.hexLength) return false;
  let at = holes.contentsAt + 1;
  for (const b of cms) {
    bytes[at++] = HEX.charCodeAt(b >> 4);
    bytes[at++] = HEX.charCodeAt(b & 15);
  }
  bytes.fill(0x30 /* 0 */, at, holes.contentsAt + 1 + holes.hexLength);
  return true;
}
