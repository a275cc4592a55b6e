import { describe, expect, it } from 'vitest';
import {
  applyMatrix,
  type CropView,
  centredArea,
  cropBoxSide,
  cropMatrix,
  initialZoom,
  MIN_ZOOM,
  moveBy,
  rotatedSize,
  rotateOnce,
  zoomBy,
} from './cropGeometry';

const view: CropView = { crop: { x: 10, y: -20 }, zoom: 1, rotation: 0 };
const close = (p: { x: number; y: number }, x: number, y: number) => {
  expect(p.x).toBeCloseTo(x, 6);
  expect(p.y).toBeCloseTo(y, 6);
};

describe('crop box and starting zoom', () => {
  it('the box is 85 % of the stage side', () => {
    expect(cropBoxSide(400)).toBe(340);
    expect(cropBoxSide(334)).toBe(284);
  });

  it.each([
    ['landscape 4:3 shown 400x300', { width: 400, height: 300 }, 4 / 3],
    ['portrait 3:4 shown 300x400', { width: 300, height: 400 }, 4 / 3],
    ['square', { width: 400, height: 400 }, 1],
    ['a small photo shown at 100x50', { width: 100, height: 50 }, 8],
    ['not loaded', { width: 0, height: 0 }, 1],
  ])('%s: the shorter side spans the stage', (_name, media, zoom) => {
    expect(initialZoom(400, media)).toBeCloseTo(zoom, 6);
  });
});

describe('buttons', () => {
  it('zooms by 0.1 about the box centre, within the limits', () => {
    const inOnce = zoomBy(view, 0.1, 3);
    expect(inOnce.zoom).toBe(1.1);
    close(inOnce.crop, 11, -22);
    let v = view;
    for (let i = 0; i < 5; i++) v = zoomBy(v, 0.1, 3);
    expect(v.zoom).toBe(1.5);
    expect(zoomBy({ ...view, zoom: 2.95 }, 0.1, 3).zoom).toBe(3);
    expect(zoomBy({ ...view, zoom: MIN_ZOOM }, -0.1, 3).zoom).toBe(MIN_ZOOM);
  });

  it('moves by 1 % of the crop box per step', () => {
    const moved = moveBy(view, -1, 0, 340);
    close(moved.crop, 10 - 3.4, -20);
    close(moveBy(view, 0, 2, 200).crop, 10, -16);
    expect(moveBy(view, 0, 1, 200).zoom).toBe(1);
  });

  it('rotates by 45 degrees and wraps at 360', () => {
    const angles: number[] = [];
    let v = view;
    for (let i = 0; i < 9; i++) {
      v = rotateOnce(v);
      angles.push(v.rotation);
    }
    expect(angles).toEqual([45, 90, 135, 180, 225, 270, 315, 0, 45]);
  });
});

describe('export geometry', () => {
  it('rotated bounding boxes', () => {
    const r90 = rotatedSize({ width: 200, height: 100 }, 90);
    expect(r90.width).toBeCloseTo(100, 6);
    expect(r90.height).toBeCloseTo(200, 6);
    expect(rotatedSize({ width: 100, height: 100 }, 45).width).toBeCloseTo(100 * Math.SQRT2, 6);
  });

  it('without rotation, the area is scaled onto the canvas', () => {
    const m = cropMatrix(
      { x: 100, y: 50, width: 256, height: 256 },
      { width: 800, height: 600 },
      0,
      512,
    );
    close(applyMatrix(m, { x: 100, y: 50 }), 0, 0);
    close(applyMatrix(m, { x: 356, y: 306 }), 512, 512);
  });

  it('at 90 degrees the photo top-left corner lands at the box top-right', () => {
    const natural = { width: 200, height: 100 };
    const whole = { x: 0, y: 0, width: 100, height: 200 };
    const m = cropMatrix(whole, natural, 90, 100);
    close(applyMatrix(m, { x: 0, y: 0 }), 100, 0);
    // The photo centre lands at the box centre (the 100x200 box is squeezed into 100x100).
    close(applyMatrix(m, { x: 100, y: 50 }), 50, 50);
  });

  it('keeps the photo centre at the centre of a centred area, at any angle', () => {
    const natural = { width: 1200, height: 900 };
    for (const deg of [0, 45, 90, 135, 180, 315]) {
      const m = cropMatrix(centredArea(natural, deg), natural, deg, 512);
      close(applyMatrix(m, { x: 600, y: 450 }), 256, 256);
    }
  });

  it('an area reaching past the photo maps the outside beyond the photo (it is painted white)', () => {
    const natural = { width: 100, height: 100 };
    const m = cropMatrix({ x: -50, y: -50, width: 200, height: 200 }, natural, 0, 512);
    close(applyMatrix(m, { x: 0, y: 0 }), 128, 128);
    close(applyMatrix(m, { x: 100, y: 100 }), 384, 384);
  });

  it('the centred area covers 85 % of the shorter side', () => {
    const a = centredArea({ width: 1000, height: 600 }, 0);
    expect(a).toEqual({ x: 245, y: 45, width: 510, height: 510 });
  });
});
