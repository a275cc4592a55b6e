/**
 * One object of a file read from its bytes (raw-file.ts), and what the byte-level merge asks of
 * one: a direct integer or name entry, whether its data is plain Flate, its data decoded.
 */
import {
  type DictScan,
  dictEntries,
  type Entries,
  findValue,
  integerIn,
  nameIn,
  nameIs,
  skipSpace,
  unexpected,
  valueEnd,
} from './raw-copy';

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

export function decoded(object: RawObject, zlib: Zlib): Uint8Array {
  const kind = plainFlateOrNone(object);
  if (kind === undefined) return unexpected('filter');
  try {
    return kind === 'none' ? (object.data as Uint8Array) : zlib.inflate(object.data as Uint8Array);
  } catch {
    return unexpected('inflate');
  }
}
