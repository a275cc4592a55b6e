import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { type Font, openSync } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { CODE_FACE, codeAdvanceTable, SEAL_FACE } from '../src/metrics';

/**
 * The shipped font files cover what seals need: every GB 2312 level 1 character in Noto Serif SC
 * Bold (through the stylesheet's unicode-range slices, as the browser picks them), the code's
 * characters in Arimo Bold; and the metrics the layout relies on match the files.
 */

const require = createRequire(import.meta.url);

interface Face {
  file: string;
  ranges: [number, number][] | null;
}

function parseRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const r = part.trim().replace(/^U\+/i, '');
    if (r.includes('?')) {
      return [
        Number.parseInt(r.replace(/\?/g, '0'), 16),
        Number.parseInt(r.replace(/\?/g, 'f'), 16),
      ];
    }
    const [lo, hi] = r.split('-');
    return [Number.parseInt(lo as string, 16), Number.parseInt(hi ?? (lo as string), 16)];
  });
}

function facesOf(stylesheet: string): Face[] {
  const cssPath = require.resolve(stylesheet);
  const css = readFileSync(cssPath, 'utf8');
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => {
    const body = m[1] as string;
    const url = /url\(\s*['"]?([^'")]+\.woff2)/.exec(body);
    if (!url) throw new Error(`no woff2 in ${stylesheet}`);
    const range = /unicode-range:\s*([^;]+);/.exec(body);
    return {
      file: resolve(dirname(cssPath), url[1] as string),
      ranges: range ? parseRange(range[1] as string) : null,
    };
  });
}

const fonts = new Map<string, Font>();
function open(file: string): Font {
  let font = fonts.get(file);
  if (!font) {
    font = openSync(file);
    fonts.set(file, font);
  }
  return font;
}

/** GB 2312 level 1: rows 0xB0-0xD7, cells 0xA1-0xFE, with 0xD7FA-0xD7FE unassigned. */
function gb2312Level1(): string[] {
  const gbk = new TextDecoder('gbk');
  const out: string[] = [];
  for (let hi = 0xb0; hi <= 0xd7; hi++) {
    for (let lo = 0xa1; lo <= 0xfe; lo++) {
      if (hi === 0xd7 && lo > 0xf9) continue;
      out.push(gbk.decode(new Uint8Array([hi, lo])));
    }
  }
  return out;
}

describe('Noto Serif SC Bold, as @fontsource/noto-serif-sc/700.css serves it', () => {
  const faces = facesOf('@fontsource/noto-serif-sc/700.css');
  const level1 = gb2312Level1();
  const faceFor = (cp: number) =>
    faces.find((f) => f.ranges?.some(([lo, hi]) => cp >= lo && cp <= hi));

  it('GB 2312 level 1 has 3755 distinct CJK characters', () => {
    expect(level1).toHaveLength(3755);
    expect(new Set(level1).size).toBe(3755);
    expect(level1[0]).toBe('啊');
    expect(level1[level1.length - 1]).toBe('座');
    expect(faces.length).toBeGreaterThan(90);
    expect(faces.every((f) => f.ranges !== null)).toBe(true);
  });

  it('every level 1 character is in a face whose file has its glyph', { timeout: 60_000 }, () => {
    const missing: string[] = [];
    for (const ch of level1) {
      const cp = ch.codePointAt(0) as number;
      const face = faceFor(cp);
      if (!face || !open(face.file).hasGlyphForCodePoint(cp)) missing.push(ch);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the ink of every level 1 character inside SEAL_FACE', { timeout: 60_000 }, () => {
    const outside: string[] = [];
    for (const ch of level1) {
      const cp = ch.codePointAt(0) as number;
      const face = faceFor(cp);
      if (!face) continue;
      const font = open(face.file);
      const g = font.glyphForCodePoint(cp);
      const em = font.unitsPerEm;
      const inside =
        g.advanceWidth === em &&
        g.bbox.minY / em >= SEAL_FACE.bottom &&
        g.bbox.maxY / em <= SEAL_FACE.top &&
        g.bbox.minX / em >= SEAL_FACE.inset &&
        g.bbox.maxX / em <= 1 - SEAL_FACE.inset;
      if (!inside) outside.push(ch);
    }
    expect(outside).toEqual([]);
  });
});

describe('Arimo Bold, as @fontsource/arimo/latin-700.css serves it', () => {
  const [face, ...rest] = facesOf('@fontsource/arimo/latin-700.css');
  const alnum = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

  it('is one file with every digit and letter', () => {
    expect(rest).toEqual([]);
    if (!face) throw new Error('no face');
    const font = open(face.file);
    expect(
      [...alnum].filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0) as number)),
    ).toEqual([]);
  });

  it('matches the advance table and vertical extent the layout uses', () => {
    if (!face) throw new Error('no face');
    const font = open(face.file);
    const table = codeAdvanceTable();
    expect(Object.keys(table).sort()).toEqual([...alnum].sort());
    for (const c of alnum) {
      const g = font.glyphForCodePoint(c.codePointAt(0) as number);
      expect(g.advanceWidth, c).toBe(table[c]);
      expect(g.bbox.minY / font.unitsPerEm, c).toBeGreaterThanOrEqual(CODE_FACE.bottom);
      expect(g.bbox.maxY / font.unitsPerEm, c).toBeLessThanOrEqual(CODE_FACE.top);
    }
  });
});
