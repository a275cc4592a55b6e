/**
 * Guard against UNINTENDED changes to extractSeal's output: every output byte of a fixed set of
 * inputs is pinned by hash, so that a refactor or a speed step that was meant to change nothing
 * shows it at once. The table was first taken before the speed work (d1f9b8a) and kept
 * byte-identical through it; it was regenerated on purpose for issue 17's quality changes (print
 * rims, automatic clarity, the oval class) and for issue 16's second round of speed work, which
 * estimates image-wide statistics on samples and skips cells of plain paper (active.ts, later
 * with a margin of 3 px around marked quarters instead of a whole quarter): those
 * steps change a few pixels, and were judged by bench/extract-quality.ts per class (no class lost
 * more than 0.001 IoU on the development seeds), not by this table.
 *
 * Inputs: one synthetic photo per failure class (packages/seal/test/synth, seed 1000, the photos
 * the `extract` bench times), whole (512x512) and as two odd-sized crops (edges, short rows and
 * grids that do not divide evenly), each through every mode and red handling and the clarity
 * extremes. The input photos are hashed too, so that a change to the generator shows up as such
 * and not as an extractor change.
 *
 * When a change is MEANT to change the output (a quality change, or a new synthetic photo), check
 * it with bench/extract-quality.ts first, then regenerate the table:
 *
 *   YINZHANG_PRINT_EXTRACT_HASHES=1 npx vitest run --project seal test/extract-identical.test.ts
 *
 * and paste the printed object over EXPECTED (and say why in the commit).
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractSeal, parseClarityKey } from '../src/extract';
import { type ClassPhoto, classPhoto, SYNTH_CLASSES, type SynthClass } from './synth/classes';

const SEED = 1000;

/** Every mode and red handling, the default and both ends of the clarity range. */
const KEYS = [
  '0-auto-0',
  '0-0-0',
  '0-3-0',
  '0-1-2',
  '1-0-0',
  '1-0-1',
  '1-0-2',
  '2-auto-0',
  '2-0-1',
  '2-19-2',
] as const;

interface Crop {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const CROPS: readonly Crop[] = [
  { name: 'whole', x: 0, y: 0, width: 512, height: 512 },
  { name: '301x217', x: 61, y: 149, width: 301, height: 217 },
  { name: '97x61', x: 203, y: 227, width: 97, height: 61 },
];

function crop(photo: ClassPhoto, c: Crop): Uint8Array {
  const out = new Uint8Array(c.width * c.height * 4);
  for (let y = 0; y < c.height; y++) {
    const from = ((c.y + y) * photo.width + c.x) * 4;
    out.set(photo.rgba.subarray(from, from + c.width * 4), y * c.width * 4);
  }
  return out;
}

const short = (h: ReturnType<typeof createHash>) => h.digest('hex').slice(0, 16);

/** Hash of the input photo, per class (seed 1000). */
const EXPECTED_INPUT: Record<SynthClass, string> = {
  clean: 'e555ca5bfcafd67a',
  print: '81648bc30bde9cc8',
  faint: '8dd1b6f23767c3fc',
  dark: '4e32021f3502b28c',
  thin: '47c02c3cfeafbe86',
  objects: '59999fec51e6c8da',
  lowres: '2ba986808443ef0c',
  oval: 'b501f00c9bc51610',
  pens: 'e7dfe42d8b1c610b',
};

/** Hash of every key's output in KEYS order, per class and crop. */
const EXPECTED: Record<string, string> = {
  'clean whole': 'e2f66a92e1f06fa0',
  'clean 301x217': 'e9bdcbb4b9b5aeaa',
  'clean 97x61': 'a9c9d01a7f886a70',
  'print whole': '3ae74f0938fe2a97',
  'print 301x217': 'f81dd89667c5e0eb',
  'print 97x61': 'd893bc17430abe8c',
  'faint whole': '401f14ce697235b2',
  'faint 301x217': '32f29bd34d2abf12',
  'faint 97x61': '3985966484c0d33c',
  'dark whole': 'bf06cfcd8d495352',
  'dark 301x217': '2de7ae226426d9ed',
  'dark 97x61': 'de47924d9faa84a5',
  'thin whole': 'ed135a3eb1a43d74',
  'thin 301x217': 'c3271f8258186f24',
  'thin 97x61': '8c4e33ee3f303551',
  'objects whole': '3cae22efef8eaf2c',
  'objects 301x217': 'a1d6966a655f3308',
  'objects 97x61': '02ccb306834300be',
  'lowres whole': '65ecdd8debeb43dc',
  'lowres 301x217': 'ae8442f48c50eae9',
  'lowres 97x61': '680d88179c9c6039',
  'oval whole': '9990e8ceb6f26dd0',
  'oval 301x217': 'e968b0469b381546',
  'oval 97x61': '6a374dfda6a9ca7b',
  'pens whole': '624c27a26e647feb',
  'pens 301x217': '851715a3ec558d7d',
  'pens 97x61': '07fcef0c655f34a3',
};

describe('extractSeal output changes only on purpose', () => {
  const photos = new Map<SynthClass, ClassPhoto>();
  beforeAll(async () => {
    for (const cls of SYNTH_CLASSES) photos.set(cls, await classPhoto(cls, SEED));
  }, 60_000);

  const actualInput: Record<string, string> = {};
  const actual: Record<string, string> = {};

  it.each(SYNTH_CLASSES)('%s', (cls) => {
    const photo = photos.get(cls) as ClassPhoto;
    actualInput[cls] = short(createHash('sha256').update(photo.rgba));
    for (const c of CROPS) {
      const rgba = crop(photo, c);
      const h = createHash('sha256');
      for (const key of KEYS) {
        h.update(key);
        h.update(extractSeal(rgba, c.width, c.height, parseClarityKey(key)));
      }
      actual[`${cls} ${c.name}`] = short(h);
    }
    if (process.env.YINZHANG_PRINT_EXTRACT_HASHES) return;
    // The input first: if the generator changed, the table is stale, not the extractor wrong.
    expect(actualInput[cls], `synthetic ${cls} photo changed: regenerate (see top)`).toBe(
      EXPECTED_INPUT[cls],
    );
    for (const c of CROPS) {
      const id = `${cls} ${c.name}`;
      expect(actual[id], `extractSeal output changed for ${id}`).toBe(EXPECTED[id]);
    }
  });

  // The same bytes when written into a caller's buffer (the server's workers reuse one): one
  // buffer per crop size, left dirty by the key before and filled with junk at the start.
  it.each(SYNTH_CLASSES)('%s, into a reused buffer', (cls) => {
    if (process.env.YINZHANG_PRINT_EXTRACT_HASHES) return;
    const photo = photos.get(cls) as ClassPhoto;
    for (const c of CROPS) {
      const rgba = crop(photo, c);
      const into = new Uint8ClampedArray(c.width * c.height * 4).fill(0xa5);
      const h = createHash('sha256');
      for (const key of KEYS) {
        h.update(key);
        const out = extractSeal(rgba, c.width, c.height, parseClarityKey(key), into);
        expect(out).toBe(into);
        h.update(out);
      }
      const id = `${cls} ${c.name}`;
      expect(short(h), `extractSeal output into a buffer differs for ${id}`).toBe(EXPECTED[id]);
    }
  });

  it('prints the table when asked', () => {
    if (!process.env.YINZHANG_PRINT_EXTRACT_HASHES) return;
    console.log(
      `const EXPECTED_INPUT = ${JSON.stringify(actualInput, null, 2)};\n` +
        `const EXPECTED = ${JSON.stringify(actual, null, 2)};`,
    );
  });
});
