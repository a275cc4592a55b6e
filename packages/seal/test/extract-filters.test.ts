/**
 * rowMax7 (src/extract/filters.ts), the 7-wide row max behind the thin-stroke peak: held to a
 * plain max over each window, on rows whose values sit at the row's ends, on rows shorter than
 * the window and on pieces [lo, hi) anywhere in the row (only the windows around them written).
 */
import { describe, expect, it } from 'vitest';
import { rowMax7 } from '../src/extract/filters';

/** Float bit patterns of a row of strengths (non-negative). */
function bits(values: number[]): Int32Array {
  return new Int32Array(new Float32Array(values).buffer);
}

/** Max over p(x - 3 .. x + 3) for x in [lo - 3, hi + 3) within the row; -1 elsewhere. */
function plain(src: Int32Array, width: number, lo: number, hi: number): Int32Array {
  const out = new Int32Array(width).fill(-1);
  for (let x = Math.max(0, lo - 3); x < Math.min(width, hi + 3); x++) {
    let best = 0;
    for (let j = Math.max(0, x - 3); j <= Math.min(width - 1, x + 3); j++) {
      best = Math.max(best, src[j] as number);
    }
    out[x] = best;
  }
  return out;
}

/** A row of pseudo-random strengths, some of them 0. */
function row(width: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: width }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    const v = s / 2147483648;
    return v < 0.3 ? 0 : v;
  });
}

describe('rowMax7', () => {
  it.each([
    { width: 1, lo: 0, hi: 1 },
    { width: 3, lo: 0, hi: 3 },
    { width: 6, lo: 2, hi: 4 },
    { width: 7, lo: 0, hi: 7 },
    { width: 20, lo: 0, hi: 1 },
    { width: 20, lo: 19, hi: 20 },
    { width: 20, lo: 5, hi: 6 },
    { width: 40, lo: 3, hi: 37 },
    { width: 512, lo: 100, hi: 260 },
  ])(
    'width $width, pixels $lo..$hi: each window max, nothing else written',
    ({ width, lo, hi }) => {
      for (let seed = 1; seed <= 5; seed++) {
        const src = bits(row(width, seed));
        const out = new Int32Array(width).fill(-1);
        rowMax7(src, 0, width, lo, hi, out, 0);
        expect(out).toEqual(plain(src, width, lo, hi));
      }
    },
  );

  it('reads the row at its offset and writes from `at`', () => {
    const width = 30;
    const src = bits([...row(width, 7), ...row(width, 8)]);
    const out = new Int32Array(width + 5).fill(-1);
    rowMax7(src, width, width, 10, 20, out, 5);
    expect(out.subarray(5)).toEqual(plain(src.subarray(width), width, 10, 20));
    expect([...out.subarray(0, 5)]).toEqual([-1, -1, -1, -1, -1]);
  });
});
