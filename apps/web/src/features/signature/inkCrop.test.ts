import { describe, expect, it } from 'vitest';
import { inkBounds, withMargin } from './inkCrop';

/** A width x height RGBA buffer with ink (alpha 255) at the given pixels. */
function canvas(width: number, height: number, ink: [number, number, number?][]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y, alpha = 255] of ink) data[(y * width + x) * 4 + 3] = alpha;
  return data;
}

describe('the ink of a signature', () => {
  it.each([
    ['one dot', [[3, 4]], { x: 3, y: 4, width: 1, height: 1 }],
    [
      'a stroke across',
      [
        [1, 2],
        [8, 5],
        [4, 3],
      ],
      { x: 1, y: 2, width: 8, height: 4 },
    ],
    [
      'the corners',
      [
        [0, 0],
        [9, 7],
      ],
      { x: 0, y: 0, width: 10, height: 8 },
    ],
    ['faint anti-aliasing counts', [[5, 5, 3]], { x: 5, y: 5, width: 1, height: 1 }],
  ] as const)('%s', (_name, ink, expected) => {
    expect(inkBounds(canvas(10, 8, ink as unknown as [number, number][]), 10, 8)).toEqual(expected);
  });

  it('finds nothing on a blank canvas', () => {
    expect(inkBounds(canvas(10, 8, []), 10, 8)).toBeNull();
  });

  it('ignores alpha at or below the threshold', () => {
    expect(inkBounds(canvas(10, 8, [[2, 2, 10]]), 10, 8, 10)).toBeNull();
  });

  it.each([
    [{ x: 10, y: 10, width: 20, height: 5 }, 4, { x: 6, y: 6, width: 28, height: 13 }],
    [{ x: 1, y: 2, width: 20, height: 5 }, 4, { x: 0, y: 0, width: 25, height: 11 }],
    [{ x: 90, y: 40, width: 10, height: 10 }, 8, { x: 82, y: 32, width: 18, height: 18 }],
  ])('%o grown by %i within 100 x 50 is %o', (rect, margin, expected) => {
    expect(withMargin(rect, margin, 100, 50)).toEqual(expected);
  });
});
