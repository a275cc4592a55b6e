import { describe, expect, it } from 'vitest';
import {
  type Box,
  type CssPx,
  clampStampSize,
  drawPlan,
  fromPageFraction,
  IDLE,
  type ImagePx,
  initialBox,
  keepInside,
  moveBox,
  nextRotation,
  nudge,
  type PageFraction,
  type Rotation,
  resizeFromCorner,
  type Size,
  STAMP_SIZE,
  scaleBox,
  stepGesture,
  toPageFraction,
  visibleBox,
  visibleFraction,
} from '../src/placement';

const b = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<CssPx>;
const page = { width: 800, height: 1000 } as Size<CssPx>;

function close(actual: Box, expected: Box) {
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(actual[k]).toBeCloseTo(expected[k], 6);
}

describe('rotation', () => {
  it.each([
    [0, 90],
    [90, 180],
    [180, 270],
    [270, 0],
  ] as const)('%i° turns to %i°', (from, to) => {
    expect(nextRotation(from)).toBe(to);
  });

  it.each([
    [0, b(10, 20, 200, 100)],
    [90, b(60, -30, 100, 200)],
    [180, b(10, 20, 200, 100)],
    [270, b(60, -30, 100, 200)],
  ] as const)('a 200x100 stamp turned %i° shows the box %o about the same centre', (r, seen) => {
    close(visibleBox(b(10, 20, 200, 100), r), seen);
  });
});

describe('size limits (longer side within 50..400 CSS px)', () => {
  it.each([
    [100, 100, 100, 100],
    [30, 30, 50, 50],
    [500, 500, 400, 400],
    [800, 200, 400, 100],
    [40, 10, 50, 12.5],
    [10, 40, 12.5, 50],
  ])('%i x %i becomes %i x %i', (w, h, ew, eh) => {
    const s = clampStampSize(w, h);
    expect(s.width).toBeCloseTo(ew, 6);
    expect(s.height).toBeCloseTo(eh, 6);
  });

  it('refuses a zero size', () => {
    expect(() => clampStampSize(0, 0)).toThrow();
  });
});

describe('initial placement', () => {
  it.each([
    // page, aspect, options, expected box
    [page, 1, {}, b(320, 420, 160, 160)],
    [{ width: 200, height: 300 }, 1, {}, b(75, 125, 50, 50)],
    [{ width: 4000, height: 3000 }, 1, {}, b(1800, 1300, 400, 400)],
    [page, 2, { width: 300 }, b(250, 425, 300, 150)],
    [page, 1, { width: 100, at: { x: 10, y: 990 } }, b(0, 900, 100, 100)],
  ] as const)('on %o with aspect %d and %o: %o', (p, aspect, options, expected) => {
    close(initialBox(p as Size<CssPx>, aspect, options), expected);
  });

  it('defaults to 20% of the page width', () => {
    expect(initialBox(page, 1).width).toBeCloseTo(page.width * STAMP_SIZE.defaultPageWidthShare);
  });
});

describe('moving', () => {
  it.each([
    [b(100, 100, 100, 100), 50, -20, b(150, 80, 100, 100)],
    [b(100, 100, 100, 100), -500, 0, b(0, 100, 100, 100)],
    [b(100, 100, 100, 100), 5000, 5000, b(700, 900, 100, 100)],
  ] as const)('%o by (%i, %i) within the page is %o', (box, dx, dy, expected) => {
    close(moveBox(box, dx, dy, page), expected);
  });

  it('keeps the visible box of a turned stamp inside the page', () => {
    const moved = moveBox(b(100, 100, 200, 100), -1000, -1000, page, 90);
    const seen = visibleBox(moved, 90);
    expect(seen.x).toBeCloseTo(0);
    expect(seen.y).toBeCloseTo(0);
  });

  it('crosses page edges freely without bounds (PDF pages)', () => {
    close(moveBox(b(0, 950, 100, 100), 0, 100), b(0, 1050, 100, 100));
  });

  it('centres a box larger than the bounds', () => {
    close(keepInside(b(-50, 0, 300, 100), { width: 200, height: 200 }), b(-50, 0, 300, 100));
  });
});

describe('corner resize with the aspect locked', () => {
  it.each([
    // corner, dx, dy, expected: the opposite corner stays put
    ['se', 50, 50, b(100, 100, 150, 150)],
    ['se', 50, 0, b(100, 100, 125, 125)],
    ['se', -40, -40, b(100, 100, 60, 60)],
    ['nw', -50, -50, b(50, 50, 150, 150)],
    ['ne', 50, -50, b(100, 50, 150, 150)],
    ['sw', -50, 50, b(50, 100, 150, 150)],
    ['se', -1000, -1000, b(100, 100, 50, 50)],
    ['se', 1000, 1000, b(100, 100, 400, 400)],
    ['nw', 1000, 1000, b(150, 150, 50, 50)],
  ] as const)('%s by (%i, %i) gives %o', (corner, dx, dy, expected) => {
    close(resizeFromCorner(b(100, 100, 100, 100), 0, corner, dx, dy), expected);
  });

  it.each([0, 90, 180, 270] as Rotation[])(
    'keeps the aspect and the opposite visible corner of a turned stamp (%i°)',
    (r) => {
      const box = b(200, 200, 200, 100);
      const before = visibleBox(box, r);
      const after = visibleBox(resizeFromCorner(box, r, 'se', 40, 40), r);
      expect(after.x).toBeCloseTo(before.x);
      expect(after.y).toBeCloseTo(before.y);
      expect(after.width / after.height).toBeCloseTo(before.width / before.height);
      expect(after.width).toBeGreaterThan(before.width);
    },
  );
});

describe('resizing inside bounds (the image, issue 18)', () => {
  const bounds = { width: 300, height: 250 } as Size<CssPx>;
  it.each([
    ['se grows to the right edge', 'se', 1000, 1000, b(100, 100, 150, 150)],
    ['nw grows to the top edge', 'nw', -1000, -1000, b(0, 0, 200, 200)],
    ['ne stops at the top', 'ne', 1000, -1000, b(100, 0, 200, 200)],
    ['a small drag is unchanged', 'se', 20, 20, b(100, 100, 120, 120)],
    ['shrinking is unchanged', 'se', -40, -40, b(100, 100, 60, 60)],
  ] as const)('%s', (_name, corner, dx, dy, expected) => {
    close(resizeFromCorner(b(100, 100, 100, 100), 0, corner, dx, dy, undefined, bounds), expected);
  });

  it('never leaves bounds through a gesture, at any turn', () => {
    for (const rotate of [0, 90, 180, 270] as Rotation[]) {
      const box = b(100, 80, 120, 60);
      let g = stepGesture(
        IDLE,
        { type: 'down', pointerId: 1, x: 0, y: 0, on: 'se', box },
        { rotate, bounds },
      );
      g = stepGesture(
        g.gesture,
        { type: 'move', pointerId: 1, x: 900, y: 900 },
        { rotate, bounds },
      );
      const seen = visibleBox(g.box ?? box, rotate);
      expect(seen.x + seen.width).toBeLessThanOrEqual(bounds.width + 1e-9);
      expect(seen.y + seen.height).toBeLessThanOrEqual(bounds.height + 1e-9);
      expect(seen.x).toBeGreaterThanOrEqual(-1e-9);
      expect(seen.y).toBeGreaterThanOrEqual(-1e-9);
    }
  });
});

describe('scaling about the centre (keyboard + and -)', () => {
  it.each([
    [b(100, 100, 100, 50), 1.1, b(95, 97.5, 110, 55)],
    [b(100, 100, 100, 50), 0.5, b(125, 112.5, 50, 25)],
    [b(100, 100, 100, 50), 0.1, b(125, 112.5, 50, 25)],
    [b(0, 0, 380, 380), 1.1, b(-10, -10, 400, 400)],
  ] as const)('%o by %d is %o', (box, factor, expected) => {
    close(scaleBox(box, factor), expected);
  });
});

describe('fractions of the page', () => {
  it('round-trips through fractions and maps to a larger page', () => {
    const box = b(80, 100, 160, 160);
    const f = toPageFraction(box, page);
    expect(f).toEqual({ x: 0.1, y: 0.1, width: 0.2, height: 0.16 });
    close(fromPageFraction(f, page), box);
    close(fromPageFraction(f, { width: 4000, height: 5000 }), b(400, 500, 800, 800));
  });
});

describe('gestures', () => {
  const ctx = { rotate: 0 as Rotation, bounds: page };
  const start = b(100, 100, 100, 100);

  it('drags from where it started, without drift', () => {
    let g = stepGesture(
      IDLE,
      { type: 'down', pointerId: 1, x: 150, y: 150, on: 'body', box: start },
      ctx,
    );
    expect(g.gesture.kind).toBe('dragging');
    for (let i = 1; i <= 10; i++) {
      g = stepGesture(g.gesture, { type: 'move', pointerId: 1, x: 150 + i * 3, y: 150 + i }, ctx);
    }
    close(g.box as Box, b(130, 110, 100, 100));
    g = stepGesture(g.gesture, { type: 'up', pointerId: 1 }, ctx);
    expect(g.gesture).toBe(IDLE);
  });

  it('resizes from the corner it was grabbed by', () => {
    let g = stepGesture(
      IDLE,
      { type: 'down', pointerId: 7, x: 200, y: 200, on: 'se', box: start },
      ctx,
    );
    expect(g.gesture.kind).toBe('resizing');
    g = stepGesture(g.gesture, { type: 'move', pointerId: 7, x: 250, y: 250 }, ctx);
    close(g.box as Box, b(100, 100, 150, 150));
  });

  it('ignores other pointers and restores the start on cancel', () => {
    let g = stepGesture(
      IDLE,
      { type: 'down', pointerId: 1, x: 0, y: 0, on: 'body', box: start },
      ctx,
    );
    expect(
      stepGesture(g.gesture, { type: 'move', pointerId: 2, x: 50, y: 50 }, ctx).box,
    ).toBeUndefined();
    expect(
      stepGesture(g.gesture, { type: 'down', pointerId: 2, x: 0, y: 0, on: 'nw', box: start }, ctx)
        .gesture,
    ).toBe(g.gesture);
    g = stepGesture(g.gesture, { type: 'cancel', pointerId: 1 }, ctx);
    expect(g.gesture).toBe(IDLE);
    expect(g.box).toEqual(start);
  });

  it.each([
    ['ArrowLeft', false, b(99, 100, 100, 100)],
    ['ArrowRight', true, b(110, 100, 100, 100)],
    ['ArrowUp', false, b(100, 99, 100, 100)],
    ['ArrowDown', true, b(100, 110, 100, 100)],
  ] as const)('%s (shift %s) nudges to %o', (key, shift, expected) => {
    close(nudge(start, key, shift, ctx) as Box, expected);
  });

  it('leaves other keys alone', () => {
    expect(nudge(start, 'a', false, ctx)).toBeNull();
  });
});

describe('drawing a placement on a page of another size (the full-resolution export)', () => {
  const f = (x: number, y: number, width: number, height: number) =>
    ({ x, y, width, height }) as Box<PageFraction>;
  const image = { width: 1600, height: 1200 } as Size<ImagePx>;

  it.each([
    // placement (fractions), rotate, page, expected centre, size and angle
    [f(0.1, 0.2, 0.2, 0.25), 0, image, [320, 390, 320, 300, 0]],
    [f(0.1, 0.2, 0.2, 0.25), 90, image, [320, 390, 320, 300, Math.PI / 2]],
    [f(0.1, 0.2, 0.2, 0.25), 180, image, [320, 390, 320, 300, Math.PI]],
    [f(0.1, 0.2, 0.2, 0.25), 270, image, [320, 390, 320, 300, (3 * Math.PI) / 2]],
    [f(0, 0, 1, 1), 0, { width: 40, height: 30 }, [20, 15, 40, 30, 0]],
    [f(0.5, 0.5, 0.125, 0.125), 0, { width: 800, height: 800 }, [450, 450, 100, 100, 0]],
  ] as const)('%o turned %i° on %o draws at %o', (box, rotate, page, expected) => {
    const plan = drawPlan(box, rotate, page as Size<ImagePx>);
    const [cx, cy, width, height, radians] = expected;
    expect(plan.cx).toBeCloseTo(cx, 6);
    expect(plan.cy).toBeCloseTo(cy, 6);
    expect(plan.width).toBeCloseTo(width, 6);
    expect(plan.height).toBeCloseTo(height, 6);
    expect(plan.radians).toBeCloseTo(radians, 9);
    expect(plan.rotate).toBe(rotate);
  });

  it('puts a stamp placed on screen at the same place and shape at full resolution', () => {
    // A 700 x 525 display of a 1600 x 1200 image; a 140 px square stamp at (70, 105).
    const screen = { width: 700, height: 525 } as Size<CssPx>;
    const placed = toPageFraction(b(70, 105, 140, 140), screen);
    const plan = drawPlan(placed, 0, image);
    const k = 1600 / 700;
    expect(plan.cx).toBeCloseTo((70 + 70) * k, 6);
    expect(plan.cy).toBeCloseTo((105 + 70) * k, 6);
    expect(plan.width).toBeCloseTo(140 * k, 6);
    expect(plan.height).toBeCloseTo(plan.width, 6);
  });

  it.each([
    [0, f(0.4, 0.4, 0.05, 0.1)],
    [90, f(0.4125, 0.35, 0.025, 0.2)],
    [180, f(0.4, 0.4, 0.05, 0.1)],
    [270, f(0.4125, 0.35, 0.025, 0.2)],
  ] as const)('a 2:1 stamp on a 4:1 page turned %i° covers %o', (rotate, seen) => {
    // On a 400 x 100 page the box is 20 x 10 px at (160, 40); turned, 10 x 20 about (170, 45).
    const got = visibleFraction(f(0.4, 0.4, 0.05, 0.1), rotate, { width: 400, height: 100 });
    close(got, seen);
  });
});
