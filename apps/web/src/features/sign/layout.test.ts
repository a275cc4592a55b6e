import type { Box, PageFraction, Rotation } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { outerStyle, placedLayout } from './layout';

const f = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<PageFraction>;
const natural = { width: 1600, height: 1200 };

describe('a placed stamp on screen', () => {
  it.each([
    // A 320 x 160 px stamp at (640, 600) of 1600 x 1200.
    [0, f(0.4, 0.5, 0.2, 2 / 15), { left: 0, top: 0, width: 100, height: 100 }],
    [180, f(0.4, 0.5, 0.2, 2 / 15), { left: 0, top: 0, width: 100, height: 100 }],
    // Turned, it covers 160 x 320 about the same centre (800, 680); the image inside keeps 320 x 160.
    [90, f(0.45, 13 / 30, 0.1, 4 / 15), { left: -50, top: 25, width: 200, height: 50 }],
    [270, f(0.45, 13 / 30, 0.1, 4 / 15), { left: -50, top: 25, width: 200, height: 50 }],
  ] as const)('turned %i° covers %o, the image at %o', (rotate, outer, inner) => {
    const got = placedLayout(f(0.4, 0.5, 0.2, 160 / 1200), rotate as Rotation, natural);
    for (const k of ['x', 'y', 'width', 'height'] as const) {
      expect(got.outer[k]).toBeCloseTo(outer[k], 9);
    }
    for (const k of ['left', 'top', 'width', 'height'] as const) {
      expect(got.inner[k]).toBeCloseTo(inner[k], 9);
    }
  });

  it.each([
    [f(0.4, 0.5, 0.1, 0.1), 'above'],
    [f(0.4, 0.05, 0.1, 0.1), 'below'],
  ] as const)('puts the buttons of %o %s it', (box, side) => {
    expect(placedLayout(box, 0, natural).toolbar).toBe(side);
  });

  it('writes the covered area as percentages', () => {
    expect(outerStyle(f(0.25, 0.5, 0.125, 0.1))).toEqual({
      left: '25%',
      top: '50%',
      width: '12.5%',
      height: '10%',
    });
  });
});
