/**
 * Where each page draws its strip of a paging seal (骑缝章). Pure.
 *
 * Pages go into groups of at most `maxPagesPerSeal`; each group shares one seal cut into vertical
 * strips, one per page. Every page draws the WHOLE seal, shifted so that only its own strip lies
 * on the page at the chosen edge, and clips to that strip. When the pages are fanned out (page 1
 * on top, each next page showing its edge beyond the previous one), the strips line up into the
 * complete seal.
 */
import type { Box, PageFraction, Size } from '@yinzhang/seal/placement';
import type { PdfPt } from './units';

export interface PagingSealLayout {
  readonly edge: 'right' | 'left';
  /** The seal centre's height on the page, as a fraction of the displayed page height. */
  readonly y: number;
  readonly sealWidth: PdfPt;
  readonly sealHeight: PdfPt;
  /** Pages per seal at most; more pages start another seal. */
  readonly maxPagesPerSeal: number;
  /** The first page's share of the seal width (0..1), when it should show more than the others. */
  readonly firstPageShare?: number | undefined;
}

export interface PagingSealPart {
  readonly page: number;
  /** The whole seal, as fractions of the displayed page (it mostly lies outside the page). */
  readonly box: Box<PageFraction>;
  /** The strip this page shows, as fractions of the displayed page. */
  readonly clip: Box<PageFraction>;
}

/** Splits `count` pages into as few groups as the limit allows, as evenly as possible. */
export function pageGroups(count: number, maxPerGroup: number): number[] {
  if (!Number.isInteger(maxPerGroup) || maxPerGroup < 1) {
    throw new RangeError('maxPagesPerSeal must be a positive integer');
  }
  const groups = Math.ceil(count / maxPerGroup);
  return Array.from({ length: groups }, (_, g) => Math.floor((count + g) / groups));
}

/** The strip boundaries of a group of n pages: n + 1 increasing cuts from 0 to 1. */
export function stripCuts(n: number, firstPageShare?: number): number[] {
  const s = firstPageShare;
  if (n === 1) return [0, 1];
  if (s !== undefined && !(s > 0 && s < 1))
    throw new RangeError('firstPageShare must be in (0, 1)');
  const first = s ?? 1 / n;
  const rest = (1 - first) / (n - 1);
  return Array.from({ length: n + 1 }, (_, i) => (i === 0 ? 0 : first + (i - 1) * rest));
}

export function pagingSealPlan(
  sizes: readonly Size<PdfPt>[],
  layout: PagingSealLayout,
): PagingSealPart[] {
  const { edge, sealWidth: sw, sealHeight: sh } = layout;
  if (!(sw > 0 && sh > 0)) throw new RangeError('the seal needs a positive size');
  if (!(layout.y >= 0 && layout.y <= 1)) throw new RangeError('y must be within 0..1');
  const parts: PagingSealPart[] = [];
  let page = 0;
  for (const n of pageGroups(sizes.length, layout.maxPagesPerSeal)) {
    const cuts = stripCuts(n, layout.firstPageShare);
    for (let k = 0; k < n; k++, page++) {
      const size = sizes[page] as Size<PdfPt>;
      // Fanned to the left, page 1 shows the rightmost strip: the order runs backwards.
      const [a, b] =
        edge === 'right'
          ? [cuts[k] as number, cuts[k + 1] as number]
          : [1 - (cuts[k + 1] as number), 1 - (cuts[k] as number)];
      const strip = (b - a) * sw;
      const left = edge === 'right' ? size.width - strip - a * sw : -a * sw;
      const top = layout.y * size.height - sh / 2;
      const clipLeft = edge === 'right' ? size.width - strip : 0;
      parts.push({
        page,
        box: frac({ x: left, y: top, width: sw, height: sh }, size),
        clip: frac({ x: clipLeft, y: top, width: strip, height: sh }, size),
      });
    }
  }
  return parts;
}

function frac(b: Box<number>, size: Size<PdfPt>): Box<PageFraction> {
  return {
    x: (b.x / size.width) as PageFraction,
    y: (b.y / size.height) as PageFraction,
    width: (b.width / size.width) as PageFraction,
    height: (b.height / size.height) as PageFraction,
  };
}
