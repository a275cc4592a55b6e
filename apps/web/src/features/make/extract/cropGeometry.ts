/**
 * Cropper geometry, pure (SPEC §9: crop output 512x512, box 85 %, zoom step 0.1, rotate 45°,
 * move step 1). Screen lengths are CSS pixels of the crop stage; `Area` is in pixels of the photo's
 * bounding box after rotation, as react-easy-crop reports it.
 */

/** The crop box's side as a fraction of the (square) stage's side. */
export const CROP_BOX_FRACTION = 0.85;
export const ZOOM_STEP = 0.1;
export const ROTATE_STEP_DEG = 45;
/** One move step, in percent of the crop box's side (so it means the same at any zoom). */
export const MOVE_STEP_PERCENT = 1;
export const MIN_ZOOM = 0.5;
/** The most one may zoom in, as a multiple of the starting zoom. */
export const MAX_ZOOM_FACTOR = 8;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface Area extends Point, Size {}

/** What the cropper shows: the photo's offset from the stage centre, its zoom and rotation. */
export interface CropView {
  crop: Point;
  zoom: number;
  rotation: number;
}

export function cropBoxSide(stageSide: number): number {
  return Math.round(stageSide * CROP_BOX_FRACTION);
}

/**
 * The starting zoom: the photo's shorter side spans the whole stage, so the crop box covers 85 %
 * of it (and of the stage), centred. `media` is the photo's size on screen at zoom 1.
 */
export function initialZoom(stageSide: number, media: Size): number {
  const shorter = Math.min(media.width, media.height);
  return shorter > 0 && stageSide > 0 ? stageSide / shorter : 1;
}

export function maxZoomFor(startZoom: number): number {
  return Math.max(startZoom, 1) * MAX_ZOOM_FACTOR;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Two decimals: repeated 0.1 steps must not drift into 1.2000000000000002. */
const tidy = (v: number) => Math.round(v * 100) / 100;

/** Zooms by `delta` about the crop box's centre (the offset scales with the zoom). */
export function zoomBy(view: CropView, delta: number, maxZoom: number): CropView {
  const zoom = clamp(tidy(view.zoom + delta), MIN_ZOOM, maxZoom);
  const k = zoom / view.zoom;
  return { ...view, zoom, crop: { x: view.crop.x * k, y: view.crop.y * k } };
}

/** Moves the photo by whole steps (`dx` right, `dy` down) of MOVE_STEP_PERCENT of the box. */
export function moveBy(view: CropView, dx: number, dy: number, boxSide: number): CropView {
  const step = (boxSide * MOVE_STEP_PERCENT) / 100;
  return { ...view, crop: { x: view.crop.x + dx * step, y: view.crop.y + dy * step } };
}

export function rotateOnce(view: CropView): CropView {
  return { ...view, rotation: (view.rotation + ROTATE_STEP_DEG) % 360 };
}

/** The bounding box of a width x height rectangle rotated by `deg`. */
export function rotatedSize(size: Size, deg: number): Size {
  const rad = (deg * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  return {
    width: size.width * cos + size.height * sin,
    height: size.width * sin + size.height * cos,
  };
}

/** A centred square covering CROP_BOX_FRACTION of the rotated photo's shorter side. */
export function centredArea(natural: Size, deg: number): Area {
  const box = rotatedSize(natural, deg);
  const side = Math.min(box.width, box.height) * CROP_BOX_FRACTION;
  return { x: (box.width - side) / 2, y: (box.height - side) / 2, width: side, height: side };
}

/**
 * The canvas transform [a, b, c, d, e, f] (CanvasRenderingContext2D.setTransform) that draws the
 * photo, at its natural size and position (0, 0), so that `area` of its rotated bounding box
 * fills an outPx x outPx canvas.
 */
export function cropMatrix(
  area: Area,
  natural: Size,
  deg: number,
  outPx: number,
): [number, number, number, number, number, number] {
  const rad = (deg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const sx = outPx / area.width;
  const sy = outPx / area.height;
  const box = rotatedSize(natural, deg);
  // q (photo pixel) -> R (q - photo centre) + box centre - area origin, then scaled.
  const cx = natural.width / 2;
  const cy = natural.height / 2;
  const tx = -(cos * cx - sin * cy) + box.width / 2 - area.x;
  const ty = -(sin * cx + cos * cy) + box.height / 2 - area.y;
  return [sx * cos, sy * sin, -sx * sin, sy * cos, sx * tx, sy * ty];
}

/** Applies a setTransform matrix to a point (for tests and hit checks). */
export function applyMatrix(m: readonly number[], p: Point): Point {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
  return { x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f };
}
