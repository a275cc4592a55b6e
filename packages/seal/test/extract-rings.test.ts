/** The thin-double-border test of automatic clarity (extract/rings.ts), on drawn strength maps. */
import { describe, expect, it } from 'vitest';
import { thinDoubleRing } from '../src/extract/rings';
import { findSpans } from '../src/extract/spans';

const FULL = 0.6;

interface Line {
  /** Pixels in from the ellipse's outer edge to the line's centre. */
  inset: number;
  /** Half width of the line's flat top, pixels (0: a blurred hairline). */
  half: number;
  peak: number;
}

/** Strength of ellipse lines (the seal's border), blurred by sigma, on a size x size map. */
function border(size: number, a: number, b: number, lines: Line[], sigma = 0.7): Float32Array {
  const out = new Float32Array(size * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c;
      const dy = y + 0.5 - c;
      const r = Math.hypot(dx / a, dy / b);
      // Distance in from the edge along the walk's axis (rows cross the sides, columns the top).
      const axis = Math.abs(dx / a) > Math.abs(dy / b) ? a : b;
      const d = (1 - r) * axis;
      let v = 0;
      for (const l of lines) {
        const off = Math.max(0, Math.abs(d - l.inset) - l.half);
        v += l.peak * FULL * Math.exp(-(off * off) / (2 * sigma * sigma));
      }
      out[y * size + x] = Math.min(v, FULL * 1.2);
    }
  }
  return out;
}

function test(raw: Float32Array, size: number): boolean {
  const spans = { lo: new Int32Array(size), hi: new Int32Array(size) };
  findSpans(raw, size, size, spans);
  return thinDoubleRing(raw, size, size, spans, FULL);
}

const thin = (inset: number, peak = 0.75): Line => ({ inset, half: 0, peak });

describe('thinDoubleRing', () => {
  it.each([
    ['two 1-2 px lines 2.5 px apart', [thin(1), thin(3.5)], true],
    ['two lines 3 px apart, the inner weaker', [thin(1), thin(4, 0.6)], true],
    ['one thin line', [thin(1)], false],
    ['a wide border (10 px)', [{ inset: 5, half: 4.5, peak: 1 }], false],
    ['two lines 9 px apart (the designer’s 0.5 mm at a large size)', [thin(1), thin(10)], false],
    [
      'a wide border with a thin line inside it',
      [{ inset: 4, half: 3.5, peak: 1 }, thin(10)],
      false,
    ],
  ] as const)('%s: %s', (_name, lines, expected) => {
    expect(test(border(320, 140, 105, [...lines]), 320)).toBe(expected);
  });

  it('two thin lines fused by blur into one do not count', () => {
    expect(test(border(320, 140, 105, [thin(1), thin(2.2)], 1.2), 320)).toBe(false);
  });

  it('says no on a crop too small to hold a seal, or with no ink', () => {
    expect(test(border(30, 12, 9, [thin(1), thin(3.5)]), 30)).toBe(false);
    expect(test(new Float32Array(100 * 100), 100)).toBe(false);
  });
});
