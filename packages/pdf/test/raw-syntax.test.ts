/**
 * The few objects xref-index.ts reads from a file's bytes before loading it (src/raw-syntax.ts):
 * the values as @libpdf/core gives them, each dictionary entry's span without building its value,
 * and a clean undefined for what is not an object.
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
import { describe, expect, it } from 'vitest';
import {
  rawDictSpans,
  rawObjectAt,
  rawObjectBody,
  rawOnlySpace,
  rawValue,
  rawValueEnd,
} from '../src/raw-syntax';
import { latin1 } from './helpers/centre-stamp';

/** A plain picture of a value, to compare with toEqual. */
function plain(value: PdfObject | undefined): unknown {
  if (value instanceof PdfRef) return `${value.objectNumber} ${value.generation} R`;
  if (value instanceof PdfName) return `/${value.value}`;
  if (value instanceof PdfNumber) return value.value;
  if (value instanceof PdfBool) return value.value;
  if (value instanceof PdfNull) return null;
  if (value instanceof PdfString) return `(${String.fromCharCode(...value.bytes)})`;
  if (value instanceof PdfArray) return value.toArray().map(plain);
  if (value instanceof PdfDict)
    return Object.fromEntries([...value].map(([k, v]) => [k.value, plain(v)]));
  return undefined;
}

describe('rawObjectAt', () => {
  it.each([
    [
      'integers, reals and signs',
      '1 0 obj [1 -2 +3 .5 -0.25 4.] endobj',
      [1, -2, 3, 0.5, -0.25, 4],
    ],
    ['references among numbers', '1 0 obj [1 0 R 2 5 R 7 8] endobj', ['1 0 R', '2 5 R', 7, 8]],
    ['names with #-escapes', '1 0 obj [/A#20B /Type/XRef] endobj', ['/A B', '/Type', '/XRef']],
    ['hex strings, odd digit padded', '1 0 obj [<41 42> <414>] endobj', ['(AB)', '(A@)']],
    [
      'literal strings: nesting, escapes, octal',
      '1 0 obj [(a(b)c) (\\(\\n\\101\\\\)] endobj',
      ['(a(b)c)', '((\nA\\)'],
    ],
    ['true, false, null', '1 0 obj [true false null] endobj', [true, false, null]],
    [
      'nested dictionaries, comments skipped',
      '7 0 obj % a comment\n<< /W [1 2 1] /D << /K 3 0 R >> >> endobj',
      { W: [1, 2, 1], D: { K: '3 0 R' } },
    ],
  ])('%s', (_, text, expected) => {
    expect(plain(rawObjectAt(latin1(text), 0)?.value)).toEqual(expected);
  });

  it.each([
    ['LF', '\n'],
    ['CR LF', '\r\n'],
  ])('a stream dictionary: its data begins after `stream` and %s', (_, eol) => {
    const text = `3 0 obj\n<< /Length 4 >>\nstream${eol}DATAendstream`;
    const raw = rawObjectAt(latin1(text), 0);
    expect(raw?.number).toBe(3);
    expect(raw?.dataStart).toBe(text.indexOf('DATA'));
  });

  it.each([
    ['no object header', '<< /A 1 >>'],
    ['an unbalanced dictionary', '1 0 obj << /A [1 2 >> endobj'],
    ['a keyword for a value', '1 0 obj << /A foo >> endobj'],
    ['an offset past the end', ''],
    ['nesting past 32 levels', `1 0 obj ${'['.repeat(40)}${']'.repeat(40)} endobj`],
  ])('%s: undefined', (_, text) => {
    expect(rawObjectAt(latin1(text), 0)).toBeUndefined();
  });
});

describe('rawDictSpans and rawValue', () => {
  const text =
    '5 0 obj << /Type /Page /Annots [1 0 R 2 0 R (x]) <5d>] /Resources 9 0 R /Rect [0 0 1.5 2] >> endobj';
  const bytes = latin1(text);

  it('each entry is the span of its syntax; references stepped over whole', () => {
    const body = rawObjectBody(bytes, 0, 5) as number;
    const dict = rawDictSpans(bytes, body);
    const spans = dict?.entries;
    expect(dict?.end).toBe(text.indexOf(' endobj'));
    const syntax = Object.fromEntries(
      [...(spans ?? [])].map(([k, s]) => [k, text.slice(s.start, s.end)]),
    );
    expect(syntax).toEqual({
      Type: '/Page',
      Annots: '[1 0 R 2 0 R (x]) <5d>]',
      Resources: '9 0 R',
      Rect: '[0 0 1.5 2]',
    });
    expect(plain(rawValue(bytes, spans?.get('Resources') as { start: number; end: number }))).toBe(
      '9 0 R',
    );
  });

  it('rawObjectBody wants the object number written there', () => {
    expect(rawObjectBody(bytes, 0, 5)).toBe(text.indexOf('obj') + 3);
    expect(rawObjectBody(bytes, 0, 6)).toBeUndefined();
  });
});

describe('rawValueEnd: one value and nothing else before the end', () => {
  it.each([
    ['a dictionary, white space after', '<< /A [1 2] >>  \n', 14],
    ['a reference', '3 0 R\n', 5],
    ['a comment after', '(x) % note\n', 3],
    ['two values', '<< /A 1 >> << /B 2 >>', undefined],
    ['a keyword after', '[1 2] endobj', undefined],
    ['cut short', '<< /A [1 2', undefined],
  ])('%s', (_, text, expected) => {
    const bytes = latin1(text);
    expect(rawValueEnd(bytes, 0, bytes.length)).toBe(expected);
  });

  it('rawOnlySpace: white space and comments only', () => {
    const bytes = latin1('  % c\n\r\t x');
    expect(rawOnlySpace(bytes, 0, bytes.length - 2)).toBe(true);
    expect(rawOnlySpace(bytes, 0, bytes.length)).toBe(false);
  });
});
