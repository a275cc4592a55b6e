/**
 * Stamping images onto an existing PDF: one page, every page (批量签章), or across the gap
 * between two pages. Bytes in, bytes out: placeAll with only stamps.
 */
import { openForUpdate } from './document';
import { engineWork } from './engine-log';
import type { PdfInfo } from './info';
import type { ExistingPdfWriteOptions } from './notices';
import { placeAllOn } from './place-all';
import type { PageSelection, Placement } from './placement';
import type { OnProgress } from './progress';

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
  return engineWork(() => stamping(bytes, options));
}

async function stamping(bytes: Uint8Array, options: StampOptions): Promise<Uint8Array> {
  const { every, plan, ...rest } = options;
  const update = await openForUpdate(bytes, options);
  const planned = plan?.(update.info);
  const chosen = planned?.every ?? every;
  return placeAllOn(update, {
    ...rest,
    placements: [...options.placements, ...(planned?.placements ?? [])],
    every: chosen ? [chosen] : [],
  });
}
