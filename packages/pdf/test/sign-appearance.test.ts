/**
 * The signature's visible appearance follows stampPdf's placement rules exactly: rendered by
 * pdftoppm, the signed page and the stamped page are the same pixels, for every /Rotate, a CropBox
 * away from the origin, and a seal turned by the user.
 */
import type { PageFraction, Rotation } from '@yinzhang/seal/placement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, makeIdentity, readBytes } from '../../../test-support/certs';
import { type Placement, readP12, type SigningKey, signPdf, stampPdf } from '../src';
import { markedStamp } from './helpers/images';
import { isBlue, isRed, pixel, type Raster, type Rgb, renderPage } from './helpers/raster';

function colourBox(img: Raster, is: (c: Rgb) => boolean) {
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!is(pixel(img, x, y))) continue;
      box = box
        ? {
            x0: Math.min(box.x0, x),
            y0: Math.min(box.y0, y),
            x1: Math.max(box.x1, x),
            y1: Math.max(box.y1, y),
          }
        : { x0: x, y0: y, x1: x, y1: y };
    }
  }
  return box;
}

import { buildPdf } from './helpers/raw-pdf';

let id: Identity;
let key: SigningKey;
beforeAll(async () => {
  id = makeIdentity('Appearance');
  key = (await readP12(readBytes(id.p12('default', 'p')), 'p')).key;
});
afterAll(() => id.dispose());

const f = (n: number) => n as PageFraction;
const cases: { name: string; rotate: number; crop?: number[]; seal: Rotation }[] = [
  { name: 'upright page', rotate: 0, seal: 0 },
  { name: '/Rotate 90', rotate: 90, seal: 0 },
  { name: '/Rotate 180, seal turned 90', rotate: 180, seal: 90 },
  { name: '/Rotate 270, CropBox off the origin', rotate: 270, crop: [50, 80, 500, 760], seal: 270 },
];

describe('the visible signature is drawn where stampPdf draws the seal', () => {
  it.each(cases)('$name', async ({ rotate, crop, seal }) => {
    const input = buildPdf([{ mediaBox: [0, 0, 595, 842], cropBox: crop, rotate }]);
    const image = markedStamp(200, 120);
    const placement: Placement = {
      page: 0,
      image: 'seal',
      x: f(0.5),
      y: f(0.6),
      width: f(0.3),
      height: f(0.12),
      rotate: seal,
    };
    const signed = await signPdf(input, { key, appearance: { image, placement } });
    const stamped = await stampPdf(input, { images: { seal: image }, placements: [placement] });
    const a = renderPage(signed, 1, 36);
    const b = renderPage(stamped, 1, 36);
    expect([a.width, a.height]).toEqual([b.width, b.height]);
    // The seal's box and its blue corner (which way up it is) agree to a pixel; anti-aliased
    // edges differ where the widget's BBox clips them.
    for (const isColour of [isRed, isBlue]) {
      const boxA = colourBox(a, isColour);
      const boxB = colourBox(b, isColour);
      expect(boxA).not.toBeNull();
      for (const k of ['x0', 'y0', 'x1', 'y1'] as const) {
        expect(Math.abs((boxA?.[k] ?? 0) - (boxB?.[k] ?? 0))).toBeLessThanOrEqual(1);
      }
    }
  });
});
