/**
 * A few objects read straight from a file's bytes, without loading it with @libpdf/core: the
 * cross-reference streams and object-stream headers that xref-index.ts checks before the load.
 * A load parses every cross-reference entry and, for the first compressed object it needs,
 * decodes and indexes that object's whole stream (bug1978317: 65,564 entries, 13 MB inflated,
 * 131,084 index numbers); reading a file whose indexes wrap round took one load that misread it
 * and a second one after the correction. Here only the dictionaries and the bytes a check needs
 * are read. Values come out as @libpdf/core's objects, so its filters (predictors and all) decode
 * the streams, and the trailer entries carried into an appended section are the engine's own.
 */
import { PdfDict, type PdfObject } from '@libpdf/core';
import { Reader, type Span } from './raw-reader';

export type { Span };

export interface RawObject {
  readonly number: number;
  readonly generation: number;
  readonly value: PdfObject;
  /** Where a stream's data begins (after `stream` and its end of line); undefined for others. */
  readonly dataStart?: number | undefined;
}

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
