/**
 * lastObjectHeader (integrity.ts) scans bytes backwards for the last `n g obj` before a stream;
 * it must find what the regular expression it replaced found, on every input.
 */
import { describe, expect, it } from 'vitest';
import { lastObjectHeader } from '../src/integrity';

const REGEX = /(?:^|[^\d])(\d+)\s+\d+\s+obj\b/g;

function byRegex(bytes: Uint8Array): number | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of String.fromCharCode(...bytes).matchAll(REGEX)) last = m;
  return last === undefined ? undefined : Number(last[1]);
}

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('lastObjectHeader', () => {
  it.each([
    ['12 0 obj\n<< /Length 5 >>\nstream\n', 12],
    ['1 0 obj 2 0 obj', 2],
    ['1 0 obj5 0 obj', 5],
    ['7 0 objx', undefined],
    ['7 0 obj_', undefined],
    ['x7 0 obj', 7],
    ['123 0\r\n obj ', 123],
    ['12 0 obj\n<<>>\n% 99 0 obja\n', 12],
    ['4 0 R 5 0 obj\xa0', 5],
    ['\xa08\xa00\xa0obj', 8],
    ['', undefined],
    ['obj', undefined],
    ['0 obj', undefined],
  ])('%j → %s', (text, number) => {
    const bytes = latin1(text);
    expect(lastObjectHeader(bytes, 0, bytes.length)).toBe(number);
    expect(byRegex(bytes)).toBe(number);
  });

  it('agrees with the regular expression on 20,000 random windows', () => {
    const tokens = ['obj', ' ', '\n', '\xa0', '0', '12', '7', 'x', '_', '<<', '5 0 obj', ' 3 0 ob'];
    let seed = 0x2545f491;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed >>> 0;
    };
    let found = 0;
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: 2 + (next() % 16) }, () => tokens[next() % tokens.length]);
      const bytes = latin1(text.join(''));
      const from = next() % 4;
      const expected = byRegex(bytes.subarray(from));
      if (expected !== undefined) found++;
      expect(lastObjectHeader(bytes, from, bytes.length), text.join('')).toBe(expected);
    }
    // The inputs are not all misses.
    expect(found).toBeGreaterThan(1000);
  });
});
