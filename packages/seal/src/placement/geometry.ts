/**
 * Placement geometry of stamps on a page (an image or a PDF page), shared by the image and the PDF
 * screens. Pure: rectangles in, rectangles out.
 *
 * A stamp's box is its UNROTATED rectangle; the screen rotates it about the box centre, so a
 * quarter turn of a wide stamp shows a tall box around the same centre (`visibleBox`).
 * Screens keep placements as fractions of the page (`toPageFraction`) so that a resized window, a
 * zoomed PDF or the full-resolution export all see the same place; pixels exist only while the
 * pointer moves.
 */

declare const unit: unique symbol;
/** CSS pixels of the page as displayed. */
export type CssPx = number & { readonly [unit]: 'css-px' };
/** Pixels of an image at its natural (full) resolution, as the export draws it. */
export type ImagePx = number & { readonly [unit]: 'image-px' };
/** A fraction of the displayed page's width (x, width) or height (y, height), 0..1 inside it. */
export type PageFraction = number & { readonly [unit]: 'page-fraction' };

export interface Box<U extends number = number> {
  readonly x: U;
  readonly y: U;
  readonly width: U;
  readonly height: U;
}

export interface Size<U extends number = number> {
  readonly width: U;
  readonly height: U;
}

export type Rotation = 0 | 90 | 180 | 270;
export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** SPEC §5 and §9: a stamp's size on screen, in CSS px, and its default share of the page width. */
export const STAMP_SIZE = { min: 50, max: 400, defaultPageWidthShare: 0.2 } as const;

/** The quarter turn after `r`: 0, 90, 180, 270, then 0 again. */
export function nextRotation(r: Rotation): Rotation {
  return ((r + 90) % 360) as Rotation;
}

export function isQuarterTurn(r: Rotation): boolean {
  return r === 90 || r === 270;
}

/** The box a rotated stamp covers on screen (same centre, sides swapped on a quarter turn). */
export function visibleBox<U extends number>(box: Box<U>, rotate: Rotation): Box<U> {
  if (!isQuarterTurn(rotate)) return box;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return {
    x: (cx - box.height / 2) as U,
    y: (cy - box.width / 2) as U,
    width: box.height,
    height: box.width,
  };
}

/**
 * Scales a width and height (aspect kept) so that the longer side lies within [min, max].
 * The limit applies to the longer side so that wide signatures and square seals obey one rule.
 */
export function clampStampSize(
  width: number,
  height: number,
  limits: { min: number; max: number } = STAMP_SIZE,
): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (!(longer > 0)) throw new Error('a stamp needs a positive size');
  const target = Math.min(limits.max, Math.max(limits.min, longer));
  const k = target / longer;
  return { width: width * k, height: height * k };
}

/**
 * Where a newly placed stamp goes: centred on `at` (default: the page centre), `width` CSS px wide
 * (default: 20% of the page width), clamped to the size limits and kept inside the page.
 */
export function initialBox(
  page: Size<CssPx>,
  aspect: number,
  options: { width?: number; at?: { x: number; y: number } } = {},
): Box<CssPx> {
  if (!(aspect > 0)) throw new Error('aspect must be width / height > 0');
  const wanted = options.width ?? page.width * STAMP_SIZE.defaultPageWidthShare;
  const { width, height } = clampStampSize(wanted, wanted / aspect);
  const at = options.at ?? { x: page.width / 2, y: page.height / 2 };
  return keepInside(
    { x: at.x - width / 2, y: at.y - height / 2, width, height },
    page,
  ) as Box<CssPx>;
}

/**
 * Moves a box so that it lies inside the bounds where it fits, and is centred on an axis where it
 * is larger than the bounds.
 */
export function keepInside<U extends number>(box: Box<U>, bounds: Size<U>): Box<U> {
  const fit = (pos: number, size: number, room: number) =>
    size >= room ? (room - size) / 2 : Math.min(Math.max(pos, 0), room - size);
  return {
    ...box,
    x: fit(box.x, box.width, bounds.width) as U,
    y: fit(box.y, box.height, bounds.height) as U,
  };
}

/** The box moved by (dx, dy); with `bounds`, its visible box is kept inside them. */
export function moveBox<U extends number>(
  box: Box<U>,
  dx: number,
  dy: number,
  bounds?: Size<U>,
  rotate: Rotation = 0,
): Box<U> {
  const moved = { ...box, x: (box.x + dx) as U, y: (box.y + dy) as U };
  if (!bounds) return moved;
  const seen = visibleBox(moved, rotate);
  const kept = keepInside(seen, bounds);
  return { ...moved, x: (moved.x + kept.x - seen.x) as U, y: (moved.y + kept.y - seen.y) as U };
}

/**
 * The box scaled by `factor` about its centre, aspect kept and the longer side within the limits
 * (keyboard resizing, which has no corner to hold still).
 */
export function scaleBox<U extends number>(
  box: Box<U>,
  factor: number,
  limits: { min: number; max: number } = STAMP_SIZE,
): Box<U> {
  const { width, height } = clampStampSize(box.width * factor, box.height * factor, limits);
  return {
    x: (box.x + (box.width - width) / 2) as U,
    y: (box.y + (box.height - height) / 2) as U,
    width: width as U,
    height: height as U,
  };
}

/** The longer side of a box of this aspect that fits in the bounds. */
function longestInside(box: Size, bounds: Size): number {
  const scale = Math.min(bounds.width / box.width, bounds.height / box.height);
  return Math.max(box.width, box.height) * scale;
}

const OPPOSITE: Record<Corner, Corner> = { nw: 'se', ne: 'sw', sw: 'ne', se: 'nw' };

function cornerPoint(box: Box, corner: Corner): { x: number; y: number } {
  return {
    x: corner === 'ne' || corner === 'se' ? box.x + box.width : box.x,
    y: corner === 'sw' || corner === 'se' ? box.y + box.height : box.y,
  };
}

/**
 * Resizes from a corner of the VISIBLE box by a pointer movement (dx, dy), the opposite corner
 * staying put and the aspect ratio locked; the longer side stays within the size limits.
 * The size follows the pointer's projection on the box diagonal, so a sideways drag does little.
 * With `bounds` (the image), the stamp grows no further than the bounds' edges.
 */
export function resizeFromCorner<U extends number>(
  box: Box<U>,
  rotate: Rotation,
  corner: Corner,
  dx: number,
  dy: number,
  limits: { min: number; max: number } = STAMP_SIZE,
  bounds?: Size<U>,
): Box<U> {
  const seen = visibleBox(box, rotate);
  const anchor = cornerPoint(seen, OPPOSITE[corner]);
  const handle = cornerPoint(seen, corner);
  const diag = { x: handle.x - anchor.x, y: handle.y - anchor.y };
  const length2 = diag.x * diag.x + diag.y * diag.y;
  const grow = (diag.x * dx + diag.y * dy) / length2;
  const sx = Math.sign(diag.x);
  const sy = Math.sign(diag.y);
  // Dragging past the anchor would give a negative size: the minimum wins instead.
  let k = Math.max(1 + grow, Number.EPSILON);
  if (bounds) {
    const roomX = sx > 0 ? bounds.width - anchor.x : anchor.x;
    const roomY = sy > 0 ? bounds.height - anchor.y : anchor.y;
    k = Math.min(k, Math.max(roomX / seen.width, 0), Math.max(roomY / seen.height, 0));
  }
  const sized = clampStampSize(seen.width * k, seen.height * k, {
    min: limits.min,
    // The limit's minimum wins over a bounds smaller than it (a tiny image).
    max: Math.max(
      limits.min,
      bounds ? Math.min(limits.max, longestInside(seen, bounds)) : limits.max,
    ),
  });
  const next: Box = {
    x: sx > 0 ? anchor.x : anchor.x - sized.width,
    y: sy > 0 ? anchor.y : anchor.y - sized.height,
    width: sized.width,
    height: sized.height,
  };
  // Back from the visible box to the unrotated one (a quarter turn is its own inverse here).
  return visibleBox(next, rotate) as Box<U>;
}

/** A box in pixels of a page (usually the page as displayed) as fractions of that page. */
export function toPageFraction<U extends number>(box: Box<U>, page: Size<U>): Box<PageFraction> {
  return {
    x: (box.x / page.width) as PageFraction,
    y: (box.y / page.height) as PageFraction,
    width: (box.width / page.width) as PageFraction,
    height: (box.height / page.height) as PageFraction,
  };
}

/** Fractions of a page back to pixels of a page of the given size (a screen or the full image). */
export function fromPageFraction<U extends number>(box: Box<PageFraction>, page: Size<U>): Box<U> {
  return {
    x: (box.x * page.width) as U,
    y: (box.y * page.height) as U,
    width: (box.width * page.width) as U,
    height: (box.height * page.height) as U,
  };
}
