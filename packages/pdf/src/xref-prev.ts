/**
 * An update whose /Prev points a little early: at the white space before the earlier
 * cross-reference section instead of at its first byte (pdf.js issue15092: 21 bytes early, at
 * the line end and spaces after the linearization dictionary). qpdf skips the white space and
 * reads the file without a word; @libpdf/core drops that section, and with it the catalog, so
 * the file was rebuilt by scanning and rewritten in full (rotated_freetexts: two updates
 * further back). A table there is not found past white space by qpdf either, which repairs the
 * file, and so do we. Here the newest sections, down to the one whose /Prev is early, are
 * written again after the file, byte for byte but chained to each other, the last one's /Prev
 * set to where the earlier section starts: the file's own bytes stay as they were, and it is
 * appended to, not rewritten.
 */
import { latin1Text } from './latin1';

/** How much white space a /Prev may point ahead of its section. */
const MAX_GAP = 256;

/** How many sections back the early /Prev is looked for, and how long a section may be. */
const MAX_HOPS = 16;
const MAX_SECTION = 1 << 20;

/**
 * The file with its newest cross-reference sections appended again, down to the one whose
 * /Prev is early, each copy chained to the next and the last one's /Prev set right; undefined
 * when every /Prev points at a section (or one points at nothing recognisable).
 */
export function realignedPrev(bytes: Uint8Array): Uint8Array | undefined {
  const tail = latin1Text(bytes, Math.max(0, bytes.length - 2048));
  const marker = tail.lastIndexOf('startxref');
  const m = /^startxref\s+(\d+)/.exec(tail.slice(marker));
  if (marker < 0 || !m) return undefined;
  const chain: { section: string; prev: RegExpExecArray }[] = [];
  const visited = new Set<number>();
  let offset = Number(m[1]);
  let early: number | undefined;
  while (early === undefined) {
    if (chain.length >= MAX_HOPS || visited.has(offset) || !startsSection(bytes, offset)) {
      return undefined;
    }
    visited.add(offset);
    // A section runs from its offset to the `startxref` that names it.
    const window = latin1Text(bytes, offset, Math.min(bytes.length, offset + MAX_SECTION));
    const end = window.indexOf('startxref');
    if (end < 0) return undefined;
    const section = window.slice(0, end);
    // /Prev is in the trailer (a table) or the stream's dictionary, before any stream data.
    const prev = /\/Prev\s+(\d+)/.exec(section.split(/\bstream\b/)[0] as string);
    if (!prev) return undefined;
    chain.push({ section, prev });
    const target = Number(prev[1]);
    if (!(target >= 0 && target < bytes.length)) return undefined;
    if (startsSection(bytes, target)) {
      offset = target;
      continue;
    }
    let at = target;
    while (at < bytes.length && at - target < MAX_GAP && isWhite(bytes[at] as number)) at++;
    // qpdf reads a cross-reference stream there (an object, found past white space like any
    // other), not a table, whose `xref` must be where /Prev points: tables stay repaired.
    if (at === target || !startsSection(bytes, at, true)) return undefined;
    early = at;
  }
  const last = bytes[bytes.length - 1];
  let text = last === 0x0a || last === 0x0d ? '' : '\n';
  let next = early;
  for (let i = chain.length - 1; i >= 0; i--) {
    const { section, prev } = chain[i] as (typeof chain)[number];
    const at = bytes.length + text.length;
    text += `${section.slice(0, prev.index)}/Prev ${next}${section.slice(prev.index + prev[0].length)}`;
    if (!/[\r\n]$/.test(text)) text += '\n';
    next = at;
  }
  text += `startxref\n${next}\n%%EOF\n`;
  const out = new Uint8Array(bytes.length + text.length);
  out.set(bytes);
  for (let i = 0; i < text.length; i++) out[bytes.length + i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** A cross-reference table (`xref`) or stream (`n g obj`) begins right at `at`. */
function startsSection(bytes: Uint8Array, at: number, streamOnly = false): boolean {
  const head = latin1Text(bytes.subarray(at, Math.min(bytes.length, at + 32)));
  return (streamOnly ? /^\d+\s+\d+\s+obj\b/ : /^(?:xref\b|\d+\s+\d+\s+obj\b)/).test(head);
}

const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
