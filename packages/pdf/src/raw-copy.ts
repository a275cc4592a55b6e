/**
 * PDF syntax stepped over and copied as bytes, without building any object and without the PDF
 * engine: the byte-level merge (merge-fast.ts) finds a dictionary's entries as spans and copies
 * each value as written, only its references renumbered. Anything this does not read as it
 * expects throws Unexpected, and the merge falls back to @libpdf/core.
 */
import type { Out } from './byte-out';

/** Syntax or structure the byte-level merge does not take on: the engine's path does the work. */
export class Unexpected extends Error {}

export const unexpected = (why: string): never => {
  throw new Unexpected(why);
};

/** Deeper nesting than any writer makes; read.ts takes files past it as attacks. */
const MAX_DEPTH = 64;

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
export const isRegular = (c: number | undefined) =>
  c !== undefined && !isSpace(c) && !isDelimiter(c);
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

/** Past white space and comments. */
export function skipSpace(b: Uint8Array, at: number): number {
  while (at < b.length) {
    const c = b[at];
    if (isSpace(c)) at++;
    else if (c === 0x25) {
      while (at < b.length && b[at] !== 0x0a && b[at] !== 0x0d) at++;
    } else break;
  }
  return at;
}

/** Past white space only (the inside of `n g R`). */
function skipBlank(b: Uint8Array, at: number): number {
  while (isSpace(b[at])) at++;
  return at;
}

/** End of the run of digits at `at` when it is a whole token (an integer); -1 otherwise. */
function integerEnd(b: Uint8Array, at: number): number {
  const start = at;
  while (isDigit(b[at])) at++;
  return at > start && !isRegular(b[at]) ? at : -1;
}

/** Where the last readInteger's integer ended (a second result without a tuple to allocate). */
export let afterRead = 0;

/** The non-negative integer written at `at` (white space first); it ends at `afterRead`. */
export function readInteger(b: Uint8Array, at: number): number {
  const start = skipSpace(b, at);
  const end = integerEnd(b, start);
  if (end < 0 || end - start > 15) return unexpected('integer');
  afterRead = end;
  return digits(b, start, end);
}

/** Reads `word` at `at` (white space first): where it ends, or -1 when another token is there. */
export function keywordEnd(b: Uint8Array, at: number, word: string): number {
  const start = skipSpace(b, at);
  for (let k = 0; k < word.length; k++) {
    if (b[start + k] !== word.charCodeAt(k)) return -1;
  }
  return isRegular(b[start + word.length]) ? -1 : start + word.length;
}

/** The object number and generation of the last reference referenceEnd found. */
let refNumber = 0;
let refGeneration = 0;

/**
 * Where `n g R` ends when the integer at `at` begins one (its numbers then in refNumber and
 * refGeneration); -1 otherwise. References are most of what a merge reads: nothing is allocated.
 */
function referenceEnd(b: Uint8Array, at: number): number {
  const first = integerEnd(b, at);
  if (first < 0) return -1;
  const genAt = skipBlank(b, first);
  const second = integerEnd(b, genAt);
  if (second < 0 || genAt === first) return -1;
  const r = skipBlank(b, second);
  if (r === second || b[r] !== 0x52 || isRegular(b[r + 1])) return -1;
  if (first - at > 9 || second - genAt > 5) return -1;
  refNumber = digits(b, at, first);
  refGeneration = digits(b, genAt, second);
  return r + 1;
}

function digits(b: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + ((b[i] as number) - 0x30);
  return value;
}

function nameEnd(b: Uint8Array, at: number): number {
  at++;
  while (isRegular(b[at])) at++;
  return at;
}

function literalEnd(b: Uint8Array, at: number): number {
  let open = 0;
  while (at < b.length) {
    const c = b[at++];
    if (c === 0x5c) at++;
    else if (c === 0x28) open++;
    else if (c === 0x29 && --open === 0) return at;
  }
  return unexpected('string');
}

function hexEnd(b: Uint8Array, at: number): number {
  for (at++; at < b.length; at++) {
    const c = b[at] as number;
    if (c === 0x3e) return at + 1;
    const hex = isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
    if (!hex && !isSpace(c)) break;
  }
  return unexpected('hex string');
}

/** The name at `at` (its #xx escapes decoded). */
export function nameText(b: Uint8Array, at: number, end: number): string {
  let text = '';
  for (let i = at + 1; i < end; i++) {
    const c = b[i] as number;
    if (c === 0x23 && i + 2 < end) {
      text += String.fromCharCode(
        Number.parseInt(String.fromCharCode(b[i + 1] ?? 0, b[i + 2] ?? 0), 16),
      );
      i += 2;
    } else text += String.fromCharCode(c);
  }
  return text;
}

/** Where the one value at `at` ends (white space before it skipped). */
export function valueEnd(b: Uint8Array, at: number, depth = 0): number {
  if (depth > MAX_DEPTH) return unexpected('nesting');
  at = skipSpace(b, at);
  const c = b[at];
  if (c === 0x3c && b[at + 1] === 0x3c) {
    at += 2;
    for (;;) {
      at = skipSpace(b, at);
      if (b[at] === 0x3e && b[at + 1] === 0x3e) return at + 2;
      if (b[at] !== 0x2f) return unexpected('dictionary key');
      at = valueEnd(b, nameEnd(b, at), depth + 1);
    }
  }
  if (c === 0x5b) {
    at++;
    for (;;) {
      at = skipSpace(b, at);
      if (b[at] === 0x5d) return at + 1;
      at = valueEnd(b, at, depth + 1);
    }
  }
  if (c === 0x2f) return nameEnd(b, at);
  if (c === 0x28) return literalEnd(b, at);
  if (c === 0x3c) return hexEnd(b, at);
  if (isDigit(c)) {
    const ref = referenceEnd(b, at);
    if (ref >= 0) return ref;
  }
  if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) {
    const start = at;
    while (isDigit(b[at]) || b[at] === 0x2e || (at === start && (c === 0x2b || c === 0x2d))) at++;
    return isRegular(b[at]) ? unexpected('number') : at;
  }
  let end = keywordEnd(b, at, 'true');
  if (end < 0) end = keywordEnd(b, at, 'false');
  if (end < 0) end = keywordEnd(b, at, 'null');
  return end >= 0 ? end : unexpected('value');
}

/** A dictionary's entries: key names, where each entry's key begins, and its value's span. */
export interface Entries {
  readonly keys: string[];
  readonly keyStarts: number[];
  readonly starts: number[];
  readonly ends: number[];
  /** After the closing >>. */
  readonly end: number;
}

/** The entries of the dictionary at `at`; undefined when no dictionary begins there. */
export function dictEntries(b: Uint8Array, at: number): Entries | undefined {
  at = skipSpace(b, at);
  if (b[at] !== 0x3c || b[at + 1] !== 0x3c) return undefined;
  at += 2;
  const keys: string[] = [];
  const keyStarts: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (;;) {
    at = skipSpace(b, at);
    if (b[at] === 0x3e && b[at + 1] === 0x3e) return { keys, keyStarts, starts, ends, end: at + 2 };
    if (b[at] !== 0x2f) return unexpected('dictionary key');
    const keyEnd = nameEnd(b, at);
    const key = nameText(b, at, keyEnd);
    // A key given twice is read differently by different readers.
    if (keys.includes(key)) return unexpected('repeated key');
    keys.push(key);
    keyStarts.push(at);
    const start = skipSpace(b, keyEnd);
    starts.push(start);
    at = valueEnd(b, start, 1);
    ends.push(at);
  }
}

/** The value of `key` in `entries` as its span, or undefined. */
export function entry(entries: Entries, key: string): [number, number] | undefined {
  const i = entries.keys.indexOf(key);
  return i < 0 ? undefined : [entries.starts[i] as number, entries.ends[i] as number];
}

/** Whether the name [at, end) is `key` (its #xx escapes decoded). */
export function keyIs(b: Uint8Array, at: number, end: number, key: string): boolean {
  if (end - at - 1 === key.length) {
    let same = true;
    for (let k = 0; k < key.length; k++) {
      if (b[at + 1 + k] !== key.charCodeAt(k)) {
        same = false;
        break;
      }
    }
    if (same) return true;
  }
  for (let i = at + 1; i < end; i++) {
    if (b[i] === 0x23) return nameText(b, at, end) === key;
  }
  return false;
}

/**
 * Each entry of the dictionary at `at`: its key's span and its value's. Reads no strings and
 * makes no lists (most objects a merge copies are only looked into for a key or two).
 */
export function eachEntry(
  b: Uint8Array,
  at: number,
  each: (keyStart: number, keyEnd: number, start: number, end: number) => boolean | undefined,
): void {
  at = skipSpace(b, at);
  if (b[at] !== 0x3c || b[at + 1] !== 0x3c) return;
  at += 2;
  for (;;) {
    at = skipSpace(b, at);
    if (b[at] === 0x3e && b[at + 1] === 0x3e) return;
    if (b[at] !== 0x2f) unexpected('dictionary key');
    const keyEnd = nameEnd(b, at);
    const start = skipSpace(b, keyEnd);
    const end = valueEnd(b, start, 1);
    if (each(at, keyEnd, start, end) === true) return;
    at = end;
  }
}

/** The span of `key`'s value in the dictionary at `at`, or undefined. */
export function findValue(b: Uint8Array, at: number, key: string): [number, number] | undefined {
  at = skipSpace(b, at);
  if (b[at] !== 0x3c || b[at + 1] !== 0x3c) return undefined;
  at += 2;
  for (;;) {
    at = skipSpace(b, at);
    if (b[at] === 0x3e && b[at + 1] === 0x3e) return undefined;
    if (b[at] !== 0x2f) return unexpected('dictionary key');
    const keyEnd = nameEnd(b, at);
    const start = skipSpace(b, keyEnd);
    const end = valueEnd(b, start, 1);
    if (keyIs(b, at, keyEnd, key)) return [start, end];
    at = end;
  }
}

/**
 * What the byte-level merge needs of a dictionary, read in one pass: where it ends, its /Type
 * value, and for a stream where its /Length entry lies (key to value) and its /Filter and
 * /DecodeParms values (spans; -1 and undefined where absent).
 */
export interface DictScan {
  readonly end: number;
  readonly type: [number, number] | undefined;
  /** /Parent's value (page-tree nodes). */
  readonly parent: [number, number] | undefined;
  readonly lengthKey: number;
  readonly lengthStart: number;
  readonly lengthEnd: number;
  readonly filter: [number, number] | undefined;
  readonly parms: [number, number] | undefined;
}

/** The keys met so far in scanDict's dictionary (start and end of each), for repeats. */
const MAX_KEYS_CHECKED = 64;
const keyStarts = new Int32Array(MAX_KEYS_CHECKED);
const keyEnds = new Int32Array(MAX_KEYS_CHECKED);

/** Whether the key [at, end) is one of the first `count` keys recorded. */
function repeated(b: Uint8Array, at: number, end: number, count: number): boolean {
  const length = end - at;
  for (let k = 0; k < count; k++) {
    const start = keyStarts[k] as number;
    if ((keyEnds[k] as number) - start !== length) continue;
    let same = true;
    for (let i = 1; i < length && same; i++) same = b[start + i] === b[at + i];
    if (same) return true;
  }
  return false;
}

/**
 * The DictScan of the dictionary at `at` (which must begin there). A key given twice (written
 * as the same bytes) is Unexpected: readers differ on which one counts, and the engine writes
 * one where a copy would carry both.
 */
export function scanDict(b: Uint8Array, at: number): DictScan {
  if (b[at] !== 0x3c || b[at + 1] !== 0x3c) return unexpected('dictionary');
  let type: [number, number] | undefined;
  let parent: [number, number] | undefined;
  let lengthKey = -1;
  let lengthStart = -1;
  let lengthEnd = -1;
  let filter: [number, number] | undefined;
  let parms: [number, number] | undefined;
  let keys = 0;
  at += 2;
  for (;;) {
    at = skipSpace(b, at);
    if (b[at] === 0x3e && b[at + 1] === 0x3e) break;
    if (b[at] !== 0x2f) return unexpected('dictionary key');
    const keyEnd = nameEnd(b, at);
    if (keys < MAX_KEYS_CHECKED) {
      if (repeated(b, at, keyEnd, keys)) unexpected('repeated key');
      keyStarts[keys] = at;
      keyEnds[keys] = keyEnd;
      keys++;
    }
    const start = skipSpace(b, keyEnd);
    const end = valueEnd(b, start, 1);
    const length = keyEnd - at - 1;
    // Keys compared by length first: most entries are none of these.
    if (length === 4 && keyIs(b, at, keyEnd, 'Type')) type = [start, end];
    else if (length === 6 && keyIs(b, at, keyEnd, 'Length')) {
      lengthKey = at;
      lengthStart = start;
      lengthEnd = end;
    } else if (length === 6 && keyIs(b, at, keyEnd, 'Filter')) filter = [start, end];
    else if (length === 6 && keyIs(b, at, keyEnd, 'Parent')) parent = [start, end];
    else if (length === 11 && keyIs(b, at, keyEnd, 'DecodeParms')) parms = [start, end];
    at = end;
  }
  return { end: at + 2, type, parent, lengthKey, lengthStart, lengthEnd, filter, parms };
}

/** A reference `n g R` spanning exactly [start, end): [n, g], or undefined. */
export function referenceIn(
  b: Uint8Array,
  start: number,
  end: number,
): [number, number] | undefined {
  return referenceEnd(b, start) === end ? [refNumber, refGeneration] : undefined;
}

/** A name spanning exactly [start, end), decoded, or undefined. */
/** Whether the name spanning exactly [start, end) is `name`. */
export function nameIs(b: Uint8Array, start: number, end: number, name: string): boolean {
  return b[start] === 0x2f && nameEnd(b, start) === end && keyIs(b, start, end, name);
}

export function nameIn(b: Uint8Array, start: number, end: number): string | undefined {
  return b[start] === 0x2f && nameEnd(b, start) === end ? nameText(b, start, end) : undefined;
}

/** An integer spanning exactly [start, end) (a sign allowed), or undefined. */
export function integerIn(b: Uint8Array, start: number, end: number): number | undefined {
  const negative = b[start] === 0x2d;
  const from = negative || b[start] === 0x2b ? start + 1 : start;
  if (integerEnd(b, from) !== end || end - from > 15) return undefined;
  const value = digits(b, from, end);
  return negative ? -value : value;
}

/** The spans of the items of the array spanning [start, end). */
export function arrayItems(b: Uint8Array, start: number, end: number): [number, number][] {
  if (b[start] !== 0x5b) return unexpected('array');
  const items: [number, number][] = [];
  let at = start + 1;
  for (;;) {
    at = skipSpace(b, at);
    if (b[at] === 0x5d && at + 1 === end) return items;
    if (at >= end) return unexpected('array');
    const itemEnd = valueEnd(b, at, 1);
    items.push([at, itemEnd]);
    at = itemEnd;
  }
}

/**
 * The new number for the object a reference names, written as `n 0 R`; 0 writes `null` (an object
 * that is not there, or one that stays behind, as the engine's copy does).
 */
export type Renumber = (number: number, generation: number) => number;

/**
 * Writes the syntax [start, end) as it is, each reference renumbered. A link annotation's
 * subtype ends the byte-level merge: links need the engine path's checking of destinations.
 */
export function copySyntax(
  b: Uint8Array,
  start: number,
  end: number,
  out: Out,
  renumber: Renumber,
): void {
  let flushed = start;
  let at = start;
  while (at < end) {
    const c = b[at] as number;
    if (isSpace(c)) at++;
    else if (c === 0x25) {
      while (at < end && b[at] !== 0x0a && b[at] !== 0x0d) at++;
    } else if (c === 0x28) at = literalEnd(b, at);
    else if (c === 0x3c) at = b[at + 1] === 0x3c ? at + 2 : hexEnd(b, at);
    else if (c === 0x3e || c === 0x5b || c === 0x5d) at++;
    else if (c === 0x2f) {
      const after = nameEnd(b, at);
      if (after - at === 5 && nameText(b, at, after) === 'Link') unexpected('link');
      at = after;
    } else if (isDigit(c)) {
      const ref = referenceEnd(b, at);
      if (ref >= 0) {
        out.writeRange(b, flushed, at);
        const number = renumber(refNumber, refGeneration);
        if (number === 0) out.writeAscii('null');
        else out.writeReference(number);
        at = flushed = ref;
      } else {
        while (isRegular(b[at])) at++;
      }
    } else if (isRegular(c)) {
      while (isRegular(b[at])) at++;
    } else unexpected('syntax');
  }
  if (at !== end) unexpected('syntax');
  out.writeRange(b, flushed, end);
}
