import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import {
  layoutSeal,
  SEAL_ALPHA,
  SEAL_CANVAS_PX,
  SEAL_FONT_FAMILY,
  ZCreateSeal,
} from '@yinzhang/seal';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodeOneColourPng, encodeRgbaPng, parseHexColour } from '../src/seal/png';
import { fontFilesFromCss, renderSealPng, renderSealPngWithCanvas } from '../src/seal/render';

const require = createRequire(import.meta.url);
const spec = ZCreateSeal.parse({
  name: '北京某某科技有限公司',
  title: '合同专用章',
  code: '1101081234567',
});

function pixels(png: Buffer) {
  const img = PNG.sync.read(png);
  const at = (x: number, y: number) => {
    const i = (Math.round(y) * img.width + Math.round(x)) * 4;
    return [...img.data.subarray(i, i + 4)];
  };
  return { img, at };
}

describe('renderSealPng', () => {
  it('is a 512x512 PNG, transparent at the corners, with ink at the star centre', () => {
    const { img, at } = pixels(renderSealPng(spec));
    expect([img.width, img.height]).toEqual([SEAL_CANVAS_PX, SEAL_CANVAS_PX]);
    const last = SEAL_CANVAS_PX - 1;
    for (const [x, y] of [
      [0, 0],
      [last, 0],
      [0, last],
      [last, last],
    ] as const) {
      expect(at(x, y)[3]).toBe(0);
    }
    expect(at(SEAL_CANVAS_PX / 2, SEAL_CANVAS_PX / 2)).toEqual([0xe6, 0x00, 0x12, 230]);
  });

  it('paints all ink seal red at alpha 0.9, with no darker overlaps', () => {
    const { img } = pixels(renderSealPng(spec));
    const full = Math.round(SEAL_ALPHA * 255);
    let inked = 0;
    const wrong: number[] = [];
    for (let i = 0; i < img.data.length; i += 4) {
      const a = img.data[i + 3] as number;
      if (a === 0) continue;
      const red = img.data[i] === 0xe6 && img.data[i + 1] === 0 && img.data[i + 2] === 0x12;
      if (a > full || !red) wrong.push(i / 4);
      if (a === full) inked++;
    }
    expect(wrong).toEqual([]);
    // Border, star and text: a good share of the seal is solid ink.
    expect(inked / (img.width * img.height)).toBeGreaterThan(0.1);
  });

  it('draws the text from the font outlines, glyphs where the layout puts them', () => {
    const { at } = pixels(renderSealPng(spec));
    // Somewhere inside each name glyph's box there is solid ink.
    for (const g of layoutSeal(spec).name.glyphs) {
      const [a, b, c, d] = g.box;
      let found = false;
      for (let u = 0.1; u <= 0.9 && !found; u += 0.05) {
        for (let v = 0.1; v <= 0.9 && !found; v += 0.05) {
          const x = a.x + (b.x - a.x) * u + (d.x - a.x) * v;
          const y = a.y + (b.y - a.y) * u + (d.y - a.y) * v;
          found = at(x, y)[3] === 230;
        }
      }
      expect(found, g.char).toBe(true);
      expect(c).toBeDefined();
    }
  });

  it('registers the fonts for the canvas drawing', () => {
    renderSealPngWithCanvas(spec);
    expect(GlobalFonts.has(SEAL_FONT_FAMILY)).toBe(true);
  });

  it('gives the same bytes for the same spec', () => {
    const a = renderSealPng(spec);
    const b = renderSealPng(ZCreateSeal.parse({ ...spec }));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(renderSealPng({ ...spec, code: '' }))).toBe(false);
  });

  it('stays a few tens of KB', () => {
    expect(renderSealPng(spec).length).toBeLessThan(40_000);
  });
});

describe('fontFilesFromCss', () => {
  it('lists every woff2 of the stylesheets the browser loads', () => {
    const noto = fontFilesFromCss(require.resolve('@fontsource/noto-serif-sc/700.css'));
    expect(noto.length).toBeGreaterThan(90);
    expect(noto.every((f) => f.endsWith('.woff2') && existsSync(f))).toBe(true);
    expect(noto.every((f) => f.includes('-700-'))).toBe(true);
    const arimo = fontFilesFromCss(require.resolve('@fontsource/arimo/latin-700.css'));
    expect(arimo).toHaveLength(1);
    expect(existsSync(arimo[0] as string)).toBe(true);
  });
});

describe('encodeOneColourPng', () => {
  it('keeps every alpha value and paints it in the one colour', () => {
    const w = 16;
    const h = 16;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) rgba[i * 4 + 3] = i;
    const img = PNG.sync.read(encodeOneColourPng(rgba, w, h, parseHexColour('#e60012')));
    expect([img.width, img.height]).toEqual([w, h]);
    for (let i = 0; i < w * h; i++) {
      expect([...img.data.subarray(i * 4, i * 4 + 4)]).toEqual([0xe6, 0x00, 0x12, i]);
    }
  });

  it('refuses a buffer of the wrong size and a malformed colour', () => {
    expect(() => encodeOneColourPng(new Uint8Array(3), 1, 1, { r: 0, g: 0, b: 0 })).toThrow();
    expect(() => parseHexColour('red')).toThrow();
  });
});

describe('encodeRgbaPng', () => {
  /** Pixels of every kind: transparent runs, and colours with alphas in between. */
  function pixels(w: number, h: number, seed: number): Uint8Array {
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      if ((i * seed) % 7 < 3) continue;
      rgba.set([(i * 13 + seed) % 256, (i * 7) % 256, (i * seed) % 256, (i % 255) + 1], i * 4);
    }
    return rgba;
  }

  it.each([
    [1, 1],
    [16, 9],
    [512, 512],
    [37, 300],
  ])('gives back every pixel at %ix%i, whatever size came before', (w, h) => {
    // The same scanline buffer serves every call on the thread: sizes in turn, larger and smaller.
    for (const seed of [3, 5]) {
      const rgba = pixels(w, h, seed);
      const img = PNG.sync.read(encodeRgbaPng(rgba, w, h));
      expect([img.width, img.height]).toEqual([w, h]);
      expect(Buffer.from(img.data).equals(Buffer.from(rgba))).toBe(true);
    }
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodeRgbaPng(new Uint8Array(15), 2, 2)).toThrow(/does not match/);
  });
});
