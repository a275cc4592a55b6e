import { describe, expect, it } from 'vitest';
import { WHITE_TO_ALPHA, whiteToAlpha } from './whiteToAlpha';

const run = (rgba: number[]) => {
  const data = new Uint8ClampedArray(rgba);
  whiteToAlpha(data);
  return [...data];
};

describe('white to transparent', () => {
  it.each([
    ['white', [255, 255, 255, 255], [255, 255, 255, 0]],
    ['paper white', [246, 244, 241, 255], [246, 244, 241, 0]],
    ['black ink', [20, 20, 20, 255], [20, 20, 20, 255]],
    ['seal red', [200, 16, 46, 255], [200, 16, 46, 255]],
    ['light yellow (a dark blue channel)', [255, 250, 150, 255], [255, 250, 150, 255]],
    ['dark enough to keep', [190, 190, 190, 255], [190, 190, 190, 255]],
    // Half way along the ramp: half opaque, and un-mixed from white (on white it looks the same).
    ['grey on the ramp', [215, 215, 215, 255], [175, 175, 175, 128]],
    ['an already transparent pixel', [255, 255, 255, 0], [255, 255, 255, 0]],
    ['half transparent grey on the ramp', [215, 215, 215, 100], [175, 175, 175, 50]],
  ])('%s', (_name, input, expected) => {
    expect(run(input)).toEqual(expected);
  });

  it('fades smoothly: alpha never rises as the pixel gets whiter', () => {
    const alphas = [];
    for (let v = WHITE_TO_ALPHA.keep - 5; v <= WHITE_TO_ALPHA.clear + 5; v++) {
      alphas.push(run([v, v, v, 255])[3] ?? 0);
    }
    for (let i = 1; i < alphas.length; i++)
      expect(alphas[i]).toBeLessThanOrEqual(alphas[i - 1] ?? 0);
    expect(alphas[0]).toBe(255);
    expect(alphas.at(-1)).toBe(0);
  });

  it('shows the same colour as before when laid on white', () => {
    for (const v of [195, 205, 222, 236]) {
      const [r, , , a] = run([v, v, v, 255]);
      const onWhite = ((r ?? 0) * (a ?? 0)) / 255 + 255 * (1 - (a ?? 0) / 255);
      expect(Math.abs(onWhite - v)).toBeLessThanOrEqual(1.5);
    }
  });

  it('handles every pixel of a buffer', () => {
    const data = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 250, 250, 250, 255]);
    whiteToAlpha(data);
    expect([data[3], data[7], data[11]]).toEqual([0, 255, 0]);
  });

  it('refuses a ramp that goes the wrong way', () => {
    expect(() => whiteToAlpha(new Uint8ClampedArray(4), { clear: 100, keep: 200 })).toThrow();
  });
});
