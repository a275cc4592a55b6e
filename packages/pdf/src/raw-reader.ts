/**
 * The tokenizer behind raw-syntax.ts: PDF syntax read from bytes into @libpdf/core's objects, or
 * stepped over without building anything (skipValue), with nesting bounded.
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
import { isDelimiter, isDigit, isRegular, isSpace } from './raw-tokens';

/** Where a value lies in the bytes: `bytes.subarray(start, end)` is its syntax. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Deeper nesting than this is no dictionary these checks need. */
const MAX_DEPTH = 32;

const hexValue = (c: number | undefined): number => {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
};

export class Reader {
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
