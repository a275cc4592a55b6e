/**
 * Cross-reference streams whose entries name the wrong slot of an object stream. A writer that
 * stores an object's index in too narrow a field (cairo: 2 bytes, for a stream of 65,542
 * annotations; pdf.js bug 1978317) wraps it round, so @libpdf/core, which takes the object at
 * the index it is given, reads another object in its place: an annotation for the catalog. qpdf
 * and poppler find compressed objects by the numbers the object stream's own header lists, and
 * read the file as written. Here the entries are set right the way an update would: a small
 * cross-reference stream appended to the file, listing each wrong entry at its true index. The
 * file's bytes stay as they were (earlier signatures keep their byte ranges), every reader sees
 * the right objects, and the file is appended to, not rewritten.
 */
import {
  PdfArray,
  PdfDict,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import { Unzlib } from 'fflate';
import { latin1Text } from './latin1';
import { decodedContent, plainFlate } from './page-content';
import { rawObjectAt } from './raw-syntax';
import { type Copies, type CopySource, reachedCopies } from './xref-copies';

/** How many cross-reference sections are followed back through /Prev. */
const MAX_SECTIONS = 64;

/** The entries in force that name an object stream slot, in three parallel lists. */
interface Compressed {
  readonly objects: number[];
  readonly streams: number[];
  readonly indexes: number[];
}

/**
 * Could the newest cross-reference section's index field wrap round? Only a cross-reference
 * stream whose last field is too narrow for its /Size (cairo: 2 bytes, /Size 65,564) can hold an
 * object stream with more objects than that field counts. Read from the bytes (one dictionary),
 * so that read.ts sets such a file right before loading it, instead of after a load that misread it.
 */
export function mayWrap(bytes: Uint8Array): boolean {
  const start = startXref(bytes);
  const section = start === undefined ? undefined : rawObjectAt(bytes, start)?.value;
  if (!isXRef(section)) return false;
  const widths = numbers(section.get('W'));
  const size = section.get('Size');
  const last = widths?.[2];
  return last !== undefined && last < 4 && size instanceof PdfNumber && size.value > 256 ** last;
}

/**
 * The file with an appended section that sets right every compressed entry naming the wrong
 * slot, or undefined when none does or the file is not one this can tell about (no
 * cross-reference streams, a classic table in the chain, encryption). Read from the bytes, not
 * through a load. `wrapsOnly` looks only into object streams with more objects than the narrowest
 * index field counts (mayWrap's files: the others cannot wrap, and their headers need not be read).
 */
export function reindexedObjects(
  bytes: Uint8Array,
  { wrapsOnly = false }: { wrapsOnly?: boolean } = {},
): Uint8Array | undefined {
  const chain = readChain(bytes);
  if (chain === undefined) return undefined;
  const headers = new Map<number, Header | null>();
  /** Per object stream, the objects its entries place at a slot holding another object. */
  const misplaced = new Map<number, { object: number; index: number }[]>();
  const { objects, streams, indexes } = chain.compressed;
  for (let k = 0; k < objects.length; k++) {
    const object = objects[k] as number;
    const stream = streams[k] as number;
    let header = headers.get(stream);
    if (header === undefined) {
      header = objectStreamHeader(bytes, chain, stream, wrapsOnly) ?? null;
      headers.set(stream, header);
    }
    if (header === null || header.numbers[indexes[k] as number] === object) continue;
    const list = misplaced.get(stream);
    const entry = { object, index: indexes[k] as number };
    if (list) list.push(entry);
    else misplaced.set(stream, [entry]);
  }
  const corrections = new Map<number, { stream: number; index: number }>();
  for (const [stream, wrong] of misplaced) {
    const at = truePositions((headers.get(stream) as Header).numbers, wrong, chain.slots);
    for (const { object } of wrong) {
      const index = at.get(object);
      if (index !== undefined) corrections.set(object, { stream, index });
    }
  }
  if (corrections.size === 0) return undefined;
  const copies = reachedCopies(bytes, copySource(chain, headers, corrections), {
    root: chain.trailer.get('Root'),
    info: chain.trailer.get('Info'),
    firstNew: (chain.trailer.get('Size') as PdfNumber).value,
  });
  return appendSection(bytes, chain, corrections, copies);
}

/** An object stream's header: the object numbers it lists, each one's offset after /First. */
interface Header {
  readonly numbers: number[];
  readonly offsets: number[];
  readonly stream: PdfStream;
  readonly first: number;
  /** The decoded data, when the header's read inflated it all. */
  whole: Uint8Array | undefined;
}

/**
 * Where the objects stand once the corrections are made: a compressed object's syntax in its
 * decoded stream (only for the streams whose headers were read), an uncompressed one's offset.
 */
function copySource(
  chain: Chain,
  headers: ReadonlyMap<number, Header | null>,
  corrections: ReadonlyMap<number, { stream: number; index: number }>,
): CopySource {
  const ends = new Map<number, number[]>();
  return {
    compressed(object) {
      const place = corrections.get(object) ?? compressedEntry(chain, object);
      const header = place && headers.get(place.stream);
      if (!place || !header || header.numbers[place.index] !== object) return undefined;
      if (header.whole === undefined) {
        try {
          header.whole = decodedContent(header.stream);
        } catch {
          return undefined;
        }
      }
      // Objects follow each other in the stream, as a rule in the header's order.
      const offset = header.offsets[place.index] as number;
      let next = header.offsets[place.index + 1];
      if (next !== undefined && next <= offset) {
        let sorted = ends.get(place.stream);
        if (sorted === undefined) {
          sorted = [...header.offsets].sort((x, y) => x - y);
          ends.set(place.stream, sorted);
        }
        next = sorted[upperBound(sorted, offset)];
      }
      const data = header.whole;
      const start = header.first + offset;
      const end = Math.min(data.length, next === undefined ? data.length : header.first + next);
      return start < end ? { data, start, end } : undefined;
    },
    offset: (object) => offsetOf(chain, object),
  };
}

/** The first index whose value is greater than `value`, in an ascending list. */
function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One cross-reference stream of the chain, decoded, for finding an object's offset. */
interface Section {
  readonly data: Uint8Array;
  readonly widths: readonly [number, number, number];
  readonly ranges: readonly number[];
}

interface Chain {
  /** Offset of the newest section (its startxref). */
  readonly start: number;
  /** The newest section's dictionary: /Size, /Root, /Info, /ID. */
  readonly trailer: PdfDict;
  readonly compressed: Compressed;
  /** Newest first. */
  readonly sections: readonly Section[];
  /** How many slots the narrowest index field of the chain can name. */
  readonly slots: number;
}

function readChain(bytes: Uint8Array): Chain | undefined {
  const start = startXref(bytes);
  if (start === undefined) return undefined;
  /** Object numbers a newer section has already given (an older entry for them is no longer in force). */
  const decided = new Set<number>();
  const compressed: Compressed = { objects: [], streams: [], indexes: [] };
  const sections: Section[] = [];
  let trailer: PdfDict | undefined;
  let slots = Number.POSITIVE_INFINITY;
  const visited = new Set<number>();
  let offset: number | undefined = start;
  while (offset !== undefined) {
    if (visited.has(offset) || visited.size >= MAX_SECTIONS) return undefined;
    visited.add(offset);
    const stream = xrefStreamAt(bytes, offset);
    if (stream === undefined || stream.has('Encrypt')) return undefined;
    trailer ??= stream;
    const section = readEntries(stream, decided, compressed, stream.get('Prev') !== undefined);
    if (section === undefined) return undefined;
    sections.push(section);
    slots = Math.min(slots, 256 ** section.widths[2]);
    const prev = stream.get('Prev');
    offset = prev instanceof PdfNumber ? prev.value : undefined;
  }
  return trailer && { start, trailer, compressed, sections, slots };
}

/** The number after the last `startxref` in the file's last 2 KB. */
function startXref(bytes: Uint8Array): number | undefined {
  const tail = latin1Text(bytes, Math.max(0, bytes.length - 2048));
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return undefined;
  const m = /^startxref\s+(\d+)/.exec(tail.slice(at));
  return m ? Number(m[1]) : undefined;
}

const isXRef = (value: PdfObject | undefined): value is PdfDict =>
  value instanceof PdfDict && value.getName('Type')?.value === 'XRef';

/** The cross-reference stream written at `offset`, its data as long as its direct /Length says. */
function xrefStreamAt(bytes: Uint8Array, offset: number): PdfStream | undefined {
  const raw = rawObjectAt(bytes, offset);
  if (raw?.dataStart === undefined || !isXRef(raw.value)) return undefined;
  const length = raw.value.get('Length');
  if (!(length instanceof PdfNumber)) return undefined;
  const end = raw.dataStart + length.value;
  if (!Number.isInteger(end) || end > bytes.length) return undefined;
  return new PdfStream(raw.value, bytes.subarray(raw.dataStart, end));
}

/**
 * Adds the section's entries not decided by a newer one, and (when an `older` section follows)
 * marks its objects decided; undefined when it cannot be read.
 */
function readEntries(
  stream: PdfStream,
  decided: Set<number>,
  compressed: Compressed,
  older: boolean,
): Section | undefined {
  const widths = numbers(stream.get('W'));
  const size = stream.get('Size');
  if (widths?.length !== 3 || !(size instanceof PdfNumber)) return undefined;
  const ranges = numbers(stream.get('Index')) ?? [0, size.value];
  if (ranges.length % 2 !== 0) return undefined;
  let data: Uint8Array;
  try {
    data = decodedContent(stream);
  } catch {
    return undefined;
  }
  const [w0, w1, w2] = widths as [number, number, number];
  const row = w0 + w1 + w2;
  if (row === 0 || widths.some((w) => w < 0 || w > 8)) return undefined;
  // The first section read (the newest) decides every object it lists: no set needed for it.
  const first = decided.size === 0;
  const listed: number[] = [];
  let at = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    const start = ranges[r] as number;
    const count = ranges[r + 1] as number;
    for (let k = 0; k < count && at + row <= data.length; k++, at += row) {
      const object = start + k;
      if (!first && decided.has(object)) continue;
      if (older) listed.push(object);
      if ((w0 === 0 ? 1 : field(data, at, w0)) !== 2) continue;
      compressed.objects.push(object);
      compressed.streams.push(field(data, at + w0, w1));
      compressed.indexes.push(field(data, at + w0 + w1, w2));
    }
  }
  for (const object of listed) decided.add(object);
  return { data, widths: [w0, w1, w2], ranges };
}

/** The chain's entry in force for `object`: its type and two fields, or undefined. */
function entryOf(chain: Chain, object: number): [number, number, number] | undefined {
  for (const { data, widths, ranges } of chain.sections) {
    const [w0, w1, w2] = widths;
    const row = w0 + w1 + w2;
    let at = 0;
    for (let r = 0; r < ranges.length; r += 2) {
      const start = ranges[r] as number;
      const count = ranges[r + 1] as number;
      if (object >= start && object < start + count) {
        const rowAt = at + (object - start) * row;
        if (rowAt + row > data.length) return undefined;
        const type = w0 === 0 ? 1 : field(data, rowAt, w0);
        return [type, field(data, rowAt + w0, w1), field(data, rowAt + w0 + w1, w2)];
      }
      at += count * row;
    }
  }
  return undefined;
}

/** Where the chain's entry in force writes `object` uncompressed, or undefined. */
function offsetOf(chain: Chain, object: number): number | undefined {
  const entry = entryOf(chain, object);
  return entry?.[0] === 1 ? entry[1] : undefined;
}

function compressedEntry(
  chain: Chain,
  object: number,
): { stream: number; index: number } | undefined {
  const entry = entryOf(chain, object);
  return entry?.[0] === 2 ? { stream: entry[1], index: entry[2] } : undefined;
}

/** A big-endian field of `width` bytes. */
function field(data: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let k = 0; k < width; k++) value = value * 256 + (data[at + k] as number);
  return value;
}

function numbers(value: unknown): number[] | undefined {
  if (!(value instanceof PdfArray)) return undefined;
  const out: number[] = [];
  for (const item of value) {
    if (!(item instanceof PdfNumber) || !Number.isInteger(item.value)) return undefined;
    out.push(item.value);
  }
  return out;
}

/**
 * An object stream's header: the object numbers it lists, in order (its own word, not the
 * table's), and their offsets, read from the file's bytes. With `wrapsOnly`, undefined for a
 * stream too small to wrap.
 */
function objectStreamHeader(
  bytes: Uint8Array,
  chain: Chain,
  number: number,
  wrapsOnly: boolean,
): Header | undefined {
  const stream = objectStreamAt(bytes, chain, number);
  if (stream === undefined) return undefined;
  const n = stream.get('N');
  const first = stream.get('First');
  if (!(n instanceof PdfNumber) || !(first instanceof PdfNumber)) return undefined;
  if (wrapsOnly && n.value <= chain.slots) return undefined;
  let read: { data: Uint8Array; whole: boolean } | undefined;
  try {
    read = headerBytes(stream, first.value);
  } catch {
    return undefined;
  }
  if (read === undefined) return undefined;
  const { data } = read;
  // The header is pairs of integers (object number, offset).
  const numbers: number[] = [];
  const offsets: number[] = [];
  const end = Math.min(first.value, data.length);
  let value = -1;
  for (let i = 0; i <= end && offsets.length < n.value; i++) {
    const c = i < end ? (data[i] as number) : 0x20;
    if (c >= 0x30 && c <= 0x39) value = (value < 0 ? 0 : value * 10) + (c - 0x30);
    else if (value >= 0) {
      if (numbers.length === offsets.length) numbers.push(value);
      else offsets.push(value);
      value = -1;
    }
  }
  numbers.length = offsets.length;
  return { numbers, offsets, stream, first: first.value, whole: read.whole ? data : undefined };
}

/** The object stream `number` as the chain places it, its /Length resolved when indirect. */
function objectStreamAt(bytes: Uint8Array, chain: Chain, number: number): PdfStream | undefined {
  const offset = offsetOf(chain, number);
  const raw = offset === undefined ? undefined : rawObjectAt(bytes, offset);
  if (raw?.dataStart === undefined || raw.number !== number) return undefined;
  const dict = raw.value as PdfDict;
  if (dict.getName('Type')?.value !== 'ObjStm') return undefined;
  let length = dict.get('Length');
  if (length instanceof PdfRef) {
    const at = offsetOf(chain, length.objectNumber);
    const held = at === undefined ? undefined : rawObjectAt(bytes, at);
    length = held?.number === length.objectNumber ? held.value : undefined;
  }
  if (!(length instanceof PdfNumber)) return undefined;
  const end = raw.dataStart + length.value;
  if (!Number.isInteger(end) || end > bytes.length) return undefined;
  return new PdfStream(dict, bytes.subarray(raw.dataStart, end));
}

/**
 * At least the first `length` bytes of an object stream's data, and whether that is all of it:
 * for plain Flate, only as much as is needed is inflated (bug1978317's stream inflates to 13 MB,
 * its header is the first 0.9 MB, which compresses so well that the first 16 KB hold it). The
 * command line's bundle swaps fflate's Unzlib for one that inflates natively at the last chunk:
 * there the whole stream is inflated, in about a tenth of the time fflate takes for the header in
 * a cold process, and kept for the copies (xref-copies.ts).
 */
function headerBytes(
  stream: PdfStream,
  length: number,
): { data: Uint8Array; whole: boolean } | undefined {
  if (!plainFlate(stream)) return { data: decodedContent(stream), whole: true };
  const parts: Uint8Array[] = [];
  let have = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    parts.push(chunk);
    have += chunk.length;
    ended ||= final;
  });
  const { data } = stream;
  const CHUNK = 1 << 14;
  for (let at = 0; at < data.length && have < length; at += CHUNK) {
    const end = Math.min(data.length, at + CHUNK);
    inflater.push(data.subarray(at, end), end === data.length);
  }
  const out = parts.length === 1 ? (parts[0] as Uint8Array) : new Uint8Array(have);
  if (parts.length !== 1) {
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
  }
  return { data: out, whole: ended };
}

/**
 * Where each misplaced object stands in the header. An index that wrapped round stands a whole
 * number of `slots` further on, so those places are tried first; an object found at none of them
 * is looked for through the whole header (its first place).
 */
function truePositions(
  listed: readonly number[],
  wrong: readonly { object: number; index: number }[],
  slots: number,
): Map<number, number> {
  const out = new Map<number, number>();
  const rest = new Set<number>();
  for (const { object, index } of wrong) {
    for (let at = index + slots; Number.isFinite(slots) && at < listed.length; at += slots) {
      if (listed[at] === object) {
        out.set(object, at);
        break;
      }
    }
    if (!out.has(object)) rest.add(object);
  }
  for (let i = 0; i < listed.length && rest.size > 0; i++) {
    const object = listed[i] as number;
    if (rest.delete(object)) out.set(object, i);
  }
  return out;
}

/**
 * The appended section: the copies (xref-copies.ts), then a cross-reference stream listing them,
 * the corrected entries not copied, and itself, chained to the file's newest section, with its
 * trailer entries (/Root, /Info, /ID) carried.
 */
function appendSection(
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
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
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
