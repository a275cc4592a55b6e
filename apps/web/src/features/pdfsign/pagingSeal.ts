/**
 * Which seal the paging seal (骑缝章) uses, and where its strips go, for the screen's preview and
 * the export alike. Pure: the plan is the engine's own (pagingSealPlan), so what is previewed is
 * what is written.
 */
import {
  DEFAULT_MAX_PAGES_PER_SEAL,
  type PagingSealPart,
  type PdfPt,
  pagingSealPlan,
} from '@yinzhang/pdf';
import type { Size } from '@yinzhang/seal/placement';
import type { PagingSealOption, PdfPlacement } from '../../store/pdfsign';
import { pagingImageMm } from './exportPlan';

const PT_PER_MM = 72 / 25.4;

interface Entry {
  id: string;
  kind: string;
  sizeMm?: number | undefined;
}

/**
 * The seal the paging seal uses: the one placed last on the PDF, else the newest seal made by
 * name, else the newest stamp of any kind; undefined when the gallery is empty.
 */
export function pagingSealEntry<E extends Entry>(
  stamps: readonly E[],
  placements: readonly Pick<PdfPlacement, 'stampId'>[],
): E | undefined {
  const lastId = placements.at(-1)?.stampId;
  return stamps.find((s) => s.id === lastId) ?? stamps.find((s) => s.kind === 'made') ?? stamps[0];
}

/**
 * Each page's strip of the paging seal, as fractions of the page (PagingSealPart), for a seal
 * image of `aspect` (width / height). Empty when there are no pages.
 */
export function pagingPreview(
  pages: readonly { width: number; height: number }[],
  option: Pick<PagingSealOption, 'edge' | 'y' | 'widthMm'>,
  seal: Pick<Entry, 'sizeMm'>,
  aspect: number,
): PagingSealPart[] {
  if (pages.length === 0 || !(aspect > 0)) return [];
  const sealWidth = (pagingImageMm(option.widthMm, seal.sizeMm) * PT_PER_MM) as PdfPt;
  return pagingSealPlan(pages as readonly Size<PdfPt>[], {
    edge: option.edge,
    y: option.y,
    sealWidth,
    sealHeight: (sealWidth / aspect) as PdfPt,
    maxPagesPerSeal: DEFAULT_MAX_PAGES_PER_SEAL,
  });
}
