/**
 * The bundle's native zlib swaps give what the libraries give: the same bytes for every stream
 * Node decodes, the library's own answer (result or error) for everything Node refuses, and
 * compressed data the libraries read back.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fflate from 'fflate';
import { describe, expect, it } from 'vitest';
import { nativeFflate, nativePako, nodeZlib, type PakoLike } from '../src/native-zlib';

// pako 2, as @libpdf/core has it (the repository's top-level pako is another major version).
const requireFromLibPdf = createRequire(
  `${dirname(createRequire(import.meta.url).resolve('@libpdf/core'))}/`,
);
const pako = requireFromLibPdf('pako') as PakoLike & {
  Inflate: new () => { push(d: Uint8Array, final: boolean): void; strm: { total_out: number } };
};
const ff = nativeFflate(fflate);
const pk = nativePako(pako);

const text = new TextEncoder().encode(
  'q 1 0 0 1 0 0 cm BT /F1 12 Tf 56 780 Td (the quick brown fox) Tj ET Q\n'.repeat(200),
);
const noise = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 2654435761) >>> 24);
const valid = fflate.zlibSync(text);
const truncated = valid.subarray(0, valid.length >> 1);
const badChecksum = Uint8Array.from(valid, (b, i) => (i === valid.length - 1 ? b ^ 0xff : b));
/** A stream ended by a sync flush instead of a final block (PDFium writes these). */
const syncFlushed = (() => {
  const parts: Uint8Array[] = [];
  const d = new fflate.Zlib((chunk) => parts.push(chunk));
  d.push(text);
  d.flush();
  return Uint8Array.from(parts.flatMap((p) => [...p]));
})();
const garbage = Uint8Array.from([0x78, 0x9c, 0xff, 0xff, 0x00, 0x13, 0x37]);
const empty = new Uint8Array(0);

/** The result, or the fact of an error, so that outcomes compare with toEqual. */
function outcome(run: () => Uint8Array | undefined): { ok: number[] | undefined } | 'threw' {
  try {
    const out = run();
    return { ok: out === undefined ? undefined : [...out] };
  } catch {
    return 'threw';
  }
}

const INPUTS: [string, Uint8Array][] = [
  ['a valid stream', valid],
  ['incompressible data, compressed', fflate.zlibSync(noise)],
  ['a truncated stream', truncated],
  ['a wrong checksum', badChecksum],
  ['a sync-flush-terminated stream', syncFlushed],
  ['garbage', garbage],
  ['nothing', empty],
];

describe('fflate swaps', () => {
  it.each(INPUTS)('unzlibSync, %s: as fflate', (_, data) => {
    expect(outcome(() => ff.unzlibSync(data))).toEqual(outcome(() => fflate.unzlibSync(data)));
  });

  it.each(
    INPUTS.flatMap(([name, data]) =>
      [16, 4096, 100_000].map((size) => [`${name}, into ${size} bytes`, data, size] as const),
    ),
  )('unzlibSync into a buffer, %s: as fflate, or whole when it outgrows it', (_, data, size) => {
    const buffer = new Uint8Array(size);
    let whole: Uint8Array | undefined;
    try {
      whole = inflateSync(data);
    } catch {}
    if (whole && whole.length > size) {
      // Node inflated all of it: the caller gets all of it, in a buffer of its own.
      const out = ff.unzlibSync(data, { out: buffer });
      expect(out.buffer).not.toBe(buffer.buffer);
      expect(Buffer.from(out).equals(whole)).toBe(true);
      return;
    }
    expect(outcome(() => ff.unzlibSync(data, { out: buffer }))).toEqual(
      outcome(() => fflate.unzlibSync(data, { out: new Uint8Array(size) })),
    );
  });

  it.each(INPUTS)('Unzlib in chunks, %s: as fflate', (_, data) => {
    const collect = (Stream: typeof fflate.Unzlib | typeof ff.Unzlib) =>
      outcome(() => {
        const parts: Uint8Array[] = [];
        const stream = new Stream((chunk: Uint8Array) => parts.push(chunk));
        for (let at = 0; at < data.length; at += 100) stream.push(data.subarray(at, at + 100));
        stream.push(new Uint8Array(0), true);
        return Uint8Array.from(parts.flatMap((p) => [...p]));
      });
    expect(collect(ff.Unzlib)).toEqual(collect(fflate.Unzlib));
  });

  it('Unzlib with ondata set after construction (as fast-png may)', () => {
    const stream = new ff.Unzlib();
    const parts: Uint8Array[] = [];
    stream.ondata = (chunk, final) => {
      parts.push(chunk);
      expect(final).toBe(true);
    };
    stream.push(valid, true);
    expect(Buffer.concat(parts).equals(Buffer.from(text))).toBe(true);
  });

  it.each([
    [undefined, text],
    [{ level: 1 }, noise],
    [{ level: 9 }, text],
  ] as const)('zlibSync %j: fflate reads it back', (opts, data) => {
    const packed = ff.zlibSync(data, opts);
    expect(Buffer.from(fflate.unzlibSync(packed)).equals(Buffer.from(data))).toBe(true);
  });
});

describe('pako swaps', () => {
  it.each(INPUTS)('inflate, %s: as pako', (_, data) => {
    expect(outcome(() => pk.inflate(data))).toEqual(outcome(() => pako.inflate(data)));
  });

  it('inflate with options goes to pako untouched', () => {
    const raw = fflate.deflateSync(text);
    expect(outcome(() => pk.inflate(raw, { raw: true }))).toEqual(
      outcome(() => pako.inflate(raw, { raw: true })),
    );
  });

  it('deflate: pako reads it back', () => {
    expect(
      Buffer.from(pako.inflate(pk.deflate(text)) as Uint8Array).equals(Buffer.from(text)),
    ).toBe(true);
  });
});

describe("nodeZlib (the byte-level merge's inflater)", () => {
  it('inflates whole streams of any size, and reads back what it deflates', () => {
    expect(nodeZlib.inflate(valid)).toEqual(text);
    expect(nodeZlib.inflate(fflate.zlibSync(noise))).toEqual(noise);
    expect(nodeZlib.inflate(nodeZlib.deflate(text))).toEqual(text);
  });

  it.each([
    ['cut short', truncated],
    ['a wrong checksum', badChecksum],
  ])('throws on a stream %s (the merge then leaves the file to the engine)', (_, data) => {
    expect(() => nodeZlib.inflate(data)).toThrow();
  });
});
