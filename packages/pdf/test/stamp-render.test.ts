/**
 * Stamps on odd pages, checked by rendering the output with pdftoppm and finding the stamp's
 * pixels: its bounding box must be within 1% of the page of where it was placed.
 */
import type { PageFraction, Rotation, Size } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { displayedSize, type PdfPt, type Placement, rect, stampPdf, visibleBoxPt } from '../src';
import { markedStamp } from './helpers/images';
import { findBox, isBlack, isBlue, isRed, qpdfCheck, renderPage } from './helpers/raster';
import { buildPdf, type RawPage } from './helpers/raw-pdf';

const A4 = [0, 0, 595, 842];
const CROP = [60, 80, 540, 760];
const STAMP = markedStamp(200, 100);
const TOLERANCE = 0.01;

/** A placement of the 2:1 test stamp, `width` of the displayed page wide. */
function place(
  page: number,
  size: { width: number; height: number },
  x: number,
  y: number,
  width: number,
  rotate: Rotation = 0,
): Placement {
  const f = (n: number) => n as PageFraction;
  return {
    page,
    image: 'stamp',
    x: f(x),
    y: f(y),
    width: f(width),
    height: f((width * size.width) / 2 / size.height),
    rotate,
  };
}

function sizeOf(p: RawPage, inheritedMedia?: number[]): Size<PdfPt> {
  const [a = 0, b = 0, c = 0, d = 0] = p.cropBox ?? p.mediaBox ?? inheritedMedia ?? [];
  const g = { mediaBox: rect(a, b, c, d), rotate: p.rotate ?? 0 };
  return displayedSize(g);
}

function expectBox(
  got: ReturnType<typeof findBox>,
  want: { x: number; y: number; width: number; height: number },
) {
  expect(got).toBeDefined();
  if (!got) return;
  expect(Math.abs(got.x - want.x)).toBeLessThan(TOLERANCE);
  expect(Math.abs(got.y - want.y)).toBeLessThan(TOLERANCE);
  expect(Math.abs(got.x + got.width - (want.x + want.width))).toBeLessThan(TOLERANCE);
  expect(Math.abs(got.y + got.height - (want.y + want.height))).toBeLessThan(TOLERANCE);
}

const stampPixels = (p: readonly [number, number, number]) => isRed(p) || isBlue(p);

describe('a stamp lands where it was placed, whatever the page shape', () => {
  const pages: { name: string; page: RawPage }[] = [
    ...[0, 90, 180, 270].map((rotate) => ({
      name: `/Rotate ${rotate}`,
      page: { mediaBox: A4, rotate },
    })),
    ...[0, 90, 180, 270].map((rotate) => ({
      name: `/Rotate ${rotate}, offset CropBox`,
      page: { mediaBox: A4, cropBox: CROP, rotate },
    })),
    { name: 'MediaBox away from the origin', page: { mediaBox: [100, 200, 695, 1042] } },
    { name: 'letter landscape, /Rotate -90', page: { mediaBox: [0, 0, 792, 612], rotate: -90 } },
    { name: 'inherited MediaBox and /Rotate, own CropBox', page: { cropBox: [50, 50, 400, 600] } },
  ];
  const inherited = { mediaBox: [0, 0, 500, 700], rotate: 90 };
  // The last page takes the inherited entries; give the others their own /Rotate 0 explicitly.
  const raw = pages.map(({ page }, i) => (i === pages.length - 1 ? page : { rotate: 0, ...page }));
  const source = buildPdf(raw, inherited);
  const sizes = raw.map((p, i) =>
    i === raw.length - 1 ? sizeOf({ ...p, rotate: 90 }, inherited.mediaBox) : sizeOf(p),
  );
  const placements = sizes.map((s, i) => place(i, s, 0.55, 0.6, 0.3));
  const stamped = stampPdf(source, { images: { stamp: STAMP }, placements });

  it('passes qpdf --check', async () => {
    expect(qpdfCheck(await stamped)).toMatch(/No syntax or stream encoding errors/);
  });

  it.each(pages.map((p, i) => [p.name, i] as const))('%s', async (_, i) => {
    const img = renderPage(await stamped, i + 1);
    const p = placements[i] as Placement;
    expectBox(findBox(img, stampPixels), p);
    // The page's own content (a black square at its displayed... corner) is still drawn.
    expect(findBox(img, isBlack)).toBeDefined();
    // Upright stamp: the blue marker is in its top-left corner as displayed.
    const blue = findBox(img, isBlue);
    expect(blue && blue.x < p.x + p.width / 2 && blue.y < p.y + p.height / 2).toBe(true);
  });
});

describe('a stamp turned in quarter turns, on a turned and cropped page', () => {
  const page: RawPage = { mediaBox: A4, cropBox: CROP, rotate: 90 };
  const size = sizeOf(page);
  const turns = [0, 90, 180, 270] as const;
  const placements = turns.map((r, i) => place(i, size, 0.3, 0.4, 0.4, r));
  const stamped = stampPdf(buildPdf(turns.map(() => page)), {
    images: { stamp: STAMP },
    placements,
  });
  // Where the image's top-left corner (the blue marker) ends up for each turn.
  const corner = { 0: [-1, -1], 90: [1, -1], 180: [1, 1], 270: [-1, 1] } as const;

  it.each(turns.map((r, i) => [r, i] as const))('turned %d°', async (r, i) => {
    const img = renderPage(await stamped, i + 1);
    const p = placements[i] as Placement;
    const seen = visibleBoxPt(p, size);
    const want = {
      x: seen.x / size.width,
      y: seen.y / size.height,
      width: seen.width / size.width,
      height: seen.height / size.height,
    };
    const got = findBox(img, stampPixels);
    expectBox(got, want);
    const blue = findBox(img, isBlue);
    if (!blue || !got) throw new Error('stamp not found');
    const [sx, sy] = corner[r];
    expect(Math.sign(blue.x + blue.width / 2 - (got.x + got.width / 2))).toBe(sx);
    expect(Math.sign(blue.y + blue.height / 2 - (got.y + got.height / 2))).toBe(sy);
  });
});
