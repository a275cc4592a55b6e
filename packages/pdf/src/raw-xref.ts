/**
 * Cross-reference sections read from a file's bytes for raw-file.ts: a classic table with its
 * trailer, or a cross-reference stream (Flate, with or without PNG predictors).
 */
import {
  afterRead,
  type Entries,
  entry,
  integerIn,
  keywordEnd,
  nameIn,
  readInteger,
  skipSpace,
  unexpected,
  valueEnd,
} from './raw-copy';
import { decoded, integerOf, nameOf, RawObject, type Zlib } from './raw-object';

export interface Section {
  readonly trailer: RawObject;
  /** Writes its entries into the tables where a newer section has not already. */
  fill(types: Int8Array, field1: Float64Array, field2: Int32Array): void;
}

export function classicSection(b: Uint8Array, at: number): Section {
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

export function streamSection(object: RawObject, zlib: Zlib): Section {
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

/** A big-endian field of `width` bytes (a cross-reference stream's column). */
export function field(data: Uint8Array, at: number, width: number): number {
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
