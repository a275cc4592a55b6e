/**
 * From the page as the user sees it to PDF user space. Pure.
 *
 * Placements are stored as fractions of the DISPLAYED page: the visible area (CropBox clipped to the
 * MediaBox) turned clockwise by the page's /Rotate, origin at the top-left, y growing downwards.
 * Only the export maps them to user space, through `displayedToUser` and the functions built on it.
 */
import type { Box, PageFraction, Rotation, Size } from '@yinzhang/seal/placement';
import { type PdfPt, pt } from './units';

/** A rectangle in PDF user space, normalised so that ll is the lower-left corner. */
export interface Rect {
  readonly llx: PdfPt;
  readonly lly: PdfPt;
  readonly urx: PdfPt;
  readonly ury: PdfPt;
}

/** What a page's dictionary (with inherited entries resolved) says about its shape. */
export interface PageGeometry {
  readonly mediaBox: Rect;
  readonly cropBox?: Rect | undefined;
  /** /Rotate as written: any multiple of 90, negative allowed. */
  readonly rotate: number;
}

/** A PDF transformation matrix [a b c d e f]: (x, y) -> (a x + c y + e, b x + d y + f). */
export type Matrix = readonly [number, number, number, number, number, number];

/**
 * A page box as readers take it: an empty one (no width or no height, as in pdf.js's
 * boundingBox_invalid.pdf) is no box at all, so a MediaBox falls back to US Letter and a CropBox
 * to the MediaBox, as pdf.js and poppler do.
 */
export function usableBox(r: Rect | undefined): Rect | undefined {
  return r && r.urx > r.llx && r.ury > r.lly ? r : undefined;
}

export function rect(x1: number, y1: number, x2: number, y2: number): Rect {
  return {
    llx: pt(Math.min(x1, x2)),
    lly: pt(Math.min(y1, y2)),
    urx: pt(Math.max(x1, x2)),
    ury: pt(Math.max(y1, y2)),
  };
}

/** /Rotate as one of the four turns; values that are not multiples of 90 count as 0, as in viewers. */
export function normaliseRotation(rotate: number): Rotation {
  if (!Number.isFinite(rotate) || rotate % 90 !== 0) return 0;
  return (((rotate % 360) + 360) % 360) as Rotation;
}

/** The area a viewer shows: the CropBox clipped to the MediaBox (the MediaBox when they miss). */
export function visibleArea(g: PageGeometry): Rect {
  const m = g.mediaBox;
  const c = g.cropBox;
  if (!c) return m;
  const llx = Math.max(c.llx, m.llx);
  const lly = Math.max(c.lly, m.lly);
  const urx = Math.min(c.urx, m.urx);
  const ury = Math.min(c.ury, m.ury);
  // A CropBox that misses the MediaBox is an error in the file; viewers fall back to the MediaBox.
  return urx > llx && ury > lly ? rect(llx, lly, urx, ury) : m;
}

/** The displayed page's size in points (sides swapped by a quarter turn). */
export function displayedSize(g: PageGeometry): Size<PdfPt> {
  const a = visibleArea(g);
  const w = pt(a.urx - a.llx);
  const h = pt(a.ury - a.lly);
  const r = normaliseRotation(g.rotate);
  return r === 90 || r === 270 ? { width: h, height: w } : { width: w, height: h };
}

/**
 * The matrix taking a displayed point (u right, v down, in points from the displayed top-left) to
 * user space. /Rotate turns the page clockwise for display, so this is the inverse turn, anchored
 * at the visible area's corner that ends up top-left.
 */
export function displayedToUser(g: PageGeometry): Matrix {
  const { llx, lly, urx, ury } = visibleArea(g);
  switch (normaliseRotation(g.rotate)) {
    case 0:
      return [1, 0, 0, -1, llx, ury];
    case 90:
      return [0, 1, 1, 0, llx, lly];
    case 180:
      return [-1, 0, 0, 1, urx, lly];
    case 270:
      return [0, -1, -1, 0, urx, ury];
  }
}

/** `first` then `second`: the matrix that applies `first` to a point, then `second`. */
export function multiply(first: Matrix, second: Matrix): Matrix {
  // By index: destructuring runs the array iterator, which code not yet optimised (a short
  // command's run over 1000 pages) pays for with an object per element.
  const a = first[0];
  const b = first[1];
  const c = first[2];
  const d = first[3];
  const e = first[4];
  const f = first[5];
  const A = second[0];
  const B = second[1];
  const C = second[2];
  const D = second[3];
  const E = second[4];
  const F = second[5];
  return [
    a * A + b * C,
    a * B + b * D,
    c * A + d * C,
    c * B + d * D,
    e * A + f * C + E,
    e * B + f * D + F,
  ];
}

export function apply(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** A box in fractions of the displayed page to displayed points. */
export function fractionToDisplayed(box: Box<PageFraction>, page: Size<PdfPt>): Box<PdfPt> {
  return {
    x: pt(box.x * page.width),
    y: pt(box.y * page.height),
    width: pt(box.width * page.width),
    height: pt(box.height * page.height),
  };
}

/**
 * THE mapping: a box given as fractions of the displayed page to the rectangle it covers in user
 * space. Quarter turns keep rectangles axis-aligned, so the two mapped corners are enough.
 */
export function displayedBoxToUser(g: PageGeometry, box: Box<PageFraction>): Rect {
  const d = fractionToDisplayed(box, displayedSize(g));
  const m = displayedToUser(g);
  const p = apply(m, d.x, d.y);
  const q = apply(m, d.x + d.width, d.y + d.height);
  return rect(p.x, p.y, q.x, q.y);
}

const QUARTER: Record<Rotation, readonly [number, number]> = {
  0: [1, 0],
  90: [0, 1],
  180: [-1, 0],
  270: [0, -1],
};

/**
 * The matrix for drawing an image XObject (the unit square, its top row at y = 1) into `box`,
 * a fraction box of the displayed page, turned clockwise by `rotate` about the box centre as the
 * user sees it, whatever the page's own /Rotate.
 */
export function imageMatrix(g: PageGeometry, box: Box<PageFraction>, rotate: Rotation): Matrix {
  const d = fractionToDisplayed(box, displayedSize(g));
  // Unit square to the unturned displayed box; displayed v grows downwards, image y upwards.
  const place: Matrix = [d.width, 0, 0, -d.height, d.x, d.y + d.height];
  const cx = d.x + d.width / 2;
  const cy = d.y + d.height / 2;
  const [cos, sin] = QUARTER[rotate];
  // With v pointing down, this matrix turns clockwise on screen.
  const turn: Matrix = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
  return multiply(multiply(place, turn), displayedToUser(g));
}
