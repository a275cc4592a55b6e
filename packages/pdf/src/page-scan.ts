/**
 * What appending to a page reads of the page's own content first: the /Contents entries that
 * draw something, and how their content leaves the reader (content-scan.ts). Inflating and
 * scanning every page is most of the drawing in a 1000-page batch stamp, and it does not depend
 * on what is placed: the browser's export worker does it for the document it opened ahead while
 * the user is still placing stamps (scanPagesAhead), so that 编辑完成 only draws and saves.
 */
import { type PDF, PdfArray, type PdfDict, type PdfObject, PdfRef } from '@libpdf/core';
import { concat } from './bytes';
import { type ContentBalance, scanBalance } from './content-scan';
import type { PdfUpdate } from './document';
import { drawnContent } from './page-content';

export interface PageScan {
  /** The /Contents entries that draw something (the others leave the page's list). */
  readonly items: readonly PdfObject[];
  /** How the content leaves the reader; undefined for a page with nothing drawn. */
  readonly balance: ContentBalance | undefined;
  /**
   * The content decoded and read as one, kept only where the stamp must go over it as a form
   * (`balance.aborts`): holding every page's content would cost a large file's size again.
   */
  readonly content: Uint8Array | undefined;
}

/** Streams of a page's /Contents are read as if joined by white space. */
const SPACE = Uint8Array.of(0x0a);

/**
 * The page's content streams that draw something, and their content decoded and read as one.
 * The others leave the page's /Contents: an entry that is no stream makes poppler draw nothing
 * of the page ("Weird page contents"), our stamp included, and a stream whose data decodes to
 * nothing at all (@libpdf/core decodes as far as the data allows, like the readers) draws
 * nothing anywhere but fails `qpdf --check` once a repaired page tree reaches it. Those objects
 * stay in the file; only the page no longer lists them.
 */
export function scanPage(pdf: PDF, page: PdfDict): PageScan {
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const old = page.get('Contents');
  const existing = resolve(old);
  const listed: PdfObject[] =
    existing instanceof PdfArray ? existing.toArray() : old === undefined ? [] : [old];
  const items: PdfObject[] = [];
  const parts: Uint8Array[] = [];
  for (const item of listed) {
    const data = drawnContent(resolve(item));
    if (data === undefined) continue;
    items.push(item);
    parts.push(data, SPACE);
  }
  if (items.length === 0) return { items, balance: undefined, content: undefined };
  const content = concat(parts);
  const balance = scanBalance(content);
  return { items, balance, content: balance.aborts ? content : undefined };
}

/** Scans made ahead, by page, with the /Contents entry they were made from. */
const ahead = new WeakMap<PdfDict, { contents: PdfObject | undefined; scan: PageScan }>();

/**
 * Scans every page of a document opened for an update, for the appends to come. Each scan
 * serves one append, and only while the page's /Contents entry is the one scanned.
 */
export function scanPagesAhead(update: PdfUpdate): void {
  for (const page of update.pdf.getPages()) {
    ahead.set(page.dict, {
      contents: page.dict.get('Contents'),
      scan: scanPage(update.pdf, page.dict),
    });
  }
}

/** The page's scan made ahead, if it still holds, else one made now. */
export function takePageScan(pdf: PDF, page: PdfDict): PageScan {
  const made = ahead.get(page);
  if (made) {
    ahead.delete(page);
    if (made.contents === page.get('Contents')) return made.scan;
  }
  return scanPage(pdf, page);
}
