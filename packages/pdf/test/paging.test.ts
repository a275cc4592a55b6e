/** The paging seal (骑缝章): strips of one seal on the page edges that join into the whole seal. */
import type { Size } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { mm, mmToPt, type PdfPt, pageGroups, pagingSeal, pagingSealPlan, stripCuts } from '../src';
import { gradientStamp } from './helpers/images';
import { pixel, qpdfCheck, type Raster, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const DPI = 72;
const A4 = [0, 0, 595, 842];

describe('plan (pure)', () => {
  it.each([
    [5, 20, [5]],
    [20, 20, [20]],
    [21, 20, [10, 11]],
    [7, 3, [2, 2, 3]],
    [1, 20, [1]],
  ])('%d pages, at most %d a seal: groups %o', (n, max, groups) => {
    expect(pageGroups(n, max)).toEqual(groups);
  });

  it('cuts evenly, or gives the first page its share', () => {
    expect(stripCuts(4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(stripCuts(3, 0.5)).toEqual([0, 0.5, 0.75, 1]);
    expect(stripCuts(1)).toEqual([0, 1]);
  });

  it('puts each strip flush with the chosen edge', () => {
    const sizes = Array(4).fill({ width: 600, height: 800 }) as Size<PdfPt>[];
    const seal = { sealWidth: 120 as PdfPt, sealHeight: 120 as PdfPt, y: 0.5, maxPagesPerSeal: 20 };
    const right = pagingSealPlan(sizes, { ...seal, edge: 'right' });
    // Page 2 shows the second quarter: the seal starts 30 pt left of where the strip starts.
    expect(right[1]?.clip.x).toBeCloseTo((600 - 30) / 600, 9);
    expect(right[1]?.box.x).toBeCloseTo((600 - 30 - 30) / 600, 9);
    const left = pagingSealPlan(sizes, { ...seal, edge: 'left' });
    // Fanned to the left, page 1 shows the rightmost quarter.
    expect(left[0]?.clip.x).toBe(0);
    expect(left[0]?.box.x).toBeCloseTo(-90 / 600, 9);
  });
});

/**
 * The seal's red channel in each column of `img` at one row that the seal covers more than half:
 * the strip a page shows. The seal has no green, so green is the white showing through a
 * partly covered column at a strip's edge, and un-mixing it gives the seal's own colour.
 */
function stripAt(img: Raster, row: number): number[] {
  const cols: number[] = [];
  for (let x = 0; x < img.width; x++) {
    const [r, g] = pixel(img, x, row);
    if (g < 128) cols.push((r - g) / (1 - g / 255));
  }
  return cols;
}

async function renderStrips(out: Uint8Array, pages: number, row: number): Promise<number[][]> {
  return Array.from({ length: pages }, (_, i) => stripAt(renderPage(out, i + 1, DPI), row));
}

/** The joined strips must be the seal: right width, and each column's colour where it belongs. */
function expectSeal(joined: number[], sealPx: number) {
  expect(Math.abs(joined.length - sealPx)).toBeLessThanOrEqual(2);
  joined.forEach((red, x) => {
    const want = (255 * (x + 0.5)) / joined.length;
    // 6 of 255 is under 3 px of the 119 px seal: a strip out of place by one pixel more fails.
    expect(Math.abs(red - want)).toBeLessThan(6);
  });
}

describe('rendered', () => {
  const seal = gradientStamp(256, 256);
  const sealPx = (mmToPt(mm(42)) / 72) * DPI;
  // The seal centre at half height; the black marker is near the top, away from this row.
  const row = Math.round((842 / 72) * DPI * 0.5);

  it('right edge: the strips join into the seal, page 1 on the left', async () => {
    const out = await pagingSeal(buildPdf(Array(5).fill({ mediaBox: A4 })), { image: seal });
    const strips = await renderStrips(out, 5, row);
    for (const s of strips) expect(Math.abs(s.length - sealPx / 5)).toBeLessThanOrEqual(2);
    expectSeal(strips.flat(), sealPx);
    expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
    // The seal is held once: one image XObject and its soft mask.
    expect(new TextDecoder().decode(out).match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('left edge: page 1 shows the rightmost strip', async () => {
    const out = await pagingSeal(buildPdf(Array(4).fill({ mediaBox: A4 })), {
      image: seal,
      edge: 'left',
    });
    const strips = await renderStrips(out, 4, row);
    expectSeal(strips.reverse().flat(), sealPx);
  });

  it('a larger first share, on turned and cropped pages', async () => {
    const page = { mediaBox: A4, cropBox: [40, 60, 555, 800], rotate: 90 };
    const out = await pagingSeal(buildPdf(Array(4).fill(page)), {
      image: seal,
      firstPageShare: 0.4,
      y: 0.5,
    });
    const turnedRow = Math.round(((555 - 40) / 72) * DPI * 0.5);
    const strips = await renderStrips(out, 4, turnedRow);
    expect(Math.abs((strips[0]?.length ?? 0) - 0.4 * sealPx)).toBeLessThanOrEqual(2);
    expectSeal(strips.flat(), sealPx);
  });

  it('starts a new seal after maxPagesPerSeal pages', async () => {
    const out = await pagingSeal(buildPdf(Array(6).fill({ mediaBox: A4 })), {
      image: seal,
      maxPagesPerSeal: 3,
    });
    const strips = await renderStrips(out, 6, row);
    expectSeal(strips.slice(0, 3).flat(), sealPx);
    expectSeal(strips.slice(3).flat(), sealPx);
  });
});
