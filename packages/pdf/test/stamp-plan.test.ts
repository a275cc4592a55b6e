/**
 * StampOptions.plan: placements made from the pages stamping reads, so that a caller (the command
 * line's `--width 42mm`, a height from the image's aspect) needs no read of its own.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { type PdfInfo, type Placement, stampPdf } from '../src';
import { markedStamp } from './helpers/images';
import { findBox, isRed, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const f = (n: number) => n as PageFraction;
const stamp = markedStamp(200, 100);
/** A4 portrait, A4 landscape (by /Rotate) and a small page: sizes the plan must see as displayed. */
const pdf = buildPdf([
  { mediaBox: [0, 0, 595, 842] },
  { mediaBox: [0, 0, 595, 842], rotate: 90 },
  { mediaBox: [0, 0, 300, 400] },
]);
/** 200 pt wide on the page, as tall as the 2:1 image makes it. */
const placementOn = (info: PdfInfo, page: number): Placement => {
  const size = info.pages[page] as { width: number; height: number };
  return {
    page,
    image: 'stamp',
    x: f(0.1),
    y: f(0.1),
    width: f(200 / size.width),
    height: f(100 / size.height),
    rotate: 0,
  };
};

describe('stampPdf with a plan', () => {
  it('is called once, with the pages as displayed, before drawing', async () => {
    const seen: PdfInfo[] = [];
    await stampPdf(pdf, {
      images: { stamp },
      placements: [],
      plan(info) {
        seen.push(info);
        return { placements: [placementOn(info, 1)] };
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.pages.map((p) => [p.width, p.height])).toEqual([
      [595, 842],
      [842, 595],
      [300, 400],
    ]);
    expect(seen[0]?.encryption).toBeNull();
  });

  it.each([
    ['placements, added to the given ones', 'placements'],
    ['every, replacing the given one', 'every'],
  ] as const)('stamps what it returns: %s', async (_, kind) => {
    // Page 3 (300 x 400 pt), 200 pt wide.
    const given: Placement = {
      page: 2,
      image: 'stamp',
      x: f(0.1),
      y: f(0.1),
      width: f(200 / 300),
      height: f(100 / 400),
      rotate: 0,
    };
    const out = await stampPdf(pdf, {
      images: { stamp },
      placements: kind === 'placements' ? [given] : [],
      // Replaced by the plan's: it would stamp page 3 only.
      every: kind === 'every' ? { placement: given, pages: 'all' } : undefined,
      plan: (info) =>
        kind === 'placements'
          ? { placements: [placementOn(info, 0)] }
          : { every: { placement: placementOn(info, 0), pages: 'odd' } },
    });
    const stamped = [1, 2, 3].map((n) => findBox(renderPage(out, n, 36), isRed) !== undefined);
    expect(stamped).toEqual([true, false, true]);
    // 200 pt of a 595 pt page: the plan's size, from the page it was given.
    const box = findBox(renderPage(out, 1, 72), isRed);
    expect(box?.width).toBeCloseTo(200 / 595, 2);
    expect(box?.height).toBeCloseTo(100 / 842, 2);
  });

  it('stops the stamping with what it throws', async () => {
    const refusal = new Error('--page 9: the file has 3 pages');
    await expect(
      stampPdf(pdf, {
        images: { stamp },
        placements: [],
        plan: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
  });

  it('has its placements checked like the given ones', async () => {
    await expect(
      stampPdf(pdf, {
        images: { stamp },
        placements: [],
        plan: (info) => ({ placements: [{ ...placementOn(info, 0), page: 7 }] }),
      }),
    ).rejects.toThrow();
  });
});
