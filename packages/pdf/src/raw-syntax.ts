/**
 * A few objects read straight from a file's bytes, without loading it with @libpdf/core: the
 * cross-reference streams and object-stream headers that xref-index.ts checks before the load.
 * A load parses every cross-reference entry and, for the first compressed object it needs,
 * decodes and indexes that object's whole stream (bug1978317: 65,542 entries, 16 MB inflated,
 * 131,084 index numbers); reading a file whose indexes wrap round took one load that misread it
 * and a second one after the correction. Here only the dictionaries and the bytes a check needs
 * are read. Values come out as @libpdf/core's objects, so its filters (predictors and all) decode
 * the streams, and the trailer entries carried into an appended section are the engine's own.
 */
import {
  PdfArray,
  PdfBool,
  PdfDict,
  PdfName,
  PdfNull,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfString,
} from '@libpdf/core';
import { latin1Text } from './latin1';

export interface RawObject {
  readonly number: number;
  readonly generation: number;
  readonly value: PdfObject;
  /** Where a stream's data begins (after `stream` and its end of line); undefined for others. */
  readonly dataStart?: number | undefined;
}

/** Deeper nesting than this is no dictionary these checks need. */
const MAX_DEPTH = 32;

/** The object `n g obj ...` written at `offset`, or undefined when its syntax is not read here. */
export function rawObjectAt(bytes: Uint8Array, offset: number): RawObject | undefined {
  if (!Number.isInteger(offset) || offset < 0 || offset >= bytes.length) return undefined;
  const r = new Reader(bytes, offset);
  const number = r.integer();
  const generation = r.integer();
  if (number === undefined || generation === undefined || !r.keyword('obj')) return undefined;
  const value = r.value(0);
  if (value === undefined) return undefined;
  if (!(value instanceof PdfDict) || !r.keyword('stream')) return { number, generation, value };
  let at = r.at;
  if (bytes[at] === 0x0d) at++;
  if (bytes[at] === 0x0a) at++;
  return { number, generation, value, dataStart: at };
}

/** Where a value lies in the bytes: `bytes.subarray(start, end)` is its syntax. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The entries of the dictionary at `at` (after `n g obj` for an object in the file, or where an
 * object stream places one), each as the span of its value's syntax, without building the values:
 * a page's 32,768 annotation references are stepped over, not made into objects. `end` is where
 * the dictionary ends.
 */
export function rawDictSpans(
  bytes: Uint8Array,
  at: number,
): { entries: Map<string, Span>; end: number } | undefined {
  const r = new Reader(bytes, at);
  const entries = r.dictSpans();
  return entries && { entries, end: r.at };
}

/**
 * Where the one value at `at` ends, when nothing but white space and comments follows it before
 * `end` (an object stream's object up to the next one); undefined otherwise.
 */
export function rawValueEnd(bytes: Uint8Array, at: number, end: number): number | undefined {
  const r = new Reader(bytes, at);
  if (!r.skipValue(0)) return undefined;
  const after = r.at;
  return after <= end && r.onlySpaceUntil(end) ? after : undefined;
}

/** Only white space and comments from `at` to `end`. */
export const rawOnlySpace = (bytes: Uint8Array, at: number, end: number): boolean =>
  new Reader(bytes, at).onlySpaceUntil(end);

/** The value whose syntax is `span`, as @libpdf/core's object. */
export function rawValue(bytes: Uint8Array, span: Span): PdfObject | undefined {
  const r = new Reader(bytes, span.start);
  const value = r.value(0);
  return value !== undefined && r.at <= span.end ? value : undefined;
}

/** Where the value of the object `n g obj` at `offset` begins, if that is what is written there. */
export function rawObjectBody(
  bytes: Uint8Array,
  offset: number,
  number: number,
): number | undefined {
  if (!Number.isInteger(offset) || offset < 0 || offset >= bytes.length) return undefined;
  const r = new Reader(bytes, offset);
  if (r.integer() !== number || r.integer() === undefined || !r.keyword('obj')) return undefined;
  return r.at;
}

const isSpace = (c: number | undefined) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
/** ( ) < > [ ] { } / % */
const isDelimiter = (c: number | undefined) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isRegular = (c: number | undefined) => c !== undefined && !isSpace(c) && !isDelimiter(c);
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const hexValue = (c: number | undefined): number => {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
};

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {}

  private skip(): void {
    const { bytes } = this;
    while (this.at < bytes.length) {
      const c = bytes[this.at];
      if (isSpace(c)) this.at++;
      else if (c === 0x25) {
        while (this.at < bytes.length && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d)
          this.at++;
      } else return;
    }
  }

  /** A non-negative integer, or undefined (the position then is unspecified). */
  integer(): number | undefined {
    this.skip();
    let value = -1;
    while (isDigit(this.bytes[this.at])) {
      value = (value < 0 ? 0 : value * 10) + ((this.bytes[this.at] as number) - 0x30);
      this.at++;
    }
    return value < 0 || isRegular(this.bytes[this.at]) ? undefined : value;
  }

  /** Reads `word` if it is the next token. */
  keyword(word: string): boolean {
    this.skip();
    for (let k = 0; k < word.length; k++) {
      if (this.bytes[this.at + k] !== word.charCodeAt(k)) return false;
    }
    if (isRegular(this.bytes[this.at + word.length])) return false;
    this.at += word.length;
    return true;
  }

  /** Only white space and comments from here to `end`. */
  onlySpaceUntil(end: number): boolean {
    this.skip();
    return this.at >= end;
  }

  dictSpans(): Map<string, Span> | undefined {
    this.skip();
    if (this.bytes[this.at] !== 0x3c || this.bytes[this.at + 1] !== 0x3c) return undefined;
    this.at += 2;
    const out = new Map<string, Span>();
    for (;;) {
      this.skip();
      const c = this.bytes[this.at];
      if (c === 0x3e && this.bytes[this.at + 1] === 0x3e) {
        this.at += 2;
        return out;
      }
      if (c !== 0x2f) return undefined;
      const key = this.name().value;
      this.skip();
      const start = this.at;
      if (!this.skipValue(0)) return undefined;
      out.set(key, { start, end: this.at });
    }
  }

  /** Steps over one value (a reference is its two numbers and R), building nothing. */
  skipValue(depth: number): boolean {
    if (depth > MAX_DEPTH) return false;
    this.skip();
    const { bytes } = this;
    const c = bytes[this.at];
    if (c === undefined) return false;
    if (c === 0x3c && bytes[this.at + 1] === 0x3c) {
      this.at += 2;
      for (;;) {
        this.skip();
        if (bytes[this.at] === 0x3e && bytes[this.at + 1] === 0x3e) {
          this.at += 2;
          return true;
        }
        if (bytes[this.at] !== 0x2f) return false;
        this.name();
        if (!this.skipValue(depth + 1)) return false;
      }
    }
    if (c === 0x5b) {
      this.at++;
      for (;;) {
        // Numbers, the R of references and white space start nothing nested: stepped over here,
        // a byte at a time (an array of 32,768 references is most of what this ever reads).
        let b = bytes[this.at];
        while (
          b !== undefined &&
          (isDigit(b) || b === 0x52 || b === 0x2e || b === 0x2d || isSpace(b))
        )
          b = bytes[++this.at];
        this.skip();
        if (bytes[this.at] === 0x5d) {
          this.at++;
          return true;
        }
        if (!this.skipValue(depth + 1)) return false;
      }
    }
    if (c === 0x2f) {
      this.name();
      return true;
    }
    if (c === 0x3c) return this.hexString() !== undefined;
    if (c === 0x28) return this.literalString() !== undefined;
    if (c === 0x52 && !isRegular(bytes[this.at + 1])) {
      this.at++; // the R of a reference, its numbers stepped over already
      return true;
    }
    if (isDelimiter(c)) return false;
    const start = this.at;
    if (isDigit(c) && this.integer() !== undefined) {
      // `n g R` is one value
      const after = this.at;
      if (this.integer() === undefined || !this.keyword('R')) this.at = after;
      return true;
    }
    this.at = start;
    while (isRegular(bytes[this.at])) this.at++;
    return this.at > start;
  }

  value(depth: number): PdfObject | undefined {
    if (depth > MAX_DEPTH) return undefined;
    this.skip();
    const { bytes } = this;
    const c = bytes[this.at];
    if (c === 0x2f) return this.name();
    if (c === 0x3c && bytes[this.at + 1] === 0x3c) return this.dict(depth);
    if (c === 0x3c) return this.hexString();
    if (c === 0x28) return this.literalString();
    if (c === 0x5b) return this.array(depth);
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.numberOrRef();
    if (this.keyword('true')) return PdfBool.of(true);
    if (this.keyword('false')) return PdfBool.of(false);
    if (this.keyword('null')) return PdfNull.instance;
    return undefined;
  }

  private name(): PdfName {
    const { bytes } = this;
    this.at++;
    let text = '';
    while (isRegular(bytes[this.at])) {
      const c = bytes[this.at] as number;
      const hi = hexValue(bytes[this.at + 1]);
      const lo = hexValue(bytes[this.at + 2]);
      if (c === 0x23 && hi >= 0 && lo >= 0) {
        text += String.fromCharCode(hi * 16 + lo);
        this.at += 3;
      } else {
        text += String.fromCharCode(c);
        this.at++;
      }
    }
    return PdfName.of(text);
  }

  private dict(depth: number): PdfDict | undefined {
    this.at += 2;
    const entries: [string, PdfObject][] = [];
    for (;;) {
      this.skip();
      const c = this.bytes[this.at];
      if (c === 0x3e && this.bytes[this.at + 1] === 0x3e) {
        this.at += 2;
        return new PdfDict(entries);
      }
      if (c !== 0x2f) return undefined;
      const key = this.name().value;
      const value = this.value(depth + 1);
      if (value === undefined) return undefined;
      entries.push([key, value]);
    }
  }

  private array(depth: number): PdfArray | undefined {
    this.at++;
    const items: PdfObject[] = [];
    for (;;) {
      this.skip();
      if (this.bytes[this.at] === 0x5d) {
        this.at++;
        return new PdfArray(items);
      }
      const item = this.value(depth + 1);
      if (item === undefined) return undefined;
      items.push(item);
    }
  }

  private hexString(): PdfString | undefined {
    const { bytes } = this;
    this.at++;
    const out: number[] = [];
    let high = -1;
    while (this.at < bytes.length && bytes[this.at] !== 0x3e) {
      const v = hexValue(bytes[this.at]);
      this.at++;
      if (v < 0) {
        if (isSpace(bytes[this.at - 1])) continue;
        return undefined;
      }
      if (high < 0) high = v;
      else {
        out.push(high * 16 + v);
        high = -1;
      }
    }
    if (this.at >= bytes.length) return undefined;
    this.at++;
    if (high >= 0) out.push(high * 16);
    return new PdfString(Uint8Array.from(out), 'hex');
  }

  private literalString(): PdfString | undefined {
    const { bytes } = this;
    this.at++;
    const out: number[] = [];
    let open = 1;
    while (this.at < bytes.length) {
      const c = bytes[this.at++] as number;
      if (c === 0x28) open++;
      else if (c === 0x29 && --open === 0) return new PdfString(Uint8Array.from(out), 'literal');
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = bytes[this.at++];
      const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
      if (e === undefined) break;
      if (simple[e] !== undefined) out.push(simple[e]);
      else if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (
          let k = 0;
          k < 2 && (bytes[this.at] ?? 0) >= 0x30 && (bytes[this.at] ?? 0) <= 0x37;
          k++
        )
          v = v * 8 + ((bytes[this.at++] as number) - 0x30);
        out.push(v & 0xff);
      } else if (e === 0x0d) {
        if (bytes[this.at] === 0x0a) this.at++;
      } else if (e !== 0x0a) out.push(e);
    }
    return undefined;
  }

  private numberOrRef(): PdfNumber | PdfRef | undefined {
    const { bytes } = this;
    const start = this.at;
    if (bytes[this.at] === 0x2b || bytes[this.at] === 0x2d) this.at++;
    while (isDigit(bytes[this.at]) || bytes[this.at] === 0x2e) this.at++;
    const value = Number(latin1Text(bytes, start, this.at));
    if (!Number.isFinite(value)) return undefined;
    // `n g R`: two non-negative integers and R, or just the number.
    if (Number.isInteger(value) && value >= 0 && isDigit(bytes[start])) {
      const after = this.at;
      const generation = this.integer();
      if (generation !== undefined && this.keyword('R')) return PdfRef.of(value, generation);
      this.at = after;
    }
    return PdfNumber.of(value);
  }
}
