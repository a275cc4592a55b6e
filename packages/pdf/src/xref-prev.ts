/**
 * An update whose /Prev points a little early: at the white space before the earlier
 * cross-reference section instead of at its first byte (pdf.js issue15092: 21 bytes early, at
 * the line end and spaces after the linearization dictionary). qpdf skips the white space and
 * reads the file without a word; @libpdf/core drops that section, and with it the catalog, so the
 * file was rebuilt by scanning and rewritten in full. A table there is not found past white
 * space by qpdf either, which repairs the file, and so do we. Here the newest section is written again
 * after the file, byte for byte but with /Prev set to where the earlier section starts: the
 * file's own bytes stay as they were, and it is appended to, not rewritten.
 */
import { latin1Text } from './latin1';

/** How much white space a /Prev may point ahead of its section. */
const MAX_GAP = 256;

/**
 * The file with its newest cross-reference section appended again, /Prev set right, or
 * undefined when that /Prev already points at a section (or at nothing recognisable).
 */
export function realignedPrev(bytes: Uint8Array): Uint8Array | undefined {
  const tail = latin1Text(bytes, Math.max(0, bytes.length - 2048));
  const marker = tail.lastIndexOf('startxref');
  const m = /^startxref\s+(\d+)/.exec(tail.slice(marker));
  if (marker < 0 || !m) return undefined;
  const start = Number(m[1]);
  // The section runs from its offset to the `startxref` that names it.
  const end = bytes.length - tail.length + marker;
  if (!(start >= 0 && start < end) || !startsSection(bytes, start)) return undefined;
  const section = latin1Text(bytes.subarray(start, end));
  // /Prev is in the trailer (a table) or the stream's dictionary, before any stream data.
  const dictionary = section.split(/\bstream\b/)[0] as string;
  const prev = /\/Prev\s+(\d+)/.exec(dictionary);
  if (!prev) return undefined;
  const offset = Number(prev[1]);
  if (!(offset >= 0 && offset < start) || startsSection(bytes, offset)) return undefined;
  let at = offset;
  while (at < start && at - offset < MAX_GAP && isWhite(bytes[at] as number)) at++;
  // qpdf reads a cross-reference stream there (an object, found past white space like any
  // other), not a table, whose `xref` must be where /Prev points: tables stay repaired.
  if (at === offset || !startsSection(bytes, at, true)) return undefined;
  const lead = bytes[bytes.length - 1] === 0x0a || bytes[bytes.length - 1] === 0x0d ? '' : '\n';
  const copyAt = bytes.length + lead.length;
  const copy =
    `${lead}${section.slice(0, prev.index)}/Prev ${at}${section.slice(prev.index + prev[0].length)}` +
    `${/[\r\n]$/.test(section) ? '' : '\n'}startxref\n${copyAt}\n%%EOF\n`;
  const out = new Uint8Array(bytes.length + copy.length);
  out.set(bytes);
  for (let i = 0; i < copy.length; i++) out[bytes.length + i] = copy.charCodeAt(i) & 0xff;
  return out;
}

/** A cross-reference table (`xref`) or stream (`n g obj`) begins right at `at`. */
function startsSection(bytes: Uint8Array, at: number, streamOnly = false): boolean {
  const head = latin1Text(bytes.subarray(at, Math.min(bytes.length, at + 32)));
  return (streamOnly ? /^\d+\s+\d+\s+obj\b/ : /^(?:xref\b|\d+\s+\d+\s+obj\b)/).test(head);
}

const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
