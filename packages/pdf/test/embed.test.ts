/** How images go into the file: once each, full resolution, transparency kept. */
import type { PageFraction } from '@yinzhang/seal/placement';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Placement, stampPdf } from '../src';
import { discStamp, markedStamp } from './helpers/images';
import { qpdfImages } from './helpers/qpdf';
import { findBox, isBlack, isRed, pixel, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const f = (n: number) => n as PageFraction;
const source = buildPdf(Array(3).fill({ mediaBox: [0, 0, 600, 800] }));

/** The drawn images: image XObjects that are not another image's soft mask. */
function imageObjects(pdf: Uint8Array) {
  const all = qpdfImages(pdf);
  const masks = new Set(all.map(({ dict }) => dict?.['/SMask']));
  return all.filter(({ ref }) => !masks.has(ref));
}

describe('embedding', () => {
  it('keeps the full resolution and the alpha channel as a soft mask', async () => {
    const seal = discStamp(512);
    const p: Placement = {
      page: 0,
      image: 'seal',
      x: f(0),
      y: f(0),
      width: f(0.2),
      height: f(0.15),
      rotate: 0,
    };
    const out = await stampPdf(source, { images: { seal }, placements: [p] });
    const images = imageObjects(out);
    const main = images.find(({ dict }) => typeof dict?.['/SMask'] === 'string');
    expect(main?.dict?.['/Width']).toBe(512);
    expect(main?.dict?.['/Height']).toBe(512);
    // The page's black square (top-left corner) shows through the seal's transparent corner.
    const img = renderPage(out, 1, 72);
    const red = findBox(img, isRed);
    expect(red).toBeDefined();
    expect(isBlack(pixel(img, 12, 12))).toBe(true);
  });

  it('embeds each distinct image once however many pages use it', async () => {
    const a = markedStamp(200, 100);
    const b = await sharp(markedStamp(100, 100)).jpeg().toBuffer();
    const placements: Placement[] = [0, 1, 2].flatMap((page) => [
      { page, image: 'a', x: f(0.1), y: f(0.1), width: f(0.3), height: f(0.1), rotate: 0 },
      { page, image: 'b', x: f(0.5), y: f(0.5), width: f(0.2), height: f(0.15), rotate: 90 },
    ]);
    const out = await stampPdf(source, { images: { a, b, unused: a }, placements });
    // a (PNG; @libpdf/core gives it a soft mask, opaque or not) and b (JPEG, as it is).
    const images = imageObjects(out);
    expect(images).toHaveLength(2);
    expect(images.map(({ dict }) => dict?.['/Filter']).sort()).toEqual([
      '/DCTDecode',
      '/FlateDecode',
    ]);
    expect(Buffer.from(out).indexOf(Buffer.from(b))).toBeGreaterThan(0);
  });
});
