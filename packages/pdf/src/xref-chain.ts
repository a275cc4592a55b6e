/**
 * A file's chain of cross-reference streams read from its bytes (raw-syntax.ts), for
 * xref-index.ts: which entries in force name a slot of an object stream, and where any object
 * stands, without loading the file with @libpdf/core (which parses every entry for a load).
 * Classic tables and encrypted files are not read here (undefined).
 */
import { PdfArray, PdfDict, PdfNumber, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';
import { decodedContent } from './page-content';
import { startXref } from './raw-file';
import { rawObjectAt } from './raw-syntax';
import { field } from './raw-xref';

/** How many cross-reference sections are followed back through /Prev. */
const MAX_SECTIONS = 64;

/** The entries in force that name an object stream slot, in three parallel lists. */
export interface Compressed {
  readonly objects: number[];
  readonly streams: number[];
  readonly indexes: number[];
}

/** One cross-reference stream of the chain, decoded, for finding an object's offset. */
export interface Section {
  readonly data: Uint8Array;
  readonly widths: readonly [number, number, number];
  readonly ranges: readonly number[];
}

export interface Chain {
  /** Offset of the newest section (its startxref). */
  readonly start: number;
  /** The newest section's dictionary: /Size, /Root, /Info, /ID. */
  readonly trailer: PdfDict;
  readonly compressed: Compressed;
  /** Newest first. */
  readonly sections: readonly Section[];
  /**
   * Per object stream, how many slots the narrowest index field placing an object in it can name
   * (a section with no entry for a stream does not count for it).
   */
  readonly slots: ReadonlyMap<number, number>;
}

export function readChain(bytes: Uint8Array): Chain | undefined {
  const start = startXref(bytes);
  if (start === undefined) return undefined;
  /** Object numbers a newer section has already given (an older entry for them is no longer in force). */
  const decided = new Set<number>();
  const compressed: Compressed = { objects: [], streams: [], indexes: [] };
  const sections: Section[] = [];
  let trailer: PdfDict | undefined;
  const slots = new Map<number, number>();
  const visited = new Set<number>();
  let offset: number | undefined = start;
  while (offset !== undefined) {
    if (visited.has(offset) || visited.size >= MAX_SECTIONS) return undefined;
    visited.add(offset);
    const stream = xrefStreamAt(bytes, offset);
    if (stream === undefined || stream.has('Encrypt')) return undefined;
    trailer ??= stream;
    const before = compressed.objects.length;
    const section = readEntries(stream, decided, compressed, stream.get('Prev') !== undefined);
    if (section === undefined) return undefined;
    sections.push(section);
    const limit = 256 ** section.widths[2];
    for (let k = before; k < compressed.objects.length; k++) {
      const at = compressed.streams[k] as number;
      const had = slots.get(at);
      if (had === undefined || limit < had) slots.set(at, limit);
    }
    const prev = stream.get('Prev');
    offset = prev instanceof PdfNumber ? prev.value : undefined;
  }
  return trailer && { start, trailer, compressed, sections, slots };
}

export { startXref };

export const isXRef = (value: PdfObject | undefined): value is PdfDict =>
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
export function entryOf(chain: Chain, object: number): [number, number, number] | undefined {
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
export function offsetOf(chain: Chain, object: number): number | undefined {
  const entry = entryOf(chain, object);
  return entry?.[0] === 1 ? entry[1] : undefined;
}

export function compressedEntry(
  chain: Chain,
  object: number,
): { stream: number; index: number } | undefined {
  const entry = entryOf(chain, object);
  return entry?.[0] === 2 ? { stream: entry[1], index: entry[2] } : undefined;
}

export function numbers(value: unknown): number[] | undefined {
  if (!(value instanceof PdfArray)) return undefined;
  const out: number[] = [];
  for (const item of value) {
    if (!(item instanceof PdfNumber) || !Number.isInteger(item.value)) return undefined;
    out.push(item.value);
  }
  return out;
}

/** The object stream `number` as the chain places it, its /Length resolved when indirect. */
export function objectStreamAt(
  bytes: Uint8Array,
  chain: Chain,
  number: number,
): PdfStream | undefined {
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
