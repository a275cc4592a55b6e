/**
 * latin1Text replaces `String.fromCharCode(...bytes)` on the read path (15x slower on the 2 KB
 * tail read for every file): one character per byte, any length, any window.
 */
import { describe, expect, it } from 'vitest';
import { latin1Text } from '../src/latin1';
import { looksComplete } from '../src/sniff';

/** The slow, obvious way, as the reference. */
const reference = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff);

describe('latin1Text', () => {
  it('every byte value is one character of the same code', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = latin1Text(all);
    expect(text).toHaveLength(256);
    expect(Array.from(text, (c) => c.charCodeAt(0))).toEqual([...all]);
  });

  it.each([0, 1, 8191, 8192, 8193, 20_000])('%i bytes, across chunk boundaries', (length) => {
    const bytes = bytesOf(length);
    expect(latin1Text(bytes)).toBe(reference(bytes));
  });

  it.each([
    ['a window', 100, 9000],
    ['from before the start', -50, 10],
    ['to beyond the end', 9990, 20_000],
    ['an empty window', 500, 500],
    ['a reversed window', 600, 500],
  ])('%s', (_, from, to) => {
    const bytes = bytesOf(10_000);
    const window = bytes.subarray(
      Math.max(0, from),
      Math.max(Math.max(0, from), Math.min(to, 10_000)),
    );
    expect(latin1Text(bytes, from, to)).toBe(reference(window));
  });

  it('a subarray view is read from its own start', () => {
    const bytes = bytesOf(3000).subarray(1000, 2000);
    expect(latin1Text(bytes)).toBe(reference(bytes));
  });
});

describe('looksComplete reads the tail with it', () => {
  const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  it.each([
    ['%%EOF at the end', `%PDF-1.4\n${'x'.repeat(5000)}%%EOF\n`, true],
    [
      'startxref near the end',
      `%PDF-1.4\n${'x'.repeat(5000)}startxref\n123\n${'\u00e9'.repeat(100)}`,
      true,
    ],
    ['the marker beyond the 2 KB tail', `%PDF-1.4\n%%EOF${'x'.repeat(3000)}`, false],
    ['a short file', '%%EOF', true],
  ])('%s: %s', (_, body, complete) => {
    expect(looksComplete(text(body))).toBe(complete);
  });
});
