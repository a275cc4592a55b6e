/** tooDeep: objects nested past MAX_NESTING are refused, up to it taken, whatever the containers. */
import { PdfArray, PdfDict, PdfNumber, type PdfObject } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, tooDeep } from '../src/integrity';

/** `levels` containers around `leaf` (the innermost at depth levels - 1, the leaf at levels). */
function nested(levels: number, leaf: PdfObject | undefined, kind: 'array' | 'dict' | 'mixed') {
  let inner: PdfObject | undefined = leaf;
  for (let i = 0; i < levels; i++) {
    const dict = kind === 'dict' || (kind === 'mixed' && i % 2 === 0);
    const items = inner === undefined ? [] : [inner];
    inner = dict ? PdfDict.of(inner === undefined ? {} : { K: inner }) : new PdfArray(items);
  }
  return inner as PdfObject;
}

describe('tooDeep', () => {
  const one = PdfNumber.of(1);
  it.each([
    ['a number inside', MAX_NESTING, one, false],
    ['a number one level deeper', MAX_NESTING + 1, one, true],
    ['empty innermost container', MAX_NESTING + 1, undefined, false],
    ['empty innermost container, one deeper', MAX_NESTING + 2, undefined, true],
  ] as const)('%s (%i levels)', (_, levels, leaf, deep) => {
    for (const kind of ['array', 'dict', 'mixed'] as const) {
      expect(tooDeep(nested(levels, leaf, kind))).toBe(deep);
    }
  });

  it('takes a wide, shallow object and a lone number', () => {
    const wide = new PdfArray(Array.from({ length: 10_000 }, (_, i) => PdfNumber.of(i)));
    expect(tooDeep(PdfDict.of({ A: wide, B: wide }))).toBe(false);
    expect(tooDeep(one)).toBe(false);
  });
});
