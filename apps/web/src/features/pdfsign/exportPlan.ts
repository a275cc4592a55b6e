/**
 * What 编辑完成 asks the engine to do, from the placements on screen. Pure: the worker hands all the
 * passes to one placeAll call, so they go into the PDF as one incremental update.
 * - normal stamps: one pass; a stamp running past its page's bottom is split across the
 *   gap by the engine (`splitAcrossPages`, given the gap as a fraction of the page width);
 * - each batch stamp: one `every` pass (the selected pages);
 * - the paging seal (骑缝章): one `paging` pass.
 */
import type { PageSelection } from '@yinzhang/pdf';
import { SEAL_SIZE_MM, sealImageMm } from '@yinzhang/seal';
import type { PdfPlacement } from '../../store/pdfsign';

/** The engine's placement (packages/pdf `Placement`), as plain numbers for the worker. */
export interface EnginePlacement {
  page: number;
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotate: 0 | 90 | 180 | 270;
}

export type ExportPass =
  | { kind: 'stamp'; placements: EnginePlacement[]; pageGap: number }
  | { kind: 'every'; placement: EnginePlacement; pages: PageSelection }
  | { kind: 'paging'; image: string; edge: 'left' | 'right'; y: number; widthMm: number };

/**
 * The paging seal's image width in mm, so that the seal prints at `chosenMm` (the option) or at its
 * own size. A made seal's image has a transparent margin around the ink, so its image is wider than
 * the seal; other images (signatures, local pictures) are as wide as what they show.
 */
export function pagingImageMm(chosenMm: number | null, stampSizeMm: number | undefined): number {
  if (stampSizeMm === undefined) return chosenMm ?? SEAL_SIZE_MM;
  return sealImageMm(chosenMm ?? stampSizeMm);
}

export function toEngine(p: PdfPlacement): EnginePlacement {
  return {
    page: p.page,
    image: p.stampId,
    x: p.box.x,
    y: p.box.y,
    width: p.box.width,
    height: p.box.height,
    rotate: p.rotate,
  };
}

export interface PlanOptions {
  /** Gap between pages on screen over the column width. */
  pageGap: number;
  /** The pages batch stamps go on (default: all). */
  batchPages?: PageSelection;
  paging?: { image: string; edge: 'left' | 'right'; y: number; widthMm: number } | undefined;
}

export function exportPlan(
  placements: readonly PdfPlacement[],
  options: PlanOptions,
): ExportPass[] {
  const passes: ExportPass[] = [];
  const normal = placements.filter((p) => !p.batch).map(toEngine);
  if (normal.length > 0)
    passes.push({ kind: 'stamp', placements: normal, pageGap: options.pageGap });
  const pages = options.batchPages ?? 'all';
  for (const p of placements) {
    if (p.batch) passes.push({ kind: 'every', placement: toEngine(p), pages });
  }
  if (options.paging) passes.push({ kind: 'paging', ...options.paging });
  return passes;
}

/** The images the passes use, by id. */
export function imagesUsed(passes: readonly ExportPass[]): string[] {
  const ids = new Set<string>();
  for (const pass of passes) {
    if (pass.kind === 'stamp') for (const p of pass.placements) ids.add(p.image);
    else if (pass.kind === 'every') ids.add(pass.placement.image);
    else ids.add(pass.image);
  }
  return [...ids];
}

/** `contract.pdf` → `contract-signed.pdf`. */
export function signedName(name: string): string {
  const base = name.replace(/\.pdf$/i, '') || 'document';
  return `${base}-signed.pdf`;
}
