/**
 * Guard for speed work on extractSeal (issue 16 item 4): making the extractor faster must not
 * change a single output byte. The expected hashes below were produced by the extractor as it was
 * before the speed work (commit d1f9b8a); every speed step since keeps them. Regenerated once on
 * for issue 17's quality changes (print rims, automatic clarity, the oval class).
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
  'clean whole': 'fe69ba17cc6a6160',
  'clean 301x217': '253d31a9c9e1a6f9',
  'clean 97x61': '9a5b69616d32fa26',
  'print whole': '8ef5f821a90a9084',
  'print 301x217': 'eeec1680ce207b37',
  'print 97x61': 'fa3085c4f7f93968',
  'faint whole': '415bd2d183908e75',
  'faint 301x217': '1ae5d8e2404d1ab0',
  'faint 97x61': '429dd91d72052bc0',
  'dark whole': '0b70dfe7c32376d0',
  'dark 301x217': '49f22bd943cb0456',
  'dark 97x61': '0f8767993c187717',
  'thin whole': 'c53ad3d3a4bad446',
  'thin 301x217': 'c971418c6b74c53f',
  'thin 97x61': 'f381a303922bc0be',
  'objects whole': '6b6a384eb106f18a',
  'objects 301x217': '21519d4ddab5e1c6',
  'objects 97x61': '41503284dfe22741',
  'lowres whole': 'd991e5ee95957a83',
  'lowres 301x217': '5bcb988a5a2143ef',
  'lowres 97x61': '5d2b0be54eee4480',
  'oval whole': 'ec452e2a378fd1fc',
  'oval 301x217': '3b56c208fb024daf',
  'oval 97x61': 'a3d76067dc746dec',
  'pens whole': 'efaaa02ee263eb7f',
  'pens 301x217': '1881bd261ce05db2',
  'pens 97x61': '8afd41aed3c169a6',
};

describe('extractSeal output is unchanged by speed work', () => {
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

  it('prints the table when asked', () => {
    if (!process.env.YINZHANG_PRINT_EXTRACT_HASHES) return;
    console.log(
      `const EXPECTED_INPUT = ${JSON.stringify(actualInput, null, 2)};\n` +
        `const EXPECTED = ${JSON.stringify(actual, null, 2)};`,
    );
  });
});
