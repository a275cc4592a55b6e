/**
 * Stamping images onto an existing PDF: one page, every page (批量签章), or across the gap
 * between two pages. Bytes in, bytes out.
 */
import type { Size } from '@yinzhang/seal/placement';
import { openForUpdate, saveUpdate } from './document';
import { embedImageForUpdate, isPdfA1 } from './images';
import type { PdfInfo } from './info';
import type { ExistingPdfWriteOptions } from './notices';
import {
  checkPlacement,
  everyPage,
  type PageSelection,
  type Placement,
  placedImage,
  splitAcrossPages,
} from './placement';
import type { OnProgress } from './progress';
import type { PdfPt } from './units';
import { type UpdateDraw, UpdateWriter } from './update-writer';

export interface StampOptions extends ExistingPdfWriteOptions {
  /** Image bytes (PNG or JPEG) by the id placements use. Only the images placed are embedded. */
  readonly images: Readonly<Record<string, Uint8Array>>;
  readonly placements: readonly Placement[];
  /** Batch mode: this placement repeated on the selected pages (see `everyPage`). */
  readonly every?: { readonly placement: Placement; readonly pages: PageSelection } | undefined;
  /** The gap shown between pages, as a fraction of the displayed page width (see `continuation`). */
  readonly pageGap?: number | undefined;
  readonly onProgress?: OnProgress | undefined;
  /**
   * Placements that depend on the file's pages (a printed width in mm, a height that follows the
   * image's aspect), made from what stamping reads anyway, so that a caller needs no read of its
   * own (on 1000 pages a second read costs as much as the stamping). Called once, after the file
   * is opened and checked and before any drawing; its placements are stamped besides
   * `placements`, its `every` replaces `every`. What it throws, stampPdf throws.
   */
  readonly plan?: ((info: PdfInfo) => StampPlan) | undefined;
}

/** What StampOptions.plan returns. */
export interface StampPlan {
  readonly placements?: readonly Placement[] | undefined;
  readonly every?: StampOptions['every'];
}

export async function stampPdf(bytes: Uint8Array, options: StampOptions): Promise<Uint8Array> {
  const { images, onProgress } = options;
  const { pdf, info, geometry } = await openForUpdate(bytes, options);
  const pages = pdf.getPages();
  onProgress?.({ phase: 'read', done: 1, total: 1 });
  const sizes: Size<PdfPt>[] = [...info.pages];
  const planned = options.plan?.(info);
  const placements = [...options.placements, ...(planned?.placements ?? [])];
  const every = planned?.every ?? options.every;

  const requested = [...placements];
  if (every) requested.push(every.placement);
  for (const p of requested) checkPlacement(p, pages.length, images);
  const placed = placements.flatMap((p) => splitAcrossPages(p, sizes, options.pageGap));
  if (every) placed.push(...everyPage(every.placement, sizes, { pages: every.pages }));

  // One XObject per distinct image, referenced from every page that shows it.
  const embedded = new Map<string, ReturnType<typeof embedImageForUpdate>>();
  for (const id of new Set(placed.map((p) => p.image))) {
    // PDF/A in, PDF/A out: PDF/A-1 allows a stencil mask where it forbids a soft mask.
    const image = embedImageForUpdate(pdf, images[id] as Uint8Array, `Image "${id}"`, {
      stencil: isPdfA1(info),
    });
    embedded.set(id, image);
  }

  const byPage = new Map<number, Placement[]>();
  for (const p of placed) {
    const list = byPage.get(p.page);
    if (list) list.push(p);
    else byPage.set(p.page, [p]);
  }
  const writer = new UpdateWriter(pdf);
  let done = 0;
  for (const [index, list] of [...byPage].sort((a, b) => a[0] - b[0])) {
    const g = geometry[index];
    const size = sizes[index];
    const page = pages[index];
    if (!g || !size || !page) continue;
    const draws: UpdateDraw[] = list.map((p) => {
      const { matrix, clip } = placedImage(g, p, size);
      return { image: (embedded.get(p.image) as { ref: UpdateDraw['image'] }).ref, matrix, clip };
    });
    writer.append(page.dict, draws);
    onProgress?.({ phase: 'draw', done: ++done, total: byPage.size });
  }
  const out = await saveUpdate(pdf, info, options);
  onProgress?.({ phase: 'write', done: 1, total: 1 });
  return out;
}
