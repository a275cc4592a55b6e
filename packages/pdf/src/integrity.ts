/**
 * Checks on a loaded file that @libpdf/core, lenient by design, does not make: content that is
 * gone or does not decode (the page would come out blank without a word), objects nested deep
 * enough to be an attack, and what a file cut short has lost.
 */
import { type PDF, PdfArray, PdfDict, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';
import { latin1Text } from './latin1';

type Resolve = (o: PdfObject | undefined) => PdfObject | undefined;

export const resolver =
  (pdf: PDF): Resolve =>
  (o) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;

/**
 * The streams the page's /Contents names, each with the reference it was named by, or
 * undefined when one of them is gone (a missing object, or something that is not a stream):
 * such a page would draw nothing.
 */
export function contentStreams(
  page: PdfDict,
  resolve: Resolve,
): { ref: PdfRef | undefined; stream: PdfStream }[] | undefined {
  const named = page.get('Contents');
  if (named === undefined) return [];
  const contents = resolve(named);
  if (contents === undefined) return undefined;
  const items = contents instanceof PdfArray ? contents.toArray() : [named as PdfObject];
  const out: { ref: PdfRef | undefined; stream: PdfStream }[] = [];
  for (const item of items) {
    const stream = resolve(item);
    if (!(stream instanceof PdfStream)) return undefined;
    out.push({ ref: item instanceof PdfRef ? item : undefined, stream });
  }
  return out;
}

/**
 * Is the stream read for `ref` written under that object's number? @libpdf/core parses what
 * the cross-reference offset points at, whatever object is there; readers that find another
 * object's header there rebuild the table. Streams read straight from the file are checked
 * (their data is a view of its bytes); others (decrypted, or built) are taken as they are.
 */
export function headedBy(bytes: Uint8Array, stream: PdfStream, ref: PdfRef): boolean {
  const { data } = stream;
  if (data.buffer !== bytes.buffer) return true;
  const at = data.byteOffset - bytes.byteOffset;
  if (at < 0 || at > bytes.length) return true;
  const number = lastObjectHeader(bytes, Math.max(0, at - HEADER_WINDOW), at);
  return number === undefined || number === ref.objectNumber;
}

/** How far before a stream's data its object header is looked for (a content dict is short). */
const HEADER_WINDOW = 1024;

/**
 * The object number of the last `n g obj` header in bytes[from, to), as the last match of
 * /(?:^|[^\d])(\d+)\s+\d+\s+obj\b/ over those bytes read as Latin-1 would give it; scanned
 * backwards over the bytes, since this runs for every content stream of every page.
 */
export function lastObjectHeader(bytes: Uint8Array, from: number, to: number): number | undefined {
  const space = (i: number) => i >= from && SPACE.has(bytes[i] as number);
  const digit = (i: number) =>
    i >= from && (bytes[i] as number) >= 0x30 && (bytes[i] as number) <= 0x39;
  for (let i = to - 3; i >= from; i--) {
    if (bytes[i] !== 0x6f || bytes[i + 1] !== 0x62 || bytes[i + 2] !== 0x6a) continue;
    if (i + 3 < to && WORD.test(String.fromCharCode(bytes[i + 3] as number))) continue;
    let j = i - 1;
    if (!space(j)) continue;
    while (space(j)) j--;
    const generationEnd = j;
    while (digit(j)) j--;
    if (j === generationEnd || !space(j)) continue;
    while (space(j)) j--;
    const numberEnd = j;
    while (digit(j)) j--;
    if (j === numberEnd) continue;
    return Number(String.fromCharCode(...bytes.subarray(j + 1, numberEnd + 1)));
  }
  return undefined;
}

/** The bytes JavaScript's \s matches in Latin-1 text, and its \w. */
const SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]);
const WORD = /\w/;

export function decodes(stream: PdfStream): boolean {
  try {
    stream.getDecodedData();
    return true;
  } catch {
    return false;
  }
}

/** Far deeper than any writer nests, and shallower than qpdf's limit for what we write back. */
export const MAX_NESTING = 256;

/** Arrays and dictionaries nested in an object beyond MAX_NESTING: an attack, not damage. */
export function tooDeep(object: PdfObject): boolean {
  // Two stacks rather than one of [object, depth] pairs, and only containers pushed: this runs
  // on every page of every file read, and the pairs were most of its time in a cold process.
  const pending: (PdfDict | PdfArray)[] = [];
  const depths: number[] = [];
  let deep = false;
  const reach = (item: PdfObject, depth: number) => {
    if (depth > MAX_NESTING) deep = true;
    else if (item instanceof PdfDict || item instanceof PdfArray) {
      pending.push(item);
      depths.push(depth);
    }
  };
  reach(object, 0);
  while (pending.length > 0 && !deep) {
    const item = pending.pop() as PdfDict | PdfArray;
    const depth = (depths.pop() as number) + 1;
    if (item instanceof PdfDict) {
      for (const key of item.keys()) reach(item.get(key) as PdfObject, depth);
    } else for (let i = 0; i < item.length; i++) reach(item.at(i) as PdfObject, depth);
  }
  return deep;
}

/**
 * How deep arrays and dictionaries nest in the file's bytes, streams and strings skipped: parsers
 * cut absurd nesting short silently, so repairing such a file would keep a mangled page.
 */
export function rawNesting(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c === 0x28) {
      // a literal string: balanced parentheses, backslash escapes
      let nest = 1;
      for (i++; i < n && nest > 0; i++) {
        if (bytes[i] === 0x5c) i++;
        else if (bytes[i] === 0x28) nest++;
        else if (bytes[i] === 0x29) nest--;
      }
      i--;
    } else if (c === 0x5b || (c === 0x3c && bytes[i + 1] === 0x3c)) {
      if (c === 0x3c) i++;
      deepest = Math.max(deepest, ++depth);
    } else if (c === 0x5d || (c === 0x3e && bytes[i + 1] === 0x3e)) {
      if (c === 0x3e) i++;
      depth = Math.max(0, depth - 1);
    } else if (c === 0x73 && bytes[i + 1] === 0x74 && isStreamKeyword(bytes, i)) {
      const end = indexOf(bytes, ENDSTREAM, i + 6);
      if (end < 0) break;
      i = end + ENDSTREAM.length - 1;
      depth = 0;
    }
  }
  return deepest;
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const STREAM = ascii('stream');
const ENDSTREAM = ascii('endstream');
const ENDOBJ = ascii('endobj');

function isStreamKeyword(bytes: Uint8Array, at: number): boolean {
  const before = bytes[at - 1];
  if (before === 0x64) return false; // "endstream"
  return (
    STREAM.every((b, k) => bytes[at + k] === b) &&
    (bytes[at + 6] === 0x0a || bytes[at + 6] === 0x0d)
  );
}

function indexOf(bytes: Uint8Array, needle: readonly number[], from: number): number {
  const first = needle[0] as number;
  for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1)) {
    if (needle.every((b, k) => bytes[i + k] === b)) return i;
  }
  return -1;
}

function lastIndexOf(bytes: Uint8Array, needle: readonly number[]): number {
  const first = needle[0] as number;
  for (let i = bytes.lastIndexOf(first); i >= 0; i = bytes.lastIndexOf(first, i - 1)) {
    if (needle.every((b, k) => bytes[i + k] === b)) return i;
  }
  return -1;
}

/**
 * Does a file without its end markers hold its trailer after its last object? Then it was
 * whole up to there, and what follows is junk someone appended (qpdf reads such files). Without
 * one it was cut short, inside an object or in its cross-reference table, and qpdf refuses it.
 */
export function trailerAfterObjects(bytes: Uint8Array): boolean {
  const end = lastIndexOf(bytes, ENDOBJ);
  if (end < 0) return false;
  const rest = latin1Text(bytes, end + ENDOBJ.length);
  return /\btrailer\s*<<[\s\S]*?\/Root\b/.test(rest);
}

/**
 * Every object reachable from the catalog is there. A file cut short has lost whatever came
 * after the cut; a reference to it would be a font, image or page part silently gone.
 */
export function nothingMissing(pdf: PDF): boolean {
  const seen = new Set<string>();
  const pending: PdfObject[] = [pdf.getCatalog()];
  while (pending.length > 0) {
    const item = pending.pop() as PdfObject;
    if (item instanceof PdfRef) {
      const key = `${item.objectNumber} ${item.generation}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const target = pdf.context.resolve(item);
      if (target === null) return false;
      pending.push(target);
    } else if (item instanceof PdfDict) {
      for (const [, v] of item) pending.push(v);
    } else if (item instanceof PdfArray) {
      for (const v of item) pending.push(v);
    }
  }
  return true;
}
