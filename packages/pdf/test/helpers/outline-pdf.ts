/** PDFs with bookmarks and links, built at the object level (pdf-lib has no outline API). */
import {
  type PDFArray,
  type PDFDict,
  PDFDocument,
  PDFName,
  type PDFRef,
  PDFString,
  rgb,
} from '@cantoo/pdf-lib';

export interface Bookmark {
  readonly title: string;
  /** 0-based page, or a named destination. */
  readonly to: number | string;
  readonly kids?: readonly Bookmark[];
  readonly open?: boolean;
}

/**
 * Pages `widths` wide (so a page can be recognised after a merge), the named destination 'last'
 * on the last page, bookmarks, and on page 1 two links: one to 'last' by name, one to page 2 by a
 * GoTo action.
 */
export async function pdfWithBookmarks(
  widths: readonly number[],
  bookmarks: readonly Bookmark[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pages = widths.map((w) => {
    const p = doc.addPage([w, 400]);
    p.drawRectangle({ x: 10, y: 10, width: 20, height: 20, color: rgb(0, 0, 0) });
    return p;
  });
  const { context } = doc;
  const dest = (i: number) => context.obj([pages[i]?.ref as PDFRef, 'Fit']);
  const last = pages.length - 1;
  doc.catalog.set(
    PDFName.of('Names'),
    context.obj({ Dests: context.obj({ Names: [PDFString.of('last'), dest(last)] }) }),
  );
  const root = context.nextRef();
  const build = (
    items: readonly Bookmark[],
    parent: PDFRef,
  ): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = items.map(() => context.nextRef());
    let count = 0;
    items.forEach((b, i) => {
      const d = context.obj({}) as PDFDict;
      d.set(PDFName.of('Title'), PDFString.of(b.title));
      d.set(PDFName.of('Parent'), parent);
      d.set(PDFName.of('Dest'), typeof b.to === 'number' ? dest(b.to) : PDFString.of(b.to));
      if (i > 0) d.set(PDFName.of('Prev'), refs[i - 1] as PDFRef);
      if (i < refs.length - 1) d.set(PDFName.of('Next'), refs[i + 1] as PDFRef);
      count++;
      if (b.kids?.length) {
        const k = build(b.kids, refs[i] as PDFRef);
        d.set(PDFName.of('First'), k.first);
        d.set(PDFName.of('Last'), k.last);
        d.set(PDFName.of('Count'), context.obj(b.open ? k.count : -k.count));
        if (b.open) count += k.count;
      }
      context.assign(refs[i] as PDFRef, d);
    });
    return { first: refs[0] as PDFRef, last: refs[refs.length - 1] as PDFRef, count };
  };
  if (bookmarks.length) {
    const top = build(bookmarks, root);
    context.assign(
      root,
      context.obj({ Type: 'Outlines', First: top.first, Last: top.last, Count: top.count }),
    );
    doc.catalog.set(PDFName.of('Outlines'), root);
  }
  const links = context.obj([
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 50, 50],
      Dest: PDFString.of('last'),
    }),
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [60, 0, 110, 50],
      A: context.obj({ S: 'GoTo', D: dest(Math.min(1, last)) }),
    }),
  ]) as PDFArray;
  pages[0]?.node.set(PDFName.of('Annots'), links);
  return doc.save();
}
