/**
 * Content inflated into a buffer sized ahead (page-content.ts inflate): the same bytes as zlib
 * gives for every shape of data, and the same refusals of data that does not inflate.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflate, inflateSeen } from '../src/page-content';

/** Deterministic bytes that deflate about as well as `alphabet` allows. */
function bytes(length: number, alphabet: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = 12345;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = 0x20 + ((s >>> 16) % alphabet);
  }
  return out;
}

const content = (n: number) =>
  new TextEncoder().encode(
    Array.from({ length: n }, (_, i) => `BT /F1 12 Tf 56 ${780 - i} Td (line ${i}) Tj ET\n`).join(
      '',
    ),
  );

describe('inflate', () => {
  it.each([
    ['a small page (a dynamic block)', content(3), {}],
    ['empty content', new Uint8Array(0), {}],
    ['one byte', Uint8Array.of(0x51), {}],
    ['stored blocks (level 0), larger than the first buffer', bytes(100_000, 200), { level: 0 }],
    [
      'output exactly the first buffer (4096 bytes)',
      new TextEncoder().encode('q Q\n'.repeat(1024)),
      {},
    ],
    ['random-ish text, about 1.2x', bytes(50_000, 200), {}],
    ['zeros, about 1000x (several larger buffers)', new Uint8Array(3_000_000), {}],
    ['a long page content stream, about 6x', content(20_000), { level: 9 }],
  ] as const)('gives what zlib gives: %s', (_, raw, options) => {
    const data = new Uint8Array(deflateSync(raw, options));
    const out = inflate(data);
    expect(out.length).toBe(raw.length);
    expect(Buffer.from(out).equals(inflateSync(data))).toBe(true);
  });

  it.each([
    ['cut short', (d: Uint8Array) => d.subarray(0, d.length >> 1)],
    ['a broken block', (d: Uint8Array) => Uint8Array.from(d, (b, i) => (i === 2 ? 0xff : b))],
    ['not zlib at all', () => Uint8Array.from('hello, not zlib', (c) => c.charCodeAt(0))],
  ])('refuses data that does not inflate: %s', (_, spoil) => {
    const data = spoil(new Uint8Array(deflateSync(content(200))));
    expect(() => inflate(data)).toThrow();
  });
});

describe('inflateSeen', () => {
  const small = new Uint8Array(deflateSync(new TextEncoder().encode('q\n')));
  const page = new Uint8Array(deflateSync(content(40)));

  it.each([
    ['a small stream (remembered)', small],
    ['a stream too long to remember', page],
  ])('gives what inflate gives, again and again: %s', (_, data) => {
    const first = inflateSeen(data);
    expect(Buffer.from(first).equals(inflateSync(data))).toBe(true);
    // The caller may write over what it was given: the next caller still gets the content.
    first.fill(0);
    const again = inflateSeen(data.slice());
    expect(Buffer.from(again).equals(inflateSync(data))).toBe(true);
  });

  it('tells apart small streams that differ in one byte', () => {
    const a = new Uint8Array(deflateSync(new TextEncoder().encode('0 g\n')));
    const b = new Uint8Array(deflateSync(new TextEncoder().encode('1 g\n')));
    expect(new TextDecoder().decode(inflateSeen(a))).toBe('0 g\n');
    expect(new TextDecoder().decode(inflateSeen(b))).toBe('1 g\n');
  });

  it('refuses small data that does not inflate, every time it is met', () => {
    const broken = small.subarray(0, small.length - 2);
    expect(() => inflateSeen(broken)).toThrow();
    expect(() => inflateSeen(broken.slice())).toThrow();
  });
});
