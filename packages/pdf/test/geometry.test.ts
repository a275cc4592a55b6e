import type { Box, PageFraction, Rotation } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import {
  apply,
  displayedBoxToUser,
  displayedSize,
  displayedToUser,
  imageMatrix,
  mm,
  mmToPt,
  normaliseRotation,
  type PageGeometry,
  pt,
  ptToMm,
  rect,
  visibleArea,
} from '../src';

const fb = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<PageFraction>;
const page = (media: number[], crop: number[] | undefined, rotate: number): PageGeometry => ({
  mediaBox: rect(...(media as [number, number, number, number])),
  cropBox: crop && rect(...(crop as [number, number, number, number])),
  rotate,
});
const MEDIA = [0, 0, 600, 800];
const CROP = [100, 50, 500, 750];

describe('units', () => {
  it('a 42 mm seal prints 119.06 pt', () => {
    expect(mmToPt(mm(42))).toBeCloseTo(119.0551, 4);
  });
  it.each([0, 1, 25.4, 42, 297])('%d mm survives the round trip', (n) => {
    expect(ptToMm(mmToPt(mm(n)))).toBeCloseTo(n, 10);
  });
  it('an inch is 72 pt', () => {
    expect(mmToPt(mm(25.4))).toBe(pt(72));
  });
});

describe('/Rotate normalisation', () => {
  it.each([
    [0, 0],
    [90, 90],
    [180, 180],
    [270, 270],
    [360, 0],
    [450, 90],
    [-90, 270],
    [-180, 180],
    [-270, 90],
    [45, 0],
    [Number.NaN, 0],
  ])('%d counts as %d', (raw, expected) => {
    expect(normaliseRotation(raw)).toBe(expected);
  });
});

describe('visible area', () => {
  it.each([
    ['no CropBox: the MediaBox', page(MEDIA, undefined, 0), rect(0, 0, 600, 800)],
    ['an offset CropBox', page(MEDIA, CROP, 0), rect(100, 50, 500, 750)],
    [
      'a CropBox past the MediaBox is clipped',
      page(MEDIA, [-50, 700, 300, 900], 0),
      rect(0, 700, 300, 800),
    ],
    [
      'a CropBox outside the MediaBox is ignored',
      page(MEDIA, [700, 0, 900, 100], 0),
      rect(0, 0, 600, 800),
    ],
    ['reversed corners are normalised', page([600, 800, 0, 0], undefined, 0), rect(0, 0, 600, 800)],
  ])('%s', (_, g, expected) => {
    expect(visibleArea(g)).toEqual(expected);
  });

  it.each([
    [0, 400, 700],
    [90, 700, 400],
    [180, 400, 700],
    [270, 700, 400],
  ])('/Rotate %d shows the 400x700 crop as %d x %d', (r, w, h) => {
    expect(displayedSize(page(MEDIA, CROP, r))).toEqual({ width: w, height: h });
  });
});

describe('displayed box to user space (the one mapping)', () => {
  // The box {x .1, y .2, w .3, h .1} of the displayed page, for each /Rotate and crop.
  it.each([
    [0, MEDIA, undefined, rect(60, 560, 240, 640)],
    [90, MEDIA, undefined, rect(120, 80, 180, 320)],
    [180, MEDIA, undefined, rect(360, 160, 540, 240)],
    [270, MEDIA, undefined, rect(420, 480, 480, 720)],
    [0, MEDIA, CROP, rect(140, 540, 260, 610)],
    [90, MEDIA, CROP, rect(180, 120, 220, 330)],
    [180, MEDIA, CROP, rect(340, 190, 460, 260)],
    [270, MEDIA, CROP, rect(380, 470, 420, 680)],
    [-90, MEDIA, CROP, rect(380, 470, 420, 680)],
    [450, MEDIA, CROP, rect(180, 120, 220, 330)],
    [0, [-300, -400, 300, 400], undefined, rect(-240, 160, -60, 240)],
    [90, [-300, -400, 300, 400], [-200, -300, 200, 300], rect(-120, -240, -80, -60)],
  ])('/Rotate %d, MediaBox %o, CropBox %o -> %o', (r, media, crop, expected) => {
    const got = displayedBoxToUser(page(media, crop, r), fb(0.1, 0.2, 0.3, 0.1));
    for (const k of ['llx', 'lly', 'urx', 'ury'] as const)
      expect(got[k]).toBeCloseTo(expected[k], 9);
  });

  // Where the displayed top-left corner is in user space: the crop corner turned to the top-left.
  it.each([
    [0, 100, 750],
    [90, 100, 50],
    [180, 500, 50],
    [270, 500, 750],
  ])('/Rotate %d puts the displayed top-left at (%d, %d)', (r, x, y) => {
    expect(apply(displayedToUser(page(MEDIA, CROP, r)), 0, 0)).toEqual({ x, y });
  });
});

describe('image matrix', () => {
  // The image's top-left corner lands on this corner of the visible box after the stamp's turn.
  const corner: Record<Rotation, 'tl' | 'tr' | 'br' | 'bl'> = {
    0: 'tl',
    90: 'tr',
    180: 'br',
    270: 'bl',
  };
  const cases = [0, 90, 180, 270].flatMap((pageRotate) =>
    ([0, 90, 180, 270] as const).map((stamp) => [pageRotate, stamp] as const),
  );
  it.each(cases)('page /Rotate %d, stamp turned %d', (pageRotate, stamp) => {
    const g = page(MEDIA, CROP, pageRotate);
    const size = displayedSize(g);
    const box = fb(0.2, 0.3, 0.4, 0.1);
    const m = imageMatrix(g, box, stamp);
    // The visible box in displayed points (a quarter turn swaps its sides about the centre).
    const w = box.width * size.width;
    const h = box.height * size.height;
    const cx = box.x * size.width + w / 2;
    const cy = box.y * size.height + h / 2;
    const [vw, vh] = stamp % 180 === 0 ? [w, h] : [h, w];
    const v = { l: cx - vw / 2, r: cx + vw / 2, t: cy - vh / 2, b: cy + vh / 2 };
    const where = { tl: [v.l, v.t], tr: [v.r, v.t], br: [v.r, v.b], bl: [v.l, v.b] }[corner[stamp]];
    const expected = apply(displayedToUser(g), where[0] as number, where[1] as number);
    const got = apply(m, 0, 1);
    expect(got.x).toBeCloseTo(expected.x, 9);
    expect(got.y).toBeCloseTo(expected.y, 9);
    // The image centre stays at the box centre.
    const centre = apply(m, 0.5, 0.5);
    const c = apply(displayedToUser(g), cx, cy);
    expect(centre.x).toBeCloseTo(c.x, 9);
    expect(centre.y).toBeCloseTo(c.y, 9);
  });
});
