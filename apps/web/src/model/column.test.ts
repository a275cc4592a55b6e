import { describe, expect, it } from 'vitest';
import {
  columnLayout,
  columnToPage,
  mostVisiblePage,
  PAGE_GAP_PX,
  pageAt,
  physicalWidthFraction,
  sameSizes,
  visibleMiddle,
} from './column';

describe('the page column', () => {
  const layout = columnLayout(
    [
      { width: 600, height: 800 },
      { width: 800, height: 600 },
      { width: 600, height: 800 },
    ],
    300,
  );

  it('stacks pages at the column width with 5 px between them', () => {
    expect(layout.heights).toEqual([400, 225, 400]);
    expect(layout.tops).toEqual([0, 405, 635]);
    expect(layout.height).toBe(1035);
  });

  it('gives a point in the gap to the page above', () => {
    expect(pageAt(layout, 402)).toBe(0);
    expect(pageAt(layout, 405)).toBe(1);
    expect(columnToPage(layout, { x: 30, y: 410, width: 60, height: 45 } as never)).toEqual({
      page: 1,
      box: { x: 0.1, y: 5 / 225, width: 0.2, height: 0.2 },
    });
  });

  it('finds the most visible page', () => {
    expect(mostVisiblePage(layout, 0, 300)).toBe(0);
    expect(mostVisiblePage(layout, 380, 300)).toBe(1);
    expect(mostVisiblePage(layout, 600, 300)).toBe(2);
    expect(mostVisiblePage(layout, 600, 300, 2)).toBe(1);
  });

  it('turns millimetres into a fraction of the page width', () => {
    expect(physicalWidthFraction(42, 595.28)).toBeCloseTo(119.055 / 595.28, 4);
    expect(physicalWidthFraction(25.4, 72)).toBeCloseTo(1, 9);
    expect(physicalWidthFraction(undefined, 595.28)).toBeUndefined();
    expect(physicalWidthFraction(0, 595.28)).toBeUndefined();
  });
});

describe('sameSizes', () => {
  const a4 = { width: 595.28, height: 841.89 };
  const a4Landscape = { width: 841.89, height: 595.28 };
  it.each([
    [[], [], true],
    [[a4, a4], [a4, a4], true],
    [[a4, a4], [a4, a4Landscape], false],
    [[a4], [a4, a4], false],
    [[a4, a4], [a4], false],
  ])('%j vs %j: %s', (a, b, same) => {
    expect(sameSizes(a, b)).toBe(same);
  });
});

describe('visibleMiddle', () => {
  // Two pages 600 px wide, 800 px tall, PAGE_GAP_PX apart.
  const layout = columnLayout(
    [
      { width: 300, height: 400 },
      { width: 300, height: 400 },
    ],
    600,
  );
  const second = 800 + PAGE_GAP_PX;
  it.each([
    ['page 1 fully in view', 0, 0, 1000, 400],
    ['top of page 1 in view', 0, 0, 300, 150],
    ['bottom of page 1 in view', 0, 600, 1000, 700],
    ['page 2 scrolled half into view', 1, 400, 600, (1000 - second) / 2],
    ['page 2 near its end', 1, second + 700, 400, 750],
    ['page 2 out of view: its middle', 1, 0, 300, 400],
  ])('%s', (_name, page, scrollTop, viewHeight, y) => {
    const at = visibleMiddle(layout, page, scrollTop, viewHeight);
    expect(at.x).toBe(300);
    expect(at.y).toBeCloseTo(y, 6);
  });
});
