/**
 * Cross-reference streams whose entries name the wrong slot of an object stream. A writer that
 * stores an object's index in too narrow a field (cairo: 2 bytes, for a stream of 65,542
 * annotations; pdf.js bug 1978317) wraps it round, so @libpdf/core, which takes the object at
 * the index it is given, reads another object in its place: an annotation for the catalog. qpdf
 * and poppler find compressed objects by the numbers the object stream's own header lists, and
 * read the file as written. Here the entries are set right the way an update would: a section
 * appended to the file, listing each wrong entry at its true index, with copies of the objects
 * a stamp reaches (xref-copies.ts). The file's bytes stay as they were (earlier signatures keep
 * their byte ranges), every reader sees the right objects, and the file is appended to, not
 * rewritten. All of it is read from the bytes (xref-chain.ts, raw-syntax.ts), before the one load
 * with @libpdf/core: read.ts asks mayWrap first, so such a file is not loaded once misread.
 */
import { PdfNumber, type PdfStream } from '@libpdf/core';
import { Unzlib } from 'fflate';
import { concat } from './bytes';
import { decodedContent, plainFlate } from './page-content';
import { rawObjectAt } from './raw-syntax';
import {
  type Chain,
  compressedEntry,
  isXRef,
  numbers,
  objectStreamAt,
  offsetOf,
  readChain,
  startXref,
} from './xref-chain';
import { appendSection, type CopySource, reachedCopies } from './xref-copies';

/**
 * Could the newest cross-reference section's index field wrap round? Only a cross-reference
 * stream whose last field is too narrow for its /Size (cairo: 2 bytes, /Size 65,564) can hold an
 * object stream with more objects than that field counts. Read from the bytes (one dictionary),
 * so that read.ts sets such a file right before loading it, instead of after a load that misread it.
 */
export function mayWrap(bytes: Uint8Array): boolean {
  try {
    return narrowIndex(bytes);
  } catch {
    return false;
  }
}

function narrowIndex(bytes: Uint8Array): boolean {
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
  options: { wrapsOnly?: boolean } = {},
): Uint8Array | undefined {
  try {
    return reindexing(bytes, options.wrapsOnly === true);
  } catch {
    // Bytes this reading does not expect: the file is left to the engine's load as it is.
    return undefined;
  }
}

function reindexing(bytes: Uint8Array, wrapsOnly: boolean): Uint8Array | undefined {
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
    const slots = chain.slots.get(stream) ?? Number.POSITIVE_INFINITY;
    const at = truePositions((headers.get(stream) as Header).numbers, wrong, slots);
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
  if (wrapsOnly && n.value <= (chain.slots.get(number) ?? Number.POSITIVE_INFINITY))
    return undefined;
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
  const out = parts.length === 1 ? (parts[0] as Uint8Array) : concat(parts);
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
