/**
 * placedImage: the one placement-to-page computation that stampPdf draws with and the signature's
 * widget is sized by (sign/appearance.ts used to repeat it).
 */
import type { PageFraction, Rotation } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import {
  checkPlacement,
  displayedSize,
  type PageGeometry,
  type Placement,
  placedImage,
  rect,
} from '../src';

const f = (n: number) => n as PageFraction;
const A4: PageGeometry = { mediaBox: rect(0, 0, 595, 842), rotate: 0 };
const CROPPED: PageGeometry = {
  mediaBox: rect(0, 0, 595, 842),
  cropBox: rect(100, 100, 500, 700),
  rotate: 0,
};
const place = (x: number, y: number, w: number, h: number, rotate: Rotation = 0): Placement => ({
  page: 0,
  image: 'seal',
  x: f(x),
  y: f(y),
  width: f(w),
  height: f(h),
  rotate,
});

describe('placedImage', () => {
  it.each([
    {
      why: 'inside the page: no clip, covers its box (top-left origin becomes PDF bottom-left)',
      g: A4,
      p: place(0.1, 0.1, 0.2, 0.1),
      clip: false,
      covered: [59.5, 673.6, 178.5, 757.8],
    },
    {
      why: 'turned 90°: covers the turned box about the same centre',
      g: A4,
      p: place(0.4, 0.4, 0.2, 0.1, 90),
      clip: false,
      covered: [255.4, 403.6, 339.6, 522.6],
    },
    {
      why: 'past the bottom: clipped to the visible area',
      g: A4,
      p: place(0.4, 0.95, 0.2, 0.1),
      clip: true,
      covered: [238, 0, 357, 42.1],
    },
    {
      why: 'within a CropBox away from the origin',
      g: CROPPED,
      p: place(0, 0, 0.5, 0.5),
      clip: false,
      covered: [100, 400, 300, 700],
    },
  ])('$why', ({ g, p, clip, covered }) => {
    const placed = placedImage(g, p, displayedSize(g));
    expect(placed.clip !== undefined).toBe(clip);
    const c = placed.covered;
    expect(c).not.toBeNull();
    expect([c?.llx, c?.lly, c?.urx, c?.ury].map((n) => Number(n?.toFixed(2)))).toEqual(covered);
  });

  it('covers nothing when the placement is wholly off the page', () => {
    expect(placedImage(A4, place(1.2, 0.1, 0.2, 0.1), displayedSize(A4)).covered).toBeNull();
  });

  it('checkPlacement refuses what names no page or image', () => {
    const images = { seal: new Uint8Array(1) };
    expect(() => checkPlacement({ ...place(0, 0, 0.1, 0.1), page: 3 }, 2, images)).toThrow(
      /no page 4/,
    );
    expect(() => checkPlacement({ ...place(0, 0, 0.1, 0.1), image: 'x' }, 2, images)).toThrow(
      /no image named "x"/,
    );
    expect(() => checkPlacement(place(0, 0, 0, 0.1), 2, images)).toThrow(/size must be positive/);
  });
});
