import { describe, expect, it } from 'vitest';
import { GlyphCache, sealFaces } from '../src/seal/glyphs';

describe('GlyphCache', () => {
  it.each([
    { font: 'seal' as const, char: '章' },
    { font: 'seal' as const, char: 'A' },
    { font: 'code' as const, char: '7' },
  ])('reads the outline of $char from the $font font once', ({ font, char }) => {
    const cache = new GlyphCache();
    const outline = cache.outline(font, char);
    expect(outline).not.toBeNull();
    expect(outline?.unitsPerEm).toBeGreaterThan(0);
    expect(outline?.halfAdvance).toBeGreaterThan(0);
    expect(outline?.packed.length).toBeGreaterThan(3);
    expect(cache.outline(font, char)).toBe(outline);
  });

  it.each([
    { font: 'seal' as const, char: '🙂' },
    { font: 'code' as const, char: '章' },
  ])(
    'has no outline for $char in the $font font (drawSeal then uses fillText)',
    ({ font, char }) => {
      const cache = new GlyphCache();
      expect(cache.outline(font, char)).toBeNull();
      expect(cache.painter({} as never)(font, char, 40)).toBe(false);
    },
  );

  it('keeps at most two files parsed and its outlines within the byte budget', () => {
    const budget = 64 * 1024;
    const cache = new GlyphCache(sealFaces(), budget);
    // One character from each of many unicode-range files.
    for (let cp = 0x4e00; cp < 0x9000; cp += 97) cache.outline('seal', String.fromCodePoint(cp));
    const { bytes, fontsParsed, outlines } = cache.stats();
    expect(fontsParsed).toBeLessThanOrEqual(2);
    expect(bytes).toBeLessThanOrEqual(budget);
    expect(outlines).toBeGreaterThan(10);
    // The oldest went first: the first character is read again.
    expect(cache.outline('seal', '一')).not.toBeNull();
  });

  it('lists every face of the stylesheets with its unicode ranges', () => {
    const faces = sealFaces();
    expect(faces.filter((f) => f.font === 'seal').length).toBeGreaterThan(90);
    expect(faces.filter((f) => f.font === 'code')).toHaveLength(1);
    expect(faces.every((f) => f.ranges === null || f.ranges.length > 0)).toBe(true);
  });
});
