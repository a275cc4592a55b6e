/** Batch stamping, stamps across the gap between pages, and the size a stamp adds to a file. */
import { PDF, rgb } from '@libpdf/core';
import type { PageFraction, Size } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { everyPage, type PdfPt, type Placement, splitAcrossPages, stampPdf } from '../src';
import { discStamp, markedStamp } from './helpers/images';
import { qpdfImages } from './helpers/qpdf';
import { findBox, isBlack, isBlue, isRed, qpdfCheck, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const f = (n: number) => n as PageFraction;
const sz = (width: number, height: number) => ({ width, height }) as Size<PdfPt>;
const stampPixels = (p: readonly [number, number, number]) => isRed(p) || isBlue(p);

describe('everyPage (pure)', () => {
  const a4 = sz(595, 842);
  const a3 = sz(842, 1191);
  const ref: Placement = {
    page: 0,
    image: 's',
    x: f(0.7),
    y: f(0.8),
    width: f(0.2),
    height: f(0.1),
    rotate: 0,
  };

  it('keeps the distance to the nearest corner and the size, in points', () => {
    const [, big] = everyPage(ref, [a4, a3], { pages: 'all' });
    if (!big) throw new Error('missing');
    // On A4 the stamp is 119 x 84.2 pt, 59.5 pt from the right and 84.2 pt from the bottom.
    expect(big.width * a3.width).toBeCloseTo(0.2 * 595, 6);
    expect(big.height * a3.height).toBeCloseTo(0.1 * 842, 6);
    expect(a3.width - (big.x + big.width) * a3.width).toBeCloseTo(595 * 0.1, 6);
    expect(a3.height - (big.y + big.height) * a3.height).toBeCloseTo(842 * 0.1, 6);
  });

  it('measures from the top-left corner for a stamp in that quarter', () => {
    const tl = { ...ref, x: f(0.1), y: f(0.05) };
    const [, big] = everyPage(tl, [a4, a3], { pages: 'all' });
    expect((big?.x ?? 0) * a3.width).toBeCloseTo(59.5, 6);
    expect((big?.y ?? 0) * a3.height).toBeCloseTo(42.1, 6);
  });

  it('measures the visible box of a turned stamp', () => {
    const turned = { ...ref, rotate: 90 as const };
    const [same] = everyPage(turned, [a4], { pages: 'all' });
    expect(same).toMatchObject({ x: expect.closeTo(0.7, 9), y: expect.closeTo(0.8, 9) });
  });

  it.each([
    ['all', [0, 1, 2, 3, 4]],
    ['skip-first', [1, 2, 3, 4]],
    ['odd', [0, 2, 4]],
    ['even', [1, 3]],
  ] as const)('%s pages: indices %o', (pages, indices) => {
    expect(everyPage(ref, Array(5).fill(a4), { pages }).map((p) => p.page)).toEqual(indices);
  });
});

describe('a stamp across the gap between two pages (pure)', () => {
  const a4 = sz(600, 800);
  const p: Placement = {
    page: 0,
    image: 's',
    x: f(0.4),
    y: f(0.9),
    width: f(0.2),
    height: f(0.2),
    rotate: 0,
  };

  it('continues on the next page, as far above its top as it sticks out below', () => {
    const parts = splitAcrossPages(p, [a4, a4]);
    expect(parts).toHaveLength(2);
    expect(parts[1]).toMatchObject({ page: 1, x: p.x, width: p.width, height: p.height });
    expect(parts[1]?.y).toBeCloseTo(-0.1, 9);
  });

  it('takes the gap shown between pages into account', () => {
    // The gap is 0.05 of the width = 30 pt = 0.0375 of this page's height.
    expect(splitAcrossPages(p, [a4, a4], 0.05)[1]?.y).toBeCloseTo(-0.1 - 0.0375, 9);
  });

  it('continues on the previous page when it sticks out of the top', () => {
    const up = splitAcrossPages({ ...p, page: 1, y: f(-0.05) }, [a4, a4]);
    expect(up[1]).toMatchObject({ page: 0 });
    expect(up[1]?.y).toBeCloseTo(0.95, 9);
  });

  it('stays on one page when it fits, or when there is no next page', () => {
    expect(splitAcrossPages({ ...p, y: f(0.5) }, [a4, a4])).toHaveLength(1);
    expect(splitAcrossPages(p, [a4])).toHaveLength(1);
  });
});

describe('drawn across two pages', () => {
  const source = buildPdf([
    { mediaBox: [0, 0, 600, 800] },
    { mediaBox: [0, 0, 600, 800], rotate: 0 },
  ]);
  const height = 0.15;
  const p: Placement = {
    page: 0,
    image: 's',
    x: f(0.3),
    y: f(0.9),
    width: f(0.4),
    height: f(height),
    rotate: 0,
  };
  const out = stampPdf(source, { images: { s: markedStamp(200, 100) }, placements: [p] });

  it('shows the top part on page 1 and the rest on page 2, each clipped to its page', async () => {
    const one = findBox(renderPage(await out, 1), stampPixels);
    const two = findBox(renderPage(await out, 2), stampPixels);
    if (!one || !two) throw new Error('a part is missing');
    expect(one.y).toBeCloseTo(0.9, 2);
    expect(one.y + one.height).toBeCloseTo(1, 2);
    expect(two.y).toBeCloseTo(0, 2);
    expect(two.y + two.height).toBeCloseTo(0.05, 2);
    expect(one.height + two.height).toBeCloseTo(height, 2);
    // The blue marker (the stamp's top-left) is only on the first page.
    expect(findBox(renderPage(await out, 2), isBlue)).toBeUndefined();
    const content = new TextDecoder().decode(await out);
    expect(content).toMatch(/re W n/);
    expect(qpdfCheck(await out)).toMatch(/No syntax or stream encoding errors/);
  });
});

describe('1000 pages, one stamp on each', () => {
  async function thousandPages(): Promise<Uint8Array> {
    const pdf = PDF.create();
    for (let i = 0; i < 1000; i++) {
      // Mixed sizes: every third page is landscape A4.
      const page = pdf.addPage(
        i % 3 === 2 ? { width: 842, height: 595 } : { width: 595, height: 842 },
      );
      page.drawRectangle({ x: 20, y: 20, width: 60, height: 60, color: rgb(0, 0, 0) });
    }
    return pdf.save();
  }
  const seal = discStamp(512);
  const result = (async () => {
    const source = await thousandPages();
    const ref: Placement = {
      page: 0,
      image: 'seal',
      x: f(0.65),
      y: f(0.75),
      width: f(0.2),
      height: f(0.2 * (595 / 842)),
      rotate: 0,
    };
    const out = await stampPdf(source, {
      images: { seal },
      placements: [],
      every: { placement: ref, pages: 'all' },
    });
    return { source, out };
  })();

  it('grows by the image once, not once per page', async () => {
    const { source, out } = await result;
    expect(out.length - source.length).toBeLessThanOrEqual(seal.length + 300 * 1000);
    const images = qpdfImages(out);
    // The seal and its soft mask (the PNG's alpha), once each.
    expect(images).toHaveLength(2);
    expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });

  it.each([1, 3, 500, 1000])(
    'page %d shows the seal at the same distance from its corner',
    async (n) => {
      const { out } = await result;
      const img = renderPage(out, n);
      const red = findBox(img, isRed);
      if (!red) throw new Error('no seal');
      const w = img.width > img.height ? 842 : 595;
      const h = img.width > img.height ? 595 : 842;
      // 0.15 of the A4 width from the right, 0.25 - 0.2*(595/842) of the A4 height from the bottom.
      expect((1 - red.x - red.width) * w).toBeCloseTo(0.15 * 595, -1);
      expect((1 - red.y - red.height) * h).toBeCloseTo((0.25 - 0.2 * (595 / 842)) * 842, -1);
      expect(red.width * w).toBeCloseTo(0.2 * 595, -1);
      expect(findBox(img, isBlack)).toBeDefined();
    },
  );
});
