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
  dictEntries,
  type Entries,
  entry,
  findValue,
  integerIn,
  keywordEnd,
  nameIn,
  nameIs,
  readInteger,
  referenceIn,
  scanDict,
  skipSpace,
  Unexpected,
  unexpected,
  valueEnd,
} from './raw-copy';

/** How many cross-reference sections are followed back through /Prev. */
const MAX_SECTIONS = 64;

/**
 * One object: the bytes it is in, where its value begins and ends, a stream's data as written
 * (still encoded). A dictionary's entries are read into lists only when asked for: most objects
 * a merge copies are only looked into for a key or two (findValue).
 */
export class RawObject {
  private entries: Entries | undefined | null = null;

  constructor(
    readonly b: Uint8Array,
    readonly start: number,
    readonly end: number,
    readonly data: Uint8Array | undefined,
    /** When it is a dictionary: its end, /Type, and a stream's /Length, /Filter, /DecodeParms. */
    readonly scan?: DictScan | undefined,
  ) {}

  /** Its entries, when it is a dictionary. */
  get dict(): Entries | undefined {
    if (this.entries === null) this.entries = dictEntries(this.b, this.start);
    return this.entries;
  }

  get isDict(): boolean {
    return this.b[this.start] === 0x3c && this.b[this.start + 1] === 0x3c;
  }

  /** The span of `key`'s value, when it is a dictionary that has one. */
  value(key: string): [number, number] | undefined {
    if (key === 'Type' && this.scan) return this.scan.type;
    return this.isDict ? findValue(this.b, this.start, key) : undefined;
  }
}

/** The number after the last `startxref` in the file's last 2 KB. */
export function startXref(bytes: Uint8Array): number | undefined {
  const tail = latin1Text(bytes, Math.max(0, bytes.length - 2048));
  const at = tail.lastIndexOf('startxref');
  if (at < 0) return undefined;
  const m = /^startxref\s+(\d+)/.exec(tail.slice(at));
  return m ? Number(m[1]) : undefined;
}

/**
 * Inflating and deflating zlib data, handed in by the caller so that the byte-level merge
 * imports no inflater of its own: the command line hands Node's zlib (its chunk then loads no
 * fflate, whose tables cost ~8 ms to set up at every start), mergePdfs fflate (`fflateZlib` in
 * inflate.ts). `inflate` throws on data it cannot inflate completely.
 */
export interface Zlib {
  inflate(data: Uint8Array): Uint8Array;
  deflate(data: Uint8Array): Uint8Array;
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

/** The integer value of `key` in a dictionary object, direct only. */
export function integerOf(object: RawObject, key: string): number | undefined {
  const span = object.value(key);
  return span && integerIn(object.b, span[0], span[1]);
}

/** Whether `key`'s value in a dictionary object is the name `name` (written directly). */
export function hasName(object: RawObject, key: string, name: string): boolean {
  const span = object.value(key);
  return span !== undefined && nameIs(object.b, span[0], span[1], name);
}

/** The name value of `key` in a dictionary object, direct only. */
export function nameOf(object: RawObject, key: string): string | undefined {
  const span = object.value(key);
  return span && nameIn(object.b, span[0], span[1]);
}

/** Plain Flate with no parameters, or no filter: the only encodings decoded here. */
export function plainFlateOrNone(object: RawObject): 'flate' | 'none' | undefined {
  const filter = object.scan ? object.scan.filter : object.value('Filter');
  if (!filter) return 'none';
  if (object.scan ? object.scan.parms : object.value('DecodeParms')) return undefined;
  const b = object.b;
  let [s, e] = filter;
  if (b[s] === 0x5b) {
    s = skipSpace(b, s + 1);
    e = valueEnd(b, s);
    if (b[skipSpace(b, e)] !== 0x5d) return undefined;
  }
  return nameIs(b, s, e, 'FlateDecode') ? 'flate' : undefined;
}

function decoded(object: RawObject, zlib: Zlib): Uint8Array {
  const kind = plainFlateOrNone(object);
  if (kind === undefined) return unexpected('filter');
  try {
    return kind === 'none' ? (object.data as Uint8Array) : zlib.inflate(object.data as Uint8Array);
  } catch {
    return unexpected('inflate');
  }
}

interface Section {
  readonly trailer: RawObject;
  /** Writes its entries into the tables where a newer section has not already. */
  fill(types: Int8Array, field1: Float64Array, field2: Int32Array): void;
}

function classicSection(b: Uint8Array, at: number): Section {
  const rows: number[] = [];
  for (;;) {
    const trailer = keywordEnd(b, at, 'trailer');
    if (trailer >= 0) {
      const start = skipSpace(b, trailer);
      const object = new RawObject(b, start, valueEnd(b, start), undefined);
      if (!object.isDict) unexpected('trailer');
      return { trailer: object, fill: (t, f1, f2) => fillRows(rows, t, f1, f2) };
    }
    const first = readInteger(b, at);
    const count = readInteger(b, afterRead);
    at = afterRead;
    for (let k = 0; k < count; k++) {
      const offset = readInteger(b, at);
      const generation = readInteger(b, afterRead);
      const n = keywordEnd(b, afterRead, 'n');
      const f = n < 0 ? keywordEnd(b, afterRead, 'f') : -1;
      if (n < 0 && f < 0) unexpected('xref entry');
      rows.push(first + k, n >= 0 ? 1 : 0, offset, generation);
      at = n >= 0 ? n : f;
    }
  }
}

function fillRows(rows: number[], types: Int8Array, f1: Float64Array, f2: Int32Array): void {
  for (let i = 0; i < rows.length; i += 4) {
    const object = rows[i] as number;
    if (object === 0) continue;
    if (object >= types.length) unexpected('beyond /Size');
    if (types[object] !== -1) continue;
    types[object] = rows[i + 1] as number;
    f1[object] = rows[i + 2] as number;
    f2[object] = rows[i + 3] as number;
  }
}

function streamSection(object: RawObject, zlib: Zlib): Section {
  if (nameOf(object, 'Type') !== 'XRef' || !object.data) return unexpected('xref stream');
  const dict = object.dict as Entries;
  const b = object.b;
  const widths = integers(b, entry(dict, 'W'));
  const size = integerOf(object, 'Size');
  if (widths?.length !== 3 || size === undefined) return unexpected('xref stream');
  const index = entry(dict, 'Index');
  const ranges = index ? integers(b, index) : [0, size];
  if (!ranges || ranges.length % 2 !== 0) return unexpected('xref index');
  const [w0, w1, w2] = widths as [number, number, number];
  const row = w0 + w1 + w2;
  const data = xrefData(object, row, zlib);
  if (row === 0 || widths.some((w) => w < 0 || w > 8)) unexpected('xref widths');
  return {
    trailer: object,
    fill(types, f1, f2) {
      let at = 0;
      for (let r = 0; r < ranges.length; r += 2) {
        const start = ranges[r] as number;
        const count = ranges[r + 1] as number;
        for (let k = 0; k < count; k++, at += row) {
          if (at + row > data.length) unexpected('xref data');
          const object = start + k;
          if (object === 0) continue;
          if (object >= types.length) unexpected('beyond /Size');
          if (types[object] !== -1) continue;
          const type = w0 === 0 ? 1 : field(data, at, w0);
          if (type > 2) unexpected('xref type');
          types[object] = type;
          f1[object] = field(data, at + w0, w1);
          f2[object] = field(data, at + w0 + w1, w2);
        }
      }
    },
  };
}

/** A cross-reference stream's rows: Flate, with or without PNG predictors (one byte per sample). */
function xrefData(object: RawObject, row: number, zlib: Zlib): Uint8Array {
  const dict = object.dict as Entries;
  const b = object.b;
  const params = entry(dict, 'DecodeParms');
  if (!params) return decoded(object, zlib);
  const filter = entry(dict, 'Filter') ?? unexpected('filter');
  if (nameIn(b, filter[0], filter[1]) !== 'FlateDecode') unexpected('filter');
  const asObject = new RawObject(b, params[0], params[1], undefined);
  const p = asObject.dict ?? unexpected('parameters');
  const predictor = integerOf(asObject, 'Predictor') ?? 1;
  const columns = integerOf(asObject, 'Columns') ?? 1;
  for (const key of p.keys) {
    if (key !== 'Predictor' && key !== 'Columns') unexpected('parameters');
  }
  let data: Uint8Array;
  try {
    data = zlib.inflate(object.data as Uint8Array);
  } catch {
    return unexpected('inflate');
  }
  if (predictor === 1) return data;
  if (predictor < 10 || columns !== row) return unexpected('predictor');
  return unPng(data, columns);
}

/** PNG row filters undone, one byte per pixel. */
function unPng(data: Uint8Array, columns: number): Uint8Array {
  const rows = Math.floor(data.length / (columns + 1));
  const out = new Uint8Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (columns + 1)];
    const src = r * (columns + 1) + 1;
    const dst = r * columns;
    for (let c = 0; c < columns; c++) {
      const x = data[src + c] as number;
      const left = c > 0 ? (out[dst + c - 1] as number) : 0;
      const up = r > 0 ? (out[dst - columns + c] as number) : 0;
      const upLeft = r > 0 && c > 0 ? (out[dst - columns + c - 1] as number) : 0;
      let v: number;
      if (type === 0) v = x;
      else if (type === 1) v = x + left;
      else if (type === 2) v = x + up;
      else if (type === 3) v = x + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = x + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else return unexpected('png filter');
      out[dst + c] = v & 0xff;
    }
  }
  return out;
}

function field(data: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let k = 0; k < width; k++) value = value * 256 + (data[at + k] as number);
  return value;
}

function integers(b: Uint8Array, span: [number, number] | undefined): number[] | undefined {
  if (!span || b[span[0]] !== 0x5b) return undefined;
  const out: number[] = [];
  let at = span[0] + 1;
  for (;;) {
    at = skipSpace(b, at);
    if (b[at] === 0x5d) return out;
    const end = valueEnd(b, at);
    const value = integerIn(b, at, end);
    if (value === undefined || value < 0) return undefined;
    out.push(value);
    at = end;
  }
}
