/**
 * How a placed stamp is laid out on screen, in percentages, so that the browser keeps it in place
 * when the image is shown at another size. Pure.
 *
 * The outer box is the area the turned stamp covers (its handles sit on its corners); the stamp
 * image inside keeps its unrotated size, centred, and CSS turns it about its centre.
 */
import {
  type Box,
  fromPageFraction,
  type PageFraction,
  type Rotation,
  type Size,
  toPageFraction,
  visibleBox,
} from '@yinzhang/seal/placement';

export interface PlacedLayout {
  /** The covered area in fractions of the image. */
  outer: Box<PageFraction>;
  /** The stamp image in percent of the outer box, before turning. */
  inner: { left: number; top: number; width: number; height: number };
  /** Where the rotate and delete buttons go: above the stamp, or below it near the top edge. */
  toolbar: 'above' | 'below';
}

/** Room the buttons need above a stamp, as a fraction of the image height. */
const TOOLBAR_ROOM = 0.12;

/** `natural` is the image's size (any size with its aspect ratio gives the same answer). */
export function placedLayout(
  box: Box<PageFraction>,
  rotate: Rotation,
  natural: Size,
): PlacedLayout {
  const px = fromPageFraction(box, natural);
  const seen = visibleBox(px, rotate);
  return {
    outer: toPageFraction(seen, natural),
    inner: {
      left: ((seen.width - px.width) / 2 / seen.width) * 100,
      top: ((seen.height - px.height) / 2 / seen.height) * 100,
      width: (px.width / seen.width) * 100,
      height: (px.height / seen.height) * 100,
    },
    toolbar: seen.y / natural.height < TOOLBAR_ROOM ? 'below' : 'above',
  };
}

const pct = (f: number) => `${f * 100}%`;

/** The outer box as CSS. */
export function outerStyle(outer: Box<PageFraction>) {
  return {
    left: pct(outer.x),
    top: pct(outer.y),
    width: pct(outer.width),
    height: pct(outer.height),
  };
}
