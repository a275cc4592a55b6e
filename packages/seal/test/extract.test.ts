import { describe, expect, it } from 'vitest';
import { SEAL_ALPHA, SEAL_RED } from '../src/draw';
import {
  CLARITY,
  type Clarity,
  clarityKey,
  type ExtractMode,
  type ExtractOptions,
  extractSeal,
  parseClarityKey,
  type RedHandling,
  tryParseClarityKey,
} from '../src/extract';
import { synthPhoto } from './synth/photo';
import {
  type Cover,
  disc,
  ink,
  light,
  line,
  maskOf,
  rect,
  ring,
  sheet,
  toRgba,
} from './synth/shapes';

const W = 256;
const H = 256;
const RED_INK = [225, 45, 50] as const;
const BLACK = [25, 25, 25] as const;
const BLUE = [40, 60, 170] as const;
const GREEN = [60, 170, 80] as const;

const sealRing = ring(128, 128, 90, 10);
const star = disc(128, 128, 24);
const textTop = rect(16, 60, 240, 64);
const textCrossing = rect(16, 180, 240, 184);
const blueStroke = line(30, 222, 226, 150, 4);
const greenSquare = rect(14, 14, 44, 44);
const seal: Cover = (x, y) => Math.max(sealRing(x, y), star(x, y));

/** Red seal, black text (one line crossing the seal), a blue stroke and a green square. */
function scene(): Uint8ClampedArray {
  const s = sheet(W, H);
  ink(s, seal, RED_INK);
  ink(s, textTop, BLACK);
  ink(s, textCrossing, BLACK);
  ink(s, blueStroke, BLUE);
  ink(s, greenSquare, GREEN);
  return toRgba(s);
}

const SCENE = scene();
const RED_RGB = [1, 3, 5].map((i) => Number.parseInt(SEAL_RED.slice(i, i + 2), 16));
const sealMask = maskOf(W, H, seal);
/** Pixels at least 4 px from the seal, where other marks must be judged on their own. */
const farFromSeal = maskOf(W, H, (x, y) => {
  const d = Math.hypot(x - 128, y - 128);
  return Math.abs(d - 90) > 9 && d > 28 ? 1 : 0;
});

function alphaAt(out: Uint8ClampedArray, mask: Uint8Array, within = farFromSeal): number[] {
  const values: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === 1 && within[i] === 1) values.push(out[i * 4 + 3] as number);
  }
  return values;
}

const keptShare = (alphas: number[]) => alphas.filter((a) => a > 127).length / alphas.length;

function iou(out: Uint8ClampedArray, truth: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < truth.length; i++) {
    const kept = (out[i * 4 + 3] as number) > 127;
    if (kept && truth[i] === 1) inter++;
    if (kept || truth[i] === 1) union++;
  }
  return inter / union;
}

function keptColours(out: Uint8ClampedArray): Set<string> {
  const colours = new Set<string>();
  for (let i = 0; i < out.length; i += 4) {
    if ((out[i + 3] as number) > 0) colours.add(`${out[i]},${out[i + 1]},${out[i + 2]}`);
  }
  return colours;
}

/** Every (mode, red) pair the API accepts. */
const SETTINGS: { mode: ExtractMode; red: RedHandling }[] = [
  { mode: 0, red: 0 },
  ...([1, 2] as const).flatMap((mode) => ([0, 1, 2] as const).map((red) => ({ mode, red }))),
];

describe('extractSeal: shape of the result', () => {
  it.each(SETTINGS)('mode $mode red $red returns a new RGBA image of the input size', (s) => {
    const w = 200;
    const h = 120;
    const input = new Uint8Array(w * h * 4).fill(240);
    const out = extractSeal(input, w, h, { ...s, clarity: CLARITY[s.mode].default });
    expect(out).toBeInstanceOf(Uint8ClampedArray);
    expect(out.length).toBe(w * h * 4);
    expect(out.buffer).not.toBe(input.buffer);
  });

  it.each([
    [1, 1],
    [2, 3],
    [7, 1],
    [9, 4],
  ])('a tiny %s x %s image works (red pixels on paper)', (w, h) => {
    const px = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++)
      px.set(i % 2 ? [230, 40, 40, 255] : [250, 250, 250, 255], i * 4);
    const out = extractSeal(px, w, h, { mode: 0, clarity: CLARITY[0].default, red: 0 });
    expect(out.length).toBe(w * h * 4);
    for (let i = 0; i < w * h; i++) expect((out[i * 4 + 3] as number) > 0).toBe(i % 2 === 1);
  });

  it('reads pixels at any byte offset the same (a Buffer sliced from a pool, say)', () => {
    const scene = new Uint8Array(SCENE);
    const at = new Uint8Array(scene.length + 3);
    at.set(scene, 3);
    const unaligned = at.subarray(3);
    for (const key of ['0-auto-0', '1-0-1', '2-12-0']) {
      const want = extractSeal(scene, W, H, parseClarityKey(key));
      const got = extractSeal(unaligned, W, H, parseClarityKey(key));
      expect(Buffer.from(got).equals(Buffer.from(want)), key).toBe(true);
    }
  });

  it.each(SETTINGS)('mode $mode red $red: an all-white image is all transparent', (s) => {
    const white = new Uint8ClampedArray(W * H * 4).fill(255);
    for (const clarity of [CLARITY[s.mode].min, CLARITY[s.mode].default, CLARITY[s.mode].max]) {
      const out = extractSeal(white, W, H, { ...s, clarity });
      expect(out.every((v) => v === 0)).toBe(true);
    }
  });

  it.each(SETTINGS)('mode $mode red $red: uneven light and a shadow alone keep nothing', (s) => {
    const s0 = sheet(W, H, [235, 228, 210]);
    light(s0, (x, y) => 0.6 + 0.45 * (x / W) - 0.15 * (y / H));
    light(s0, (x, y) => 1 - 0.35 / (1 + Math.exp(-(x + y - 260) / 12)));
    const out = extractSeal(toRgba(s0), W, H, { ...s, clarity: CLARITY[s.mode].default });
    expect(out.filter((_, i) => i % 4 === 3 && out[i] !== 0).length).toBe(0);
  });
});

describe('extractSeal: no seal in the image', () => {
  const texts = [rect(16, 40, 240, 46), rect(16, 80, 200, 86), rect(16, 120, 230, 126)];
  it.each([
    ['black print only', () => texts.reduce((s, t) => ink(s, t, BLACK), sheet(W, H))],
    ['a blue pen stroke', () => ink(sheet(W, H), blueStroke, BLUE)],
    [
      'a few red specks',
      () => [20, 90, 160].reduce((s, x) => ink(s, rect(x, x, x + 4, x + 4), RED_INK), sheet(W, H)),
    ],
  ])('%s: an empty result (every pixel transparent)', (_name, make) => {
    const out = extractSeal(toRgba(make()), W, H, { mode: 0, clarity: 'auto', red: 0 });
    expect(out.every((v) => v === 0)).toBe(true);
  });
});

describe('extractSeal mode 0 (seal)', () => {
  const out = extractSeal(SCENE, W, H, { mode: 0, clarity: CLARITY[0].default, red: 0 });

  it('red 2 (纯色, flat colour) paints everything it keeps in the one seal red', () => {
    const flat = extractSeal(SCENE, W, H, { mode: 0, clarity: CLARITY[0].default, red: 2 });
    expect([...keptColours(flat)]).toEqual([RED_RGB.join(',')]);
  });

  it('red 0 keeps the ink shading: the same shape as flat, colours near seal red', () => {
    const flat = extractSeal(SCENE, W, H, { mode: 0, clarity: CLARITY[0].default, red: 2 });
    for (let i = 3; i < out.length; i += 4) {
      expect((out[i] as number) > 127).toBe((flat[i] as number) > 127);
    }
    // A stamp-like look varies: more than a handful of colours, each still a red.
    const colours = [...keptColours(out)].map((c) => c.split(',').map(Number));
    expect(colours.length).toBeGreaterThan(10);
    for (const [r, g, b] of colours) {
      expect(r as number).toBeGreaterThan(150);
      expect(Math.max(g as number, b as number)).toBeLessThan(110);
    }
  });

  it('the automatic clarity keeps the seal and drops the black text', () => {
    const auto = extractSeal(SCENE, W, H, { mode: 0, clarity: 'auto', red: 0 });
    expect(iou(auto, sealMask)).toBeGreaterThan(0.93);
    expect(alphaAt(auto, maskOf(W, H, textTop)).every((a) => a === 0)).toBe(true);
  });

  // Mode 0 picks per photo (auto.ts, extract-auto.test.ts); the other modes have one rule.
  it.each([
    [1, 0],
    [2, 0],
  ] as const)('mode %i red %i: the automatic clarity is the calibrated level', (mode, red) => {
    const auto = extractSeal(SCENE, W, H, { mode, clarity: 'auto', red });
    const fixed = extractSeal(SCENE, W, H, { mode, clarity: CLARITY[mode].default, red });
    expect(Buffer.from(auto).equals(Buffer.from(fixed))).toBe(true);
  });

  it('has soft, anti-aliased alpha up to the seal opacity, not a hard cut', () => {
    const alphas = alphaAt(out, new Uint8Array(W * H).fill(1), new Uint8Array(W * H).fill(1));
    const top = Math.max(...alphas);
    expect(top).toBe(Math.round(SEAL_ALPHA * 255));
    const partial = alphas.filter((a) => a > 0 && a < top).length;
    expect(partial).toBeGreaterThan(300);
  });

  it('keeps the seal', () => {
    expect(iou(out, sealMask)).toBeGreaterThan(0.93);
  });

  it('drops black text, the blue stroke and the green square', () => {
    expect(alphaAt(out, maskOf(W, H, textTop)).every((a) => a === 0)).toBe(true);
    expect(alphaAt(out, maskOf(W, H, textCrossing)).every((a) => a === 0)).toBe(true);
    expect(alphaAt(out, maskOf(W, H, blueStroke)).every((a) => a === 0)).toBe(true);
    expect(alphaAt(out, maskOf(W, H, greenSquare)).every((a) => a === 0)).toBe(true);
  });

  it('keeps the seal under a strong light gradient and a soft shadow', () => {
    const s = sheet(W, H, [238, 232, 215]);
    ink(s, seal, RED_INK, 0.8);
    ink(s, textCrossing, BLACK);
    light(s, (x) => 0.5 + 0.5 * (x / W));
    light(s, (x, y) => 1 - 0.4 / (1 + Math.exp(-(y - x) / 15)));
    const lit = extractSeal(toRgba(s), W, H, { mode: 0, clarity: CLARITY[0].default, red: 0 });
    expect(iou(lit, sealMask)).toBeGreaterThan(0.9);
    expect(alphaAt(lit, maskOf(W, H, textCrossing)).every((a) => a === 0)).toBe(true);
  });

  it('removes specks but keeps the seal', () => {
    // Specks are judged at the app's crop size.
    const size = 512;
    const s = sheet(size, size);
    const big = ring(256, 256, 200, 16);
    ink(s, big, RED_INK);
    const dots: [number, number][] = [];
    for (let k = 0; k < 16; k++) dots.push([120 + ((k * 37) % 270), 130 + ((k * 53) % 250)]);
    for (const [x, y] of dots) ink(s, rect(x, y, x + 3, y + 3), RED_INK);
    const cleaned = extractSeal(toRgba(s), size, size, { mode: 0, clarity: 0, red: 0 });
    for (const [x, y] of dots) expect(cleaned[((y + 1) * size + x + 1) * 4 + 3]).toBe(0);
    expect(iou(cleaned, maskOf(size, size, big))).toBeGreaterThan(0.9);
  });
});

describe('extractSeal mode 1 (coloured ink)', () => {
  const run = (red: RedHandling) => extractSeal(SCENE, W, H, { mode: 1, clarity: 0, red });

  it('red 0 keeps red and blue ink and drops black text', () => {
    const out = run(0);
    expect(keptShare(alphaAt(out, sealMask, new Uint8Array(W * H).fill(1)))).toBeGreaterThan(0.9);
    expect(keptShare(alphaAt(out, maskOf(W, H, blueStroke)))).toBeGreaterThan(0.9);
    expect(alphaAt(out, maskOf(W, H, textTop)).every((a) => a === 0)).toBe(true);
  });

  it('red 1 keeps only the red ink: the blue stroke and green square go', () => {
    const out = run(1);
    expect(iou(out, sealMask)).toBeGreaterThan(0.9);
    expect(alphaAt(out, maskOf(W, H, blueStroke)).every((a) => a === 0)).toBe(true);
    expect(alphaAt(out, maskOf(W, H, greenSquare)).every((a) => a === 0)).toBe(true);
  });

  it('red 2 keeps the blue stroke but paints everything kept seal red', () => {
    const out = run(2);
    expect(keptShare(alphaAt(out, maskOf(W, H, blueStroke)))).toBeGreaterThan(0.9);
    expect([...keptColours(out)]).toEqual([RED_RGB.join(',')]);
  });
});

describe('extractSeal mode 2 (picture)', () => {
  const clarity = CLARITY[2].default;

  it('keeps the green square in its own colour, and the black text too', () => {
    const out = extractSeal(SCENE, W, H, { mode: 2, clarity, red: 0 });
    const inner = maskOf(W, H, rect(18, 18, 40, 40));
    const sum = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < inner.length; i++) {
      if (inner[i] !== 1) continue;
      expect(out[i * 4 + 3]).toBe(255);
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (out[i * 4 + c] as number);
      n++;
    }
    sum.forEach((v, c) => {
      expect(Math.abs(v / n - (GREEN[c] as number))).toBeLessThan(20);
    });
    expect(keptShare(alphaAt(out, maskOf(W, H, textTop)))).toBeGreaterThan(0.9);
  });

  it('red 1 keeps only the red seal', () => {
    const out = extractSeal(SCENE, W, H, { mode: 2, clarity, red: 1 });
    expect(iou(out, sealMask)).toBeGreaterThan(0.9);
    expect(alphaAt(out, maskOf(W, H, greenSquare)).every((a) => a === 0)).toBe(true);
    expect(alphaAt(out, maskOf(W, H, textTop)).every((a) => a === 0)).toBe(true);
  });

  it('red 2 paints the green square seal red', () => {
    const out = extractSeal(SCENE, W, H, { mode: 2, clarity, red: 2 });
    expect(keptShare(alphaAt(out, maskOf(W, H, greenSquare)))).toBeGreaterThan(0.9);
    expect([...keptColours(out)]).toEqual([RED_RGB.join(',')]);
  });
});

describe('extractSeal: higher clarity never keeps more', () => {
  function assertMonotonic(rgba: Uint8Array | Uint8ClampedArray, w: number, h: number) {
    for (const s of SETTINGS) {
      const { min, max } = CLARITY[s.mode];
      let prev = extractSeal(rgba, w, h, { ...s, clarity: min });
      for (let c = min + 1; c <= max; c++) {
        const next = extractSeal(rgba, w, h, { ...s, clarity: c });
        let prevKept = 0;
        let nextKept = 0;
        let pointwise = true;
        for (let i = 3; i < next.length; i += 4) {
          if ((prev[i] as number) > 0) prevKept++;
          if ((next[i] as number) > 0) nextKept++;
          if ((next[i] as number) > (prev[i] as number)) pointwise = false;
        }
        expect({ ...s, clarity: c, pointwise }).toEqual({ ...s, clarity: c, pointwise: true });
        expect(nextKept).toBeLessThanOrEqual(prevKept);
        prev = next;
      }
    }
  }

  it('on the drawn scene, for every mode and red setting', () => {
    assertMonotonic(SCENE, W, H);
  });

  it('on a synthetic photo, for every mode and red setting', async () => {
    const photo = await synthPhoto(777);
    assertMonotonic(photo.rgba, photo.width, photo.height);
  }, 60_000);
});

describe('extractSeal: bad arguments', () => {
  const px = new Uint8ClampedArray(4 * 4 * 4);
  const ok: ExtractOptions = { mode: 0, clarity: 1, red: 0 };
  it.each([
    ['mode 3', { ...ok, mode: 3 }, /mode must be 0, 1 or 2/],
    [
      'clarity above mode 0 range',
      { ...ok, clarity: 4 },
      /clarity for mode 0 must be "auto" or an integer in 0\.\.3/,
    ],
    ['negative clarity', { ...ok, clarity: -1 }, /clarity/],
    ['fractional clarity', { ...ok, clarity: 1.5 }, /clarity/],
    ['NaN clarity', { ...ok, clarity: Number.NaN }, /clarity/],
    [
      'clarity 1 in mode 1',
      { mode: 1, clarity: 1, red: 0 },
      /clarity for mode 1 must be "auto" or an integer in 0\.\.0/,
    ],
    ['clarity 20 in mode 2', { mode: 2, clarity: 20, red: 0 }, /0\.\.19/],
    ['red 3', { mode: 2, clarity: 12, red: 3 }, /red must be 0, 1 or 2/],
    [
      'red 1 in mode 0',
      { ...ok, red: 1 },
      /red must be 0 \(ink shading\) or 2 \(flat colour\) in mode 0/,
    ],
    ['clarity "Auto"', { ...ok, clarity: 'Auto' }, /clarity/],
  ])('%s', (_name, options, message) => {
    expect(() => extractSeal(px, 4, 4, options as ExtractOptions)).toThrow(RangeError);
    expect(() => extractSeal(px, 4, 4, options as ExtractOptions)).toThrow(message);
  });

  it.each([
    [0, 4],
    [4, 0],
    [1.5, 4],
    [4, -1],
  ])('size %s x %s', (w, h) => {
    expect(() => extractSeal(px, w, h, ok)).toThrow(/width and height must be positive integers/);
  });

  it('a buffer of the wrong length', () => {
    expect(() => extractSeal(px, 4, 5, ok)).toThrow(
      /must hold width\*height\*4 = 80 bytes \(got 64\)/,
    );
  });

  it('something that is not a byte array', () => {
    const plain = Array.from(px) as unknown as Uint8Array;
    expect(() => extractSeal(plain, 4, 4, ok)).toThrow(TypeError);
  });

  it.each([
    [
      'a Uint8Array (it would wrap, not clamp)',
      () => new Uint8Array(64),
      TypeError,
      /Uint8ClampedArray/,
    ],
    ['the wrong length', () => new Uint8ClampedArray(60), RangeError, /= 64 bytes \(got 60\)/],
    ['the input itself', () => new Uint8ClampedArray(px.buffer), RangeError, /share memory/],
  ] as const)('an output buffer that is %s', (_, into, type, message) => {
    const out = into() as Uint8ClampedArray;
    expect(() => extractSeal(px, 4, 4, ok, out)).toThrow(type);
    expect(() => extractSeal(px, 4, 4, ok, out)).toThrow(message);
  });
});

describe('clarity ranges and keys', () => {
  it('has the ranges and defaults of SPEC §4', () => {
    expect(CLARITY[0]).toMatchObject({ min: 0, max: 3 });
    expect(CLARITY[1]).toEqual({ min: 0, max: 0, default: 0 });
    expect(CLARITY[2]).toEqual({ min: 0, max: 19, default: 12 });
    expect(CLARITY[0].default).toBeGreaterThanOrEqual(0);
    expect(CLARITY[0].default).toBeLessThanOrEqual(3);
  });

  it.each([
    ['0-0-0', { mode: 0, clarity: 0, red: 0 }],
    ['0-3-0', { mode: 0, clarity: 3, red: 0 }],
    ['1-0-2', { mode: 1, clarity: 0, red: 2 }],
    ['2-12-1', { mode: 2, clarity: 12, red: 1 }],
    ['2-19-0', { mode: 2, clarity: 19, red: 0 }],
    ['0-auto-0', { mode: 0, clarity: 'auto', red: 0 }],
    ['0-auto-2', { mode: 0, clarity: 'auto', red: 2 }],
    ['0-1-2', { mode: 0, clarity: 1, red: 2 }],
    ['1-auto-1', { mode: 1, clarity: 'auto', red: 1 }],
    ['2-auto-0', { mode: 2, clarity: 'auto', red: 0 }],
  ])('%s round-trips', (key, options) => {
    expect(parseClarityKey(key)).toEqual(options);
    expect(
      clarityKey(
        options.mode as ExtractMode,
        options.clarity as Clarity,
        options.red as RedHandling,
      ),
    ).toBe(key);
  });

  it.each([
    '0-4-0',
    '0-1-1',
    '0-AUTO-0',
    '0-autos-0',
    '0--0',
    '1-1-0',
    '2-20-0',
    '3-0-0',
    '0-01-0',
    '0-1',
    '0-1-0-0',
    ' 0-1-0',
    'a-b-c',
    '2--1-0',
    '',
  ])('rejects %j', (key) => {
    expect(() => parseClarityKey(key)).toThrow(RangeError);
    expect(tryParseClarityKey(key)).toBeNull();
  });

  it('clarityKey refuses values outside the ranges', () => {
    expect(() => clarityKey(0, 4, 0)).toThrow(RangeError);
    expect(() => clarityKey(2, 12, 3 as RedHandling)).toThrow(RangeError);
  });
});
