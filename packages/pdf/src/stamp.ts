/**
 * Stamping images onto an existing PDF: one page, every page (批量签章), or across the gap
 * between two pages. Bytes in, bytes out: placeAll with only stamps.
 */
import type { ExistingPdfWriteOptions } from './notices';
import { placeAll } from './place-all';
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
}

export async function stampPdf(bytes: Uint8Array, options: StampOptions): Promise<Uint8Array> {
  const { every, ...rest } = options;
  return placeAll(bytes, { ...rest, every: every ? [every] : [] });
}
