/**
 * What the section xref-index.ts appends carries besides corrected entries: copies, written
 * uncompressed, of the objects a load and a one-page stamp reach (the catalog, /Info, the page
 * tree's nodes and pages, each page's /Resources) that sit in an object stream whose header had
 * to be read. @libpdf/core finds an object in an object stream by decoding and indexing the
 * whole stream; bug1978317's is 13 MB and 65,542 objects, for the six a stamp needs. Copied, the
 * engine reads those six where they are written and never decodes the stream. A page whose
 * /Annots is a long inline array (that page's 32,768 references, 300 KB) gets the array as an
 * object of its own, which the page names: every reader resolves it the same, and the engine,
 * which parses a page whole when it loads it and writes it whole when a stamp changes it, parses
 * and writes a short page. Copies only ever hold the bytes the file already gives for the object;
 * anything left uncopied is read from its stream as before, just more slowly.
 */
import { PdfArray, PdfName, type PdfObject, PdfRef, PdfString } from '@libpdf/core';
import { concat } from './bytes';
import {
  rawDictSpans,
  rawObjectBody,
  rawOnlySpace,
  rawValue,
  rawValueEnd,
  type Span,
} from './raw-syntax';
import type { Chain } from './xref-chain';

/** Where the objects stand, as xref-index.ts reads the file. */
export interface CopySource {
  /** A compressed object's syntax in its decoded stream, or undefined (not compressed, unread). */
  compressed(object: number): { data: Uint8Array; start: number; end: number } | undefined;
  /** An uncompressed object's offset in the file, or undefined. */
  offset(object: number): number | undefined;
}

export interface Copies {
  /** Each copied object's syntax (what goes between `n 0 obj` and `endobj`). */
  readonly objects: readonly { object: number; body: Uint8Array }[];
  /** The first object number not used by the copies (arrays moved out take numbers from /Size). */
  readonly next: number;
}

/** A walk this long is no one-page stamp's reach: what is copied by then stays copied. */
const MAX_OBJECTS = 2000;
/** Bytes of copies past which no more are made (the rest is read from its stream). */
const MAX_BYTES = 8 << 20;
/** An inline /Annots longer than this (about 200 references) is moved into an object of its own. */
const LONG_ANNOTS = 2048;

type Role = 'catalog' | 'node' | 'leaf';

export function reachedCopies(
  bytes: Uint8Array,
  source: CopySource,
  start: { root: PdfObject | undefined; info: PdfObject | undefined; firstNew: number },
): Copies {
  const objects: { object: number; body: Uint8Array }[] = [];
  let next = start.firstNew;
  let total = 0;
  const seen = new Set<number>();
  const queue: [number, Role][] = [];
  const visit = (value: PdfObject | undefined, role: Role) => {
    if (value instanceof PdfRef && value.generation === 0 && !seen.has(value.objectNumber)) {
      seen.add(value.objectNumber);
      queue.push([value.objectNumber, role]);
    }
  };
  visit(start.root, 'catalog');
  visit(start.info, 'leaf');
  for (let q = 0; q < queue.length && q < MAX_OBJECTS && total < MAX_BYTES; q++) {
    const [object, role] = queue[q] as [number, Role];
    const found = locate(bytes, source, object);
    if (found === undefined) continue;
    const { data, at, end, compressed } = found;
    const dict = role === 'leaf' ? undefined : rawDictSpans(data, at);
    const value = (key: string) => {
      const span = dict?.entries.get(key);
      return span && rawValue(data, span);
    };
    if (role === 'catalog') visit(value('Pages'), 'node');
    if (role === 'node') {
      const kids = value('Kids');
      if (kids instanceof PdfArray) for (const kid of kids) visit(kid, 'node');
      visit(value('Resources'), 'leaf');
    }
    if (!compressed) continue;
    // Copied only when the stream holds one well-formed value there and nothing else.
    const valueEnd = dict
      ? dict.end <= end && rawOnlySpace(data, dict.end, end)
        ? dict.end
        : undefined
      : rawValueEnd(data, at, end);
    if (valueEnd === undefined) continue;
    const annots = dict?.entries.get('Annots');
    const type = value('Type');
    const isPage = type instanceof PdfName && type.value === 'Page';
    if (
      isPage &&
      annots &&
      annots.end - annots.start > LONG_ANNOTS &&
      data[annots.start] === 0x5b
    ) {
      const moved = next++;
      objects.push({ object: moved, body: data.subarray(annots.start, annots.end) });
      objects.push({ object, body: replaced(data, at, valueEnd, annots, `${moved} 0 R`) });
    } else objects.push({ object, body: data.subarray(at, valueEnd) });
    total += valueEnd - at;
  }
  return { objects, next };
}

/** Where an object's syntax is: in its decoded object stream, or in the file after `n g obj`. */
function locate(
  bytes: Uint8Array,
  source: CopySource,
  object: number,
): { data: Uint8Array; at: number; end: number; compressed: boolean } | undefined {
  const inStream = source.compressed(object);
  if (inStream)
    return { data: inStream.data, at: inStream.start, end: inStream.end, compressed: true };
  const offset = source.offset(object);
  const at = offset === undefined ? undefined : rawObjectBody(bytes, offset, object);
  return at === undefined ? undefined : { data: bytes, at, end: bytes.length, compressed: false };
}

function replaced(data: Uint8Array, at: number, end: number, span: Span, text: string): Uint8Array {
  const middle = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const out = new Uint8Array(span.start - at + middle.length + end - span.end);
  out.set(data.subarray(at, span.start));
  out.set(middle, span.start - at);
  out.set(data.subarray(span.end, end), span.start - at + middle.length);
  return out;
}

/**
 * The appended section: the copies (xref-copies.ts), then a cross-reference stream listing them,
 * the corrected entries not copied, and itself, chained to the file's newest section, with its
 * trailer entries (/Root, /Info, /ID) carried.
 */
export function appendSection(
  bytes: Uint8Array,
  chain: Chain,
  corrections: ReadonlyMap<number, { stream: number; index: number }>,
  copies: Copies,
): Uint8Array | undefined {
  const self = copies.next;
  const lead = bytes[bytes.length - 1] === 0x0a || bytes[bytes.length - 1] === 0x0d ? '' : '\n';
  const parts: Uint8Array[] = [bytes, latin1Bytes(lead)];
  let offset = bytes.length + lead.length;
  const rows: { object: number; type: number; a: number; b: number }[] = [];
  for (const { object, body } of copies.objects) {
    rows.push({ object, type: 1, a: offset, b: 0 });
    const head = latin1Bytes(`${object} 0 obj\n`);
    const tail = latin1Bytes('\nendobj\n');
    parts.push(head, body, tail);
    offset += head.length + body.length + tail.length;
  }
  const copied = new Set(rows.map((r) => r.object));
  for (const [object, c] of corrections) {
    if (!copied.has(object)) rows.push({ object, type: 2, a: c.stream, b: c.index });
  }
  rows.push({ object: self, type: 1, a: offset, b: 0 });
  rows.sort((x, y) => x.object - y.object);
  const W = [1, 4, 4] as const;
  const data = new Uint8Array(rows.length * 9);
  const view = new DataView(data.buffer);
  rows.forEach((r, i) => {
    data[i * 9] = r.type;
    view.setUint32(i * 9 + 1, r.a);
    view.setUint32(i * 9 + 5, r.b);
  });
  const index = rows.map((r) => `${r.object} 1`).join(' ');
  let carried = '';
  for (const key of ['Root', 'Info', 'ID']) {
    const value = chain.trailer.get(key);
    if (value === undefined) continue;
    const text = serialize(value);
    if (text === undefined) return undefined;
    carried += ` /${key} ${text}`;
  }
  const head =
    `${self} 0 obj\n<< /Type /XRef /Size ${self + 1} /W [${W.join(' ')}] /Index [${index}]` +
    ` /Prev ${chain.start}${carried} /Length ${data.length} >>\nstream\n`;
  const tail = `\nendstream\nendobj\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(latin1Bytes(head), data, latin1Bytes(tail));
  return concat(parts);
}

/**
 * A trailer's /Root or /Info reference, or its /ID array of strings (in hex), as PDF syntax;
 * undefined for anything else (a catalog written inline), which this does not carry.
 */
function serialize(value: PdfObject): string | undefined {
  if (value instanceof PdfRef) return `${value.objectNumber} ${value.generation} R`;
  if (value instanceof PdfString) {
    return `<${Array.from(value.bytes, (b) => b.toString(16).padStart(2, '0')).join('')}>`;
  }
  if (!(value instanceof PdfArray)) return undefined;
  const items = value
    .toArray()
    .map((item) => (item instanceof PdfString ? serialize(item) : undefined));
  return items.every((t) => t !== undefined) ? `[${items.join(' ')}]` : undefined;
}

const latin1Bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
