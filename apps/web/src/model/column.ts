/**
 * The PDF's pages as shown: one column, every page at the column's width, PAGE_GAP_PX between
 * pages. Stamps are dragged in column pixels (so one can cross the gap onto the next page) and
 * kept as fractions of the page their top-left corner is on. Pure.
 */
import {
  type Box,
  type CssPx,
  fromPageFraction,
  type PageFraction,
  type Size,
  toPageFraction,
} from '@yinzhang/seal/placement';

export const PAGE_GAP_PX = 5;
const PT_PER_MM = 72 / 25.4;

/** A page's size as displayed (after /Rotate, inside the CropBox), in PDF points. */
export interface PageSizePt {
  width: number;
  height: number;
}

export interface ColumnLayout {
  width: number;
  /** Top of each page in the column, CSS px. */
  tops: readonly number[];
  heights: readonly number[];
  /** The whole column's height. */
  height: number;
  gap: number;
}

/** Whether two lists of page sizes are the same, page for page. */
export function sameSizes(a: readonly PageSizePt[], b: readonly PageSizePt[]): boolean {
  return (
    a.length === b.length && a.every((p, i) => p.width === b[i]?.width && p.height === b[i]?.height)
  );
}

export function columnLayout(
  pages: readonly PageSizePt[],
  width: number,
  gap = PAGE_GAP_PX,
): ColumnLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  let y = 0;
  for (const p of pages) {
    tops.push(y);
    const h = (width * p.height) / p.width;
    heights.push(h);
    y += h + gap;
  }
  return { width, tops, heights, height: Math.max(0, y - gap), gap };
}

export function pageSizePx(layout: ColumnLayout, page: number): Size<CssPx> {
  return { width: layout.width as CssPx, height: (layout.heights[page] ?? 0) as CssPx };
}

/** The page at column height y: the last page whose top is at or above y (a gap belongs above). */
export function pageAt(layout: ColumnLayout, y: number): number {
  let found = 0;
  layout.tops.forEach((top, i) => {
    if (top <= y) found = i;
  });
  return found;
}

/** A box in column px as the page its top-left corner is on and fractions of that page. */
export function columnToPage(
  layout: ColumnLayout,
  box: Box<CssPx>,
): { page: number; box: Box<PageFraction> } {
  const page = pageAt(layout, box.y);
  const top = layout.tops[page] ?? 0;
  const local = { ...box, y: (box.y - top) as CssPx };
  return { page, box: toPageFraction(local, pageSizePx(layout, page)) };
}

export function pageToColumn(
  layout: ColumnLayout,
  page: number,
  box: Box<PageFraction>,
): Box<CssPx> {
  const px = fromPageFraction(box, pageSizePx(layout, page));
  return { ...px, y: (px.y + (layout.tops[page] ?? 0)) as CssPx };
}

/**
 * The default stamp width as a fraction of the page width: the seal's printed size when it has
 * one (mm → points, over the page's width in points), else undefined (the kernel's 20 %).
 */
export function physicalWidthFraction(
  sizeMm: number | undefined,
  pageWidthPt: number,
): number | undefined {
  if (!sizeMm || !(sizeMm > 0) || !(pageWidthPt > 0)) return undefined;
  return (sizeMm * PT_PER_MM) / pageWidthPt;
}

/** The page that shows the most within the window [scrollTop, scrollTop + viewHeight). */
export function mostVisiblePage(
  layout: ColumnLayout,
  scrollTop: number,
  viewHeight: number,
  loaded = layout.tops.length,
): number {
  let best = 0;
  let bestSeen = -1;
  for (let i = 0; i < Math.min(loaded, layout.tops.length); i++) {
    const top = layout.tops[i] ?? 0;
    const bottom = top + (layout.heights[i] ?? 0);
    const seen = Math.min(bottom, scrollTop + viewHeight) - Math.max(top, scrollTop);
    if (seen > bestSeen) {
      bestSeen = seen;
      best = i;
    }
  }
  return best;
}

/**
 * The middle of what the view shows of `page` (issue 18: a stamp picked from the gallery lands
 * where the user is looking, not at the middle of a page scrolled half out of view), in px of
 * that page. A page not in view at all gives its own middle.
 */
export function visibleMiddle(
  layout: ColumnLayout,
  page: number,
  scrollTop: number,
  viewHeight: number,
): { x: number; y: number } {
  const top = layout.tops[page] ?? 0;
  const height = layout.heights[page] ?? 0;
  const from = Math.max(top, scrollTop);
  const to = Math.min(top + height, scrollTop + viewHeight);
  const y = to > from ? (from + to) / 2 - top : height / 2;
  return { x: layout.width / 2, y };
}
