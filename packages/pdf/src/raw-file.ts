/**
 * A file's objects found from its bytes alone, for the byte-level merge (merge-fast.ts): the
 * cross-reference sections (classic tables and Flate cross-reference streams, back through
 * /Prev), each object's place (in the file, or in an object stream decoded once), a
 * dictionary's entries as spans and a stream's data as written. No engine objects are built.
 * Encryption, hybrid files, other filters and anything that is not where the table says throw
 * Unexpected: the engine's reading (with its repairs) takes those files.
 */
import { latin1Text } from './latin1';
import {
  afterRead,
  type DictScan,
  integerIn,
  keywordEnd,
  readInteger,
  referenceIn,
  scanDict,
  skipSpace,
  Unexpected,
  unexpected,
  valueEnd,
} from './raw-copy';
import { decoded, integerOf, nameOf, RawObject, type Zlib } from './raw-object';
import { classicSection, type Section, streamSection } from './raw-xref';

/** How many cross-reference sections are followed back through /Prev. */
const MAX_SECTIONS = 64;

/** The number after the last `startxref` in the file's last 2 KB. */
export function startXref(bytes: Uint8Array): number | undefined {
  const tail = latin1Text(bytes, Math.max(0, bytes.length - 2048));
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return undefined;
  const m = /^startxref\s+(\d+)/.exec(tail.slice(at));
  return m ? Number(m[1]) : undefined;
}

export class RawFile {
  /** Per object number: -1 not listed, 0 free, 1 in the file, 2 in an object stream. */
  private readonly types: Int8Array;
  /** The offset (type 1) or the object stream's number (type 2). */
  private readonly field1: Float64Array;
  /** The generation (type 1) or the index in the object stream (type 2). */
  private readonly field2: Int32Array;
  private readonly streams = new Map<number, { data: Uint8Array; offsets: Map<number, number> }>();
  /** The newest trailer's bytes and entries (/Root, /Size, /Encrypt...). */
  readonly trailer: RawObject;

  constructor(
    readonly bytes: Uint8Array,
    readonly zlib: Zlib,
  ) {
    if (latin1Text(bytes, 0, 5) !== '%PDF-') unexpected('header');
    let offset = startXref(bytes);
    if (offset === undefined) throw new Unexpected('startxref');
    const first = this.section(offset);
    this.trailer = first.trailer;
    const size = integerOf(first.trailer, 'Size');
    if (size === undefined || size <= 0 || size > 8_000_000) throw new Unexpected('size');
    if (first.trailer.value('Encrypt')) unexpected('encrypted');
    this.types = new Int8Array(size).fill(-1);
    this.field1 = new Float64Array(size);
    this.field2 = new Int32Array(size);
    const visited = new Set<number>();
    let section: Section | undefined = first;
    while (section) {
      if (visited.has(offset) || visited.size >= MAX_SECTIONS) unexpected('xref loop');
      visited.add(offset);
      section.fill(this.types, this.field1, this.field2);
      if (section.trailer.value('XRefStm')) unexpected('hybrid');
      const prev = integerOf(section.trailer, 'Prev');
      if (prev === undefined) break;
      offset = prev;
      section = this.section(offset);
    }
  }

  private section(offset: number): Section {
    const b = this.bytes;
    if (!Number.isInteger(offset) || offset <= 0 || offset >= b.length) unexpected('xref offset');
    const table = keywordEnd(b, offset, 'xref');
    if (table >= 0) return classicSection(b, table);
    const object = this.objectAt(offset, undefined);
    return streamSection(object, this.zlib);
  }

  /** One more than the highest object number (the table's /Size). */
  get size(): number {
    return this.types.length;
  }

  /** The object `number` (undefined when the table has no such object: a reference to null). */
  object(number: number, generation: number): RawObject | undefined {
    if (number <= 0 || number >= this.types.length) return undefined;
    const type = this.types[number];
    if (type === 2 ? generation !== 0 : type === 1 && this.field2[number] !== generation) {
      return unexpected('generation');
    }
    // Not kept: a merge asks for most objects once (its own map keeps what it copied), and a
    // table of every object read kept them all alive through each collection.
    if (type === 1) return this.objectAt(this.field1[number] as number, number);
    if (type === 2) return this.compressed(number);
    return undefined;
  }

  /** The object written `n g obj` at `offset` (`number` checked when given). */
  private objectAt(offset: number, number: number | undefined): RawObject {
    const b = this.bytes;
    const n = readInteger(b, offset);
    readInteger(b, afterRead);
    const body = keywordEnd(b, afterRead, 'obj');
    if (body < 0 || (number !== undefined && n !== number)) return unexpected('object header');
    const start = skipSpace(b, body);
    const dict = b[start] === 0x3c && b[start + 1] === 0x3c;
    const keys = dict ? scanDict(b, start) : undefined;
    const end = keys ? keys.end : valueEnd(b, start);
    const stream = keys ? keywordEnd(b, end, 'stream') : -1;
    if (stream < 0) {
      if (keywordEnd(b, end, 'endobj') < 0) unexpected('endobj');
      return new RawObject(b, start, end, undefined, keys);
    }
    let at = stream;
    if (b[at] === 0x0d) at++;
    if (b[at] !== 0x0a) return unexpected('stream line end');
    at++;
    const length = this.length(b, keys as DictScan);
    const dataEnd = at + length;
    if (dataEnd > b.length) return unexpected('stream length');
    let after = dataEnd;
    if (b[after] === 0x0d) after++;
    if (b[after] === 0x0a) after++;
    if (keywordEnd(b, after, 'endstream') < 0) unexpected('endstream');
    return new RawObject(b, start, end, b.subarray(at, dataEnd), keys);
  }

  private length(b: Uint8Array, keys: DictScan): number {
    if (keys.lengthKey < 0) unexpected('no length');
    const span = [keys.lengthStart, keys.lengthEnd] as const;
    const direct = integerIn(b, span[0], span[1]);
    if (direct !== undefined && direct >= 0) return direct;
    const ref = referenceIn(b, span[0], span[1]) ?? unexpected('length');
    const held = this.object(ref[0], ref[1]) ?? unexpected('length');
    const value = integerIn(held.b, held.start, held.end);
    return value !== undefined && value >= 0 ? value : unexpected('length');
  }

  private compressed(number: number): RawObject {
    const container = this.field1[number] as number;
    let stream = this.streams.get(container);
    if (!stream) {
      stream = this.objectStream(container);
      this.streams.set(container, stream);
    }
    const b = stream.data;
    const start = stream.offsets.get(number) ?? unexpected('not in its object stream');
    const s = skipSpace(b, start);
    if (b[s] !== 0x3c || b[s + 1] !== 0x3c) return new RawObject(b, s, valueEnd(b, s), undefined);
    const keys = scanDict(b, s);
    return new RawObject(b, s, keys.end, undefined, keys);
  }

  private objectStream(number: number): {
    data: Uint8Array;
    offsets: Map<number, number>;
  } {
    if (this.types[number] !== 1) return unexpected('object stream');
    const object = this.object(number, this.field2[number] as number) as RawObject;
    if (!object.data || nameOf(object, 'Type') !== 'ObjStm') unexpected('object stream');
    const data = decoded(object, this.zlib);
    const count = integerOf(object, 'N');
    const first = integerOf(object, 'First');
    if (count === undefined || first === undefined || first > data.length) unexpected('ObjStm');
    const offsets = new Map<number, number>();
    let at = 0;
    for (let k = 0; k < (count as number); k++) {
      const n = readInteger(data, at);
      const offset = readInteger(data, afterRead);
      at = afterRead;
      if (!offsets.has(n)) offsets.set(n, (first as number) + offset);
    }
    return { data, offsets };
  }
}

export { hasName, integerOf, nameOf, plainFlateOrNone, RawObject, type Zlib } from './raw-object';
