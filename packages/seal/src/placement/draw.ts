/**
 * From a placement (page fractions) to drawing instructions on a page of any size: the screen, or
 * the image at full resolution when it is saved. Pure; the caller owns the canvas.
 *
 * A page shown on screen keeps its aspect ratio, so a fraction of its width and one of its height
 * map to the same scale on the full-size page: the stamp keeps its shape and place.
 */
import {
  type Box,
  fromPageFraction,
  type PageFraction,
  type Rotation,
  type Size,
  toPageFraction,
  visibleBox,
} from './geometry';

/**
 * Draw the stamp image with its centre at (cx, cy), turned clockwise by `rotate`, `width` by
 * `height` before turning: `translate(cx, cy); rotate(radians); drawImage(img, -w/2, -h/2, w, h)`.
 */
export interface DrawPlan<U extends number = number> {
  readonly cx: U;
  readonly cy: U;
  readonly width: U;
  readonly height: U;
  readonly rotate: Rotation;
  /** `rotate` in radians, clockwise on a canvas (its y axis points down). */
  readonly radians: number;
}

export function rotationRadians(r: Rotation): number {
  return (r * Math.PI) / 180;
}

/** Where and how to draw a placed stamp on a page of `page` size. */
export function drawPlan<U extends number>(
  box: Box<PageFraction>,
  rotate: Rotation,
  page: Size<U>,
): DrawPlan<U> {
  const px = fromPageFraction(box, page);
  return {
    cx: (px.x + px.width / 2) as U,
    cy: (px.y + px.height / 2) as U,
    width: px.width,
    height: px.height,
    rotate,
    radians: rotationRadians(rotate),
  };
}

/**
 * The box a turned stamp covers, in fractions of the page. The quarter turn swaps sides in pixels,
 * not in fractions (a fraction of the width is not one of the height), so it needs the page's
 * shape: any size with the page's aspect ratio will do.
 */
export function visibleFraction(
  box: Box<PageFraction>,
  rotate: Rotation,
  page: Size,
): Box<PageFraction> {
  return toPageFraction(visibleBox(fromPageFraction(box, page), rotate), page);
}
