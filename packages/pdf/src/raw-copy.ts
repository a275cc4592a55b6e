/**
 * PDF syntax stepped over and copied as bytes, without building any object and without the PDF
 * engine: the byte-level merge (merge-fast.ts) finds a dictionary's entries as spans and copies
 * each value as written, only its references renumbered. Anything this does not read as it
 * expects throws Unexpected, and the merge falls back to @libpdf/core.
 */
import type { Out } from './byte-out';
import {
  hexEnd,
  isDigit,
  isRegular,
  isSpace,
  keyIs,
  literalEnd,
  nameEnd,
  nameText,
  referenceEnd,
  refGeneration,
  refNumber,
  skipSpace,
  unexpected,
  valueEnd,
} from './raw-tokens';

// The tokenizer's functions, for the modules that read with both.
export * from './raw-tokens';

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
