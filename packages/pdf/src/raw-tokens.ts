/**
 * The tokenizer behind raw-copy.ts: PDF syntax stepped over by position, nothing built (a
 * reference's numbers are left in refNumber and refGeneration rather than in a tuple), and the
 * readers of a value that spans exactly what they are given. Anything not read as expected throws
 * Unexpected, which sends a byte-level merge to the engine.
 */

/** Syntax or structure the byte-level merge does not take on: the engine's path does the work. */
export class Unexpected extends Error {}

export const unexpected = (why: string): never => {
  throw new Unexpected(why);
};

/** Deeper nesting than any writer makes; read.ts takes files past it as attacks. */
const MAX_DEPTH = 64;

export const isSpace = (c: number | undefined) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
/** ( ) < > [ ] { } / % */
export const isDelimiter = (c: number | undefined) =>
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
export const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

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
export let refNumber = 0;
export let refGeneration = 0;

/**
 * Where `n g R` ends when the integer at `at` begins one (its numbers then in refNumber and
 * refGeneration); -1 otherwise. References are most of what a merge reads: nothing is allocated.
 */
export function referenceEnd(b: Uint8Array, at: number): number {
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

export function nameEnd(b: Uint8Array, at: number): number {
  at++;
  while (isRegular(b[at])) at++;
  return at;
}

export function literalEnd(b: Uint8Array, at: number): number {
  let open = 0;
  while (at < b.length) {
    const c = b[at++];
    if (c === 0x5c) at++;
    else if (c === 0x28) open++;
    else if (c === 0x29 && --open === 0) return at;
  }
  return unexpected('string');
}

export function hexEnd(b: Uint8Array, at: number): number {
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

/** A reference `n g R` spanning exactly [start, end): [n, g], or undefined. */
export function referenceIn(
  b: Uint8Array,
  start: number,
  end: number,
): [number, number] | undefined {
  return referenceEnd(b, start) === end ? [refNumber, refGeneration] : undefined;
}

/** Whether the name spanning exactly [start, end) is `name`. */
export function nameIs(b: Uint8Array, start: number, end: number, name: string): boolean {
  return b[start] === 0x2f && nameEnd(b, start) === end && keyIs(b, start, end, name);
}

/** A name spanning exactly [start, end), decoded, or undefined. */
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
