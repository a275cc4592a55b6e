/**
 * Placements of stamps on PDF pages, and the plans built from one placement: the same stamp on
 * every page (批量签章), and a stamp dropped across the gap between two pages. Pure.
 */
import type { Box, PageFraction, Rotation, Size } from '@yinzhang/seal/placement';
import { PdfInputError } from './errors';
import {
  imageMatrix,
  type Matrix,
  type PageGeometry,
  type Rect,
  rect,
  visibleArea,
} from './geometry';
import type { PdfPt } from './units';

/**
 * One stamp on one page. x, y, width, height are fractions of the page as displayed (after
 * /Rotate, within the CropBox), origin top-left; the box is the UNTURNED stamp, which `rotate`
 * turns clockwise about the box centre as the user sees it.
 */
export interface Placement extends Box<PageFraction> {
  /** 0-based page index. */
  readonly page: number;
  /** Key into the images given with the placements (PNG or JPEG bytes). */
  readonly image: string;
  readonly rotate: Rotation;
}

export type PageSelection = 'all' | 'skip-first' | 'odd' | 'even';

const f = (n: number) => n as PageFraction;

/** Is the 0-based page index part of the selection? Odd and even count pages from 1, as people do. */
export function isSelected(index: number, pages: PageSelection): boolean {
  switch (pages) {
    case 'all':
      return true;
    case 'skip-first':
      return index > 0;
    case 'odd':
      return index % 2 === 0;
    case 'even':
      return index % 2 === 1;
  }
}

/** The box the stamp covers as seen, in displayed points (sides swapped by a quarter turn). */
export function visibleBoxPt(p: Placement, page: Size<PdfPt>): Box<number> {
  const w = p.width * page.width;
  const h = p.height * page.height;
  const cx = p.x * page.width + w / 2;
  const cy = p.y * page.height + h / 2;
  const [vw, vh] = p.rotate === 90 || p.rotate === 270 ? [h, w] : [w, h];
  return { x: cx - vw / 2, y: cy - vh / 2, width: vw, height: vh };
}

/** The placement whose visible box is `seen` (displayed points) on a page of size `page`. */
function fromVisibleBoxPt(
  seen: Box<number>,
  page: Size<PdfPt>,
  like: Placement,
  index: number,
): Placement {
  const quarter = like.rotate === 90 || like.rotate === 270;
  const [w, h] = quarter ? [seen.height, seen.width] : [seen.width, seen.height];
  const cx = seen.x + seen.width / 2;
  const cy = seen.y + seen.height / 2;
  return {
    ...like,
    page: index,
    x: f((cx - w / 2) / page.width),
    y: f((cy - h / 2) / page.height),
    width: f(w / page.width),
    height: f(h / page.height),
  };
}

/**
 * The stamp placed on `reference`'s page, repeated on every selected page at the same distance
 * from the nearest page corner, in points, and at the same physical size, so that pages of other
 * sizes get the stamp where a person would put it (e.g. 20 mm from the bottom-right corner).
 */
export function everyPage(
  reference: Placement,
  sizes: readonly Size<PdfPt>[],
  options: { pages: PageSelection },
): Placement[] {
  const ref = sizes[reference.page];
  if (!ref) throw new RangeError(`no page ${reference.page} in a ${sizes.length}-page document`);
  const seen = visibleBoxPt(reference, ref);
  const fromRight = seen.x + seen.width / 2 > ref.width / 2;
  const fromBottom = seen.y + seen.height / 2 > ref.height / 2;
  const dx = fromRight ? ref.width - (seen.x + seen.width) : seen.x;
  const dy = fromBottom ? ref.height - (seen.y + seen.height) : seen.y;
  const out: Placement[] = [];
  sizes.forEach((size, index) => {
    if (!isSelected(index, options.pages)) return;
    const x = fromRight ? size.width - dx - seen.width : dx;
    const y = fromBottom ? size.height - dy - seen.height : dy;
    out.push(fromVisibleBoxPt({ ...seen, x, y }, size, reference, index));
  });
  return out;
}

/**
 * A stamp that sticks out of the bottom (or top) of its page continues on the next (or previous)
 * page, as on screen where pages are stacked at the same displayed width with `gap` between them
 * (`gap` as a fraction of that width). Returns the placement on the neighbour page, or undefined
 * when the stamp stays within its page. Each part is drawn clipped to its own page.
 */
export function continuation(
  p: Placement,
  page: Size<PdfPt>,
  neighbour: { size: Size<PdfPt>; index: number },
  gap = 0,
): Placement | undefined {
  const seen = visibleBoxPt(p, page);
  const below = neighbour.index === p.page + 1;
  if (!below && neighbour.index !== p.page - 1) {
    throw new RangeError('a stamp can only continue on the page just before or after its own');
  }
  if (below ? seen.y + seen.height <= page.height : seen.y >= 0) return undefined;
  // Screen units: both pages shown one unit wide.
  const hereH = page.height / page.width;
  const thereH = neighbour.size.height / neighbour.size.width;
  const shift = below ? -(hereH + gap) : thereH + gap;
  const y = (p.y * hereH + shift) / thereH;
  return {
    ...p,
    page: neighbour.index,
    y: f(y),
    height: f((p.height * hereH) / thereH),
  };
}

/** Does the stamp's visible box leave its page anywhere (so it must be clipped)? */
export function leavesPage(p: Placement, page: Size<PdfPt>): boolean {
  const s = visibleBoxPt(p, page);
  const eps = 1e-6;
  return (
    s.x < -eps ||
    s.y < -eps ||
    s.x + s.width > page.width + eps ||
    s.y + s.height > page.height + eps
  );
}

/**
 * A placement and the parts of it that fall on the pages just below or above (when it sticks out
 * of its page there). Every part keeps the whole stamp; drawing clips each to its own page.
 */
export function splitAcrossPages(
  p: Placement,
  sizes: readonly Size<PdfPt>[],
  gap = 0,
): Placement[] {
  const page = sizes[p.page];
  if (!page) throw new RangeError(`no page ${p.page} in a ${sizes.length}-page document`);
  const parts = [p];
  for (const index of [p.page - 1, p.page + 1]) {
    const size = sizes[index];
    const part = size && continuation(p, page, { size, index }, gap);
    if (part) parts.push(part);
  }
  return parts;
}

const ROTATIONS = new Set([0, 90, 180, 270]);

/** Refuses a placement that names no page or image of the document, or has no usable box. */
export function checkPlacement(
  p: Placement,
  pages: number,
  images: Readonly<Record<string, Uint8Array>>,
): void {
  const bad = (why: string) =>
    new PdfInputError('BAD_PLACEMENT', `Stamp on page ${p.page + 1}: ${why}`);
  if (!Number.isInteger(p.page) || p.page < 0 || p.page >= pages) {
    throw new PdfInputError(
      'BAD_PLACEMENT',
      `There is no page ${p.page + 1} (the PDF has ${pages})`,
    );
  }
  if (!Object.hasOwn(images, p.image)) throw bad(`no image named "${p.image}"`);
  if (![p.x, p.y, p.width, p.height].every(Number.isFinite)) throw bad('position is not a number');
  if (!(p.width > 0 && p.height > 0)) throw bad('size must be positive');
  if (!ROTATIONS.has(p.rotate)) throw bad('rotation must be 0, 90, 180 or 270');
}

/** Where a placed image goes on its page, in user space: what stampPdf draws and a signature shows. */
export interface PlacedImage {
  /** Maps the image's unit square onto the page (/Rotate, CropBox and the seal's own turn included). */
  readonly matrix: Matrix;
  /** The page's visible area when the placement runs past it (the rest shows on the next page). */
  readonly clip: Rect | undefined;
  /** The rectangle the (turned) image covers within the visible area; null when none of it does. */
  readonly covered: Rect | null;
}

/** The one placement-to-page computation, shared by stampPdf and the signature's visible widget. */
export function placedImage(g: PageGeometry, p: Placement, page: Size<PdfPt>): PlacedImage {
  const matrix = imageMatrix(g, p, p.rotate);
  const area = visibleArea(g);
  // The unit square's corners (0,0), (1,0), (0,1), (1,1) on the page, without arrays or spreads
  // (this runs for every page of a batch stamp, mostly before V8 has optimised it).
  const a = matrix[0];
  const b = matrix[1];
  const c = matrix[2];
  const d = matrix[3];
  const e = matrix[4];
  const f = matrix[5];
  const x0 = e;
  const x1 = a + e;
  const x2 = c + e;
  const x3 = a + c + e;
  const y0 = f;
  const y1 = b + f;
  const y2 = d + f;
  const y3 = b + d + f;
  const llx = Math.max(Math.min(x0, x1, x2, x3), area.llx);
  const lly = Math.max(Math.min(y0, y1, y2, y3), area.lly);
  const urx = Math.min(Math.max(x0, x1, x2, x3), area.urx);
  const ury = Math.min(Math.max(y0, y1, y2, y3), area.ury);
  return {
    matrix,
    clip: leavesPage(p, page) ? area : undefined,
    covered: urx > llx && ury > lly ? rect(llx, lly, urx, ury) : null,
  };
}
